// Performance twin of utilization.ts (GetResourceUtilizationRatio, GetMetricUsageRatio) over a
// PodMetricsByPosition, proven equal by replicaCalculator.properties.test.ts and
// groupedPods.properties.test.ts. Not in upstream. Sums run over the samples in the Map's
// insertion order, so they round exactly as the Map sums; a slot standing for several samples
// adds them in one step when that step is exact (addCopies), else one by one.

import type { PodMetricsByPosition } from './metricsClientByPosition.ts';
import {
  exactUtilizationRatio,
  int64Div,
  needsExactSums,
  SAFE,
  utilizationRatio,
  type UtilizationRatio,
} from './utilization.ts';

/**
 * `total` plus `copies` times `v`, rounded as adding `v` that many times one by one would round.
 * With integers whose sums stay within 2^53 every one-by-one sum is exact, and so is `v × copies`
 * added at once (the usual case: milli-units); otherwise the copies are added one by one.
 */
export function addCopies(total: number, v: number, copies: number): number {
  if (copies === 1) return total + v;
  const product = v * copies;
  const next = total + product;
  if (
    Number.isInteger(v) &&
    Number.isInteger(total) &&
    Math.abs(total) <= SAFE &&
    Math.abs(product) <= SAFE &&
    Math.abs(next) <= SAFE
  ) {
    return next;
  }
  for (let j = 0; j < copies; j++) total += v;
  return total;
}

// twin of: utilization.ts getResourceUtilizationRatio
/**
 * Slot `k` of a listed pod has request `requests[k]`; slots from `podCount` on are samples of
 * pods outside the list, which have no request.
 */
export function getResourceUtilizationRatioByPosition(
  metrics: PodMetricsByPosition,
  requests: Float64Array,
  podCount: number,
  targetUtilization: number,
  out?: UtilizationRatio,
): UtilizationRatio | { ok: false; error: string } {
  const { order, values, weights, live } = metrics;
  let metricsTotal = 0;
  let requestsTotal = 0;
  let numEntries = 0;
  if (metrics.grouped) {
    for (let k = 0; k < live; k++) {
      const slot = order[k]!;
      if (slot >= podCount) continue;
      const w = weights[slot]!;
      metricsTotal = addCopies(metricsTotal, values[slot]!, w);
      requestsTotal = addCopies(requestsTotal, requests[slot]!, w);
      numEntries += w;
    }
  } else {
    // one sample per slot (no pod group): the plain sums
    for (let k = 0; k < live; k++) {
      const slot = order[k]!;
      if (slot >= podCount) continue;
      metricsTotal += values[slot]!;
      requestsTotal += requests[slot]!;
      numEntries++;
    }
  }
  if (requestsTotal === 0) return { ok: false, error: 'no metrics returned matched known pods' };
  if (needsExactSums(metricsTotal, requestsTotal)) {
    let mt = 0n;
    let rt = 0n;
    for (let k = 0; k < live; k++) {
      const slot = order[k]!;
      if (slot >= podCount) continue;
      const w = BigInt(weights[slot]!);
      mt += BigInt(values[slot]!) * w;
      rt += BigInt(requests[slot]!) * w;
    }
    return exactUtilizationRatio(mt, rt, numEntries, targetUtilization);
  }
  return utilizationRatio(metricsTotal, requestsTotal, numEntries, targetUtilization, out);
}

// twin of: utilization.ts getMetricUsageRatio
/** Every sample counts, those of unlisted pods included. */
export function getMetricUsageRatioByPosition(
  metrics: PodMetricsByPosition,
  targetUsage: number,
): { usageRatio: number; usage: number } {
  const { order, values, weights, live, size } = metrics;
  let total = 0;
  if (metrics.grouped) {
    for (let k = 0; k < live; k++) {
      const slot = order[k]!;
      total = addCopies(total, values[slot]!, weights[slot]!);
    }
  } else {
    for (let k = 0; k < live; k++) total += values[order[k]!]!;
  }
  let usage: number;
  if (Math.abs(total) > SAFE) {
    let t = 0n;
    for (let k = 0; k < live; k++) {
      const slot = order[k]!;
      t += BigInt(values[slot]!) * BigInt(weights[slot]!);
    }
    usage = Number(t / BigInt(size));
  } else {
    usage = int64Div(total, size);
  }
  return { usageRatio: usage / targetUsage, usage };
}
