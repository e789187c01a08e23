// How a search judges its candidates over timing draws, from the settings a person gives (the
// app's Tune form, `cli tune --draws N --percentile P --seed S`): one function for both, so the
// same seed, draws and percentile make the same search. Light on purpose (no simulator): the
// page's store and panel import it.

import { MAX_DRAWS } from '../engine/simulation/draws.ts';

/** Most draws a candidate runs (the engine's limit for one run set). */
export { MAX_DRAWS };

/** How a search judges its candidates over draws (TuneBase.draws, src/tune/drawn.ts). */
export interface DrawsGoal {
  count: number;
  seed: number;
  /** 0 < p ≤ 100; 100: the worst draw */
  percentile: number;
}

/** The CLI's defaults: one run per candidate (no --draws), and the worst draw when there are more. */
export const SEARCH_DRAWS_DEFAULTS = { count: 1, percentile: 100 } as const;

/**
 * The draws a search runs: null for one draw (draw 0 is the scenario as written, so one draw is
 * one plain run; judged as such it keeps the search's curve tapes), else N draws from the seed.
 */
export function searchDraws(count: number, percentile: number, seed: number): DrawsGoal | null {
  return count > 1 ? { count, seed, percentile } : null;
}

/** What is wrong with a form's draws and percentile (named by their fields), or null. */
export function searchDrawsProblem(count: number, percentile: number): string | null {
  if (!Number.isInteger(count) || count < 1 || count > MAX_DRAWS)
    return `Draws takes a whole number from 1 to ${MAX_DRAWS}, got ${Number.isFinite(count) ? count : 'nothing'}`;
  if (!(percentile > 0 && percentile <= 100))
    return `Percentile takes a number above 0 and at most 100, got ${Number.isFinite(percentile) ? percentile : 'nothing'}`;
  return null;
}

/** "1 draw (each candidate runs once, as written)", "the worst of 16 draws", "p95 of 16 draws". */
export function searchDrawsLabel(count: number, percentile: number): string {
  if (count <= 1) return '1 draw (each candidate runs once, as written)';
  return percentile === 100 ? `the worst of ${count} draws` : `p${percentile} of ${count} draws`;
}
