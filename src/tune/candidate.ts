// One candidate, end to end: merge patch → the API server's rules (src/scenario) → the runs
// `cli check` would judge, over the scenario's unchanged world (src/run, compact records) → their
// KPIs. Pure: workers call it as is.

import type { CurveCompiler, SimulationInput } from '../engine/simulation/index.ts';
import {
  estimateWork,
  patchedChanges,
  patchHpaSpec,
  type ChangeEntry,
  type ParseResult,
} from '../scenario/index.ts';
import type { JudgedRun } from './goals.ts';
import { runDrawn, type DrawsGoal } from './drawn.ts';
import { plansOf, runJudged } from './judged.ts';

/** What every evaluation needs, plain data (it is posted to workers once per search). */
export interface TuneBase {
  /** the HPA document as written (ParseResult.hpaManifest) */
  manifest: unknown;
  /** the scenario's validated input: the world every candidate runs in */
  input: SimulationInput;
  /** the work budget a candidate's run may cost (src/scenario/budget.ts units) */
  maxWork: number;
  /** the judged runs' name, as the run service names them (src/run planParsed) */
  name: string;
  /** judge every candidate over timing draws, at a percentile of their bad tail (drawn.ts) */
  draws?: DrawsGoal | null;
  /** spec.changes as written: re-applied over each candidate's HPA (candidateInput) */
  changes?: ChangeEntry[];
}

/** Manifest versions whose spec has `behavior` and v2-shaped metrics, so a patch means the same. */
const PATCHABLE = ['autoscaling/v2', 'autoscaling/v2beta2'];

export function tuneBase(
  parsed: ParseResult,
  maxWork: number,
): { ok: true; base: TuneBase } | { ok: false; error: string } {
  if (!parsed.ok || !parsed.input) return { ok: false, error: 'the scenario is not valid' };
  const version = (parsed.hpaManifest as { apiVersion?: unknown } | null)?.apiVersion;
  if (typeof version !== 'string' || !PATCHABLE.includes(version))
    return {
      ok: false,
      error: `tuning needs an autoscaling/v2 HorizontalPodAutoscaler (this one is ${String(version)}): its behavior field is what the search changes`,
    };
  const input = parsed.input;
  const hpaName = input.hpa.metadata?.name ?? '';
  // Named as planParsed names the runs check judges: the total after the Simulation, the HPA's
  // run after the HPA.
  const name = input.federation
    ? parsed.simulation.name || hpaName || 'hpa'
    : hpaName || parsed.simulation.name || 'hpa';
  return {
    ok: true,
    base: {
      manifest: parsed.hpaManifest,
      input,
      maxWork,
      name,
      changes: parsed.changeEntries ?? [],
    },
  };
}

export type CandidateInput = { ok: true; input: SimulationInput } | { ok: false; error: string };

/**
 * The candidate's run input: the world as written, the HPA patched. The workload's starting
 * replicas stay those of the scenario (they are the world's state, not the HPA's).
 */
export function candidateInput(base: TuneBase, patch: unknown): CandidateInput {
  const patched = patchHpaSpec(base.manifest, patch, base.input.controller);
  if (!patched.ok) return { ok: false, error: patched.errors.join('; ') };
  // The scenario validates its starting replicas against min/max (a Simulation document that
  // sets them outside is an error), so a candidate that moves min/max past them could not be
  // checked against the same world: it is refused here.
  const start = base.input.workload.initialReplicas;
  const min = patched.hpa.spec.minReplicas ?? 1;
  const max = patched.hpa.spec.maxReplicas;
  if (start < min || start > max)
    return {
      ok: false,
      error: `the scenario starts at ${start} replicas, outside minReplicas ${min} … maxReplicas ${max}`,
    };
  let input: SimulationInput = { ...base.input, hpa: patched.hpa };
  // The scenario's changes were applied over the HPA as written: an edit in them (a new
  // maxReplicas at 20m) would put the written behavior and metrics back mid-run. Applied again
  // over the candidate, as check applies them over the manifest tune prints.
  if (base.changes?.length && base.input.changes?.length) {
    const changes = patchedChanges(
      base.manifest,
      patch,
      patched.hpa,
      base.input.controller,
      base.changes,
    );
    if (!changes.ok) return { ok: false, error: changes.errors.join('; ') };
    input = { ...input, changes: changes.changes };
  }
  // Refused as the scenario is refused where it is read (scenario/checkBudget.ts): only a run
  // certain to pass the budget. The worst case is a guess; a run that really gets there is
  // stopped by the engine's meter (evaluateCandidate gives its runs the budget).
  const work = estimateWork(input).certainUnits;
  if (work > base.maxWork)
    return {
      ok: false,
      error: `the run would cost at least ${Math.round(work).toLocaleString('en-US')} work units, over the budget of ${base.maxWork.toLocaleString('en-US')}`,
    };
  return { ok: true, input };
}

/**
 * A candidate's runs: the HPA's, or every federation model's total (the runs `cli check` judges,
 * src/tune/judged.ts), each with its KPIs; or why it could not run.
 */
export type Evaluation = { ok: true; runs: JudgedRun[] } | { ok: false; error: string };

/** `curves`: a search's curve tapes (prepared.ts), one compiler per run; the values are the same. */
export function evaluateCandidate(
  base: TuneBase,
  patch: unknown,
  curves?: () => CurveCompiler,
): Evaluation {
  const prepared = candidateInput(base, patch);
  if (!prepared.ok) return prepared;
  // Each run under the search's budget: the meter stops one that passes it on the way.
  const plans = plansOf(prepared.input, base.name).map((p) => ({ ...p, workBudget: base.maxWork }));
  return base.draws ? runDrawn(plans, base.draws) : runJudged(plans, curves);
}
