// Which runs a verdict is about, and running them: shared by `cli check` and the search, so a
// tuned behavior is judged on exactly the runs `check` will judge it on — the HPA over its world,
// or, for a multi-cluster scenario, every model's total over all its clusters.

import type { CurveCompiler, SimulationInput } from '../engine/simulation/index.ts';
import { executeRun, hpaPlan, planFederation, type RunPlan } from '../run/index.ts';
import type { JudgedRun } from './goals.ts';

/** Of a scenario's planned runs, those its verdict is about: each model's total, else the HPA's. */
export function judgedPlans(plans: readonly RunPlan[]): RunPlan[] {
  // The HPA's own totals: a multi-cluster variant's are its own runs (variants are not judged).
  const totals = plans.filter(
    (p) => p.federation?.member === null && p.federation.variant === undefined,
  );
  return totals.length > 0 ? totals : plans.slice(0, 1);
}

/** The judged plans of one input (a search's candidate): as planParsed would make them. */
export function plansOf(input: SimulationInput, name: string): RunPlan[] {
  return judgedPlans(input.federation ? planFederation(input, name) : [hpaPlan(input, name)]);
}

export type JudgedOutcome = { ok: true; runs: JudgedRun[] } | { ok: false; error: string };

/**
 * Runs each plan (compact records) and keeps its KPIs; the first failure fails them all.
 * `curves`: a search's curve tapes for single-cluster runs (the values are the same).
 */
export function runJudged(plans: readonly RunPlan[], curves?: () => CurveCompiler): JudgedOutcome {
  const runs: JudgedRun[] = [];
  for (const plan of plans) {
    // Only the KPIs are kept: no replay snapshots, no series but the KPIs' (the same figures).
    const run = executeRun(
      plan,
      curves && !plan.federation
        ? { curves: curves(), replay: false, series: false }
        : { replay: false, series: false },
    );
    if (!run.ok) {
      const who = plan.federation ? `${plan.federation.model} model: ` : '';
      return { ok: false, error: `${who}${run.error}` };
    }
    runs.push({ key: plan.key, name: plan.label, kpis: run.result.kpis });
  }
  return { ok: true, runs };
}
