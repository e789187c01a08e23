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
//
// A pod group (PodObservation.count, groupedPods.ts) is one entry here: its pods share one group
// code, one request and one weighted sample, and every count upstream takes (ready pods, samples,
// the sums' terms) adds its weight, so the work per sync follows the entries, not the pods. The
// results are those of the expanded list (groupedPods.properties.test.ts).
//
// horizontal.ts runs these instead of the Map-based three when podNamesDistinct holds
// (replicaCalculation.ts names the two sets); the shared helpers are in
// replicaCalculatorCommon.ts, so neither file imports the other.

import { ByPositionScratch } from './byPositionScratch.ts';
import { extended } from './extended.ts';
import { groupMemberName } from './groupedPods.ts';
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
  readyCount,
  readyCountNote,
  readyCountOf,
  rebalanced,
  resourceMetricFailed,
  withCount,
  type CalcContext,
} from './replicaCalculatorCommon.ts';
import { isIgnoredCoded, isUnreadyForCpuCoded, PHASE_PENDING } from './podFieldColumns.ts';
import type {
  Observation,
  PodFieldColumns,
  PodGroups,
  PodObservation,
  ReplicaCalculation,
  Tolerances,
} from './types.ts';
import {
  getMetricUsageRatioByPosition,
  getResourceUtilizationRatioByPosition,
} from './utilizationByPosition.ts';

const READY = 0;
const IGNORED = 1;
const UNREADY = 2;
const MISSING = 3;

/** The pod-group sets' shared "none" (most calculations have no unready, missing or ignored pod). */
const NO_PODS: ReadonlySet<string> = new Set<string>();

/** Adds the names of every pod the entry stands for (its expanded names, groupedPods.ts). */
function addPodNames(set: Set<string> | null, pod: PodObservation): Set<string> {
  const names = set ?? new Set<string>();
  const count = pod.count ?? 1;
  for (let k = 0; k < count; k++) names.add(groupMemberName(pod.name, k));
  return names;
}

// twin of: replicaCalculator.ts groupPods
/**
 * The same sets (a pod group's pods all land in one of them, under their expanded names) and
 * count, plus `s.podGroup[i]` for each listed entry.
 */
function groupPodsByPosition(
  s: ByPositionScratch,
  pods: PodObservation[],
  metrics: PodMetricsByPosition,
  resource: string,
  ctx: CalcContext,
  fields: PodFieldColumns | null | undefined,
): PodGroups {
  let unreadyPods: Set<string> | null = null;
  let missingPods: Set<string> | null = null;
  let ignoredPods: Set<string> | null = null;
  let readyPodCount = 0;
  if (s.podGroup.length < pods.length)
    s.podGroup = new Uint8Array(Math.max(pods.length, 2 * s.podGroup.length));
  const group = s.podGroup;
  const { present, timestamps, windows, weights } = metrics;
  if (fields !== null && fields !== undefined) {
    // The same rules over the caller's columns of the pods' fields (Observation.podFields).
    const { at, deleting, phase, ready, startTime, readyTransitionTime } = fields;
    const settled = fields.settledStart;
    const ignoreSucceeded = ctx.ignoreSucceededPods;
    const cpu = resource === 'cpu';
    // the settled pod's rule reads these of ctx: once for the loop
    const init = ctx.cpuInitializationPeriodSeconds;
    const now = ctx.now;
    for (let i = 0; i < pods.length; i++) {
      const c = at[i]!;
      // Most pods, most syncs: settled with a sample, a ready pod by one column's read
      // (isIgnoredCoded and isUnreadyForCpuCoded both false, not Pending): for CPU once past
      // its cpuInitializationPeriod (a Ready pod past it is never unready), else at once.
      const st = settled === undefined ? NaN : settled[c]!;
      if (present[i] === 1 && (cpu ? st + init <= now : st === st)) {
        group[i] = READY;
        readyPodCount += weights[i]!;
        continue;
      }
      const ph = phase[c]!;
      if (isIgnoredCoded(deleting[c]!, ph, ignoreSucceeded)) {
        ignoredPods = addPodNames(ignoredPods, pods[i]!);
        group[i] = IGNORED;
        continue;
      }
      if (ph === PHASE_PENDING) {
        unreadyPods = addPodNames(unreadyPods, pods[i]!);
        group[i] = UNREADY;
        continue;
      }
      if (present[i] === 0) {
        missingPods = addPodNames(missingPods, pods[i]!);
        group[i] = MISSING;
        continue;
      }
      if (
        cpu &&
        isUnreadyForCpuCoded(
          ready[c]!,
          startTime[c]!,
          readyTransitionTime[c]!,
          timestamps[i]!,
          windows[i]!,
          ctx,
        )
      ) {
        unreadyPods = addPodNames(unreadyPods, pods[i]!);
        group[i] = UNREADY;
        continue;
      }
      group[i] = READY;
      readyPodCount += weights[i]!;
    }
  }
  for (let i = 0; (fields === null || fields === undefined) && i < pods.length; i++) {
    const pod = pods[i]!;
    if (isIgnored(pod, ctx)) {
      ignoredPods = addPodNames(ignoredPods, pod);
      group[i] = IGNORED;
      continue;
    }
    if (pod.phase === 'Pending') {
      unreadyPods = addPodNames(unreadyPods, pod);
      group[i] = UNREADY;
      continue;
    }
    if (present[i] === 0) {
      missingPods = addPodNames(missingPods, pod);
      group[i] = MISSING;
      continue;
    }
    if (resource === 'cpu' && isUnreadyForCpu(pod, timestamps[i]!, windows[i]!, ctx)) {
      unreadyPods = addPodNames(unreadyPods, pod);
      group[i] = UNREADY;
      continue;
    }
    group[i] = READY;
    // a ready pod has a sample: its slot's weight is its count
    readyPodCount += weights[i]!;
  }
  const kept = ctx.reuse === true ? s.groups[ctx.metricIndex ?? 0] : undefined;
  if (kept !== undefined) {
    // CalcContext.reuse: this metric's groups of the last reconcile, refilled
    kept.readyPodCount = readyPodCount;
    kept.unreadyPods = unreadyPods ?? NO_PODS;
    kept.missingPods = missingPods ?? NO_PODS;
    kept.ignoredPods = ignoredPods ?? NO_PODS;
    return kept;
  }
  const groups: PodGroups = {
    readyPodCount,
    unreadyPods: unreadyPods ?? NO_PODS,
    missingPods: missingPods ?? NO_PODS,
    ignoredPods: ignoredPods ?? NO_PODS,
  };
  if (ctx.reuse === true) s.groups[ctx.metricIndex ?? 0] = groups;
  return groups;
}

