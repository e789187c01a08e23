// Ticks for every plot: round numbers on a value axis (1, 2, 2.5, 5 × 10^k; whole steps for
// counts), and round steps of elapsed time on a time axis, labelled "1:05", "0:01:15" (a step
// below a minute) or, on a multi-day axis, "day 2 06:00" (src/format/timeAxis.ts words them).

import { formatElapsed } from '../format/timeAxis.ts';

/** A value axis: the range drawn and the tick values inside it. */
export interface AxisScale {
  domain: [number, number];
  ticks: number[];
}

/** 1, 2, 2.5, 5 × 10^k at or above `v` (0 stays 0). */
export function niceCeil(v: number): number {
  if (!(v > 0) || !Number.isFinite(v)) return v > 0 ? Number.MAX_VALUE : 0;
  const p = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 2.5, 5, 10]) {
    if (m * p >= v * (1 - 1e-12)) return m * p;
  }
  return 10 * p;
}

export interface NiceOptions {
  /** whole steps only (replica and pod counts) */
  integer?: boolean;
  /** the axis reaches down (or up) to 0, as a count's or a rate's should; default true */
  zero?: boolean;
}

/**
 * Round ticks covering [min, max]: the smallest 1, 2, 2.5, 5 × 10^k step that needs at most
 * `maxTicks` ticks. The domain ends on ticks. Without `zero: false` it starts at 0 or below.
 */
export function niceTicks(
  min: number,
  max: number,
  maxTicks = 6,
  opts: NiceOptions = {},
): AxisScale {
  const zero = opts.zero ?? true;
  const lo = Number.isFinite(min) ? (zero ? Math.min(0, min) : min) : 0;
  let hi = Number.isFinite(max) ? max : 1;
  if (hi <= lo) hi = lo + 1;
  const span = hi - lo;
  let p = 10 ** Math.floor(Math.log10(span / Math.max(1, maxTicks - 1)));
  for (let guard = 0; guard < 40; guard++) {
    for (const m of [1, 2, 2.5, 5]) {
      const step = m * p;
      if (opts.integer && !Number.isInteger(step)) continue;
      const a = Math.floor(lo / step + 1e-9);
      const b = Math.ceil(hi / step - 1e-9);
      if (b - a + 1 <= maxTicks) {
        const ticks: number[] = [];
        for (let k = a; k <= b; k++) ticks.push(Number((k * step).toPrecision(12)));
        return { domain: [ticks[0]!, ticks[ticks.length - 1]!], ticks };
      }
    }
    p *= 10;
  }
  return { domain: [lo, hi], ticks: [lo, hi] };
}

/** A value axis from 0 (or below, for negative data) to past `max`, as the charts draw them. */
export function axisScale(min: number, max: number, maxTicks = 6, integer = false): AxisScale {
  return niceTicks(min, max, maxTicks, { integer });
}

// ---- time ----

const STEPS_SECONDS = [
  5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 172800,
  604800,
];

const DAY = 86400;

/** Round tick positions covering [from, to], at most about `maxTicks` of them. */
export function timeTicks(from: number, to: number, maxTicks = 8): number[] {
  if (!Number.isFinite(from) || !Number.isFinite(to) || to < from) return [];
  if (to === from) return [from];
  const span = to - from;
  const step =
    STEPS_SECONDS.find((st) => span / st <= maxTicks) ??
    Math.ceil(span / maxTicks / 604800) * 604800;
  const first = Math.ceil(from / step) * step;
  const ticks: number[] = [];
  for (let t = first; t <= to + 1e-9; t += step) ticks.push(t);
  return ticks;
}

/** Whether an axis ending at `end` seconds is multi-day (its ticks name the day). */
export function axisNeedsDays(end: number): boolean {
  return end > DAY;
}

/** Whether tick labels need seconds (the step is below a minute). */
export function ticksNeedSeconds(ticks: readonly number[]): boolean {
  return ticks.some((t) => Math.round(t) % 60 !== 0);
}

/** A time axis: its ticks and how each is labelled. */
export interface TimeAxis {
  ticks: number[];
  /** labels carry seconds (a step below a minute) */
  seconds: boolean;
  /** labels name the day ("day 2 06:00"): the axis runs past the first day */
  days: boolean;
  label(t: number): string;
}

/** About one label per this many pixels: "day 2 06:00" at 11 px is ≈ 70 px wide. */
export const TIME_TICK_PX = 90;

/** Ticks and labels of a time axis over `domain`, at most `maxTicks` of them. */
export function timeAxis(domain: readonly [number, number], maxTicks = 8): TimeAxis {
  const ticks = timeTicks(domain[0], domain[1], Math.max(1, maxTicks));
  const seconds = ticksNeedSeconds(ticks);
  const days = axisNeedsDays(domain[1]);
  return { ticks, seconds, days, label: (t) => formatElapsed(t, seconds, days) };
}

/** How many time ticks fit a plot `width` px wide (at least 2). */
export function timeTicksFor(width: number): number {
  return Math.max(2, Math.floor(width / TIME_TICK_PX));
}
