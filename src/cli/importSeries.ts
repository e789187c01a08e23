// `cli import FILE [--from csv|prometheus] [--step|--linear]`: turn exported traffic into a
// `series` curve (YAML) to paste under `spec.traffic` or a metric's demand.

import { readFileSync } from 'node:fs';
import {
  parseCsvSeries,
  parsePrometheusRangeQuery,
  seriesCurve,
} from '../engine/simulation/curves/index.ts';
import type { ImportIssue } from '../engine/simulation/curves/index.ts';
import * as scenarioLimits from '../scenario/limits.ts';
import { parseArgs, type Io } from './args.ts';
import { fileDiagnostic } from './loadScenario.ts';

/** `file:line:column:` when the issue has a line, `file:` (plus its JSON path) when not. */
function importDiagnostic(file: string, issue: ImportIssue, severity: string): string {
  if (issue.line === undefined) {
    const where = issue.path ? ` (at ${issue.path})` : '';
    return fileDiagnostic(file, `${issue.message}${where}`, severity);
  }
  return `${file}:${issue.line}:${issue.column ?? 1}: ${severity}: ${issue.message}`;
}

export function importCommand(argv: string[], io: Io): number {
  const args = parseArgs(argv, { from: 'string', step: 'boolean' });
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
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const why = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    io.err(fileDiagnostic(file, `cannot read the file (${why})`));
    return 2;
  }
  const result = from === 'csv' ? parseCsvSeries(text) : parsePrometheusRangeQuery(text);
  if (!result.ok) {
    for (const e of result.errors) io.err(importDiagnostic(file, e, 'error'));
    return 2;
  }
  for (const w of result.series.warnings) io.err(importDiagnostic(file, w, 'warning'));
  const curve = seriesCurve(result.series, args.values.step ? 'step' : 'linear');
  // One point per line keeps a long series readable and diffable.
  const lines = [
    `# ${curve.points.length} points from ${file} (seconds after the first sample)`,
    'traffic:',
    '  type: series',
    `  interpolation: ${curve.interpolation}`,
    '  points:',
    ...curve.points.map((p) => `    - { at: ${p.at}, value: ${p.value} }`),
  ];
  const yaml = lines.join('\n');
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
