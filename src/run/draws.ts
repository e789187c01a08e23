// N timing draws of one run (engine/simulation/draws.ts): each draw a whole run of the same
// scenario with the scrape and sync phases drawn from the seed; every KPI summarized as its
// median, 95th percentile and worst. The CLI's `--draws`, the tuner and the app read this.

import {
  drawInput,
  drawStats,
  MAX_DRAWS,
  timingDraws,
  type DrawStats,
  type Kpis,
  type TimingDraw,
} from '../engine/simulation/index.ts';
import { executeRun, type RunOptions } from './runScenario.ts';
import type { RunPlan } from './types.ts';

export interface DrawRun {
  draw: TimingDraw;
  kpis: Kpis;
}

export type DrawsResult =
  { ok: true; seed: number; draws: DrawRun[]; stats: DrawStats } | { ok: false; error: string };

/** Checks a `--draws` count (a located message names the flag or field). */
export function drawsProblem(count: unknown, where = '--draws'): string | null {
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_DRAWS)
    return `${where} takes a whole number from 1 to ${MAX_DRAWS}, got ${String(count)}`;
  return null;
}

/** Checks a `--percentile` (0 < p ≤ 100). */
export function percentileProblem(p: unknown, where = '--percentile'): string | null {
  if (typeof p !== 'number' || !(p > 0 && p <= 100))
    return `${where} takes a number above 0 and at most 100, got ${String(p)}`;
  return null;
}

/** Runs `count` draws of `plan` from `seed` (draw 0: the scenario as written). */
export function executeDraws(
  plan: RunPlan,
  count: number,
  seed: number,
  options: RunOptions = {},
): DrawsResult {
  const problem = drawsProblem(count);
  if (problem) return { ok: false, error: problem };
  if (plan.federation)
    return { ok: false, error: 'draws run one cluster; a multi-cluster scenario runs once' };
  const draws: DrawRun[] = [];
  for (const draw of timingDraws(plan.input, count, seed)) {
    const run = executeRun({ ...plan, input: drawInput(plan.input, draw) }, options);
    if (!run.ok) return { ok: false, error: `draw ${draw.index} of ${count}: ${run.error}` };
    draws.push({ draw, kpis: run.result.kpis });
  }
  return { ok: true, seed, draws, stats: drawStats(draws.map((d) => d.kpis)) };
}
