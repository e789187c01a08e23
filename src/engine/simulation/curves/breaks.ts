// Where a curve may bend or jump, read from its grammar: the times between which it is one
// straight line (or one smooth piece). The KPIs integrate the demand piece by piece (../overload.ts),
// which is exact for a straight piece; a curve that is not straight between its breaks (a sine,
// noise interpolated over a moving curve) is flagged so the integrator subdivides it instead.

import { decodeSeriesValues } from './seriesValues.ts';
import { MAX_POINTS } from './limits.ts';
import type { Curve, CurvePoint } from './types.ts';

export interface CurveShape {
  /** sorted, distinct times strictly inside (from, to) where the curve may bend or jump */
  breaks: Float64Array;
  /**
   * between consecutive breaks the curve is one straight line, except where a clamp (or the
   * reading of a negative total as 0) cuts it: the integrator checks and bisects those
   */
  linear: boolean;
}

/** Most breaks kept; a curve with more is treated as not straight (subdivided evenly). */
export const MAX_BREAKS = 1_000_000;

class TooMany extends Error {}

/** The breaks of `curve` inside (from, to) and whether it is straight between them. */
export function curveShape(curve: Curve, from: number, to: number): CurveShape {
  return curveShapeOrNull(curve, from, to) ?? { breaks: new Float64Array(0), linear: false };
}

/** curveShape, or null where the curve has more than MAX_BREAKS breaks in (from, to). */
export function curveShapeOrNull(curve: Curve, from: number, to: number): CurveShape | null {
  const out: number[] = [];
  let linear: boolean;
  try {
    linear = collect(curve, from, to, out);
  } catch (e) {
    if (!(e instanceof TooMany)) throw e;
    return null;
  }
  const sorted = Float64Array.from(out);
  // Most curves give their breaks in order already (one grid, one list of points): sorting a
  // strictly increasing list changes nothing, and a day's 15 s noise grid is 5,760 of them.
  if (!strictlyIncreasing(sorted)) sorted.sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++)
    if (n === 0 || sorted[i] !== sorted[n - 1]) sorted[n++] = sorted[i]!;
  // no second buffer when nothing repeated (the common case): a buffer is costly (seriesShape.ts)
  return { breaks: n === sorted.length ? sorted : sorted.slice(0, n), linear };
}

/**
 * curveShape of `{type: 'shift', bySeconds: by, of}` over (from, to), from `of`'s shape over a
 * range holding (from − by, to − by) (`wide`, from curveShapeOrNull): the breaks of `of` in
 * that stretch, each moved by `by`, as collect's shift case moves them. A curve's breaks are
 * the same numbers whatever the range they are collected over (each node filters its own by
 * the range), so this is curveShape's answer bit for bit (`properties.test.ts`); it saves the
 * timing draws, each a new shift of one traffic curve, collecting and sorting it again.
 */
export function shiftedShape(wide: CurveShape, by: number, from: number, to: number): CurveShape {
  const inner = wide.breaks;
  const lo = from - by;
  const hi = to - by;
  const out = new Float64Array(inner.length);
  let n = 0;
  for (let i = 0; i < inner.length; i++) {
    const b = inner[i]!;
    if (!(b > lo && b < hi)) continue;
    const t = b + by;
    if (!(t > from && t < to)) continue;
    // sorted already (b increases, and so does b + by); only rounding can make two equal
    if (n === 0 || t !== out[n - 1]) out[n++] = t;
  }
  return { breaks: out.slice(0, n), linear: wide.linear };
}

function strictlyIncreasing(xs: Float64Array): boolean {
  for (let i = 1; i < xs.length; i++) if (!(xs[i - 1]! < xs[i]!)) return false;
  return true;
}

function push(out: number[], t: number, from: number, to: number): void {
  if (!(t > from && t < to)) return;
  if (out.length >= MAX_BREAKS) throw new TooMany();
  out.push(t);
}

function points(ps: readonly CurvePoint[], from: number, to: number, out: number[]): void {
  for (const p of ps) push(out, p.at, from, to);
}

/** Every k·step + offset inside (from, to). */
function grid(step: number, offset: number, from: number, to: number, out: number[]): void {
  if (!(step > 0)) return;
  const first = Math.floor((from - offset) / step);
  const last = Math.ceil((to - offset) / step);
  if (last - first > MAX_BREAKS) throw new TooMany();
  for (let k = first; k <= last; k++) push(out, offset + k * step, from, to);
}

/** Pushes the breaks of `c` inside (from, to); answers whether it is straight between them. */
function collect(c: Curve, from: number, to: number, out: number[]): boolean {
  switch (c.type) {
    case 'constant':
      return true;
    case 'steps':
      points(c.steps, from, to, out);
      return true;
    case 'ramp':
      points(c.points, from, to, out);
      return true;
    case 'series':
      if (c.values === undefined) points(c.points ?? [], from, to, out);
      else {
        const decoded = decodeSeriesValues(c.values, MAX_POINTS);
        const start = c.startSeconds ?? 0;
        const step = c.stepSeconds ?? 1;
        // the same times compile.ts builds: start + i·step
        if (decoded.ok)
          for (let i = 0; i < decoded.values.length; i++) push(out, start + i * step, from, to);
      }
      return true;
    case 'sine':
      return false;
    case 'spikes':
      for (const s of c.spikes) {
        push(out, s.at, from, to);
        push(out, s.at + s.durationSeconds, from, to);
      }
      return true;
    case 'noise': {
      const straight = collect(c.of, from, to, out);
      grid(c.intervalSeconds ?? 15, 0, from, to, out);
      // A relative noise moving linearly times a moving curve is a parabola in each bucket.
      const parabola = c.interpolation === 'linear' && c.mode !== 'absolute' && !isConstant(c.of);
      return straight && !parabola;
    }
    case 'sum': {
      let straight = true;
      for (const part of c.of) straight = collect(part, from, to, out) && straight;
      return straight;
    }
    case 'scale':
    case 'clamp':
      return collect(c.of, from, to, out);
    case 'shift': {
      const inner: number[] = [];
      const straight = collect(c.of, from - c.bySeconds, to - c.bySeconds, inner);
      for (const t of inner) push(out, t + c.bySeconds, from, to);
      return straight;
    }
    case 'repeat': {
      const p = c.periodSeconds;
      const inner: number[] = [];
      const straight = collect(c.of, 0, p, inner);
      grid(p, 0, from, to, out);
      const first = Math.floor(from / p);
      const last = Math.ceil(to / p);
      if ((last - first) * inner.length > MAX_BREAKS) throw new TooMany();
      for (let k = first; k <= last; k++) for (const t of inner) push(out, k * p + t, from, to);
      return straight;
    }
  }
}

function isConstant(c: Curve): boolean {
  if (c.type === 'constant') return true;
  if (c.type === 'scale' || c.type === 'clamp' || c.type === 'shift' || c.type === 'repeat')
    return isConstant(c.of);
  if (c.type === 'sum') return c.of.every(isConstant);
  return false;
}
