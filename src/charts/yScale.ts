// The replicas y-axis: which series it must fit (only the visible ones, so hiding the raw
// proposal rescales) and an optional log view. The log view plots log10(1 + v) so zero replicas
// (scale to zero) stay on the chart; ticks are labelled with the untransformed values.

import { axisScale, formatCompact, type AxisScale } from '../format/format.ts';

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

/** The scale of a replicas chart whose highest visible value is `top`. */
export function replicasAxis(top: number, mode: YMode, headroom: boolean): AxisScale {
  if (mode === 'log') return logScale(top);
  return axisScale(0, headroom ? top * 1.04 : top, 6, true);
}
