// A worker's stop signal. Chromium's `terminate()` does not stop a busy worker: its run goes on
// until the run ends or, at the latest, 2 s later (Blink's forcible-termination delay; measured
// with `npm run bench:ui -- --profile --fresh-worker`). On two cores an interrupted run then
// keeps one while the spare that took over shares the other with the page. So the page hands
// each worker, at start-up, a shared flag it sets just before `terminate()`; the run reads it
// at every sync (`shouldStop`) and stops there. Shared memory needs a cross-origin isolated
// page (COOP/COEP headers: vite.config.ts sets them for `npm start` and `vite preview`); without
// it no signal is sent and an interrupted run finishes in the background as before.

/** The start-up message carrying the flag (before any API call; comlink ignores its type). */
export interface StopSignalMessage {
  type: 'hpa-sim:stop-signal';
  /** an Int32Array's buffer: element 0 is non-zero once the worker is stopped */
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
