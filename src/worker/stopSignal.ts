// A worker's stop signal. Chromium's `terminate()` does not stop a busy worker: its run goes on
// until the run ends or, at the latest, 2 s later (Blink's forcible-termination delay; measured
// with `npm run bench:ui -- --profile --fresh-worker`). On two cores an interrupted run then
// keeps one while the spare that took over shares the other with the page. So the page hands
// each worker, at start-up, a shared flag it sets just before `terminate()`; the run reads it
// at every sync (`shouldStop`) and stops there. Shared memory needs a cross-origin isolated
// page (COOP/COEP headers: vite.config.ts sets them for `npm start` and `vite preview`); without
// it no signal is sent and an interrupted run finishes in the background as before.
//
// The same buffer carries a second flag: a warm-up run gives way. A spare's warm-up run (an id
// below every real run's, src/bridge/warmUp.ts WARM_UP_RUN_ID) stops at its next sync once the page sets it: when the spare is taken (the
// real run posted behind it then starts at once instead of waiting up to a whole warm-up run),
// or when the page runs something on another worker meanwhile (the warm-up then leaves that run
// the second core). The page clears it before the spare's next warm-up run.

/** A spare's warm-up run: its id is below every real run's (those start at 1). */
export const isWarmUpRun = (runId: number): boolean => runId < 1;

/** The start-up message carrying the flag (before any API call; comlink ignores its type). */
export interface StopSignalMessage {
  type: 'hpa-sim:stop-signal';
  /**
   * an Int32Array's buffer: element 0 is non-zero once the worker is stopped; element 1 (when
   * there) while a warm-up run must give way; element 2 (when there): runs with a lower id stop
   */
  buffer: SharedArrayBuffer;
}

export function isStopSignal(data: unknown): data is StopSignalMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'hpa-sim:stop-signal' &&
    typeof SharedArrayBuffer !== 'undefined' &&
    (data as { buffer?: unknown }).buffer instanceof SharedArrayBuffer
  );
}

/** Reads a signal's flag: true once the page stopped this worker. */
export function stopFlag(buffer: SharedArrayBuffer): () => boolean {
  const view = new Int32Array(buffer);
  return () => Atomics.load(view, 0) !== 0;
}

/** Reads a signal's warm-up flag: true while a warm-up run must stop (a one-flag buffer: never). */
export function warmUpYieldFlag(buffer: SharedArrayBuffer): () => boolean {
  const view = new Int32Array(buffer);
  return view.length < 2 ? () => false : () => Atomics.load(view, 1) !== 0;
}

/**
 * Reads a signal's interrupt element: the id below which real runs stop (0, and a buffer without
 * that element: none does).
 */
export function interruptedBelow(buffer: SharedArrayBuffer): () => number {
  const view = new Int32Array(buffer);
  return view.length < 3 ? () => 0 : () => Atomics.load(view, 2);
}
