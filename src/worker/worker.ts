// Worker entry: expose the API object over comlink, one forwarding per method of the table
// (methods.ts). Series buffers are transferred, not cloned (a day of syncs as structured-cloned
// objects costs ~150 ms; transferred arrays cost ~nothing).

import { expose } from 'comlink';
import { createSimulatorApi } from './api.ts';
import { exposedApi } from './exposed.ts';

expose(exposedApi(createSimulatorApi()));
