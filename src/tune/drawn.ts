// A candidate judged over timing draws (engine/simulation/draws.ts): each judged run is run N
// times with the scrape and sync phases drawn from the seed, and its KPIs are every figure at
// the chosen percentile of the draws' bad tail, so a goal is met only if it holds there.

import { kpisAtPercentile, tailValue, type Kpis } from '../engine/simulation/index.ts';
import { executeDraws, type RunPlan } from '../run/index.ts';
import type { JudgedRun } from './goals.ts';
import type { JudgedOutcome } from './judged.ts';

/** How a search judges its candidates over draws (TuneBase.draws). */
export interface DrawsGoal {
  count: number;
  seed: number;
  /** 0 < p ≤ 100; 100: the worst draw */
  percentile: number;
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

/** Each plan over the draws (a multi-cluster plan is refused by executeDraws, with a message). */
export function runDrawn(plans: readonly RunPlan[], d: DrawsGoal): JudgedOutcome {
  const runs: JudgedRun[] = [];
  for (const plan of plans) {
    const drawn = executeDraws(plan, d.count, d.seed);
    if (!drawn.ok) return { ok: false, error: drawn.error };
    const kpis = pessimisticKpis(
      drawn.draws.map((x) => x.kpis),
      d.percentile,
    );
    runs.push({ key: plan.key, name: plan.label, kpis });
  }
  return { ok: true, runs };
}
