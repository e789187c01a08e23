// The policy search: seeded random exploration of the behavior space, then local refinement
// around the feasible Pareto front (cost against overload) and the best candidate so far.
//
// Determinism: candidates are generated on the caller's thread in generations of a fixed size,
// each generation from the results of the previous ones ordered by candidate index. Evaluations
// are pure, so however many workers run a generation, the same seed gives the same search.

import type { Kpis } from '../engine/simulation/index.ts';
import type { Evaluation, TuneBase } from './candidate.ts';
import { verdict, violation, type ConstraintResult, type Goals, type JudgedRun } from './goals.ts';
import { paretoFront } from './pareto.ts';
import { createRng, type Rng } from './rng.ts';
import { buildSpace, type Metric, type Space, type SpaceOptions } from './space.ts';

export interface SearchOptions {
  seed: number;
  /** simulations to run, the current HPA's included */
  budget: number;
  space?: Partial<SpaceOptions>;
  /** candidates per generation; fixed so results never depend on the number of workers */
  generationSize?: number;
}

/** Runs a batch of candidates; returns one evaluation per item, in the items' order. */
export type BatchEvaluator = (
  items: { index: number; patch: Record<string, unknown> }[],
) => Promise<Evaluation[]>;

export interface SearchHooks {
  onProgress?: (p: { done: number; total: number; best: CandidateResult | null }) => void;
  /** an AbortSignal, or anything with `aborted`: checked between generations */
  signal?: { readonly aborted: boolean };
}

export interface CandidateResult {
  index: number;
  /** merge patch over the HPA's spec; {} for the current HPA (index 0) */
  patch: Record<string, unknown>;
  /** the first judged run's KPIs (the HPA's; a multi-cluster scenario's first model's total) */
  kpis: Kpis | null;
  /**
   * every judged run (src/tune/judged.ts): one, or each federation model's total. The objective,
   * the overload and each constraint are the worst over them, as `cli check` judges.
   */
  runs: JudgedRun[] | null;
  error: string | null;
  objective: number | null;
  overload: number | null;
  constraints: ConstraintResult[];
  violation: number;
  feasible: boolean;
}

/** The axis a candidate's service is judged on in the trade-off (the front's y). */
export interface OverloadAxis {
  name: 'unmet-demand-percent' | 'time-above-target';
  label: string;
  value: (k: Kpis) => number;
}

export interface SearchResult {
  candidates: CandidateResult[];
  /** indexes of the Pareto front (objective against overload), ascending */
  front: number[];
  /** index of the recommendation: the cheapest feasible candidate, else the nearest miss */
  best: number | null;
  feasible: boolean;
  cancelled: boolean;
  objective: { name: string; unit: string };
  overload: { name: OverloadAxis['name']; label: string };
  seed: number;
  budget: number;
}

export const MAX_BUDGET = 100_000;
const DEFAULT_GENERATION = 16;
const EXPLORE_SHARE = 0.4;
const RANDOM_IN_REFINEMENT = 0.2;

/** Unmet demand when pods have a capacity (the world can overload); time above target otherwise. */
export function overloadAxis(base: TuneBase): OverloadAxis {
  return base.input.workload.podCapacity !== null
    ? {
        name: 'unmet-demand-percent',
        label: 'unmet demand (%)',
        value: (k) => k.unmetDemandPercent,
      }
    : {
        name: 'time-above-target',
        label: 'time above target (s)',
        value: (k) => k.timeAboveTargetSeconds,
      };
}

export function searchSpace(base: TuneBase, options: Partial<SpaceOptions> = {}): Space {
  const written = (base.manifest as { spec?: { metrics?: unknown } }).spec?.metrics;
  return buildSpace(base.input.hpa, Array.isArray(written) ? (written as Metric[]) : [], {
    tolerance:
      (options.tolerance ?? true) && base.input.controller.featureGates.HPAConfigurableTolerance,
    replicas: options.replicas ?? false,
    target: options.target ?? false,
  });
}

