// Seed proposal: the periodic optimisation pass (§A.8). Unused headroom is pooled and re-divided
// by the policy; Σmax is unchanged and no max drops below the cluster's current replicas.

import { divideByPolicy } from './shares.ts';
import type { ClusterTraits, SeedPolicy } from './types.ts';

export interface OptimizeCluster extends ClusterTraits {
  currentReplicas: number;
  /** Current HPA max, ≥ currentReplicas. */
  maxReplicas: number;
}

/** New max per cluster, in input order. Duplicated is a no-op: its max is F_max, not a share. */
export function optimize(
  policy: SeedPolicy,
  clusters: readonly OptimizeCluster[],
): { name: string; maxReplicas: number }[] {
  if (policy === 'Duplicated') {
    return clusters.map((c) => ({ name: c.name, maxReplicas: c.maxReplicas }));
  }
  const headroom = clusters.reduce((s, c) => s + (c.maxReplicas - c.currentReplicas), 0);
  const share = divideByPolicy(policy, headroom, clusters);
  return clusters.map((c, i) => ({ name: c.name, maxReplicas: c.currentReplicas + share[i]! }));
}
