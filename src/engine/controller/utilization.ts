// pkg/controller/podautoscaler/metrics/utilization.go, plus Go's numeric conversions.

import type { PodMetricsByPosition, PodMetricsInfo } from './metricsClient.ts';

export const MAX_INT32 = 2147483647;
const MIN_INT32 = -2147483648;
const SAFE = Number.MAX_SAFE_INTEGER;

/** Go's int32(f) on amd64: truncation; NaN and out-of-range give the "integer indefinite" value. */
export function goInt32(f: number): number {
  if (!(f >= MIN_INT32 && f < MAX_INT32 + 1)) return MIN_INT32;
  return Math.trunc(f) | 0; // | 0 also turns -0 into 0
}

/** int32 addition with Go's wrap-around. */
export function addInt32(a: number, b: number): number {
  return (a + b) | 0;
}

/**
 * Go's a / b for int64 (truncates toward zero). A float quotient can round up across an integer,
 * so it is corrected with exact products; BigInt once past 2^53.
 */
export function int64Div(a: number, b: number): number {
  if (a >= 0 && b > 0 && a <= SAFE && b <= SAFE) {
    let q = Math.trunc(a / b);
    if (q * b > a) q--;
    else if ((q + 1) * b <= a) q++;
    return q;
  }
  return Number(BigInt(a) / BigInt(b));
}

export interface UtilizationRatio {
  ok: true;
  usageRatio: number;
  /** integer percent, truncated */
  utilization: number;
  /** Σusage / number of samples with a request (truncated) */
  rawAverageValue: number;
}

/**
 * GetResourceUtilizationRatio: samples without a request (pods outside the list) are skipped.
 * `metricsTotal * 100` can pass 2^53 for memory, so the percent is computed with BigInt.
 */
export function getResourceUtilizationRatio(
  metrics: PodMetricsInfo,
  requests: Map<string, number>,
  targetUtilization: number,
): UtilizationRatio | { ok: false; error: string } {
  let metricsTotal = 0;
  let requestsTotal = 0;
  let numEntries = 0;
  for (const [pod, m] of metrics) {
    const request = requests.get(pod);
    if (request === undefined) continue;
    metricsTotal += m.value;
    requestsTotal += request;
    numEntries++;
  }
  if (requestsTotal === 0) return { ok: false, error: 'no metrics returned matched known pods' };
  if (needsExactSums(metricsTotal, requestsTotal)) {
    // Re-sum exactly; rare (only huge memory figures get here).
    let mt = 0n;
    let rt = 0n;
    for (const [pod, m] of metrics) {
      const request = requests.get(pod);
      if (request === undefined) continue;
      mt += BigInt(m.value);
      rt += BigInt(request);
    }
    return exactUtilizationRatio(mt, rt, numEntries, targetUtilization);
  }
  return utilizationRatio(metricsTotal, requestsTotal, numEntries, targetUtilization);
}

/**
 * GetResourceUtilizationRatio by position (see PodMetricsByPosition): slot `k` of a listed pod
 * has request `requests[k]`; slots from `podCount` on are samples of pods outside the list,
 * which have no request.
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

function needsExactSums(metricsTotal: number, requestsTotal: number): boolean {
  return metricsTotal > SAFE || requestsTotal > SAFE || metricsTotal * 100 > SAFE;
}

function utilizationRatio(
  metricsTotal: number,
  requestsTotal: number,
  numEntries: number,
  targetUtilization: number,
): UtilizationRatio {
  const utilization = goInt32(int64Div(metricsTotal * 100, requestsTotal));
  return {
    ok: true,
    usageRatio: utilization / targetUtilization,
    utilization,
    rawAverageValue: int64Div(metricsTotal, numEntries),
  };
}

function exactUtilizationRatio(
  metricsTotal: bigint,
  requestsTotal: bigint,
  numEntries: number,
  targetUtilization: number,
): UtilizationRatio {
  const utilization = goInt32(Number((metricsTotal * 100n) / requestsTotal));
  return {
    ok: true,
    usageRatio: utilization / targetUtilization,
    utilization,
    rawAverageValue: Number(metricsTotal / BigInt(numEntries)),
  };
}

/** GetMetricUsageRatio: truncated mean over all samples, then ratio to the target. */
export function getMetricUsageRatio(
  metrics: PodMetricsInfo,
  targetUsage: number,
): { usageRatio: number; usage: number } {
  let total = 0;
  for (const m of metrics.values()) total += m.value;
  let usage: number;
  if (Math.abs(total) > SAFE) {
    let t = 0n;
    for (const m of metrics.values()) t += BigInt(m.value);
    usage = Number(t / BigInt(metrics.size));
  } else {
    usage = int64Div(total, metrics.size);
  }
  return { usageRatio: usage / targetUsage, usage };
}

/** GetMetricUsageRatio by position: every sample counts, those of unlisted pods included. */
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
