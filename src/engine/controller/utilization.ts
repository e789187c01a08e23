// pkg/controller/podautoscaler/metrics/utilization.go (kubernetes v1.35.0), plus Go's numeric
// conversions. The by-position twins are in utilizationByPosition.ts.

import type { PodMetricsInfo } from './metricsClient.ts';

export const MAX_INT32 = 2147483647;
const MIN_INT32 = -2147483648;
export const SAFE = Number.MAX_SAFE_INTEGER;

/** Go's int32(f) on amd64: truncation; NaN and out-of-range give the "integer indefinite" value. */
export function goInt32(f: number): number {
  if (!(f >= MIN_INT32 && f < MAX_INT32 + 1)) return MIN_INT32;
  return Math.trunc(f) | 0; // | 0 also turns -0 into 0
}

/**
 * int32(math.Ceil(x)) as the release converts it: as amd64 does (goInt32), or, with `saturate`
 * (#141397, master → 1.38: ceilToInt32), at most 2^31−1 on every architecture. NaN is left to
 * the conversion, as upstream chose.
 */
export function ceilToInt32(x: number, saturate: boolean): number {
  const c = Math.ceil(x);
  if (saturate && c >= MAX_INT32) return MAX_INT32;
  return goInt32(c);
}

/**
 * Go's int32(x) for an int64 x: the low 32 bits, two's complement (the Go spec's integer
 * conversion; unlike int32(float64), no "integer indefinite"). `x` is an exact integer here.
 */
export function int32OfInt64(x: number): number {
  return x | 0; // ToInt32 is the same truncation modulo 2^32 for any integer below 2^53
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

// upstream: metrics/utilization.go GetResourceUtilizationRatio
/**
 * Samples without a request (pods outside the list) are skipped.
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

export function needsExactSums(metricsTotal: number, requestsTotal: number): boolean {
  return metricsTotal > SAFE || requestsTotal > SAFE || metricsTotal * 100 > SAFE;
}

export function utilizationRatio(
  metricsTotal: number,
  requestsTotal: number,
  numEntries: number,
  targetUtilization: number,
  out?: UtilizationRatio,
): UtilizationRatio {
  // int32((metricsTotal * 100) / requestsTotal): an int64 quotient converted, so it wraps.
  const utilization = int32OfInt64(int64Div(metricsTotal * 100, requestsTotal));
  const usageRatio = utilization / targetUtilization;
  const rawAverageValue = int64Div(metricsTotal, numEntries);
  if (out === undefined) return { ok: true, usageRatio, utilization, rawAverageValue };
  // a caller's object, read at once (the by-position twin's scratch): no allocation per sync
  out.usageRatio = usageRatio;
  out.utilization = utilization;
  out.rawAverageValue = rawAverageValue;
  return out;
}

export function exactUtilizationRatio(
  metricsTotal: bigint,
  requestsTotal: bigint,
  numEntries: number,
  targetUtilization: number,
): UtilizationRatio {
  // Go's int64 sums, product and quotient wrap at 64 bits, then the conversion at 32.
  const mt = BigInt.asIntN(64, metricsTotal);
  const rt = BigInt.asIntN(64, requestsTotal);
  const quotient = rt === 0n ? 0n : BigInt.asIntN(64, mt * 100n) / rt;
  const utilization = Number(BigInt.asIntN(32, quotient));
  return {
    ok: true,
    usageRatio: utilization / targetUtilization,
    utilization,
    rawAverageValue: Number(mt / BigInt(numEntries)),
  };
}

// upstream: metrics/utilization.go GetMetricUsageRatio
/** The truncated mean over all samples, then its ratio to the target. */
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
