// A candidate judged over timing draws (engine/simulation/draws.ts): each judged run is run N
// times with the scrape and sync phases drawn from the seed, and its KPIs are every figure at
// the chosen percentile of the draws' bad tail, so a goal is met only if it holds there.

import { kpisAtPercentile, tailValue, type Kpis } from '../engine/simulation/index.ts';
import { executeDraws, type RunPlan } from '../run/index.ts';
import type { DrawsGoal } from './drawsGoal.ts';
import type { JudgedRun } from './goals.ts';
import type { JudgedOutcome } from './judged.ts';

export type { DrawsGoal };

/** Nearest rank of a percentile this small is the first value: the smallest of ≤ 256 draws. */
const LOWEST = 1e-9;

/** Each KPI's smallest and largest value over the draws (the spread a candidate shows). */
export function kpisSpread(all: readonly Kpis[]): { count: number; low: Kpis; high: Kpis } {
  return {
    count: all.length,
    low: kpisAtPercentile(all, LOWEST),
    high: kpisAtPercentile(all, 100),
  };
}

/** Every KPI at percentile p of its bad tail: high, and low for the final replicas (a minimum). */
export function pessimisticKpis(all: readonly Kpis[], p: number): Kpis {
  const k = kpisAtPercentile(all, p);
  k.finalReplicas = tailValue(
    all.map((x) => x.finalReplicas),
    p,
    'min',
  );
  return k;
}

/**
 * Each plan over the draws: the HPA's run, or a multi-cluster scenario's model totals (each draw
 * of a total the group of member runs under it, run/draws.ts).
 */
export function runDrawn(plans: readonly RunPlan[], d: DrawsGoal): JudgedOutcome {
  const runs: JudgedRun[] = [];
  for (const plan of plans) {
    const drawn = executeDraws(plan, d.count, d.seed);
    if (!drawn.ok) {
      const who = plan.federation ? `${plan.federation.model} model: ` : '';
      return { ok: false, error: `${who}${drawn.error}` };
    }
    const all = drawn.draws.map((x) => x.kpis);
    const kpis = pessimisticKpis(all, d.percentile);
    runs.push({ key: plan.key, name: plan.label, kpis, spread: kpisSpread(all) });
  }
  return { ok: true, runs };
}
