// One candidate, end to end: merge patch → the API server's rules (src/scenario) → a run over the
// scenario's unchanged world (src/run, compact record) → its KPIs. Pure: workers call it as is.

import {
  kpisAtPercentile,
  tailValue,
  type Kpis,
  type SimulationInput,
} from '../engine/simulation/index.ts';
import { executeDraws, executeRun } from '../run/index.ts';
import { estimateWork, patchHpaSpec, type ParseResult } from '../scenario/index.ts';

/** What every evaluation needs, plain data (it is posted to workers once per search). */
export interface TuneBase {
  /** the HPA document as written (ParseResult.hpaManifest) */
  manifest: unknown;
  /** the scenario's validated input: the world every candidate runs in */
  input: SimulationInput;
  /** the work budget a candidate's run may cost (src/scenario/budget.ts units) */
  maxWork: number;
  /**
   * judge every candidate over timing draws (engine/simulation/draws.ts): its KPIs are those at
   * this percentile of the draws (the bad tail), so a goal is met only if it holds there
   */
  draws?: { count: number; seed: number; percentile: number } | null;
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
  return { ok: true, base: { manifest: parsed.hpaManifest, input: parsed.input, maxWork } };
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
  const input: SimulationInput = { ...base.input, hpa: patched.hpa };
  const work = estimateWork(input).units;
  if (work > base.maxWork)
    return {
      ok: false,
      error: `the run would cost ${Math.round(work).toLocaleString('en-US')} work units, over the budget of ${base.maxWork.toLocaleString('en-US')}`,
    };
  return { ok: true, input };
}

export type Evaluation = { ok: true; kpis: Kpis } | { ok: false; error: string };

export function evaluateCandidate(base: TuneBase, patch: unknown): Evaluation {
  const prepared = candidateInput(base, patch);
  if (!prepared.ok) return prepared;
  const plan = {
    key: 'candidate',
    role: 'variant' as const,
    name: 'candidate',
    input: prepared.input,
  };
  const d = base.draws;
  if (d) {
    const drawn = executeDraws(plan, d.count, d.seed);
    return drawn.ok
      ? {
          ok: true,
          kpis: pessimisticKpis(
            drawn.draws.map((x) => x.kpis),
            d.percentile,
          ),
        }
      : { ok: false, error: drawn.error };
  }
  const run = executeRun(plan);
  return run.ok ? { ok: true, kpis: run.result.kpis } : { ok: false, error: run.error };
}

/** Every KPI at percentile p of its bad tail: high, and low for the final replicas (a minimum). */
export function pessimisticKpis(all: readonly Kpis[], p: number): Kpis {
  const k = kpisAtPercentile(all, p);
  k.finalReplicas = tailValue(
    all.map((x) => x.finalReplicas),
    p,
    'min',
  );
  return k;
}
