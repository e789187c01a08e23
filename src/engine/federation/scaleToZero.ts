// Seed proposal: scale to zero, one cluster per sync (§A.9), while the load stays below target.
// Only the policy's candidate is considered; if it fails the Σmin guard, nothing more is zeroed.

import { ascendingOrder } from './order.ts';
import type { Bounds, ClusterTraits, SeedPolicy } from './types.ts';

export interface ZeroingCluster extends ClusterTraits, Bounds {
  /** Current replicas: the min (at its floor) or 0 (already zeroed). */
  replicas: number;
}

/** Active = has an HPA and runs replicas. */
export function isActive(c: Bounds & { replicas: number }): boolean {
  return c.maxReplicas >= 1 && c.replicas > 0;
}

/** The key the policy zeroes first (smallest first, ties by name). */
function candidateKey(policy: SeedPolicy, c: ZeroingCluster): number {
  switch (policy) {
    case 'Aggregated':
      return c.replicas;
    case 'StaticWeighted':
      return c.weight;
    case 'DynamicWeighted':
      return c.availableReplicas;
    default:
      return c.priority;
  }
}

/** The names zeroed, in order (one per sync), until the stop condition or the guard holds. */
export function scaleToZero(
  policy: SeedPolicy,
  federatedMinReplicas: number,
  clusters: readonly ZeroingCluster[],
): string[] {
  if (policy === 'Duplicated') return [];
  const active = clusters.filter(isActive);
  // Zeroing one cluster changes no other cluster's key, so one ordering serves every sync.
  const order = ascendingOrder(
    active.map((c) => c.name),
    active.map((c) => candidateKey(policy, c)),
  );
  let sumMin = active.reduce((s, c) => s + c.minReplicas, 0);
  const zeroed: string[] = [];
  for (const i of order) {
    if (sumMin <= federatedMinReplicas) break;
    const c = active[i]!;
    if (sumMin - c.minReplicas < federatedMinReplicas) break;
    zeroed.push(c.name);
    sumMin -= c.minReplicas;
  }
  return zeroed;
}
