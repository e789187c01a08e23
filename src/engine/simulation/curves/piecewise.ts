/**
 * Piecewise curves over sorted knots (steps, ramp, series, spikes). Lookups take a hint (the last
 * segment found) so a monotone sweep is O(1) per sample, and fall back to binary search for any
 * other order. Both paths find the same segment, so results never depend on evaluation order.
 */
import type { CurveNode } from './node.ts';

/** First index in [lo, hi) with times[index] > t, or hi. */
function upperBound(times: Float64Array, t: number, lo: number, hi: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((times[mid] as number) > t) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The last index i with times[i] ≤ t (the later of equal times), or -1 before the first. */
export function findSegment(times: Float64Array, t: number, hint: number): number {
  const n = times.length;
  let i = hint;
  if (i >= 0 && i < n && (times[i] as number) <= t) {
    for (let walked = 0; walked < 4; walked++) {
      if (i + 1 >= n || (times[i + 1] as number) > t) return i;
      i++;
    }
    return upperBound(times, t, i + 1, n) - 1;
  }
  return upperBound(times, t, 0, n) - 1;
}

/** Holds each knot's value until the next knot; the first value before the first knot. */
export class StepsNode implements CurveNode {
  private hint = 0;
  constructor(
    private readonly times: Float64Array,
    private readonly values: Float64Array,
  ) {}

  at(t: number): number {
    const i = findSegment(this.times, t, this.hint);
    this.hint = i;
    return this.values[i < 0 ? 0 : i] as number;
  }

  fill(times: Float64Array, out: Float64Array, n: number): void {
    const knots = this.times;
    const values = this.values;
    let hint = this.hint;
    let j = 0;
    while (j < n) {
      hint = findSegment(knots, times[j] as number, hint);
      const v = values[hint < 0 ? 0 : hint] as number;
      // The samples that follow inside [knot, next knot) lie in the same segment (findSegment's
      // answer by definition): batches come in time order, so most take no lookup.
      const from = hint < 0 ? -Infinity : (knots[hint] as number);
      const to = hint + 1 < knots.length ? (knots[hint + 1] as number) : Infinity;
      do out[j++] = v;
      while (j < n && (times[j] as number) >= from && (times[j] as number) < to);
    }
    this.hint = hint;
  }
}

/** Linear between knots; holds the first/last value outside them. */
export class RampNode implements CurveNode {
  private hint = 0;
  constructor(
    private readonly times: Float64Array,
    private readonly values: Float64Array,
  ) {}

  /** The value at `t` in segment `i` (the formula both `at` and `fill` use). */
  private valueIn(i: number, t: number): number {
    const values = this.values;
    if (i < 0) return values[0] as number;
    if (i >= values.length - 1) return values[values.length - 1] as number;
    // t1 > t ≥ t0, so the fraction is in [0, 1)
    return lerp(t, this.times[i]!, this.times[i + 1]!, values[i]!, values[i + 1]!);
  }

  at(t: number): number {
    const i = findSegment(this.times, t, this.hint);
    this.hint = i;
    return this.valueIn(i, t);
  }

  fill(times: Float64Array, out: Float64Array, n: number): void {
    const knots = this.times;
    const values = this.values;
    const last = values.length - 1;
    let hint = this.hint;
    let j = 0;
    while (j < n) {
      const t = times[j] as number;
      hint = findSegment(knots, t, hint);
      if (hint < 0 || hint >= last) {
        out[j++] = this.valueIn(hint, t);
        continue;
      }
      // The samples that follow inside [t0, t1) lie in the same segment (findSegment's answer
      // by definition): batches come in time order, so most take no lookup.
      const t0 = knots[hint]!;
      const t1 = knots[hint + 1]!;
      const v0 = values[hint]!;
      const v1 = values[hint + 1]!;
      do out[j] = lerp(times[j]!, t0, t1, v0, v1);
      while (++j < n && (times[j] as number) >= t0 && (times[j] as number) < t1);
    }
    this.hint = hint;
  }
}

/** Linear between (t0, v0) and (t1, v1) at t0 ≤ t < t1, within the segment's own range. */
function lerp(t: number, t0: number, t1: number, v0: number, v1: number): number {
  const v = v0 + (v1 - v0) * ((t - t0) / (t1 - t0));
  // Rounding may step one ulp past the far end; keep the segment's own range.
  const lo = v0 < v1 ? v0 : v1;
  const hi = v0 < v1 ? v1 : v0;
  return v < lo ? lo : v > hi ? hi : v;
}
