// What the bridge tells the user when the simulator itself has trouble. A run that hangs or keeps
// crashing its worker is almost always a scenario too costly for a browser tab, so the message
// says what to change; the draft is never touched by the bridge.

export const COSTLY_HINT =
  'Make it cheaper: a shorter spec.duration, a longer spec.controller.syncPeriod, fewer pods ' +
  '(a lower maxReplicas) or shorter stabilization windows. Your draft is kept.';

export function hungMessage(timeoutMs: number): string {
  return `The simulator did not answer within ${timeoutMs / 1000} s: this scenario is too costly to simulate here, so the simulator was stopped and restarted. ${COSTLY_HINT}`;
}

export function crashedTwiceMessage(detail: string): string {
  return `The simulator stopped unexpectedly twice on this scenario (${detail}); it is probably too costly (memory). ${COSTLY_HINT}`;
}

export function restartedMessage(detail: string): string {
  return `The simulator stopped unexpectedly (${detail}) and was restarted.`;
}

export function noWorkerMessage(detail: string): string {
  return `The simulator could not start a worker (${detail}); it runs on the main thread, so the page may pause during long runs.`;
}

export function workerNeverStartsMessage(times: number, detail: string): string {
  return `The simulator's worker failed to start ${times} times in a row (${detail}); it now runs on the main thread, so the page may pause during long runs.`;
}

/** A lease's job (a search's candidate) with no answer in time: said of that job only. */
export function candidateHungMessage(timeoutMs: number): string {
  return `no answer within ${timeoutMs / 1000} s (too costly to simulate here)`;
}
