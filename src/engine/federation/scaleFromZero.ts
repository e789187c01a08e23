// Seed proposal: on a burst, zeroed clusters restart (§A.9). Prioritized restarts only the
// highest-priority zeroed cluster; the divided policies restart all of them; Duplicated never
// zeroes, so it restarts nothing.

import { descendingOrder } from './order.ts';
import type { Bounds, ClusterTraits, NamedReplicas, SeedPolicy } from './types.ts';

export interface RestartCluster extends ClusterTraits, Bounds {
  replicas: number;
}

/** Zeroed = has an HPA but runs no replicas. */
export function isZeroed(c: Bounds & { replicas: number }): boolean {
  return c.maxReplicas >= 1 && c.replicas === 0;
}

/** The clusters restarted and their new replica count max(1, min), in input order. */
export function scaleFromZero(
  policy: SeedPolicy,
  clusters: readonly RestartCluster[],
): NamedReplicas[] {
  if (policy === 'Duplicated') return [];
  let restart = clusters.filter(isZeroed);
  if (policy === 'Prioritized' && restart.length > 0) {
    const first = descendingOrder(
      restart.map((c) => c.name),
      restart.map((c) => c.priority),
    )[0]!;
    restart = [restart[first]!];
  }
  return restart.map((c) => ({ name: c.name, replicas: Math.max(1, c.minReplicas) }));
}
