/**
 * The work budget where the scenario is read (budget.ts: the engine meter's counts, predicted):
 * a scenario certain to pass it is refused at the field behind its dominant cost (the meter's
 * list of fields, located as a run the meter stops is, inputFields.ts); one that may pass it only
 * in its worst case gets a notice, and its run carries the budget to the meter.
 */
import type { SimulationInput } from '../engine/simulation/input.ts';
import {
  DEFAULT_MAX_WORK,
  estimateWork,
  mayPassBudgetNotice,
  overBudgetMessage,
} from './budget.ts';
import type { Reporter } from './diagnostics.ts';
import { inputFieldSource, isWritten, sourcePathOf, type FieldContext } from './inputFields.ts';
import type { ParseOptions } from './types.ts';

export interface BudgetContext extends FieldContext {
  reportHpa: Reporter;
  reportSimulation: Reporter;
}

/** Returns the work budget to apply: the option when it is a positive number, else the default. */
export function maxWorkOf(options: ParseOptions | undefined): number {
  const n = options?.maxWork;
  return typeof n === 'number' && n > 0 ? n : DEFAULT_MAX_WORK;
}

/** Refuses a run certain to pass the budget (located); returns a notice when it only may. */
export function checkBudget(
  input: SimulationInput,
  options: ParseOptions | undefined,
  ctx: BudgetContext,
): string | null {
  const maxWork = maxWorkOf(options);
  const estimate = estimateWork(input);
  if (estimate.certainUnits <= maxWork)
    return estimate.units > maxWork ? mayPassBudgetNotice(estimate, maxWork) : null;
  const candidates = estimate.certainDominant.fields
    .map(inputFieldSource)
    .filter((at) => at !== null);
  // As a run the meter stops is located (locateInputFields): the first field the user wrote,
  // else the first one's place (its nearest written parent).
  const at = candidates.find((c) => isWritten(c, ctx)) ?? candidates[0]!;
  const path = sourcePathOf(at, ctx);
  const field = `${at.role === 'hpa' ? 'hpa:' : ''}${path.join('.')}`;
  const report = at.role === 'hpa' ? ctx.reportHpa : ctx.reportSimulation;
  report.error(path, overBudgetMessage(estimate, maxWork, field));
  return null;
}

/**
 * Every run of the scenario together (the HPA and each variant is a whole run), reported at
 * spec.variants when what they certainly cost together passes the budget (src/run shares the
 * budget among them for the rest).
 */
export function checkRunsBudget(
  inputs: readonly SimulationInput[],
  options: ParseOptions | undefined,
  report: Reporter,
): void {
  if (inputs.length < 2) return;
  const maxWork = maxWorkOf(options);
  let units = 0;
  for (const input of inputs) units += estimateWork(input).certainUnits;
  if (units <= maxWork) return;
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  // A multi-cluster variant is every member cluster of every model again.
  const f = inputs[0]!.federation;
  const each = f
    ? `, each of ${f.clusters.length} clusters${f.models.length > 1 ? ` in ${f.models.length} models` : ''},`
    : '';
  report.error(
    ['spec', 'variants'],
    `the HPA and its ${inputs.length - 1} variant${inputs.length > 2 ? 's' : ''} are ${inputs.length} whole runs${each} that together need at least about ${fmt(units)} units of work, over the work budget of ${fmt(maxWork)}: remove variants or shorten spec.duration (the command line's --max-work raises the budget)`,
    'key',
  );
}
