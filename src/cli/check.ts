// `cli check FILE --max-… N`: KPI thresholds as an exit status, to gate an HPA change in CI.
// The verdict is the search's own (src/tune: judgedPlans picks the runs, verdict() judges them),
// so `check` of a manifest `tune` printed agrees with what `tune` said of it.

import { executeRun, planParsed, type RunPlan } from '../run/index.ts';
import { judgedPlans, THRESHOLDS, verdict, type Constraint } from '../tune/index.ts';
import { parseArgs, type Io } from './args.ts';
import { kpiLines } from './format.ts';
import { loadScenarioFile } from './loadScenario.ts';

// The thresholds are shared with `cli tune` and the app's search panel (src/tune/goals.ts).
export { THRESHOLDS };

export function checkCommand(argv: string[], io: Io): number {
  const spec: Record<string, 'number' | 'string'> = {
    ...Object.fromEntries(THRESHOLDS.map((t) => [t.flag, 'number' as const])),
    hpa: 'string',
    gate: 'string',
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
  const runs = planParsed(loaded.parsed).runs;
  if (runs.length === 0) {
    io.err(`${file}:1:1: error: the scenario is not valid`);
    return 2;
  }
  const gate = (args.values.gate as string | undefined) ?? 'hpa';
  const gated = gatedRuns(gate, runs);
  if (!gated) {
    const names = runs.slice(1).map((r) => r.key);
    return io.usage(
      `--gate takes hpa, all${names.length ? `, or a variant (${names.join(', ')})` : ''}; got "${gate}"`,
    );
  }
  if (args.values['max-cost-per-month'] !== undefined && !loaded.parsed.input?.cost) {
    io.err(
      `${file}: error: --max-cost-per-month needs prices: add spec.cost to the Simulation document`,
    );
    return 2;
  }
  const constraints: Constraint[] = active.map((t) => ({
    flag: t.flag,
    limit: args.values[t.flag] as number,
  }));
  // Multi-cluster: judged on each model's total (a federation has no variants).
  if (runs[0]!.federation) return checkFederated(file, runs, constraints, io);
  const verdicts: { key: string; failed: number }[] = [];
  for (const run of runs) {
    const outcome = executeRun(run);
    if (!outcome.ok) {
      const who = run.role === 'variant' ? `variant '${run.name}': ` : '';
      io.err(`${file}:1:1: error: ${who}${outcome.error}`);
      return 2;
    }
    // With variants, each run's verdict is headed by its name so a CI log reads per variant.
    if (runs.length > 1) {
      const what = run.role === 'variant' ? `variant ${run.name}` : `${run.name} (the HPA)`;
      io.out(
        `${verdicts.length ? '\n' : ''}${what}${gated.includes(run.key) ? '' : ' (reported, not gated)'}:`,
      );
    }
    const judged = verdict([{ ...run, kpis: outcome.result.kpis }], constraints);
    const failed = printResults(judged.runs[0]!.results, io);
    kpiLines(outcome.result).forEach((l) => io.out(`  ${l}`));
    verdicts.push({ key: run.key, failed });
  }
  const judged = verdicts.filter((v) => gated.includes(v.key));
  const failing = judged.filter((v) => v.failed > 0);
  if (runs.length === 1) {
    const failed = verdicts[0]!.failed;
    io.out(
      failed === 0
        ? `${file}: all ${active.length} thresholds met`
        : `${file}: ${failed} of ${active.length} thresholds not met`,
    );
  } else {
    const label = (key: string) => runs.find((r) => r.key === key)!.name;
    const met = verdicts.filter((v) => v.failed === 0).map((v) => label(v.key));
    io.out(
      `\n${file}: thresholds met by ${met.length ? met.join(', ') : 'no run'} (${met.length} of ${runs.length} runs); ` +
        (failing.length === 0
          ? `gate (${gate}) passed`
          : `gate (${gate}) failed: ${failing.map((v) => label(v.key)).join(', ')}`),
    );
  }
  return failing.length === 0 ? 0 : 1;
}

/**
 * Which runs decide the exit status: `hpa` (default) the HPA as written, the manifest that ships;
 * `all` every run; a variant's name that variant (a proposed change gated before it is applied).
 */
function gatedRuns(gate: string, runs: readonly RunPlan[]): string[] | null {
  if (gate === 'hpa') return [runs[0]!.key];
  if (gate === 'all') return runs.map((r) => r.key);
  const variant = runs.find((r) => r.role === 'variant' && r.key === gate);
  return variant ? [variant.key] : null;
}

/** One line per constraint (PASS or FAIL); returns how many failed. */
function printResults(results: ReturnType<typeof verdict>['worst'], io: Io): number {
  for (const r of results)
    io.out(`${r.met ? 'PASS' : 'FAIL'} ${r.label}: ${r.value} (${r.bound} ${r.limit})`);
  return results.filter((r) => !r.met).length;
}

/** Multi-cluster: every threshold against each model's total (the service over all clusters). */
function checkFederated(
  file: string,
  runs: readonly RunPlan[],
  constraints: Constraint[],
  io: Io,
): number {
  const judged = [];
  for (const plan of judgedPlans(runs)) {
    const outcome = executeRun(plan);
    if (!outcome.ok) {
      io.err(`${file}:1:1: error: ${plan.federation!.model} model: ${outcome.error}`);
      return 2;
    }
    judged.push({ plan, result: outcome.result });
  }
  const members = runs[0]!.input.federation!.clusters.length;
  const all = verdict(
    judged.map((j) => ({ key: j.plan.key, name: j.plan.name, kpis: j.result.kpis })),
    constraints,
  );
  let failed = 0;
  judged.forEach((j, i) => {
    io.out(`${j.plan.federation!.model} model (total over ${members} clusters):`);
    failed += printResults(all.runs[i]!.results, io);
    kpiLines(j.result).forEach((l) => io.out(`  ${l}`));
  });
  const n = constraints.length * judged.length;
  io.out(
    all.met ? `${file}: all ${n} thresholds met` : `${file}: ${failed} of ${n} thresholds not met`,
  );
  return all.met ? 0 : 1;
}
