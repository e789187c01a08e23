// Performance twin of utilization.ts (GetResourceUtilizationRatio, GetMetricUsageRatio) over a
// PodMetricsByPosition, proven equal by replicaCalculator.properties.test.ts. Not in upstream.
// Sums run over the samples in the Map's insertion order, so they round exactly as the Map sums.

import type { PodMetricsByPosition } from './metricsClientByPosition.ts';
import {
  exactUtilizationRatio,
  int64Div,
  needsExactSums,
  SAFE,
  utilizationRatio,
  type UtilizationRatio,
} from './utilization.ts';

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
): UtilizationRatio | { ok: false; error: string } {
  const { order, values, size } = metrics;
  let metricsTotal = 0;
  let requestsTotal = 0;
  let numEntries = 0;
  for (let k = 0; k < size; k++) {
    const slot = order[k]!;
    if (slot >= podCount) continue;
    metricsTotal += values[slot]!;
    requestsTotal += requests[slot]!;
    numEntries++;
  }
  if (requestsTotal === 0) return { ok: false, error: 'no metrics returned matched known pods' };
  if (needsExactSums(metricsTotal, requestsTotal)) {
    let mt = 0n;
    let rt = 0n;
    for (let k = 0; k < size; k++) {
      const slot = order[k]!;
      if (slot >= podCount) continue;
      mt += BigInt(values[slot]!);
      rt += BigInt(requests[slot]!);
    }
    return exactUtilizationRatio(mt, rt, numEntries, targetUtilization);
  }
  return utilizationRatio(metricsTotal, requestsTotal, numEntries, targetUtilization);
}

// twin of: utilization.ts getMetricUsageRatio
/** Every sample counts, those of unlisted pods included. */
export function getMetricUsageRatioByPosition(
  metrics: PodMetricsByPosition,
  targetUsage: number,
): { usageRatio: number; usage: number } {
  const { order, values, size } = metrics;
  let total = 0;
  for (let k = 0; k < size; k++) total += values[order[k]!]!;
  let usage: number;
  if (Math.abs(total) > SAFE) {
    let t = 0n;
    for (let k = 0; k < size; k++) t += BigInt(values[order[k]!]!);
    usage = Number(t / BigInt(size));
  } else {
    usage = int64Div(total, size);
  }
  return { usageRatio: usage / targetUsage, usage };
}
