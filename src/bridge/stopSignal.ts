// The page's side of a worker's stop signal (src/worker/stopSignal.ts): terminate() alone lets a
// busy worker run on for up to 2 s in Chromium, taking a core from the worker that took over.

import type { StopSignalMessage } from '../worker/stopSignal.ts';
import type { WorkerLike } from './transport.ts';

/**
 * `worker`, sent a shared flag at start-up and set just before its terminate(), so its run stops
 * at the next sync. Only where shared memory exists (a cross-origin isolated page): elsewhere the
 * worker is returned as it is.
 */
export function withStopSignal(
  worker: WorkerLike,
  isolated: boolean = globalThis.crossOriginIsolated === true,
): WorkerLike {
  if (!isolated || typeof SharedArrayBuffer === 'undefined') return worker;
  const buffer = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  const flag = new Int32Array(buffer);
  worker.postMessage({ type: 'hpa-sim:stop-signal', buffer } satisfies StopSignalMessage);
  const terminate = worker.terminate.bind(worker);
  worker.terminate = () => {
    Atomics.store(flag, 0, 1);
    terminate();
  };
  return worker;
}
