/** The compiled form every curve kind shares. */
export interface CurveNode {
  /** The value at time `t` (seconds). */
  at(t: number): number;
  /**
   * Writes the value at `times[j]` into `out[j]` for j < n; n ≤ CHUNK. Must equal `at` bit for
   * bit: both use the same per-sample formula.
   */
  fill(times: Float64Array, out: Float64Array, n: number): void;
}

/** Samples per internal pass: bounds scratch memory (one buffer per node) and stays in cache. */
export const CHUNK = 1024;
