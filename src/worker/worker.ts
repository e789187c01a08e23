// Worker entry: expose the API object over comlink, one forwarding per method of the table
// (methods.ts). Series buffers are transferred, not cloned (a day of syncs as structured-cloned
// objects costs ~150 ms; transferred arrays cost ~nothing).

import { expose } from 'comlink';
import { createSimulatorApi } from './api.ts';
import { exposedApi } from './exposed.ts';
import { interruptedBelow, isStopSignal, stopFlag, warmUpYieldFlag } from './stopSignal.ts';

// The page's stop signal (stopSignal.ts), when it sends one: a run stops at its next sync once
// the page has stopped this worker, instead of running on after terminate(); a warm-up run also
// when the page tells it to give way (the spare was taken, or a run started elsewhere), and a real
// run when the page posts a newer one to this same worker (the interrupt element).
let stopped = () => false;
let warmUpYields = () => false;
let stopBelow = () => 0;
self.addEventListener('message', (event: MessageEvent) => {
  if (!isStopSignal(event.data)) return;
  stopped = stopFlag(event.data.buffer);
  warmUpYields = warmUpYieldFlag(event.data.buffer);
  stopBelow = interruptedBelow(event.data.buffer);
});

expose(
  exposedApi(
    createSimulatorApi({
      stopped: () => stopped(),
      warmUpYields: () => warmUpYields(),
      interruptedBelow: () => stopBelow(),
    }),
  ),
);