// twin of: replicaCalculator.ts removeMetricsForPods (ignored, then unready)
function removeMetricsForIgnoredAndUnready(
  s: ByPositionScratch,
  metrics: PodMetricsByPosition,
  groups: PodGroups,
  podCount: number,
): void {
  if (groups.ignoredPods.size === 0 && groups.unreadyPods.size === 0) return;
  metrics.deleteCoded(s.podGroup, podCount, IGNORED, UNREADY);
}

// twin of: replicaCalculator.ts calculateRequests
/** Fills `s.podRequests[i]`; a string is the error. */
function calculateRequestsByPosition(
  s: ByPositionScratch,
  pods: PodObservation[],
  container: string,
  resource: string,
  fields: PodFieldColumns | null | undefined,
): string | null {
  if (s.podRequests.length < pods.length)
    s.podRequests = new Float64Array(Math.max(pods.length, 2 * s.podRequests.length));
  const podRequests = s.podRequests;
  if (fields?.sharedRequests === true && pods.length > 0) {
    // The caller vouches every pod holds the first one's objects: the loop below would compute
    // the first pod's request and copy it to every other.
    const r = podRequest(pods[0]!, container, resource);
    if (typeof r === 'string') return r;
    // a loop, not fill(): a sync lists a few entries, and the builtin's call into C++ cost
    // ≈ 200 instructions a sync (callgrind), more than the loop over them
    for (let i = 0; i < pods.length; i++) podRequests[i] = r;
    return null;
  }
  // A pod's request reads only its containers, init containers and pod-level requests: a pod
  // holding the very same objects as the one before it has its request (pods of one template
  // share them), without walking them again.
  let last: PodObservation | null = null;
  let lastRequest = 0;
  for (let i = 0; i < pods.length; i++) {
    const pod = pods[i]!;
    if (
      last !== null &&
      pod.containers === last.containers &&
      pod.initContainers === last.initContainers &&
      pod.podRequests === last.podRequests
    ) {
      podRequests[i] = lastRequest;
      continue;
    }
    const r = podRequest(pod, container, resource);
    if (typeof r === 'string') return r;
    podRequests[i] = r;
    last = pod;
    lastRequest = r;
  }
  return null;
}

