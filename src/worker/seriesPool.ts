// Buffers the worker reuses for the series it keeps of its latest run (for getSync and the
// exports). The page takes the engine's own series (transferred, no copy); the worker keeps a copy
// in one of these. In Chromium a new ArrayBuffer's memory costs far more than its bytes: a worker
// allocating and writing 760 kB (the default run's series) per iteration took 4–10 ms for it, the
// same bytes in a buffer it kept 0.05–0.4 ms (bench/HISTORY.md, 2026-11-28, session 14).

/** Free buffers kept at most, and their bytes at most (a week-long run's series are tens of MB). */
export const POOL_MAX_BUFFERS = 4;
export const POOL_MAX_BYTES = 64 * 1024 * 1024;

export interface SeriesPool {
  /** A buffer at least `bytes` long: the smallest free one that fits, else a new one. */
  take(bytes: number): ArrayBuffer;
  /** `buffer` is free again (it came from `take`; anything else is ignored). */
  give(buffer: ArrayBuffer): void;
  /** free buffers (tests) */
  readonly free: readonly ArrayBuffer[];
}

export function createSeriesPool(): SeriesPool {
  const free: ArrayBuffer[] = [];
  const ours = new WeakSet<ArrayBuffer>();
  return {
    free,
    take(bytes) {
      let best = -1;
      for (let i = 0; i < free.length; i++)
        if (
          free[i]!.byteLength >= bytes &&
          (best < 0 || free[i]!.byteLength < free[best]!.byteLength)
        )
          best = i;
      if (best >= 0) return free.splice(best, 1)[0]!;
      const buffer = new ArrayBuffer(bytes);
      ours.add(buffer);
      return buffer;
    },
    give(buffer) {
      if (!ours.has(buffer) || free.includes(buffer)) return;
      free.push(buffer);
      // Over the limits: drop the largest first (the rarest size to need again).
      let bytes = free.reduce((a, b) => a + b.byteLength, 0);
      while (free.length > POOL_MAX_BUFFERS || bytes > POOL_MAX_BYTES) {
        let largest = 0;
        for (let i = 1; i < free.length; i++)
          if (free[i]!.byteLength > free[largest]!.byteLength) largest = i;
        bytes -= free.splice(largest, 1)[0]!.byteLength;
      }
    },
  };
}
