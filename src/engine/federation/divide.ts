// karmada-scheduler's division of a template's replica total over the candidate clusters (§B.4),
// steady mode. Structure follows karmada-io/karmada pkg/scheduler/core/division_algorithm.go
// (divideReplicasByResource: scale-up adds only the difference, weighted by available replicas;
// scale-down re-divides by the current assignment; equal keeps it) and divideReplicasByAggregation
// (holders first, then the shortest prefix that fits). The split itself is Webster (webster.ts).

import { descendingOrder } from './order.ts';
import { webster } from './webster.ts';
import type { DivisionStrategy, NamedReplicas, TieBreak } from './types.ts';

export interface DivisionCluster {
  name: string;
  /** Static weight (StaticWeight); 0 = dropped unless every weight is 0. */
  weight: number;
  /** Estimated additional replicas the cluster can host (DynamicWeight, Aggregated). */
  availableReplicas: number;
  /** What the previous assignment gave it (DynamicWeight, Aggregated). */
  previousReplicas: number;
}

export interface DivisionInput {
  strategy: DivisionStrategy;
  /** R, the template's total. */
  replicas: number;
  /** The candidates that passed filtering. */
  clusters: readonly DivisionCluster[];
  tieBreak: TieBreak;
}

export type DivisionResult =
  | { unschedulable: true }
  /** Only clusters with replicas > 0, in input order (Karmada drops empty targets). */
  | { unschedulable: false; clusters: NamedReplicas[] };

export function divideReplicas(input: DivisionInput): DivisionResult {
  const { clusters } = input;
  let result: number[] | null;
  switch (input.strategy) {
    case 'Duplicated':
      result = clusters.map(() => input.replicas);
      break;
    case 'StaticWeight':
      result = staticWeight(input);
      break;
    case 'DynamicWeight':
    case 'Aggregated':
      result = steady(input);
      break;
  }
  if (!result) return { unschedulable: true };
  const out: NamedReplicas[] = [];
  clusters.forEach((c, i) => {
    if (result[i]! > 0) out.push({ name: c.name, replicas: result[i]! });
  });
  return { unschedulable: false, clusters: out };
}

/** From scratch by weight; weight-0 clusters are dropped unless all are 0 (then all weigh 1). */
function staticWeight({ replicas, clusters, tieBreak }: DivisionInput): number[] {
  const weights = clusters.map((c) => c.weight);
  const votes = weights.some((w) => w > 0) ? weights : weights.map(() => 1);
  return webster(
    replicas,
    clusters.map((c) => c.name),
    votes,
    tieBreak,
  );
}

/** Steady-mode DynamicWeight and Aggregated; null when the scale-up cannot fit. */
function steady({ strategy, replicas, clusters, tieBreak }: DivisionInput): number[] | null {
  const scheduled = clusters.map((c) => c.previousReplicas);
  const assigned = scheduled.reduce((s, r) => s + r, 0);
  if (replicas === assigned) return scheduled;
  const names = clusters.map((c) => c.name);

  if (replicas < assigned) {
    // Scale-down: proportional to the current assignment, from zero.
    let part = names.map((_, i) => i);
    if (strategy === 'Aggregated') {
      const holders = descendingOrder(names, scheduled).filter((i) => scheduled[i]! > 0);
      part = shortestHead(holders, scheduled, replicas);
    }
    return spread(replicas, part, names, scheduled, tieBreak, clusters.length);
  }

  // Scale-up (the first schedule is a scale-up from 0): only the difference moves.
  const delta = replicas - assigned;
  const available = clusters.map((c) => c.availableReplicas);
  if (available.reduce((s, a) => s + a, 0) < delta) return null;
  let part = names.map((_, i) => i);
  if (strategy === 'Aggregated') {
    const byAvailable = descendingOrder(names, available);
    // Clusters already holding replicas go first, keeping their relative order.
    const holdersFirst = [
      ...byAvailable.filter((i) => scheduled[i]! > 0),
      ...byAvailable.filter((i) => scheduled[i]! === 0),
    ];
    part = shortestHead(holdersFirst, available, delta);
  }
  const add = spread(delta, part, names, available, tieBreak, clusters.length);
  return scheduled.map((s, i) => s + add[i]!);
}

/** The shortest head of `list` whose running sum of `values` reaches `target`. */
function shortestHead(list: readonly number[], values: readonly number[], target: number) {
  const head: number[] = [];
  let sum = 0;
  for (const i of list) {
    if (sum >= target) break;
    head.push(i);
    sum += values[i]!;
  }
  return head;
}

/** Webster over a subset of the clusters, mapped back to full-length indices. */
function spread(
  seats: number,
  part: readonly number[],
  names: readonly string[],
  votes: readonly number[],
  tieBreak: TieBreak,
  n: number,
): number[] {
  const seatsOf = webster(
    seats,
    part.map((i) => names[i]!),
    part.map((i) => votes[i]!),
    tieBreak,
  );
  const out = new Array<number>(n).fill(0);
  part.forEach((i, k) => (out[i] = seatsOf[k]!));
  return out;
}
