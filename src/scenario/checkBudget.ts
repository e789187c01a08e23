/** Reports a run over the work budget at the field that dominates its cost. */
import type { SimulationInput } from '../engine/simulation/input.ts';
import {
  DEFAULT_MAX_WORK,
  estimateWork,
  overBudgetMessage,
  type BudgetLocation,
} from './budget.ts';
import type { Reporter } from './diagnostics.ts';
import type { PathMap } from './hpa/pathMap.ts';
import { getPath } from './plainData.ts';
import type { ParseOptions, Path } from './types.ts';

export interface BudgetContext {
  hpaDocument: unknown;
  simulationDocument: unknown;
  pathMap: PathMap;
  reportHpa: Reporter;
  reportSimulation: Reporter;
}

/** Returns the work budget to apply: the option when it is a positive number, else the default. */
export function maxWorkOf(options: ParseOptions | undefined): number {
  const n = options?.maxWork;
  return typeof n === 'number' && n > 0 ? n : DEFAULT_MAX_WORK;
}

export function checkBudget(
  input: SimulationInput,
  options: ParseOptions | undefined,
  ctx: BudgetContext,
): void {
  const maxWork = maxWorkOf(options);
  const estimate = estimateWork(input);
  if (estimate.units <= maxWork) return;
  const message = overBudgetMessage(estimate, maxWork);
  const sourceOf = (at: BudgetLocation): Path =>
    at.role === 'hpa' ? ctx.pathMap.toSource(at.path) : at.path;
  const present = (at: BudgetLocation) =>
    getPath(at.role === 'hpa' ? ctx.hpaDocument : ctx.simulationDocument, sourceOf(at)) !==
    undefined;
  const candidates = estimate.dominant.at;
  // A field the user wrote is the best place; else the last candidate's nearest written parent.
  const at = candidates.find(present) ?? candidates[candidates.length - 1]!;
  const report = at.role === 'hpa' ? ctx.reportHpa : ctx.reportSimulation;
  report.error(sourceOf(at), message);
}

/**
 * Every run of the scenario together (the HPA and each variant is a whole run), reported at
 * spec.variants when the HPA alone fits but all of them do not.
 */
export function checkRunsBudget(
  inputs: readonly SimulationInput[],
  options: ParseOptions | undefined,
  report: Reporter,
): void {
  if (inputs.length < 2) return;
  const maxWork = maxWorkOf(options);
  let units = 0;
  for (const input of inputs) units += estimateWork(input).units;
  if (units <= maxWork) return;
  const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
  report.error(
    ['spec', 'variants'],
    `the HPA and its ${inputs.length - 1} variant${inputs.length > 2 ? 's' : ''} are ${inputs.length} whole runs that together need about ${fmt(units)} units of work, over the work budget of ${fmt(maxWork)}: remove variants or shorten spec.duration (the command line's --max-work raises the budget)`,
    'key',
  );
}
