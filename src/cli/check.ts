// `cli check FILE --max-… N`: KPI thresholds as an exit status, to gate an HPA change in CI.

import { executeRun, planParsed } from '../run/index.ts';
import { THRESHOLDS } from '../tune/index.ts';
import { parseArgs, type Io } from './args.ts';
import { kpiLines } from './format.ts';
import { loadScenarioFile } from './loadScenario.ts';

// The thresholds are shared with `cli tune` and the app's search panel (src/tune/goals.ts).
export { THRESHOLDS };

export function checkCommand(argv: string[], io: Io): number {
  const spec: Record<string, 'number' | 'string'> = {
    ...Object.fromEntries(THRESHOLDS.map((t) => [t.flag, 'number' as const])),
    hpa: 'string',
  };
  const args = parseArgs(argv, spec);
  if (!args.ok) return io.usage(args.error);
  const [file, ...extra] = args.positional;
  if (!file || extra.length) return io.usage('check takes exactly one scenario file');
  const active = THRESHOLDS.filter((t) => args.values[t.flag] !== undefined);
  if (active.length === 0)
    return io.usage(
      `check needs at least one threshold: ${THRESHOLDS.map((t) => `--${t.flag}`).join(', ')}`,
    );
  const loaded = loadScenarioFile(file, { hpa: args.values.hpa as string | undefined });
  if (!loaded.ok) {
    loaded.errors.forEach((e) => io.err(e));
    return 2;
  }
  loaded.warnings.forEach((w) => io.err(w));
  const [main] = planParsed(loaded.parsed).runs;
  if (!main) {
    io.err(`${file}:1:1: error: the scenario is not valid`);
    return 2;
  }
  const outcome = executeRun(main);
  if (!outcome.ok) {
    io.err(`${file}:1:1: error: ${outcome.error}`);
    return 2;
  }
  let failed = 0;
  for (const t of active) {
    const limit = args.values[t.flag] as number;
    const value = t.kpi(outcome.result.kpis);
    const ok = t.bound === 'max' ? value <= limit : value >= limit;
    if (!ok) failed++;
    io.out(`${ok ? 'PASS' : 'FAIL'} ${t.label}: ${value} (${t.bound} ${limit})`);
  }
  kpiLines(outcome.result).forEach((l) => io.out(`  ${l}`));
  io.out(
    failed === 0
      ? `${file}: all ${active.length} thresholds met`
      : `${file}: ${failed} of ${active.length} thresholds not met`,
  );
  return failed === 0 ? 0 : 1;
}
