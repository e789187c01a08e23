// `cli import FILE [--from csv|prometheus] [--series sum|N] [--step] [--scale F] [--points]`: turn
// exported traffic into a `series` curve (YAML) to paste under `spec.traffic` or a metric's demand.
// The compact form (evenly spaced `values` in a folded block) by default; `--points` for one
// `{at, value}` a line. A Prometheus answer with several series needs `--series`: their sum, or the
// N-th (0-based, in the answer's order, as the app's import dialog lists them).

import { readFileSync } from 'node:fs';
import {
  compactSeriesYaml,
  importCurve,
  parseCsvSeries,
  parsePrometheusRangeQuery,
  pointsSeriesYaml,
} from '../engine/simulation/curves/index.ts';
import type { ImportIssue, SeriesCurve } from '../engine/simulation/curves/index.ts';
import * as scenarioLimits from '../scenario/limits.ts';
import { parseArgs, type Io } from './args.ts';
import { fileDiagnostic, providedText } from './loadScenario.ts';

/** `file:line:column:` when the issue has a line, `file:` (plus its JSON path) when not. */
function importDiagnostic(file: string, issue: ImportIssue, severity: string): string {
  if (issue.line === undefined) {
    const where = issue.path ? ` (at ${issue.path})` : '';
    return fileDiagnostic(file, `${issue.message}${where}`, severity);
  }
  return `${file}:${issue.line}:${issue.column ?? 1}: ${severity}: ${issue.message}`;
}

export function importCommand(argv: string[], io: Io): number {
  const args = parseArgs(argv, {
    from: 'string',
    step: 'boolean',
    points: 'boolean',
    scale: 'number',
    series: 'string',
  });
  if (!args.ok) return io.usage(args.error);
  const [file, ...extra] = args.positional;
  if (!file || extra.length)
    return io.usage('import takes exactly one CSV or Prometheus JSON file');
  const from =
    (args.values.from as string | undefined) ?? (file.endsWith('.json') ? 'prometheus' : 'csv');
  if (from !== 'csv' && from !== 'prometheus')
    return io.usage(`unknown --from "${from}" (csv or prometheus)`);
  let text: string;
  try {
    // A fetched answer (import --prometheus) is read like a saved one.
    const given = providedText(file);
    text = given ? new TextDecoder().decode(given) : readFileSync(file, 'utf8');
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    io.err(fileDiagnostic(file, `cannot read the file (${why})`));
    return 2;
  }
  const series = args.values.series as string | undefined;
  if (series !== undefined && from !== 'prometheus')
    return io.usage('--series picks a series of a Prometheus file; a CSV has one');
  if (series !== undefined && series !== 'sum' && !/^\d+$/.test(series))
    return io.usage(`--series takes "sum" or a series number from 0, not "${series}"`);
  const options =
    series === undefined
      ? {}
      : series === 'sum'
        ? { aggregate: 'sum' as const }
        : { index: Number(series) };
  const result = from === 'csv' ? parseCsvSeries(text) : parsePrometheusRangeQuery(text, options);
  if (!result.ok) {
    for (const e of result.errors) {
      // The reader's advice names its options; here they are spelled --series.
      const many = / series found \(/.test(e.message);
      const message = many
        ? e.message.replace(
            /; choose one by labels or index, or sum them$/,
            '; add --series sum, or --series N for the N-th (from 0)',
          )
        : e.message;
      io.err(importDiagnostic(file, { ...e, message }, 'error'));
    }
    return 2;
  }
  for (const w of result.series.warnings) io.err(importDiagnostic(file, w, 'warning'));
  const interpolation = args.values.step ? 'step' : 'linear';
  const scale = (args.values.scale as number | undefined) ?? 1;
  if (!(scale >= 0 && Number.isFinite(scale))) return io.usage('--scale needs a finite factor ≥ 0');
  const points = result.series.points;
  // The curve the scenario will read, checked by its own validator: printed only if it validates.
  const imported = importCurve(points, {
    form: args.values.points ? 'points' : 'compact',
    interpolation,
    scale,
    scaleName: '--scale',
  });
  if (!imported.ok) {
    for (const e of imported.errors) io.err(importDiagnostic(file, e, 'error'));
    return 2;
  }
  for (const w of imported.warnings) io.err(importDiagnostic(file, w, 'warning'));
  const curve = imported.curve;
  const yaml = [
    curve.points
      ? `# ${points.length} points from ${file} (seconds after the first sample)`
      : `# ${imported.count} values every ${curve.stepSeconds}s from ${file} (${points.length} samples; seconds after the first)`,
    ...(curve.points
      ? pointsSeriesYaml('traffic', curve)
      : compactSeriesYaml(
          'traffic',
          curve as SeriesCurve & { values: string; stepSeconds: number },
        )),
  ].join('\n');
  // The importer takes up to 100,000 rows, more than a scenario's text limit holds as YAML.
  if (yaml.length > scenarioLimits.MAX_TEXT_CHARS) {
    const mb = (yaml.length / 1024 / 1024).toFixed(1);
    const limit = scenarioLimits.MAX_TEXT_CHARS / 1024 / 1024;
    io.err(
      fileDiagnostic(
        file,
        `the curve is ${mb} MB of YAML, over the ${limit} MB a scenario may hold: resample it to fewer points (for Prometheus, a longer step)`,
        'warning',
      ),
    );
  }
  io.out(yaml);
  return 0;
}
