// The one pure "run a scenario" service: text → parse summary + runs. The worker, the CLI, the
// chart harness, the bench and the tests call this instead of wiring parseScenario, simulate and
// effectiveHpaYaml themselves, so what the app shows and what the CLI prints cannot drift.

import {
  simulate,
  type CurveCompiler,
  type RecordLevel,
  type SimulationInput,
} from '../engine/simulation/index.ts';
import { failed, withBudgets } from './budgets.ts';
import {
  effectiveHpaYaml,
  MAX_TEXT_CHARS,
  parseScenario,
  trimToAutoscalers,
  type ParseOptions,
  type ParseResult,
} from '../scenario/index.ts';
import { executeFederatedRun, planFederation } from './federated.ts';
import { MAIN_RUN } from './runKey.ts';
import { RUN_TAPES, type TapeShelf } from './tapeShelf.ts';
import type { RunPlan, RunResult, ScenarioPlan, ScenarioRuns, ScenarioSummary } from './types.ts';

export interface RunOptions {
  /** 'compact' (default): typed arrays per sync, detail on demand; 'full': every SyncRecord */
  record?: RecordLevel;
  /** checked between syncs; a stopped run ends with the error 'cancelled' */
  shouldStop?: () => boolean;
  /**
   * Stop each run once its measured work passes this many units (engine/simulation/meter.ts);
   * the failed run's `overrun` names where, the dominant cost and the input fields behind it.
   */
  workBudget?: number;
  /** how a single-cluster run's curves are compiled (a search's tapes; the same values) */
  curves?: CurveCompiler;
  /**
   * Without `curves`: the shelf of recent worlds' tapes the run takes them from (default the
   * process's, `RUN_TAPES`), or false for live curves (tapeShelf.ts; the same values)
   */
  tapes?: TapeShelf | false;
  /**
   * false: a single-cluster run keeps no replay snapshots (no sync detail on demand), for a
   * caller that reads only its KPIs or a series (draws, the search); the same figures
   */
  replay?: boolean;
  /**
   * false (with `replay` false): a single-cluster run keeps only its KPIs; its series other than
   * spec and current replicas and rescales are empty, and it logs no events (the search's
   * candidates); the same KPIs
   */
  series?: boolean;
}

/** The parse summary every caller shows: diagnostics, notices, names, the effective HPA. */
export function summarize(parsed: ParseResult): ScenarioSummary {
  return {
    ok: parsed.ok,
    diagnostics: parsed.diagnostics,
    notices: parsed.notices,
    name: parsed.simulation.name,
    description: parsed.simulation.description,
    effectiveHpaYaml: effectiveYaml(parsed),
    documents: parsed.documents.map((d) => ({ role: d.role, kind: d.kind, name: d.name })),
    hpaChoices: parsed.hpaChoices.map((c) => ({ name: c.name, namespace: c.namespace })),
    selectedHpa: parsed.selectedHpa,
    defaultSimulation: parsed.defaultSimulation,
    defaultWorld: parsed.defaultWorld,
    release: parsed.release,
    draws: parsed.draws ?? null,
  };
}

function effectiveYaml(parsed: ParseResult): string | null {
  if (!parsed.effectiveHpa) return null;
  // The scenario's own controller flag, also when the Simulation document has errors elsewhere:
  // the comment on a defaulted scale-down window must name the window the run would use.
  const window =
    parsed.input?.controller.downscaleStabilizationSeconds ??
    parsed.controller?.downscaleStabilizationSeconds;
  try {
    return effectiveHpaYaml(parsed.effectiveHpa, {
      ...(window === undefined ? {} : { downscaleStabilizationSeconds: window }),
      windowFromFlag: parsed.windowFromFlag ?? false,
      ...(parsed.release ? { release: parsed.release.label } : {}),
      dropped: parsed.droppedFields,
    });
  } catch {
    // A view of the HPA is a nicety; failing to render it must not fail the run.
    return null;
  }
}

/**
 * The runs a parsed scenario asks for: its HPA over its world, then each variant in order; or,
 * for a multi-cluster scenario, one per member cluster and model, then the same per variant.
 */
export function planParsed(parsed: ParseResult): ScenarioPlan {
  const summary = summarize(parsed);
  if (!parsed.ok || !parsed.input) return { summary, runs: [] };
  if (parsed.input.federation) {
    // A variant is one more group of member runs per model over the same clusters.
    const scenario = parsed.simulation.name || parsed.input.hpa.metadata?.name || 'hpa';
    const runs = [
      ...planFederation(parsed.input, scenario),
      ...parsed.variants.flatMap((v, i) =>
        planFederation(v.input, v.name, { name: v.name, index: i + 1 }),
      ),
    ];
    return { summary, runs: withBudgets(runs, parsed) };
  }
  // Named as the comparison shows it: the HPA's own name beside its variants' names.
  const name = parsed.input.hpa.metadata?.name || parsed.simulation.name || 'hpa';
  const base = hpaPlan(parsed.input, name);
  const variants = parsed.variants.map((v, i): RunPlan => ({
    key: v.name,
    kind: 'variant',
    group: MAIN_RUN,
    label: v.name,
    colour: i + 1,
    input: v.input,
  }));
  return { summary, runs: withBudgets([base, ...variants], parsed) };
}

/** The one run of a single-cluster input: what planParsed makes of a scenario without variants. */
export function hpaPlan(input: SimulationInput, label: string): RunPlan {
  return { key: MAIN_RUN, kind: 'hpa', group: MAIN_RUN, label, colour: 0, input };
}

/** `options.hpa` picks one HPA of a text that holds several (the first by default). */
export function planScenario(text: string, options: ParseOptions = {}): ScenarioPlan {
  const plan = planParsed(parseScenario(text, options));
  // Over the size limit: offer the same file cut down to its autoscalers and their workloads.
  if (text.length > MAX_TEXT_CHARS) {
    const trimmed = trimToAutoscalers(text);
    if (trimmed !== null && trimmed.length <= MAX_TEXT_CHARS) plan.summary.trimmed = trimmed;
  }
  return plan;
}

/** Runs one plan; its work budget is the option's, else the plan's (its share of the scenario's). */
export function executeRun(plan: RunPlan, options: RunOptions = {}): RunResult {
  const workBudget = options.workBudget ?? plan.workBudget;
  if (plan.federation) return executeFederatedRun(plan, options.shouldStop, workBudget);
  const outcome = simulate(plan.input, {
    record: options.record ?? 'compact',
    ...(options.shouldStop ? { shouldStop: options.shouldStop } : {}),
    ...(workBudget !== undefined ? { workBudget } : {}),
    ...curvesOption(plan.input, options),
    ...(options.replay === false ? { replay: false } : {}),
    ...(options.series === false ? { series: false } : {}),
  });
  if (outcome.ok) return { ...plan, ok: true, result: outcome.result };
  return failed(plan, outcome);
}

function curvesOption(input: SimulationInput, options: RunOptions): { curves?: CurveCompiler } {
  if (options.curves) return { curves: options.curves };
  if (options.tapes === false) return {};
  const curves = (options.tapes ?? RUN_TAPES).curvesFor(input);
  return curves ? { curves } : {};
}

export function runScenario(
  text: string,
  options: RunOptions = {},
  parseOptions: ParseOptions = {},
): ScenarioRuns {
  return runPlan(planScenario(text, parseOptions), options);
}

export function runPlan(plan: ScenarioPlan, options: RunOptions = {}): ScenarioRuns {
  return { summary: plan.summary, runs: plan.runs.map((r) => executeRun(r, options)) };
}
