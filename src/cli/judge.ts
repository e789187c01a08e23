// One autoscaler's verdict: every run it has (the HPA, its variants, or each federation model's
// total) against every threshold, and which runs the gate says decide. Shared by `check` on one
// file (its text) and on a fleet (reports); the printing is theirs. The judging is the search's
// own (src/tune: `judge` for each run; a multi-cluster scenario's totals as `judgedPlans` picks them), so
// `check` of a manifest `tune` printed agrees with what `tune` said of it.

import type { SimulationResult } from '../engine/simulation/index.ts';
import type { ParseResult } from '../scenario/index.ts';
import {
  executeDraws,
  executeRun,
  runRole,
  variantOf,
  planParsed,
  type DrawsResult,
  type RunPlan,
} from '../run/index.ts';
import { judge, pessimisticKpis, type Threshold } from '../tune/index.ts';
import type { DrawsAsked } from './draws.ts';

export interface Check {
  flag: string;
  label: string;
  bound: 'max' | 'min';
  limit: number;
  value: number;
  ok: boolean;
}

export interface RunVerdict {
  key: string;
  /** hpa, variant, or a federation model's total */
  role: 'hpa' | 'variant' | 'cluster' | 'model';
  name: string;
  /** this run's verdict decides (the gate) */
  gated: boolean;
  checks: Check[];
  result: SimulationResult;
  /** the run's timing draws, when judged over them */
  drawn?: DrawsResult & { ok: true };
}

export type Judgement =
  | { ok: true; runs: RunVerdict[]; federated: boolean; passed: boolean }
  | { ok: false; error: string; usage?: boolean };

export interface Limits {
  active: readonly Threshold[];
  values: Record<string, unknown>;
  gate: string;
  /** judge each run over timing draws, at a percentile of them (cli/draws.ts) */
  draws?: DrawsAsked | null;
}

export function judgeParsed(parsed: ParseResult, limits: Limits): Judgement {
  const runs = planParsed(parsed).runs;
  if (runs.length === 0) return { ok: false, error: 'the scenario is not valid' };
  if (limits.values['max-cost-per-month'] !== undefined && !parsed.input?.cost)
    return {
      ok: false,
      error: '--max-cost-per-month needs prices: add spec.cost to the Simulation document',
    };
  const constraints = limits.active.map((t) => ({
    flag: t.flag,
    limit: limits.values[t.flag] as number,
  }));
  // Over draws: every threshold at the percentile of its bad tail, as the search judges them.
  const checksOf = (result: SimulationResult, drawn?: DrawsResult & { ok: true }): Check[] =>
    judge(
      drawn
        ? pessimisticKpis(
            drawn.draws.map((x) => x.kpis),
            limits.draws!.percentile,
          )
        : result.kpis,
      constraints,
    ).map((r) => ({
      flag: r.flag,
      label: r.label,
      bound: r.bound,
      limit: r.limit,
      value: r.value,
      ok: r.met,
    }));
  const gated = gatedRuns(limits.gate, runs);
  if (!gated) {
    const names = variantNames(runs);
    return {
      ok: false,
      usage: true,
      error: `--gate takes hpa, all${names.length ? `, or a variant (${names.join(', ')})` : ''}; got "${limits.gate}"`,
    };
  }
  if (runs[0]!.federation) {
    // Multi-cluster: each model's total is judged, the HPA's and each variant's (their groups).
    const members = runs[0]!.input.federation!.clusters.length;
    const verdicts: RunVerdict[] = [];
    for (const plan of runs.filter((p) => p.kind === 'total')) {
      const { model, variant } = plan.federation!;
      const who = variant === undefined ? '' : `variant '${variant}', `;
      const outcome = executeRun(plan);
      if (!outcome.ok) return { ok: false, error: `${who}${model} model: ${outcome.error}` };
      // --draws: the total judged over its draws (each the group of member runs under it).
      const d = limits.draws;
      const drawn = d ? executeDraws(plan, d.count, d.seed) : null;
      if (drawn && !drawn.ok) return { ok: false, error: `${who}${model} model: ${drawn.error}` };
      verdicts.push({
        key: variant === undefined ? model : plan.key,
        role: variant === undefined ? 'model' : 'variant',
        name: `${variant === undefined ? '' : `${variant}: `}${model} model (total over ${members} clusters)`,
        gated: gated.includes(variant ?? runs[0]!.key),
        checks: checksOf(outcome.result, drawn ?? undefined),
        result: outcome.result,
        ...(drawn ? { drawn } : {}),
      });
    }
    return { ok: true, runs: verdicts, federated: true, passed: allMet(verdicts) };
  }
  const verdicts: RunVerdict[] = [];
  for (const run of runs) {
    const outcome = executeRun(run);
    if (!outcome.ok) {
      const who = run.kind === 'variant' ? `variant '${run.label}': ` : '';
      return { ok: false, error: `${who}${outcome.error}` };
    }
    const d = limits.draws;
    const drawn = d ? executeDraws(run, d.count, d.seed) : null;
    if (drawn && !drawn.ok) return { ok: false, error: `${run.label}: ${drawn.error}` };
    verdicts.push({
      key: run.key,
      role: runRole(run.kind),
      name: run.label,
      gated: gated.includes(run.key),
      checks: checksOf(outcome.result, drawn ?? undefined),
      result: outcome.result,
      ...(drawn ? { drawn } : {}),
    });
  }
  return { ok: true, runs: verdicts, federated: false, passed: allMet(verdicts) };
}

function allMet(runs: readonly RunVerdict[]): boolean {
  return runs.every((r) => !r.gated || r.checks.every((c) => c.ok));
}

/**
 * Which runs decide the exit status: `hpa` (default) the HPA as written, the manifest that ships;
 * `all` every run; a variant's name that variant (a proposed change gated before it is applied).
 */
/** The runs --gate names: keys, a multi-cluster variant by its name (its totals' variant). */
function gatedRuns(gate: string, runs: readonly RunPlan[]): string[] | null {
  const variants = variantNames(runs);
  if (gate === 'hpa') return [runs[0]!.key];
  if (gate === 'all') return [runs[0]!.key, ...variants];
  return variants.includes(gate) ? [gate] : null;
}

/** The variants of the plans, in order (a multi-cluster variant once, not once per run). */
function variantNames(runs: readonly RunPlan[]): string[] {
  return [...new Set(runs.flatMap((r) => variantOf(r) ?? []))];
}
