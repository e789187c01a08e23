// Scales: a linear map from a domain to pixels (and back, for pointers), and the log view of a
// count axis. The log view plots log10(1 + v) so zero (scale to zero) stays on the plot; its ticks
// are labelled with the untransformed values. Which values an axis must fit is the caller's
// business (the replicas chart fits only the visible series).

import { formatCompact } from '../format/format.ts';
import { axisScale, type AxisScale } from './ticks.ts';

/**
 * Maps [d0, d1] onto [r0, r1]; a degenerate domain maps everything to r0. The fraction of the
 * domain is taken first, so the middle of a range lands exactly on the middle of the pixels.
 */
export function linear(domain: readonly [number, number], r0: number, r1: number) {
  const [d0, d1] = domain;
  const span = d1 - d0;
  const out = r1 - r0;
  if (span === 0) return () => r0;
  return (v: number) => r0 + ((v - d0) / span) * out;
}

/** The inverse of `linear(domain, r0, r1)`: a pixel back to a value (r0 for a degenerate range). */
export function invertLinear(domain: readonly [number, number], r0: number, r1: number) {
  const [d0, d1] = domain;
  const k = r1 === r0 ? 0 : (d1 - d0) / (r1 - r0);
  return (px: number) => d0 + (px - r0) * k;
}

export type YMode = 'linear' | 'log';

/** log10(1 + v): 0 → 0, 9 → 1, 99 → 2, 999 → 3. */
export function toLog(v: number): number {
  return Math.log10(1 + Math.max(0, v));
}

/** The inverse of toLog, rounded for tick labels. */
export function fromLog(y: number): number {
  return 10 ** y - 1;
}

const LOG_STEPS = [1, 2, 5];

/** Ticks 0, 1, 2, 5, 10, 20, 50 … up to the first tick ≥ max, in log units (at most ~8). */
export function logScale(max: number): AxisScale {
  const values = [0];
  const top = Math.max(1, max);
  for (let p = 1; values[values.length - 1]! < top; p *= 10) {
    for (const m of LOG_STEPS) {
      values.push(m * p);
      if (m * p >= top) break;
    }
  }
  // Keep the label count readable on a 230 px chart: drop the 2s, then the 5s, past 8 ticks.
  let shown = values;
  if (shown.length > 8) shown = values.filter((v) => !/^2/.test(String(v)));
  if (shown.length > 8) shown = values.filter((v) => v === 0 || /^1/.test(String(v)));
  if (shown[shown.length - 1] !== values[values.length - 1]) shown.push(values[values.length - 1]!);
  const ticks = shown.map(toLog);
  return { domain: [0, ticks[ticks.length - 1]!], ticks };
}

/** Tick label of the log view: the replica count the tick stands for. */
export function formatLogTick(y: number): string {
  return formatCompact(Math.round(fromLog(y)));
}

/** A count axis (replicas, pods) whose highest value is `top`: whole ticks, or the log view. */
export function countAxis(top: number, mode: YMode, headroom: boolean): AxisScale {
  if (mode === 'log') return logScale(top);
  return axisScale(0, headroom ? top * 1.04 : top, 6, true);
}