/** The stand-in sample `value` for every pod of group code `code`, in list order. */
function setStandIns(
  metrics: PodMetricsByPosition,
  pods: PodObservation[],
  group: Uint8Array,
  code: number,
  value: number,
): void {
  for (let i = 0; i < pods.length; i++)
    if (group[i] === code) metrics.set(i, value, 0, 0, pods[i]!.count ?? 1);
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
  const groups = groupPodsByPosition(s, podList, metrics, resource, ctx, obs.podFields);
  removeMetricsForIgnoredAndUnready(s, metrics, groups, podCount);
  if (metrics.size === 0) {
    return {
      replicaCount: 0,
      groups,
      error: 'did not receive metrics for targeted pods (pods might be unready)',
    };
  }
  const reqError = calculateRequestsByPosition(s, podList, container, resource, obs.podFields);
  if (reqError !== null) return { replicaCount: 0, groups, error: reqError };
  const requests = s.podRequests;
  const first = getResourceUtilizationRatioByPosition(
    metrics,
    requests,
    podCount,
    targetUtilization,
    s.ratio,
  );
  if (!first.ok) return { replicaCount: 0, groups, error: first.error };
  const { usageRatio, utilization, rawAverageValue } = first;

  const scaleUpWithUnready = groups.unreadyPods.size > 0 && usageRatio > 1.0;
  if (!scaleUpWithUnready && groups.missingPods.size === 0) {
    const within = isWithin(tolerances, usageRatio);
    const kept = ctx.reuse === true ? s.calcs[ctx.metricIndex ?? 0] : undefined;
    if (kept !== undefined) {
      // CalcContext.reuse: this metric's result of the last reconcile, refilled as withCount
      // fills one (the same keys: every result stored here came from withCount)
      const calibration = ctx.calibration ?? 1;
      kept.replicaCount = within
        ? currentReplicas
        : readyCountOf(usageRatio, groups.readyPodCount, calibration, ctx.int32Caps === 'all');
      kept.usageRatio = usageRatio;
      kept.utilization = utilization;
      kept.rawValue = rawAverageValue;
      kept.groups = groups;
      kept.note = within ? 'within tolerance' : readyCountNote(groups.readyPodCount, calibration);
      return kept;
    }
    const base = { usageRatio, utilization, rawValue: rawAverageValue, groups };
    const calc = within
      ? withCount(base, currentReplicas, 'within tolerance')
      : readyCount(
          base,
          usageRatio,
          groups.readyPodCount,
          ctx.calibration ?? 1,
          ctx.int32Caps === 'all',
        );
    if (ctx.reuse === true) s.calcs[ctx.metricIndex ?? 0] = calc;
    return calc;
  }

  const base = { usageRatio, utilization, rawValue: rawAverageValue, groups };
  const group = s.podGroup;
  if (groups.missingPods.size > 0) {
    if (usageRatio < 1.0) {
      // Scale-down: a missing pod counts as 100 % of its request, or the target when above 100 %.
      const fallbackUtilization = Math.max(100, targetUtilization);
      for (let i = 0; i < podCount; i++) {
        if (group[i] !== MISSING) continue;
        const value = Math.trunc((requests[i]! * fallbackUtilization) / 100);
        metrics.set(i, value, 0, 0, podList[i]!.count ?? 1);
      }
    } else if (usageRatio > 1.0) {
      setStandIns(metrics, podList, group, MISSING, 0);
    }
  }
  if (scaleUpWithUnready) setStandIns(metrics, podList, group, UNREADY, 0);

  const second = getResourceUtilizationRatioByPosition(
    metrics,
    requests,
    podCount,
    targetUtilization,
    s.ratio,
  );
  if (!second.ok) return extended(base, { replicaCount: 0, error: second.error });
  return rebalanced(
    base,
    usageRatio,
    second.usageRatio,
    metrics.size,
    currentReplicas,
    tolerances,
    ctx.calibration ?? 1,
    ctx.int32Caps === 'all',
  );
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
  const groups = groupPodsByPosition(s, podList, metrics, resource, ctx, obs.podFields);
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
    return readyCount(
      base,
      usageRatio,
      groups.readyPodCount,
      ctx.calibration ?? 1,
      ctx.int32Caps === 'all',
    );
  }
  const group = s.podGroup;
  if (groups.missingPods.size > 0) {
    if (usageRatio < 1.0) {
      // Scale-down: a missing pod counts as exactly the target.
      setStandIns(metrics, podList, group, MISSING, targetUsage);
    } else if (usageRatio > 1.0) {
      setStandIns(metrics, podList, group, MISSING, 0);
    }
  }
  if (scaleUpWithUnready) setStandIns(metrics, podList, group, UNREADY, 0);
  const { usageRatio: newUsageRatio } = getMetricUsageRatioByPosition(metrics, targetUsage);
  return rebalanced(
    base,
    usageRatio,
    newUsageRatio,
    metrics.size,
    currentReplicas,
    tolerances,
    ctx.calibration ?? 1,
    ctx.int32Caps === 'all',
  );
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
