// Timing draws' throughput (issue 25): 16 draws of the default scenario (a day at 15 s) run one
// after another on one core, as `cli check --draws 16` runs them. Reported, never asserted.

import { executeDraws, planScenario } from '../src/run/index.ts';

export interface DrawFigures {
  draws: number;
  /** wall clock of the 16 draws, median of 3 */
  ms: number;
  perSecond: number;
}

export function drawFigures(text: string, draws = 16): DrawFigures {
  const plan = planScenario(text).runs[0];
  if (!plan) throw new Error('the default scenario does not plan');
  const times: number[] = [];
  for (let i = 0; i < 4; i++) {
    const t0 = performance.now();
    const r = executeDraws(plan, draws, 1);
    if (!r.ok) throw new Error(r.error);
    // the first pass warms the JIT up and is not counted
    if (i > 0) times.push(performance.now() - t0);
  }
  const ms = times.sort((a, b) => a - b)[1]!;
  return { draws, ms: Math.round(ms), perSecond: Math.round((draws * 1000) / ms) };
}
