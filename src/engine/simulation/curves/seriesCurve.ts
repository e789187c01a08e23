/** Turns an imported series into a curve spec: as points, or in the compact form. */
import type { CurvePoint, SeriesCurve } from './types.ts';
import type { ImportedSeries } from './importTypes.ts';
import { MAX_POINTS, MIN_PERIOD_SECONDS } from './limits.ts';
import { decimalsFor, seriesValueLines } from './seriesValues.ts';

/** A `series` curve from an import result; `linear` unless told otherwise. */
export function seriesCurve(
  series: ImportedSeries,
  interpolation: 'step' | 'linear' = 'linear',
): SeriesCurve {
  return { type: 'series', points: series.points, interpolation };
}

export interface CompactOptions {
  interpolation?: 'step' | 'linear';
  /** Multiplies every value (units, or demand per unit of metric). Default 1. */
  scale?: number;
  /** Significant digits kept of the largest value (the resolution of every value). Default 3. */
  significant?: number;
  /** Seconds added to every time (the series starts this late in the scenario). Default 0. */
  offsetSeconds?: number;
}

/**
 * The compact form: evenly spaced values. The spacing is the median gap between points; points
 * off that grid (irregular CSV rows, gaps in a Prometheus range) are resampled on it the way the
 * curve reads them (linear or step), so the curve keeps its shape. The grid is bounded whatever
 * the spacing (`compactGrid`): at most MAX_POINTS values, at least MIN_PERIOD_SECONDS apart.
 */
export function compactSeriesCurve(
  points: readonly CurvePoint[],
  options: CompactOptions = {},
): SeriesCurve & { values: string; stepSeconds: number } {
  const interpolation = options.interpolation ?? 'linear';
  const scale = options.scale ?? 1;
  const grid = compactGrid(points);
  const step = grid.stepSeconds;
  const first = points[0]?.at ?? 0;
  const values = new Float64Array(grid.count);
  let j = 0;
  for (let i = 0; i < grid.count; i++) {
    const t = first + i * step;
    while (j + 1 < points.length && points[j + 1]!.at <= t) j++;
    const a = points[j]!;
    const b = points[j + 1];
    const v =
      interpolation === 'step' || !b || b.at === a.at || t <= a.at
        ? a.value
        : a.value + ((b.value - a.value) * (t - a.at)) / (b.at - a.at);
    values[i] = Math.max(0, v * scale);
  }
  const decimals = decimalsFor(values, options.significant ?? 3);
  return {
    type: 'series',
    interpolation,
    startSeconds: first + (options.offsetSeconds ?? 0),
    stepSeconds: step,
    values: seriesValueLines(values, decimals).join('\n'),
  };
}

export interface CompactGrid {
  stepSeconds: number;
  count: number;
  /** the median gap between samples (the step unless a bound raised it) */
  medianSeconds: number;
  /** why the step is not the median gap: samples too close, or too many values over the span */
  raised: 'min-period' | 'max-values' | null;
}

/**
 * The grid the compact form samples on: the median gap (to the microsecond, so a timestamp's
 * binary noise does not show: 1699999985.001 − 1699999985 is 0.00099992…), raised to
 * MIN_PERIOD_SECONDS (the shortest step a curve may have) and so that the span needs at most
 * MAX_POINTS values (a few samples 0.5 ms apart over a million seconds would be two billion).
 */
export function compactGrid(points: readonly CurvePoint[]): CompactGrid {
  const median = Math.round(medianGap(points) * 1e6) / 1e6;
  const first = points[0]?.at ?? 0;
  const span = (points.at(-1)?.at ?? first) - first;
  let step = median;
  let raised: CompactGrid['raised'] = null;
  if (step < MIN_PERIOD_SECONDS) {
    step = MIN_PERIOD_SECONDS;
    raised = 'min-period';
  }
  if (span / step > MAX_POINTS - 1) {
    step = ceilSignificant(span / (MAX_POINTS - 1), 3);
    raised = 'max-values';
  }
  const count = Math.min(MAX_POINTS, Math.max(1, Math.round(span / step) + 1));
  return { stepSeconds: step, count, medianSeconds: median, raised };
}

/** `x` rounded up to `digits` significant digits (10.0001 → 10.1), so the step reads plainly. */
function ceilSignificant(x: number, digits: number): number {
  const unit = 10 ** (Math.floor(Math.log10(x)) - digits + 1);
  const up = Math.ceil(x / unit - 1e-9) * unit;
  return Number(up.toPrecision(digits));
}

function medianGap(points: readonly CurvePoint[]): number {
  const gaps: number[] = [];
  for (let i = 1; i < points.length; i++) {
    const gap = points[i]!.at - points[i - 1]!.at;
    if (gap > 0) gaps.push(gap);
  }
  if (gaps.length === 0) return 60;
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)]!;
}

/** The curve as YAML lines under `key:` (indented by `indent`), values as a folded block. */
export function compactSeriesYaml(
  key: string,
  curve: SeriesCurve & { values: string; stepSeconds: number },
  indent = '',
): string[] {
  const inner = `${indent}  `;
  return [
    `${indent}${key}:`,
    `${inner}type: series`,
    `${inner}interpolation: ${curve.interpolation ?? 'linear'}`,
    `${inner}startSeconds: ${curve.startSeconds ?? 0}`,
    `${inner}stepSeconds: ${curve.stepSeconds}`,
    `${inner}values: >-`,
    ...curve.values.split('\n').map((line) => `${inner}  ${line}`),
  ];
}

/** A points-form curve as YAML lines under `key:`, one `{ at, value }` a line. */
export function pointsSeriesYaml(key: string, curve: SeriesCurve, indent = ''): string[] {
  const inner = `${indent}  `;
  return [
    `${indent}${key}:`,
    `${inner}type: series`,
    `${inner}interpolation: ${curve.interpolation ?? 'linear'}`,
    `${inner}points:`,
    ...(curve.points ?? []).map((p) => `${inner}  - { at: ${p.at}, value: ${p.value} }`),
  ];
}
