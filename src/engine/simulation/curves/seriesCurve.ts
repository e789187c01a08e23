/** Turns an imported series into a curve spec. */
import type { SeriesCurve } from './types.ts';
import type { ImportedSeries } from './importTypes.ts';

/** A `series` curve from an import result; `linear` unless told otherwise. */
export function seriesCurve(
  series: ImportedSeries,
  interpolation: 'step' | 'linear' = 'linear',
): SeriesCurve {
  return { type: 'series', points: series.points, interpolation };
}
