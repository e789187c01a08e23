// The seed proposal's shared primitives (§A.2): CeilShare, CapacityFill, Normalise, and each
// policy's division of a quota. Results are arrays indexed like the input clusters.

import { descendingOrder } from './order.ts';
import type { Bounds, ClusterTraits, SeedPolicy } from './types.ts';

/** Exact ceil(a / b) for non-negative integers, b > 0. */
export function ceilDiv(a: number, b: number): number {
  return Math.floor((a + b - 1) / b);
}

/**
 * Divide `total` in proportion to `values`, rounding each share up and handing the shares out in
 * value-descending, name-ascending order, each capped by what is left. All values 0 → all weigh 1.
 */
export function ceilShare(
  total: number,
  names: readonly string[],
  values: readonly number[],
): number[] {
  const sum = values.reduce((s, v) => s + v, 0);
  const v = sum === 0 ? values.map(() => 1) : values;
  const denominator = sum === 0 ? values.length : sum;
  const shares = values.map(() => 0);
  let remaining = total;
  for (const i of descendingOrder(names, v)) {
    const share = Math.min(ceilDiv(total * v[i]!, denominator), remaining);
    shares[i] = share;
    remaining -= share;
  }
  return shares;
}

/**
 * Fill clusters up to `caps` in the given order; the leftover beyond every cap goes to the first
 * cluster of the order (so Σ = total whenever the order is non-empty).
 */
export function capacityFill(
  total: number,
  order: readonly number[],
  caps: readonly number[],
): number[] {
  const take = caps.map(() => 0);
  let remaining = total;
  for (const i of order) {
    take[i] = Math.min(caps[i]!, remaining);
    remaining -= take[i]!;
  }
  if (remaining > 0 && order.length > 0) take[order[0]!]! += remaining;
  return take;
}

/** An HPA needs min ≤ max and min ≥ 1 ("MinBump"); max ≤ 0 means the cluster gets no HPA. */
export function normalise(minReplicas: number, maxReplicas: number): Bounds | null {
  if (maxReplicas <= 0) return null;
  return { minReplicas: Math.max(1, Math.min(minReplicas, maxReplicas)), maxReplicas };
}

/**
 * The policy's division of a quota over the clusters (§A.3 table, reused by §A.8 and §A.10).
 * Duplicated copies the quota to every cluster: it is not a share.
 */
export function divideByPolicy(
  policy: SeedPolicy,
  total: number,
  clusters: readonly ClusterTraits[],
): number[] {
  const names = clusters.map((c) => c.name);
  const available = clusters.map((c) => c.availableReplicas);
  switch (policy) {
    case 'Duplicated':
      return clusters.map(() => total);
    case 'StaticWeighted':
      return ceilShare(
        total,
        names,
        clusters.map((c) => c.weight),
      );
    case 'DynamicWeighted':
      return ceilShare(total, names, available);
    case 'Aggregated':
      return capacityFill(total, descendingOrder(names, available), available);
    case 'Prioritized':
      return capacityFill(
        total,
        descendingOrder(
          names,
          clusters.map((c) => c.priority),
        ),
        available,
      );
  }
}