export async function search(
  base: TuneBase,
  goals: Goals,
  options: SearchOptions,
  evaluate: BatchEvaluator,
  hooks: SearchHooks = {},
): Promise<SearchResult> {
  const budget = Math.max(1, Math.min(MAX_BUDGET, Math.trunc(options.budget)));
  const generation = Math.max(1, Math.trunc(options.generationSize ?? DEFAULT_GENERATION));
  const space = searchSpace(base, options.space);
  const axis = overloadAxis(base);
  const rng = createRng(options.seed);
  const candidates: CandidateResult[] = [];
  const genomes: (number[] | null)[] = [];
  const seen = new Set<string>();
  const explore = Math.max(generation, Math.ceil(budget * EXPLORE_SHARE));
  let cancelled = false;
  let exhausted = false;

  const record = (index: number, patch: Record<string, unknown>, e: Evaluation) => {
    if (!e.ok || e.runs.length === 0) {
      candidates.push({
        index,
        patch,
        kpis: null,
        runs: null,
        error: e.ok ? 'no run to judge' : e.error,
        objective: null,
        overload: null,
        constraints: [],
        violation: Infinity,
        feasible: false,
      });
      return;
    }
    const judged = verdict(e.runs, goals.constraints);
    const worst = (value: (k: Kpis) => number) => Math.max(...e.runs.map((r) => value(r.kpis)));
    candidates.push({
      index,
      patch,
      kpis: e.runs[0]!.kpis,
      runs: e.runs,
      error: null,
      objective: worst(goals.objective.value),
      overload: worst(axis.value),
      constraints: judged.worst,
      violation: violation(judged.worst),
      feasible: judged.met,
    });
  };

  while (candidates.length < budget && !exhausted) {
    if (hooks.signal?.aborted) {
      cancelled = true;
      break;
    }
    const start = candidates.length;
    const size = Math.min(generation, budget - start);
    const parents = start < explore ? [] : parentGenomes(candidates, genomes);
    const batch: { index: number; patch: Record<string, unknown> }[] = [];
    for (let i = 0; i < size; i++) {
      const index = start + i;
      if (index === 0) {
        // The current HPA, unchanged: the baseline every candidate is compared with.
        genomes.push(null);
        batch.push({ index, patch: {} });
        continue;
      }
      const genome = nextGenome(space, rng, parents, seen, index < explore);
      if (!genome) {
        exhausted = true;
        break;
      }
      genomes.push(genome);
      batch.push({ index, patch: space.toPatch(genome) });
    }
    if (batch.length === 0) break;
    const evaluations = await evaluate(batch);
    if (hooks.signal?.aborted && evaluations.length < batch.length) {
      genomes.length = start;
      cancelled = true;
      break;
    }
    batch.forEach((item, i) => record(item.index, item.patch, evaluations[i]!));
    hooks.onProgress?.({ done: candidates.length, total: budget, best: pickBest(candidates) });
  }

  const best = pickBest(candidates);
  return {
    candidates,
    front: frontOf(candidates),
    best: best?.index ?? null,
    feasible: best?.feasible ?? false,
    cancelled,
    objective: { name: goals.objective.name, unit: goals.objective.unit },
    overload: { name: axis.name, label: axis.label },
    seed: options.seed,
    budget,
  };
}

/** The front of every run that completed (objective against overload). */
export function frontOf(candidates: CandidateResult[]): number[] {
  return paretoFront(
    candidates
      .filter((c) => c.objective !== null && c.overload !== null)
      .map((c) => ({ index: c.index, x: c.objective!, y: c.overload! })),
  );
}

/** Cheapest feasible (ties: less overload, then lower index); else the nearest miss. */
export function pickBest(candidates: CandidateResult[]): CandidateResult | null {
  let best: CandidateResult | null = null;
  for (const c of candidates) {
    if (c.objective === null) continue;
    if (!best || better(c, best)) best = c;
  }
  return best;
}

function better(a: CandidateResult, b: CandidateResult): boolean {
  if (a.feasible !== b.feasible) return a.feasible;
  if (!a.feasible && a.violation !== b.violation) return a.violation < b.violation;
  if (a.objective !== b.objective) return a.objective! < b.objective!;
  if (a.overload !== b.overload) return a.overload! < b.overload!;
  return a.index < b.index;
}

/** Where refinement starts: the feasible front and the best (twice), else the nearest misses. */
function parentGenomes(candidates: CandidateResult[], genomes: (number[] | null)[]): number[][] {
  const withGenome = candidates.filter((c) => genomes[c.index] && c.objective !== null);
  const feasible = withGenome.filter((c) => c.feasible);
  let chosen: CandidateResult[];
  if (feasible.length > 0) {
    const front = new Set(frontOf(feasible));
    chosen = feasible.filter((c) => front.has(c.index));
    const best = pickBest(feasible);
    if (best) chosen.push(best);
  } else {
    chosen = [...withGenome].sort((a, b) => (better(a, b) ? -1 : better(b, a) ? 1 : 0)).slice(0, 4);
  }
  return chosen.map((c) => genomes[c.index]!);
}

function nextGenome(
  space: Space,
  rng: Rng,
  parents: number[][],
  seen: Set<string>,
  exploring: boolean,
): number[] | null {
  for (let attempt = 0; attempt < 200; attempt++) {
    const random = exploring || parents.length === 0 || rng.next() < RANDOM_IN_REFINEMENT;
    const genome = random
      ? space.dimensions.map((d) => rng.int(d.values.length))
      : mutate(space, rng, parents[rng.int(parents.length)]!);
    // Keyed by the patch: genomes that differ only in an unused value (a Pods-only policy's
    // percent) are the same candidate.
    const key = JSON.stringify(space.toPatch(genome));
    if (seen.has(key)) continue;
    seen.add(key);
    return genome;
  }
  return null;
}

/** One or two dimensions moved: mostly one step, sometimes anywhere. */
function mutate(space: Space, rng: Rng, parent: number[]): number[] {
  const genome = [...parent];
  const moves = 1 + rng.int(2);
  for (let m = 0; m < moves; m++) {
    const d = rng.int(genome.length);
    const n = space.dimensions[d]!.values.length;
    if (n < 2) continue;
    if (rng.next() < 0.75) {
      const step = rng.next() < 0.5 ? -1 : 1;
      const to = genome[d]! + step;
      genome[d] = to < 0 || to >= n ? genome[d]! - step : to;
    } else {
      genome[d] = rng.int(n);
    }
  }
  return genome;
}

/** Runs a batch on this thread (tests, `cli tune --workers 1`). */
export function localEvaluator(evaluateOne: (patch: unknown) => Evaluation): BatchEvaluator {
  return (items) => Promise.resolve(items.map((i) => evaluateOne(i.patch)));
}
