// Performance twin of replicaCalculator.ts (GetResourceReplicas, GetRawResourceReplicas,
// GetMetricReplicas, calcPlainMetricReplicas), proven equal by
// replicaCalculator.properties.test.ts, which runs random observations through both paths and
// requires deep-equal results, alone and inside whole reconciles.
//
// Not in upstream. When every pod name in the observation is distinct (podNamesDistinct),
// upstream's maps keyed by pod name are maps indexed by position, and these functions are the
// Map-based ones step for step over arrays: the PodMetricsByPosition sample map, the pod groups as
// one code per listed pod, the requests as one number per listed pod. Nothing is allocated per pod
// except the names in the (usually empty) unready/missing/ignored sets the trace shows. Sums visit
// the samples in the Map's order, so every figure is bit for bit the Map-based one. The per-pod
// rules (isIgnored, isUnreadyForCpu, podRequest) and the result helpers are shared, not copied.

import { ByPositionScratch } from './byPositionScratch.ts';
import {
  getRawMetricByPosition,
  getResourceMetricByPosition,
  type PodMetricsByPosition,
} from './metricsClientByPosition.ts';
import {
  isIgnored,
  isUnreadyForCpu,
  isWithin,
  podRequest,
  rawMetricFailed,
  rebalanced,
  resourceMetricFailed,
  withCount,
  type CalcContext,
  type PodGroups,
  type ReplicaCalculation,
  type Tolerances,
} from './replicaCalculator.ts';
import type { Observation, PodObservation } from './types.ts';
import {
  getMetricUsageRatioByPosition,
  getResourceUtilizationRatioByPosition,
} from './utilizationByPosition.ts';
import { goInt32 } from './utilization.ts';

const READY = 0;
const IGNORED = 1;
const UNREADY = 2;
const MISSING = 3;

// twin of: replicaCalculator.ts groupPods
/** The same sets, plus `s.podGroup[i]` for each listed pod. */
function groupPodsByPosition(
  s: ByPositionScratch,
  pods: PodObservation[],
  metrics: PodMetricsByPosition,
  resource: string,
  ctx: CalcContext,
): PodGroups {
  const unreadyPods = new Set<string>();
  const missingPods = new Set<string>();
  const ignoredPods = new Set<string>();
  let readyPodCount = 0;
  if (s.podGroup.length < pods.length)
    s.podGroup = new Uint8Array(Math.max(pods.length, 2 * s.podGroup.length));
  const group = s.podGroup;
  const { present, timestamps, windows } = metrics;
  for (let i = 0; i < pods.length; i++) {
    const pod = pods[i]!;
    if (isIgnored(pod, ctx)) {
      ignoredPods.add(pod.name);
      group[i] = IGNORED;
      continue;
    }
    if (pod.phase === 'Pending') {
      unreadyPods.add(pod.name);
      group[i] = UNREADY;
      continue;
    }
    if (present[i] === 0) {
      missingPods.add(pod.name);
      group[i] = MISSING;
      continue;
    }
    if (resource === 'cpu' && isUnreadyForCpu(pod, timestamps[i]!, windows[i]!, ctx)) {
      unreadyPods.add(pod.name);
      group[i] = UNREADY;
      continue;
    }
    group[i] = READY;
    readyPodCount++;
  }
  return { readyPodCount, unreadyPods, missingPods, ignoredPods };
}

// twin of: replicaCalculator.ts removeMetricsForPods (ignored, then unready)
function removeMetricsForIgnoredAndUnready(
  s: ByPositionScratch,
  metrics: PodMetricsByPosition,
  groups: PodGroups,
  podCount: number,
): void {
  if (groups.ignoredPods.size === 0 && groups.unreadyPods.size === 0) return;
  const group = s.podGroup;
  metrics.deleteWhere(
    (slot) => slot < podCount && (group[slot] === IGNORED || group[slot] === UNREADY),
  );
}

// twin of: replicaCalculator.ts calculateRequests
/** Fills `s.podRequests[i]`; a string is the error. */
function calculateRequestsByPosition(
  s: ByPositionScratch,
  pods: PodObservation[],
  container: string,
  resource: string,
): string | null {
  if (s.podRequests.length < pods.length)
    s.podRequests = new Float64Array(Math.max(pods.length, 2 * s.podRequests.length));
  const podRequests = s.podRequests;
  for (let i = 0; i < pods.length; i++) {
    const r = podRequest(pods[i]!, container, resource);
    if (typeof r === 'string') return r;
    podRequests[i] = r;
  }
  return null;
}

