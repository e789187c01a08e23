// The page's side of a worker's stop signal (src/worker/stopSignal.ts): terminate() alone lets a
// busy worker run on for up to 2 s in Chromium, taking a core from the worker that took over.

import type { StopSignalMessage } from '../worker/stopSignal.ts';
import type { WorkerLike } from './transport.ts';

/**
 * `worker`, sent a shared flag at start-up and set just before its terminate(), so its run stops
 * at the next sync; given `yieldWarmUp`, which makes a warm-up run in progress stop at its next
 * sync; and `interruptRuns(below)`, which makes its real runs with a lower id stop (the run in
 * progress at its next sync), so a newer run posted to it starts at once. Only where shared memory
 * exists (a cross-origin isolated page): elsewhere the worker is returned as it is (a warm-up run
 * then finishes, and a run is interrupted only by terminate()).
 */
export function withStopSignal(
  worker: WorkerLike,
  isolated: boolean = globalThis.crossOriginIsolated === true,
): WorkerLike {
  if (!isolated || typeof SharedArrayBuffer === 'undefined') return worker;
  // Element 0: stopped; 1: a warm-up run gives way; 2: runs below this id stop
  // (src/worker/stopSignal.ts).
  const buffer = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
  const flag = new Int32Array(buffer);
  worker.postMessage({ type: 'hpa-sim:stop-signal', buffer } satisfies StopSignalMessage);
  const terminate = worker.terminate.bind(worker);
  worker.terminate = () => {
    Atomics.store(flag, 0, 1);
    terminate();
  };
  worker.yieldWarmUp = (on) => Atomics.store(flag, 1, on ? 1 : 0);
  worker.interruptRuns = (below) => Atomics.store(flag, 2, below);
  return worker;
}
