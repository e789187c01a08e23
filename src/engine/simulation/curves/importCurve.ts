/**
 * An imported series → the `series` curve a scenario reads, checked by the validator the scenario
 * itself uses (`validateCurve`), so an import either gives a curve that validates when pasted or
 * says why not. Every importer front end (the CLI's `import`, the app's traffic import) goes
 * through here. Bounded: the compact grid holds at most MAX_POINTS values whatever the spacing.
 */
import type { ImportIssue } from './importTypes.ts';
import { MAX_POINTS, MAX_TIME_SECONDS, MAX_VALUE, MIN_PERIOD_SECONDS } from './limits.ts';
import { compactGrid, compactSeriesCurve } from './seriesCurve.ts';
import type { CurvePoint, SeriesCurve } from './types.ts';
import { validateCurve } from './validate.ts';

export interface ImportCurveOptions {
  /** `compact` (evenly spaced values, the default) or `points` (one `{at, value}` each). */
  form?: 'compact' | 'points';
  interpolation?: 'step' | 'linear';
  /** Multiplies every value. Default 1. */
  scale?: number;
  /** Seconds added to every time. Default 0. */
  offsetSeconds?: number;
  /** What the scale is called where the user set it (`--scale`, "the factor"), for messages. */
  scaleName?: string;
}

export type ImportCurve =
  | { ok: true; curve: SeriesCurve; warnings: ImportIssue[]; count: number }
  | { ok: false; errors: ImportIssue[] };

const fail = (message: string): ImportCurve => ({ ok: false, errors: [{ message }] });
/** Exact up to the limit (1,000,000,000,000,010 must not read as the limit itself), then short. */
function plain(n: number): string {
  if (!Number.isFinite(n)) return 'too large to count';
  return Math.abs(n) < 1e16
    ? n.toLocaleString('en-US', { maximumFractionDigits: 6 })
    : n.toExponential(2).replace('e+', 'e');
}

export function importCurve(
  points: readonly CurvePoint[],
  options: ImportCurveOptions = {},
): ImportCurve {
  const scale = options.scale ?? 1;
  const offset = options.offsetSeconds ?? 0;
  const scaleName = options.scaleName ?? 'the scale';
  if (points.length === 0) return fail('no data: the input has no usable samples');
  if (!(scale >= 0 && Number.isFinite(scale)))
    return fail(`${scaleName} must be a finite number ≥ 0, got ${scale}`);
  if (!(offset >= 0 && offset <= MAX_TIME_SECONDS))
    return fail(`the start offset must be 0 to ${MAX_TIME_SECONDS} s (about 10 years)`);
  let peak = 0;
  for (const p of points) peak = Math.max(peak, p.value);
  // Refused, not clamped: a curve cut flat at the limit would not be the recording.
  if (peak * scale > MAX_VALUE) {
    const by = scale === 1 ? '' : ` × ${scaleName} ${plain(scale)}`;
    return fail(
      `the largest value (${plain(peak)}${by} = ${plain(peak * scale)}) is above ${plain(MAX_VALUE)}, the most a curve may hold${scale === 1 ? '' : `: use a smaller ${scaleName}`}`,
    );
  }
  const end = offset + (points.at(-1)?.at ?? 0);
  if (!(end <= MAX_TIME_SECONDS))
    return fail(`the series ends ${plain(end)} s into the run, after about 10 years (the limit)`);
  const warnings: ImportIssue[] = [];
  let curve: SeriesCurve;
  let count: number;
  if (options.form === 'points') {
    if (points.length > MAX_POINTS)
      return fail(
        `${plain(points.length)} points; a series may hold ${plain(MAX_POINTS)}: use the compact form (it resamples) or fewer samples`,
      );
    curve = {
      type: 'series',
      interpolation: options.interpolation ?? 'linear',
      points: points.map((p) => ({ at: p.at + offset, value: p.value * scale })),
    };
    count = points.length;
  } else {
    const grid = compactGrid(points);
    if (grid.raised === 'min-period')
      warnings.push({
        message: `samples are ${plain(grid.medianSeconds)} s apart (median), closer than a curve's shortest step: resampled every ${MIN_PERIOD_SECONDS} s`,
      });
    else if (grid.raised === 'max-values')
      warnings.push({
        message: `samples ${plain(grid.medianSeconds)} s apart (median) over ${plain(end - offset)} s would be more than ${plain(MAX_POINTS)} values (the limit): resampled every ${plain(grid.stepSeconds)} s`,
      });
    curve = compactSeriesCurve(points, {
      interpolation: options.interpolation ?? 'linear',
      scale,
      offsetSeconds: offset,
    });
    count = grid.count;
  }
  // The scenario's own check, last: whatever slipped past the checks above is refused here
  // rather than printed as a curve the scenario then refuses.
  const problems = validateCurve(curve, 'traffic');
  if (problems.length > 0)
    return {
      ok: false,
      errors: problems
        .slice(0, 3)
        .map((d) => ({ message: `the curve would not validate: ${d.path}: ${d.message}` })),
    };
  return { ok: true, curve, warnings, count };
}
