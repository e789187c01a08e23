// Worker entry: expose the API object over comlink, one forwarding per method of the table
// (methods.ts). Series buffers are transferred, not cloned (a day of syncs as structured-cloned
// objects costs ~150 ms; transferred arrays cost ~nothing).

import { expose } from 'comlink';
import { createSimulatorApi } from './api.ts';
import { exposedApi } from './exposed.ts';
import { isStopSignal, stopFlag } from './stopSignal.ts';

// The page's stop signal (stopSignal.ts), when it sends one: a run stops at its next sync once
// the page has stopped this worker, instead of running on after terminate().
let stopped = () => false;
self.addEventListener('message', (event: MessageEvent) => {
  if (isStopSignal(event.data)) stopped = stopFlag(event.data.buffer);
});

expose(exposedApi(createSimulatorApi({ stopped: () => stopped() })));
