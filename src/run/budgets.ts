// The work budget from the scenario to the engine's meter: every run a scenario asks for carries
// its share of the budget it was read with (ParseResult.workBudget), and a run the meter stops
// is named at the field the user wrote behind the cost that stopped it (ParseResult.inputFields).
// The estimate that shares the budget is the meter's own measure, predicted (scenario/budget.ts).

import type { SimulationInput, WorkOverrun } from '../engine/simulation/index.ts';
import {
  DEFAULT_MAX_WORK,
  estimateWork,
  locateInputFields,
  type InputFieldLocation,
  type ParseResult,
} from '../scenario/index.ts';
import type { RunPlan, RunResult } from './types.ts';

interface Estimate {
  certain: number;
  worst: number;
}

/**
 * Each run's share of `budget`: its certain cost, plus the rest of the budget divided by how much
 * more each run may cost (its worst case over its certain one), so that the shares add up to the
 * budget: the runs of one scenario together never pass it. (parseScenario has refused a scenario
 * whose certain costs pass it.)
 */
export function shareBudget(estimates: readonly Estimate[], budget: number): number[] {
  if (estimates.length === 1) return [budget];
  const certain = estimates.reduce((n, e) => n + e.certain, 0);
  const spare = Math.max(0, budget - certain);
  const open = estimates.map((e) => Math.max(0, e.worst - e.certain));
  const total = open.reduce((n, x) => n + x, 0);
  return estimates.map(
    (e, i) => e.certain + (total > 0 ? (spare * open[i]!) / total : spare / estimates.length),
  );
}

/** Each model's share of `budget` (a multi-cluster input's models, in order). */
export function modelBudgets(input: SimulationInput, budget: number): number[] {
  const f = input.federation;
  if (!f) return [budget];
  const models = f.models.map((m) => {
    const e = estimateWork({ ...input, federation: { ...f, models: [m] } });
    return { certain: e.certainUnits, worst: e.units };
  });
  return shareBudget(models, budget);
}

/** The plans of `parsed` with their budgets and the input fields' places. */
export function withBudgets(plans: RunPlan[], parsed: ParseResult): RunPlan[] {
  const budget = parsed.workBudget ?? DEFAULT_MAX_WORK;
  const fields = parsed.inputFields;
  const input = plans[0]?.input;
  if (!input) return plans;
  if (input.federation) {
    // One simulation per model (and per variant), shared by its member plans: each group's
    // share is its model's, of the budget shared among the HPA's and its variants' federations.
    const groups = [...new Map(plans.map((p) => [p.group, p])).values()];
    const shares = shareBudget(
      groups.map((p) => {
        const f = p.input.federation!;
        const e = estimateWork({ ...p.input, federation: { ...f, models: [p.federation!.model] } });
        return { certain: e.certainUnits, worst: e.units };
      }),
      budget,
    );
    const byGroup = new Map(groups.map((p, i) => [p.group, shares[i]!]));
    return plans.map((p) => ({ ...p, workBudget: byGroup.get(p.group)!, inputFields: fields }));
  }
  const shares = shareBudget(
    plans.map((p) => {
      const e = estimateWork(p.input);
      return { certain: e.certainUnits, worst: e.units };
    }),
    budget,
  );
  return plans.map((p, i) => ({ ...p, workBudget: shares[i]!, inputFields: fields }));
}

/**
 * A run the meter stopped, as an error naming the field behind its cost (the first the user
 * wrote of the meter's list), and that field's place in the text.
 */
export function overrunError(
  overrun: WorkOverrun,
  fields: Readonly<Record<string, InputFieldLocation>> | undefined,
): { error: string; at: InputFieldLocation | null } {
  const at = locateInputFields(overrun.fields, fields ?? {});
  const where = at ? `, set by ${at.path} (line ${at.line})` : '';
  return {
    error: `${overrun.message}${where} (the command line's --max-work raises the budget)`,
    at,
  };
}

/** A failed run; one the meter stopped names the field behind its cost. */
export function failed(
  plan: RunPlan,
  outcome: { error: string; overrun?: WorkOverrun },
): RunResult & { ok: false } {
  const { overrun } = outcome;
  if (!overrun) return { ...plan, ok: false, error: outcome.error, result: null };
  const { error, at } = overrunError(overrun, plan.inputFields);
  return { ...plan, ok: false, error, result: null, overrun, at };
}