// twin of: replicaCalculator.ts getResourceReplicas
export function getResourceReplicasByPosition(
  obs: Observation,
  currentReplicas: number,
  targetUtilization: number,
  resource: string,
  tolerances: Tolerances,
  container: string,
  ctx: CalcContext,
): ReplicaCalculation {
  const s = ctx.scratch ?? new ByPositionScratch();
  const fetched = getResourceMetricByPosition(obs, resource, container, ctx, s.samples);
  if (!fetched.ok) return resourceMetricFailed(resource, fetched.error);
  const metrics = fetched.value;
  const podList = obs.pods;
  const podCount = podList.length;
  if (podCount === 0) {
    return {
      replicaCount: 0,
      error: 'no pods returned by selector while calculating replica count',
    };
  }
  const groups = groupPodsByPosition(s, podList, metrics, resource, ctx);
  removeMetricsForIgnoredAndUnready(s, metrics, groups, podCount);
  if (metrics.size === 0) {
    return {
      replicaCount: 0,
      groups,
      error: 'did not receive metrics for targeted pods (pods might be unready)',
    };
  }
  const reqError = calculateRequestsByPosition(s, podList, container, resource);
  if (reqError !== null) return { replicaCount: 0, groups, error: reqError };
  const requests = s.podRequests;
  const first = getResourceUtilizationRatioByPosition(
    metrics,
    requests,
    podCount,
    targetUtilization,
  );
  if (!first.ok) return { replicaCount: 0, groups, error: first.error };
  const { usageRatio, utilization, rawAverageValue } = first;
  const base = { usageRatio, utilization, rawValue: rawAverageValue, groups };

  const scaleUpWithUnready = groups.unreadyPods.size > 0 && usageRatio > 1.0;
  if (!scaleUpWithUnready && groups.missingPods.size === 0) {
    if (isWithin(tolerances, usageRatio)) {
      return withCount(base, currentReplicas, 'within tolerance');
    }
    return withCount(base, goInt32(Math.ceil(usageRatio * groups.readyPodCount)));
  }

  const group = s.podGroup;
  if (groups.missingPods.size > 0) {
    if (usageRatio < 1.0) {
      // Scale-down: a missing pod counts as 100 % of its request, or the target when above 100 %.
      const fallbackUtilization = Math.max(100, targetUtilization);
      for (let i = 0; i < podCount; i++) {
        if (group[i] !== MISSING) continue;
        metrics.set(i, Math.trunc((requests[i]! * fallbackUtilization) / 100), 0, 0);
      }
    } else if (usageRatio > 1.0) {
      for (let i = 0; i < podCount; i++) if (group[i] === MISSING) metrics.set(i, 0, 0, 0);
    }
  }
  if (scaleUpWithUnready) {
    for (let i = 0; i < podCount; i++) if (group[i] === UNREADY) metrics.set(i, 0, 0, 0);
  }

  const second = getResourceUtilizationRatioByPosition(
    metrics,
    requests,
    podCount,
    targetUtilization,
  );
  if (!second.ok) return { ...base, replicaCount: 0, error: second.error };
  return rebalanced(base, usageRatio, second.usageRatio, metrics.size, currentReplicas, tolerances);
}

// twin of: replicaCalculator.ts calcPlainMetricReplicas
function calcPlainMetricReplicasByPosition(
  s: ByPositionScratch,
  obs: Observation,
  metrics: PodMetricsByPosition,
  currentReplicas: number,
  targetUsage: number,
  tolerances: Tolerances,
  resource: string,
  ctx: CalcContext,
): ReplicaCalculation {
  const podList = obs.pods;
  const podCount = podList.length;
  if (podCount === 0) {
    return {
      replicaCount: 0,
      error: 'no pods returned by selector while calculating replica count',
    };
  }
  const groups = groupPodsByPosition(s, podList, metrics, resource, ctx);
  removeMetricsForIgnoredAndUnready(s, metrics, groups, podCount);
  if (metrics.size === 0) {
    return {
      replicaCount: 0,
      groups,
      error: 'did not receive metrics for targeted pods (pods might be unready)',
    };
  }
  const { usageRatio, usage } = getMetricUsageRatioByPosition(metrics, targetUsage);
  const base = { usageRatio, rawValue: usage, groups };
  const scaleUpWithUnready = groups.unreadyPods.size > 0 && usageRatio > 1.0;
  if (!scaleUpWithUnready && groups.missingPods.size === 0) {
    if (isWithin(tolerances, usageRatio)) {
      return withCount(base, currentReplicas, 'within tolerance');
    }
    return withCount(base, goInt32(Math.ceil(usageRatio * groups.readyPodCount)));
  }
  const group = s.podGroup;
  if (groups.missingPods.size > 0) {
    if (usageRatio < 1.0) {
      // Scale-down: a missing pod counts as exactly the target.
      for (let i = 0; i < podCount; i++)
        if (group[i] === MISSING) metrics.set(i, targetUsage, 0, 0);
    } else if (usageRatio > 1.0) {
      for (let i = 0; i < podCount; i++) if (group[i] === MISSING) metrics.set(i, 0, 0, 0);
    }
  }
  if (scaleUpWithUnready) {
    for (let i = 0; i < podCount; i++) if (group[i] === UNREADY) metrics.set(i, 0, 0, 0);
  }
  const { usageRatio: newUsageRatio } = getMetricUsageRatioByPosition(metrics, targetUsage);
  return rebalanced(base, usageRatio, newUsageRatio, metrics.size, currentReplicas, tolerances);
}

// twin of: replicaCalculator.ts getRawResourceReplicas
export function getRawResourceReplicasByPosition(
  obs: Observation,
  currentReplicas: number,
  targetUsage: number,
  resource: string,
  tolerances: Tolerances,
  container: string,
  ctx: CalcContext,
): ReplicaCalculation {
  const s = ctx.scratch ?? new ByPositionScratch();
  const fetched = getResourceMetricByPosition(obs, resource, container, ctx, s.samples);
  if (!fetched.ok) return resourceMetricFailed(resource, fetched.error);
  return calcPlainMetricReplicasByPosition(
    s,
    obs,
    fetched.value,
    currentReplicas,
    targetUsage,
    tolerances,
    resource,
    ctx,
  );
}

// twin of: replicaCalculator.ts getMetricReplicas
export function getMetricReplicasByPosition(
  obs: Observation,
  currentReplicas: number,
  targetUsage: number,
  metricName: string,
  tolerances: Tolerances,
  ctx: CalcContext,
): ReplicaCalculation {
  const s = ctx.scratch ?? new ByPositionScratch();
  const fetched = getRawMetricByPosition(obs, metricName, ctx.now, s.samples);
  if (!fetched.ok) return rawMetricFailed(metricName, fetched.error);
  return calcPlainMetricReplicasByPosition(
    s,
    obs,
    fetched.value,
    currentReplicas,
    targetUsage,
    tolerances,
    '',
    ctx,
  );
}
