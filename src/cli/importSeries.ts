// `cli import FILE [--from csv|prometheus] [--step|--linear]`: turn exported traffic into a
// `series` curve (YAML) to paste under `spec.traffic` or a metric's demand.

import { readFileSync } from 'node:fs';
import {
  parseCsvSeries,
  parsePrometheusRangeQuery,
  seriesCurve,
} from '../engine/simulation/curves/index.ts';
import { parseArgs, type Io } from './args.ts';

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
    io.err(
      `${file}:1:1: error: cannot read the file (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
    );
    return 2;
  }
  const result = from === 'csv' ? parseCsvSeries(text) : parsePrometheusRangeQuery(text);
  if (!result.ok) {
    for (const e of result.errors)
      io.err(`${file}:${e.line ?? 1}:${e.column ?? 1}: error: ${e.message}`);
    return 2;
  }
  for (const w of result.series.warnings)
    io.err(`${file}:${w.line ?? 1}:${w.column ?? 1}: warning: ${w.message}`);
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
  io.out(lines.join('\n'));
  return 0;
}
