// Worker entry: expose the API object over comlink. Series buffers are transferred, not cloned
// (a day of syncs as structured-cloned objects costs ~150 ms; transferred arrays cost ~nothing).

import { expose, transfer } from 'comlink';
import { createSimulatorApi } from './api.ts';
import { replyTransferables } from './payload.ts';
import type { SimulatorApi } from './protocol.ts';

const api = createSimulatorApi();

const exposed: SimulatorApi = {
  async run(runId, text, options) {
    const reply = await api.run(runId, text, options);
    return transfer(reply, replyTransferables(reply));
  },
  getSync: (runId, index, runKey) => api.getSync(runId, index, runKey),
  duplicateAsVariant: (text) => api.duplicateAsVariant(text),
  addVariant: (text, variant) => api.addVariant(text, variant),
  exportCsv: (runId) => api.exportCsv(runId),
};

expose(exposed);
