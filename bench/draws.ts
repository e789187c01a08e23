// Timing draws' throughput (issue 25): 16 draws of the default scenario (a day at 15 s) run one
// after another on one core, as `cli check --draws 16` runs them. Timed in CPU (a shared machine
// inflates wall time most) and by the wall clock, each the median of 5 passes after a warm-up
// pass. Reported, never asserted.

import { executeDraws, planScenario } from '../src/run/index.ts';
import { median, timed } from './timing.ts';

export interface DrawFigures {
  draws: number;
  /** CPU time of the 16 draws on this thread, median of 5 */
  cpuMs: number;
  /** wall clock of the 16 draws, median of 5 */
  ms: number;
  /** draws per CPU second */
  perSecond: number;
}

export function drawFigures(text: string, draws = 16): DrawFigures {
  const plan = planScenario(text).runs[0];
  if (!plan) throw new Error('the default scenario does not plan');
  const once = () => {
    const r = executeDraws(plan, draws, 1);
    if (!r.ok) throw new Error(r.error);
  };
  // the first pass warms the JIT up and is not counted
  once();
  const passes = Array.from({ length: 5 }, () => timed(once));
  const cpuMs = median(passes.map((p) => p.cpuMs));
  const ms = median(passes.map((p) => p.ms));
  return {
    draws,
    cpuMs: Math.round(cpuMs),
    ms: Math.round(ms),
    perSecond: Math.round((draws * 1000) / cpuMs),
  };
}
