// `cli check FILE --max-… N`: KPI thresholds as an exit status, to gate an HPA change in CI.

import type { Kpis } from '../engine/simulation/index.ts';
import type { SimulationInput } from '../engine/simulation/index.ts';
import { executeRun, planParsed } from '../run/index.ts';
import { parseArgs, type Io } from './args.ts';
import { runAllModels } from './federation.ts';
import { kpiLines } from './format.ts';
import { loadScenarioFile } from './loadScenario.ts';

/** Each threshold flag and the KPI it bounds. */
export const THRESHOLDS: {
  flag: string;
  kpi: (k: Kpis) => number;
  label: string;
  bound: 'max' | 'min';
}[] = [
  { flag: 'max-pod-hours', kpi: (k) => k.podHours, label: 'pod-hours', bound: 'max' },
  { flag: 'max-peak-replicas', kpi: (k) => k.peakReplicas, label: 'peak replicas', bound: 'max' },
  { flag: 'max-scale-events', kpi: (k) => k.scaleEvents, label: 'scale events', bound: 'max' },
  {
    flag: 'max-reversals',
    kpi: (k) => k.directionReversals,
    label: 'direction reversals',
    bound: 'max',
  },
  {
    flag: 'max-time-above-target',
    kpi: (k) => k.timeAboveTargetSeconds,
    label: 'time above target (s)',
    bound: 'max',
  },
  {
    flag: 'max-unmet-demand-percent',
    kpi: (k) => k.unmetDemandPercent,
    label: 'unmet demand (%)',
    bound: 'max',
  },
  {
    flag: 'max-overload-seconds',
    kpi: (k) => k.overloadSeconds,
    label: 'overloaded time (s)',
    bound: 'max',
  },
  {
    flag: 'max-recovery-seconds',
    kpi: (k) => k.recovery.maxSeconds,
    label: 'longest time to recover (s)',
    bound: 'max',
  },
  {
    flag: 'min-final-replicas',
    kpi: (k) => k.finalReplicas,
    label: 'final replicas',
    bound: 'min',
  },
];

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
  if (main.federation) return checkFederated(file, main.input, active, args.values, io);
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

/** Multi-cluster: every threshold against each model's total (the service over all clusters). */
function checkFederated(
  file: string,
  input: SimulationInput,
  active: typeof THRESHOLDS,
  values: Record<string, unknown>,
  io: Io,
): number {
  const fed = runAllModels(input);
  if (!fed.ok) {
    io.err(`${file}:1:1: error: ${fed.error}`);
    return 2;
  }
  let failed = 0;
  for (const run of fed.runs) {
    io.out(`${run.model} model (total over ${run.members.length} clusters):`);
    for (const t of active) {
      const limit = values[t.flag] as number;
      const value = t.kpi(run.total.kpis);
      const ok = t.bound === 'max' ? value <= limit : value >= limit;
      if (!ok) failed++;
      io.out(`${ok ? 'PASS' : 'FAIL'} ${t.label}: ${value} (${t.bound} ${limit})`);
    }
    kpiLines(run.total).forEach((l) => io.out(`  ${l}`));
  }
  const n = active.length * fed.runs.length;
  io.out(
    failed === 0
      ? `${file}: all ${n} thresholds met`
      : `${file}: ${failed} of ${n} thresholds not met`,
  );
  return failed === 0 ? 0 : 1;
}
