// TEST ORACLE ONLY — never imported by the engine. A frozen copy of the Map-based port of
// utilization.ts as it stood before the by-position fast path (commit 27b89bd):
// every per-pod value keyed by pod name, exactly like upstream. replicaCalculator.properties.test.ts
// checks that the engine's results equal this code's on random observations.
//
// pkg/controller/podautoscaler/metrics/utilization.go, plus Go's numeric conversions.

import type { PodMetricsInfo } from './metricsClient.ts';

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
  let big = false;
  for (const [pod, m] of metrics) {
    const request = requests.get(pod);
    if (request === undefined) continue;
    metricsTotal += m.value;
    requestsTotal += request;
    numEntries++;
  }
  if (requestsTotal === 0) return { ok: false, error: 'no metrics returned matched known pods' };
  if (metricsTotal > SAFE || requestsTotal > SAFE || metricsTotal * 100 > SAFE) big = true;
  let utilization: number;
  if (big) {
    // Re-sum exactly; rare (only huge memory figures get here).
    let mt = 0n;
    let rt = 0n;
    for (const [pod, m] of metrics) {
      const request = requests.get(pod);
      if (request === undefined) continue;
      mt += BigInt(m.value);
      rt += BigInt(request);
    }
    utilization = goInt32(Number((mt * 100n) / rt));
    return {
      ok: true,
      usageRatio: utilization / targetUtilization,
      utilization,
      rawAverageValue: Number(mt / BigInt(numEntries)),
    };
  }
  utilization = goInt32(int64Div(metricsTotal * 100, requestsTotal));
  return {
    ok: true,
    usageRatio: utilization / targetUtilization,
    utilization,
    rawAverageValue: int64Div(metricsTotal, numEntries),
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
