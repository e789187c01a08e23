// `cli check PATH… --max-… N`: KPI thresholds as an exit status, to gate an HPA change in CI.
// One file with one autoscaler prints its verdict as text; directories, globs, several files or
// several autoscalers are a fleet (fleetCheck.ts): each autoscaler judged on its own, reports.

import { THRESHOLDS } from '../tune/index.ts';
import { parseArgs, type Io } from './args.ts';
import type { Selection } from './fleet.ts';
import { fleetCheck, judgeFleet, reportFleet } from './fleetCheck.ts';
import { fleetWorkers, judgeFleetParallel } from './fleetPool.ts';
import { kpiLines } from './format.ts';
import { drawsLabel, drawsText, readDraws } from './draws.ts';
import { judgeParsed, type Limits } from './judge.ts';
import { displayName, loadScenarioFile } from './loadScenario.ts';
import { parseReports, type ReportRequest } from './reporters/index.ts';
import { parseShard, scanFile } from './targets.ts';
import { isGlob } from './walk.ts';
import { statSync } from 'node:fs';

// The thresholds are shared with `cli tune` and the app's search panel (src/tune/goals.ts).
export { THRESHOLDS };

type CheckPlan =
  | { kind: 'done'; code: number }
  | { kind: 'one'; path: string; hpa: string | undefined; limits: Limits }
  | {
      kind: 'fleet';
      sel: Selection;
      limits: Limits;
      hpa: string | undefined;
      reports: ReportRequest[];
      workers: number | undefined;
    };

function planCheck(argv: string[], io: Io): CheckPlan {
  const spec: Record<string, 'number' | 'string'> = {
    ...Object.fromEntries(THRESHOLDS.map((t) => [t.flag, 'number' as const])),
    hpa: 'string',
    gate: 'string',
    report: 'string',
    shard: 'string',
    workers: 'number',
    draws: 'number',
    seed: 'number',
    percentile: 'number',
  };
  const usage = (m: string): CheckPlan => ({ kind: 'done', code: io.usage(m) });
  const args = parseArgs(argv, spec);
  if (!args.ok) return usage(args.error);
  const paths = args.positional;
  if (paths.length === 0)
    return usage('check takes a scenario file, a directory or a glob (- reads stdin)');
  const active = THRESHOLDS.filter((t) => args.values[t.flag] !== undefined);
  if (active.length === 0)
    return usage(
      `check needs at least one threshold: ${THRESHOLDS.map((t) => `--${t.flag}`).join(', ')}`,
    );
  const gate = (args.values.gate as string | undefined) ?? 'hpa';
  const hpa = args.values.hpa as string | undefined;
  const reportRaw = args.values.report as string | undefined;
  const reports = reportRaw === undefined ? null : parseReports(reportRaw);
  if (reports && !reports.ok) return usage(reports.error);
  const shardRaw = args.values.shard as string | undefined;
  const shard = shardRaw === undefined ? null : parseShard(shardRaw);
  if (shard && !shard.ok) return usage(shard.error);
  const workers = args.values.workers as number | undefined;
  if (workers !== undefined && !(Number.isInteger(workers) && workers >= 1 && workers <= 64))
    return usage(`--workers takes a whole number from 1 to 64, got ${workers}`);
  const draws = readDraws(args.values);
  if (typeof draws === 'string') return usage(draws);
  const limits = { active, values: args.values, gate, draws };
  const single =
    paths.length === 1 && !reports && !shard && (hpa !== undefined || !manyAutoscalers(paths[0]!));
  if (single) return { kind: 'one', path: paths[0]!, hpa, limits };
  return {
    kind: 'fleet',
    sel: {
      paths,
      ...(shard?.ok ? { shard: { index: shard.index, count: shard.count } } : {}),
      strictSingle: true,
    },
    limits,
    hpa,
    reports: reports?.ok ? reports.reports : [],
    workers,
  };
}

