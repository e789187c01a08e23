// `cli run FILE [--format json|csv|table] [--explain] [--effective] [--hpa NAME]`

import { simulate } from '../engine/simulation/index.ts';
import { effectiveHpaYaml } from '../scenario/index.ts';
import { resultToCsv, resultToJson, resultToTable } from './format.ts';
import { loadScenarioFile } from './loadScenario.ts';
import { parseArgs, type Io } from './args.ts';

export function runCommand(argv: string[], io: Io): number {
  const args = parseArgs(argv, {
    format: 'string',
    explain: 'boolean',
    effective: 'boolean',
    hpa: 'string',
  });
  if (!args.ok) return io.usage(args.error);
  const [file, ...extra] = args.positional;
  if (!file || extra.length) return io.usage('run takes exactly one scenario file');
  const format = (args.values.format as string | undefined) ?? 'table';
  if (!['json', 'csv', 'table'].includes(format))
    return io.usage(`unknown format "${format}" (json, csv or table)`);
  const loaded = loadScenarioFile(file, {
    hpa: args.values.hpa as string | undefined,
    hpaOnly: Boolean(args.values.effective),
  });
  if (!loaded.ok) {
    loaded.errors.forEach((e) => io.err(e));
    return 2;
  }
  loaded.warnings.forEach((w) => io.err(w));
  const { parsed } = loaded;
  if (args.values.effective) {
    io.out(effectiveHpaYaml(parsed.effectiveHpa!));
    return 0;
  }
  const outcome = simulate(parsed.input!);
  if (!outcome.ok) {
    io.err(`${file}:1:1: error: ${outcome.error}`);
    return 2;
  }
  const name = parsed.simulation.name || file;
  const explain = Boolean(args.values.explain);
  if (format === 'json') io.out(JSON.stringify(resultToJson(name, outcome.result, explain)));
  else if (format === 'csv') io.out(resultToCsv(outcome.result).trimEnd());
  else io.out(resultToTable(name, outcome.result, explain).trimEnd());
  return 0;
}
