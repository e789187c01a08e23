// What the bridge needs of a worker and of time. Structural on purpose (no DOM `Worker` type): the
// scheduling is tested in Node with a fake worker and a fake clock, and `cli tune` hands the pool
// worker threads (src/cli/threads.ts).

/** What the bridge needs of a Worker; a real `Worker` satisfies it. */
export interface WorkerLike {
  postMessage(message: unknown, transfer?: unknown[]): void;
  addEventListener(type: string, listener: (event: unknown) => void): void;
  removeEventListener(type: string, listener: (event: unknown) => void): void;
  terminate(): void;
  /**
   * `true`: a warm-up run in progress on it stops at its next sync; `false`: warm-up runs go on
   * (src/bridge/stopSignal.ts gives a page's workers this; without it warm-up runs finish).
   */
  yieldWarmUp?(on: boolean): void;
  /**
   * Its real runs with an id below `below` stop (the one in progress at its next sync, those
   * queued before they start): the run posted next starts at once, on this same worker
   * (src/bridge/stopSignal.ts; without it a run is interrupted only by terminate()).
   */
  interruptRuns?(below: number): void;
}

/** Time and timers, injectable so tests control every timeout deterministically. */
export interface Clock {
  /** milliseconds, monotonic */
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as Parameters<typeof clearTimeout>[0]),
};
