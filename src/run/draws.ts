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
import { estimateWork } from '../scenario/index.ts';
import { executeRun, type RunOptions } from './runScenario.ts';
import { DRAW_TAPES } from './tapeShelf.ts';
import type { RunPlan } from './types.ts';

export interface DrawRun {
  draw: TimingDraw;
  kpis: Kpis;
}

/** A draw with its replicas over time (the app's band): the scale's spec.replicas per sync. */
export interface DrawRunSeries extends DrawRun {
  specReplicas: Float64Array;
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

/**
 * Draws that together certainly pass the work budget (each is a whole run, as a variant is): the
 * message names `where` (the flag or field) and how many would fit; null when they fit or no
 * budget applies.
 */
export function drawsBudgetProblem(
  plan: RunPlan,
  count: number,
  workBudget: number | undefined,
  where = '--draws',
): string | null {
  if (workBudget === undefined) return null;
  const one = estimateWork(plan.input).certainUnits;
  if (count * one <= workBudget) return null;
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  const fits = Math.max(1, Math.floor(workBudget / Math.max(1, one)));
  return `${where} ${count}: ${count} whole runs need at least about ${fmt(count * one)} units of work, over the work budget of ${fmt(workBudget)}; at most ${fits} fit${
    where.startsWith('--')
      ? ' (--max-work raises the budget)'
      : "; fewer draws or a shorter spec.duration fit (the command line's --max-work raises the budget)"
  }`;
}

/** Runs `count` draws of `plan` from `seed` (draw 0: the scenario as written). */
export function executeDraws(
  plan: RunPlan,
  count: number,
  seed: number,
  options: RunOptions = {},
): DrawsResult {
  const problem =
    drawsProblem(count) ?? drawsBudgetProblem(plan, count, options.workBudget ?? plan.workBudget);
  if (problem) return { ok: false, error: problem };
  const run = executeDrawsAt(plan, count, seed, null, options);
  if (!run.ok) return run;
  const draws = run.draws.map(({ draw, kpis }) => ({ draw, kpis }));
  return { ok: true, seed, draws, stats: drawStats(draws.map((d) => d.kpis)) };
}

/**
 * Some of `count` draws of `plan` from `seed` (`indices`; null: all), each with its replicas over
 * time: one lane's share of the app's draws (src/worker runDraws).
 */
export function executeDrawsAt(
  plan: RunPlan,
  count: number,
  seed: number,
  indices: readonly number[] | null,
  options: RunOptions = {},
): { ok: true; draws: DrawRunSeries[] } | { ok: false; error: string } {
  const problem = drawsProblem(count);
  if (problem) return { ok: false, error: problem };
  // A multi-cluster draw is the group of member runs under it; its figures, the model's total.
  const drawn = plan.federation
    ? { ...plan, federation: { ...plan.federation, member: null } }
    : plan;
  const wanted = indices === null ? null : new Set(indices);
  const draws: DrawRunSeries[] = [];
  for (const draw of timingDraws(plan.input, count, seed)) {
    if (wanted && !wanted.has(draw.index)) continue;
    // A draw keeps its KPIs and replicas only: no replay snapshots, and no series but those the
    // KPIs read (spec replicas among them) and no events (the same figures).
    const run = executeRun(
      { ...drawn, input: drawInput(plan.input, draw) },
      { tapes: DRAW_TAPES, ...options, replay: false, series: false },
    );
    if (!run.ok) return { ok: false, error: `draw ${draw.index} of ${count}: ${run.error}` };
    draws.push({
      draw,
      kpis: run.result.kpis,
      specReplicas: run.result.series.specReplicas.slice(),
    });
  }
  return { ok: true, draws };
}
