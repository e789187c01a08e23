// Seed proposal: one member cluster fails and its share goes to the survivors (§A.10).
// StaticWeighted and Prioritized recompute the assignment over the survivors; DynamicWeighted and
// Aggregated add the failed cluster's bounds to the survivors' current ones.

import { assignBounds, withHpa } from './assign.ts';
import { divideByPolicy, normalise } from './shares.ts';
import type { Bounds, ClusterTraits, NamedBounds, SeedPolicy } from './types.ts';

export interface FailoverInput {
  policy: SeedPolicy;
  federatedMinReplicas: number;
  federatedMaxReplicas: number;
  /** Current assignment (0/0 = no HPA); availableReplicas are the values after the failure. */
  clusters: readonly (ClusterTraits & Bounds)[];
  failedCluster: string;
}

/** A cluster with max ≤ 0 has no HPA and counts as bounds 0/0. */
function current(c: Bounds): Bounds {
  return c.maxReplicas >= 1 ? c : { minReplicas: 0, maxReplicas: 0 };
}

/** The surviving clusters that have an HPA afterwards, in input order. */
export function failover(input: FailoverInput): NamedBounds[] {
  const failed = input.clusters.find((c) => c.name === input.failedCluster);
  const survivors = input.clusters.filter((c) => c.name !== input.failedCluster);
  if (survivors.length === 0) return [];
  let bounds: (Bounds | null)[];
  switch (input.policy) {
    case 'Duplicated':
      bounds = survivors.map((c) => normalise(current(c).minReplicas, current(c).maxReplicas));
      break;
    case 'StaticWeighted':
    case 'Prioritized':
      bounds = assignBounds(
        input.policy,
        input.federatedMinReplicas,
        input.federatedMaxReplicas,
        survivors,
      );
      break;
    case 'DynamicWeighted':
    case 'Aggregated': {
      const lost = failed ? current(failed) : { minReplicas: 0, maxReplicas: 0 };
      const addMin = divideByPolicy(input.policy, lost.minReplicas, survivors);
      const addMax = divideByPolicy(input.policy, lost.maxReplicas, survivors);
      bounds = survivors.map((c, i) =>
        normalise(current(c).minReplicas + addMin[i]!, current(c).maxReplicas + addMax[i]!),
      );
      break;
    }
  }
  return withHpa(survivors, bounds);
}
