/** Turns an imported series into a curve spec: as points, or in the compact form. */
import type { CurvePoint, SeriesCurve } from './types.ts';
import type { ImportedSeries } from './importTypes.ts';
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
 * curve reads them (linear or step), so the curve keeps its shape.
 */
export function compactSeriesCurve(
  points: readonly CurvePoint[],
  options: CompactOptions = {},
): SeriesCurve & { values: string; stepSeconds: number } {
  const interpolation = options.interpolation ?? 'linear';
  const scale = options.scale ?? 1;
  const step = medianGap(points);
  const first = points[0]?.at ?? 0;
  const last = points.at(-1)?.at ?? first;
  const count = Math.max(1, Math.round((last - first) / step) + 1);
  const values = new Float64Array(count);
  let j = 0;
  for (let i = 0; i < count; i++) {
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
