// A worker thread of `cli tune`'s pool: the same simulator API object as the app's Web Worker
// (src/worker/worker.ts), exposed over comlink on the thread's port.

import { expose } from 'comlink';
import { parentPort } from 'node:worker_threads';
import { createSimulatorApi } from '../worker/api.ts';
import { exposedApi } from '../worker/exposed.ts';
import { portEndpoint } from './portEndpoint.ts';

if (parentPort) expose(exposedApi(createSimulatorApi()), portEndpoint(parentPort));