/** `check` judged in this thread (`main()`). */
export function checkCommand(argv: string[], io: Io): number {
  const plan = planCheck(argv, io);
  if (plan.kind === 'done') return plan.code;
  if (plan.kind === 'one') return checkOne(plan.path, plan.hpa, plan.limits, io);
  return fleetCheck(plan.sel, plan.limits, plan.hpa, plan.reports, io);
}

/** `check` with a fleet on every core (`--workers N`, default all): what the command runs. */
export async function checkCommandAsync(argv: string[], io: Io): Promise<number> {
  const plan = planCheck(argv, io);
  if (plan.kind === 'done') return plan.code;
  if (plan.kind === 'one') return checkOne(plan.path, plan.hpa, plan.limits, io);
  const { sel, limits, hpa } = plan;
  const fleet = await judgeFleetParallel(sel, limits, hpa, plan.workers ?? fleetWorkers(), () =>
    judgeFleet(sel, limits, hpa),
  );
  return reportFleet(fleet, sel, plan.reports, io);
}

/** A path that is a directory, a glob, or a file with more than one autoscaler. */
function manyAutoscalers(path: string): boolean {
  if (path !== '-') {
    try {
      if (statSync(path).isDirectory()) return true;
    } catch {
      return isGlob(path);
    }
  }
  return scanFile(path, true).targets.length > 1;
}

/** One autoscaler: every run's PASS/FAIL lines and KPIs as text. */
function checkOne(path: string, hpa: string | undefined, limits: Limits, io: Io): number {
  const file = displayName(path);
  const loaded = loadScenarioFile(path, { hpa });
  if (!loaded.ok) {
    loaded.errors.forEach((e) => io.err(e));
    return 2;
  }
  loaded.warnings.forEach((w) => io.err(w));
  const j = judgeParsed(loaded.parsed, limits);
  if (!j.ok) {
    if (j.usage) return io.usage(j.error);
    io.err(
      j.error.startsWith('--') ? `${file}: error: ${j.error}` : `${file}:1:1: error: ${j.error}`,
    );
    return 2;
  }
  const n = j.runs.length;
  // A multi-cluster scenario with variants is gated like one cluster's variants (--gate).
  const modelsOnly = j.federated && j.runs.every((r) => r.role === 'model');
  let failedChecks = 0;
  j.runs.forEach((run, i) => {
    if (modelsOnly) io.out(`${run.name}:`);
    else if (j.federated)
      io.out(`${i ? '\n' : ''}${run.name}${run.gated ? '' : ' (reported, not gated)'}:`);
    else if (n > 1) {
      const what = run.role === 'variant' ? `variant ${run.name}` : `${run.name} (the HPA)`;
      io.out(`${i ? '\n' : ''}${what}${run.gated ? '' : ' (reported, not gated)'}:`);
    }
    const over = limits.draws ? ` at ${drawsLabel(limits.draws)}` : '';
    for (const c of run.checks) {
      if (!c.ok) failedChecks++;
      io.out(`${c.ok ? 'PASS' : 'FAIL'} ${c.label}${over}: ${c.value} (${c.bound} ${c.limit})`);
    }
    kpiLines(run.result).forEach((l) => io.out(`  ${l}`));
    if (run.drawn) io.out(drawsText(run.drawn).replace(/^/gm, '  '));
  });
  const active = limits.active.length;
  if (modelsOnly || n === 1) {
    const total = active * n;
    io.out(
      failedChecks === 0
        ? `${file}: all ${total} thresholds met`
        : `${file}: ${failedChecks} of ${total} thresholds not met`,
    );
    return failedChecks === 0 ? 0 : 1;
  }
  const met = j.runs.filter((r) => r.checks.every((c) => c.ok)).map((r) => r.name);
  const failing = j.runs.filter((r) => r.gated && r.checks.some((c) => !c.ok)).map((r) => r.name);
  io.out(
    `\n${file}: thresholds met by ${met.length ? met.join(', ') : 'no run'} (${met.length} of ${n} runs); ` +
      (failing.length === 0
        ? `gate (${limits.gate}) passed`
        : `gate (${limits.gate}) failed: ${failing.join(', ')}`),
  );
  return failing.length === 0 ? 0 : 1;
}
