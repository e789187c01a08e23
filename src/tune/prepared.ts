// A search prepared once per worker: the scenario parsed once, and its world's curves sampled
// once (curve tapes: the first candidate records what its curves gave, every later one replays
// it; a candidate changes the HPA, never when the curves are sampled). Every candidate then costs
// a patch of the HPA's spec and its runs' simulation only.

import { CurveTapes } from '../engine/simulation/index.ts';
import { drawsBudgetProblem } from '../run/index.ts';
import type { ParseResult } from '../scenario/index.ts';
import { evaluateCandidate, tuneBase, type Evaluation, type TuneBase } from './candidate.ts';
import type { DrawsGoal } from './drawn.ts';
import { plansOf } from './judged.ts';

export interface PreparedSearch {
  readonly base: TuneBase;
  /** one candidate's evaluation: the same as evaluateCandidate(base, patch), bit for bit */
  evaluate(patch: unknown): Evaluation;
}

export type PreparedStart = { ok: true; search: PreparedSearch } | { ok: false; error: string };

/** `draws`: judge every candidate over timing draws (drawn.ts); null: one run each. */
export function prepareSearch(
  parsed: ParseResult,
  maxWork: number,
  draws: DrawsGoal | null = null,
): PreparedStart {
  const made = tuneBase(parsed, maxWork);
  if (!made.ok) return made;
  const base: TuneBase = draws ? { ...made.base, draws } : made.base;
  // Draws the current HPA cannot afford (each a whole run) would fail every candidate alike:
  // refused once, before the search starts. A multi-cluster scenario draws each model's total
  // (each draw the group of member runs under it, as `check --draws` judges it).
  if (draws) {
    for (const plan of plansOf(base.input, base.name)) {
      const tooMuch = drawsBudgetProblem(plan, draws.count, maxWork, 'draws');
      const model = plan.federation ? `${plan.federation.model} model: ` : '';
      if (tooMuch) return { ok: false, error: `${model}${tooMuch}` };
    }
  }
  const tapes = new CurveTapes();
  const curves = () => tapes.forRun();
  return {
    ok: true,
    search: { base, evaluate: (patch) => evaluateCandidate(base, patch, curves) },
  };
}
