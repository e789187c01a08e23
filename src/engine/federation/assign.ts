// Seed proposal: per-cluster member-HPA bounds for a policy (§A.3) and the ResourceBinding the
// control plane writes afterwards (§A.4).

import { divideByPolicy, normalise } from './shares.ts';
import type { Bounds, ClusterTraits, NamedBounds, NamedReplicas, SeedPolicy } from './types.ts';

export interface AssignInput {
  policy: SeedPolicy;
  federatedMinReplicas: number;
  federatedMaxReplicas: number;
  scalingToZero: boolean;
  /** The PropagationPolicy's affinity set. */
  clusters: readonly ClusterTraits[];
  /** The previous binding; may name clusters outside the affinity set. */
  resourceBinding: readonly NamedReplicas[];
}

export interface AssignResult {
  /** Clusters that get an HPA, in input order. */
  clusters: NamedBounds[];
  /** Every affinity cluster once, in input order, zeros included. */
  resourceBinding: NamedReplicas[];
}

/** §A.3: each cluster's normalised bounds, or null for "no HPA"; indexed like `clusters`. */
export function assignBounds(
  policy: SeedPolicy,
  federatedMinReplicas: number,
  federatedMaxReplicas: number,
  clusters: readonly ClusterTraits[],
): (Bounds | null)[] {
  const max = divideByPolicy(policy, federatedMaxReplicas, clusters);
  const min = divideByPolicy(policy, federatedMinReplicas, clusters);
  return clusters.map((_, i) => normalise(min[i]!, max[i]!));
}

/** §A.4: keep existing replicas within the new bounds; new or empty clusters start at min (or 0). */
export function updateBinding(
  clusters: readonly { name: string }[],
  bounds: readonly (Bounds | null)[],
  previous: readonly NamedReplicas[],
  scalingToZero: boolean,
): NamedReplicas[] {
  const before = new Map(previous.map((e) => [e.name, e.replicas]));
  return clusters.map((c, i) => {
    const { minReplicas: min, maxReplicas: max } = bounds[i] ?? { minReplicas: 0, maxReplicas: 0 };
    const old = before.get(c.name) ?? 0;
    const replicas = old === 0 ? (scalingToZero ? 0 : min) : Math.min(Math.max(old, min), max);
    return { name: c.name, replicas };
  });
}

export function assign(input: AssignInput): AssignResult {
  const bounds = assignBounds(
    input.policy,
    input.federatedMinReplicas,
    input.federatedMaxReplicas,
    input.clusters,
  );
  return {
    clusters: withHpa(input.clusters, bounds),
    resourceBinding: updateBinding(
      input.clusters,
      bounds,
      input.resourceBinding,
      input.scalingToZero,
    ),
  };
}

/** The clusters that have an HPA, with their bounds, in input order. */
export function withHpa(
  clusters: readonly { name: string }[],
  bounds: readonly (Bounds | null)[],
): NamedBounds[] {
  const out: NamedBounds[] = [];
  clusters.forEach((c, i) => {
    const b = bounds[i];
    if (b) out.push({ name: c.name, ...b });
  });
  return out;
}
