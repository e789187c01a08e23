// TEST ORACLE ONLY — never imported by the engine. A frozen copy of the Map-based port of
// replicaCalculator.ts as it stood before the by-position fast path (commit 27b89bd):
// every per-pod value keyed by pod name, exactly like upstream. replicaCalculator.properties.test.ts
// checks that the engine's results equal this code's on random observations.
//
// Port of pkg/controller/podautoscaler/replica_calculator.go: one metric → one replica proposal.
// Function names follow upstream so the files can be read side by side.

import type { PodMetricsInfo } from './metricsClient.ts';
import {
  getExternalMetric,
  getObjectMetric,
  getRawMetric,
  getResourceMetric,
  MAX_INT64,
} from './metricsClient.ts';
import type { ControllerConfig, Observation, PodObservation } from '../../types.ts';
import {
  getMetricUsageRatio,
  getResourceUtilizationRatio,
  goInt32,
  MAX_INT32,
} from './utilization.ts';

export interface Tolerances {
  scaleDown: number;
  scaleUp: number;
}

/** Inclusive on both ends, evaluated in float64 (v1.33+). */
export function isWithin(t: Tolerances, usageRatio: number): boolean {
  return 1.0 - t.scaleDown <= usageRatio && usageRatio <= 1.0 + t.scaleUp;
}

export interface PodGroups {
  readyPodCount: number;
  unreadyPods: Set<string>;
  missingPods: Set<string>;
  ignoredPods: Set<string>;
}

/** What one metric computed; `error` set on failure (the proposal is then meaningless). */
export interface ReplicaCalculation {
  replicaCount: number;
  error?: string;
  usageRatio?: number;
  utilization?: number;
  /** averageValue / value reported in the metric status, milli-units */
  rawValue?: number;
  groups?: PodGroups;
  /** human label of the branch taken, for the explanation */
  note?: string;
}

export type CalcContext = Pick<
  ControllerConfig,
  | 'cpuInitializationPeriodSeconds'
  | 'initialReadinessDelaySeconds'
  | 'ignoreSucceededPods'
  | 'containerMetricMissingIsError'
> & { now: number };

/** groupPods: ignored (deleting/Failed) → unready (Pending, CPU readiness rules) → missing → ready. */
export function groupPods(
  pods: PodObservation[],
  metrics: PodMetricsInfo,
  resource: string,
  ctx: CalcContext,
): PodGroups {
  const unreadyPods = new Set<string>();
  const missingPods = new Set<string>();
  const ignoredPods = new Set<string>();
  let readyPodCount = 0;
  for (const pod of pods) {
    if (
      pod.deleting ||
      pod.phase === 'Failed' ||
      (ctx.ignoreSucceededPods && pod.phase === 'Succeeded')
    ) {
      ignoredPods.add(pod.name);
      continue;
    }
    if (pod.phase === 'Pending') {
      unreadyPods.add(pod.name);
      continue;
    }
    const metric = metrics.get(pod.name);
    if (metric === undefined) {
      missingPods.add(pod.name);
      continue;
    }
    if (resource === 'cpu') {
      let unready: boolean;
      const hasCondition = pod.ready !== null && pod.ready !== undefined;
      const start = pod.startTime;
      if (!hasCondition || start === null || start === undefined) {
        unready = true;
      } else {
        const transition = pod.readyTransitionTime ?? 0;
        if (start + ctx.cpuInitializationPeriodSeconds > ctx.now) {
          // Still initializing: ignore an unready pod, or a sample that predates a full window of readiness.
          unready = pod.ready === false || metric.timestamp < transition + metric.window;
        } else {
          // Ignore only a pod that is unready and has never been ready.
          unready = pod.ready === false && start + ctx.initialReadinessDelaySeconds > transition;
        }
      }
      if (unready) {
        unreadyPods.add(pod.name);
        continue;
      }
    }
    readyPodCount++;
  }
  return { readyPodCount, unreadyPods, missingPods, ignoredPods };
}

function removeMetricsForPods(metrics: PodMetricsInfo, pods: Set<string>): void {
  for (const p of pods) metrics.delete(p);
}

/** calculateRequests: pod-level requests (no container given), else the container sum. */
export function calculateRequests(
  pods: PodObservation[],
  container: string,
  resource: string,
): { ok: true; requests: Map<string, number> } | { ok: false; error: string } {
  const requests = new Map<string, number>();
  for (const pod of pods) {
    if (container === '' && pod.podRequests && Object.keys(pod.podRequests).length > 0) {
      const r = pod.podRequests[resource];
      if (r === undefined)
        return { ok: false, error: `missing pod-level request for ${resource} in Pod ${pod.name}` };
      requests.set(pod.name, r);
      continue;
    }
    let request = 0;
    let found = false;
    const all = pod.initContainers
      ? [...pod.containers, ...pod.initContainers.filter((c) => c.restartPolicy === 'Always')]
      : pod.containers;
    for (const c of all) {
      if (container === '' || container === c.name) {
        const r = c.requests?.[resource];
        if (r === undefined) {
          return {
            ok: false,
            error: `missing request for ${resource} in container ${c.name} of Pod ${pod.name}`,
          };
        }
        request += r;
      }
      if (container === c.name) {
        found = true;
        break;
      }
    }
    if (container !== '' && !found)
      return { ok: false, error: `container ${container} not found in Pod ${pod.name}` };
    requests.set(pod.name, request);
  }
  return { ok: true, requests };
}

/** GetResourceReplicas: Utilization target of a Resource/ContainerResource metric. */
export function getResourceReplicas(
  obs: Observation,
  currentReplicas: number,
  targetUtilization: number,
  resource: string,
  tolerances: Tolerances,
  container: string,
  ctx: CalcContext,
): ReplicaCalculation {
  const fetched = getResourceMetric(obs, resource, container, ctx);
  if (!fetched.ok)
    return {
      replicaCount: 0,
      error: `unable to get metrics for resource ${resource}: ${fetched.error}`,
    };
  const metrics = fetched.value;
  const podList = obs.pods;
  if (podList.length === 0) {
    return {
      replicaCount: 0,
      error: 'no pods returned by selector while calculating replica count',
    };
  }
  const groups = groupPods(podList, metrics, resource, ctx);
  removeMetricsForPods(metrics, groups.ignoredPods);
  removeMetricsForPods(metrics, groups.unreadyPods);
  if (metrics.size === 0) {
    return {
      replicaCount: 0,
      groups,
      error: 'did not receive metrics for targeted pods (pods might be unready)',
    };
  }
  const req = calculateRequests(podList, container, resource);
  if (!req.ok) return { replicaCount: 0, groups, error: req.error };
  const requests = req.requests;
  const first = getResourceUtilizationRatio(metrics, requests, targetUtilization);
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

  if (groups.missingPods.size > 0) {
    if (usageRatio < 1.0) {
      // Scale-down: a missing pod counts as 100 % of its request, or the target when above 100 %.
      const fallbackUtilization = Math.max(100, targetUtilization);
      for (const pod of groups.missingPods) {
        metrics.set(pod, {
          timestamp: 0,
          window: 0,
          value: Math.trunc(((requests.get(pod) ?? 0) * fallbackUtilization) / 100),
        });
      }
    } else if (usageRatio > 1.0) {
      for (const pod of groups.missingPods) metrics.set(pod, { timestamp: 0, window: 0, value: 0 });
    }
  }
  if (scaleUpWithUnready) {
    for (const pod of groups.unreadyPods) metrics.set(pod, { timestamp: 0, window: 0, value: 0 });
  }

  const second = getResourceUtilizationRatio(metrics, requests, targetUtilization);
  if (!second.ok) return { ...base, replicaCount: 0, error: second.error };
  return rebalanced(base, usageRatio, second.usageRatio, metrics.size, currentReplicas, tolerances);
}

type CalcBase = Omit<ReplicaCalculation, 'replicaCount'>;

/** A result from the shared fields plus a count (a literal: cheaper than spreading on a hot path). */
function withCount(base: CalcBase, replicaCount: number, note?: string): ReplicaCalculation {
  return {
    replicaCount,
    usageRatio: base.usageRatio,
    utilization: base.utilization,
    rawValue: base.rawValue,
    groups: base.groups,
    note,
  };
}

/** The shared tail of both rebalance passes: drop results inside tolerance or against the direction. */
function rebalanced(
  base: Omit<ReplicaCalculation, 'replicaCount'>,
  usageRatio: number,
  newUsageRatio: number,
  sampleCount: number,
  currentReplicas: number,
  tolerances: Tolerances,
): ReplicaCalculation {
  if (
    isWithin(tolerances, newUsageRatio) ||
    (usageRatio < 1.0 && newUsageRatio > 1.0) ||
    (usageRatio > 1.0 && newUsageRatio < 1.0)
  ) {
    return {
      ...base,
      replicaCount: currentReplicas,
      note: `rebalanced ratio ${newUsageRatio} within tolerance or reversed`,
    };
  }
  const newReplicas = goInt32(Math.ceil(newUsageRatio * sampleCount));
  if (
    (newUsageRatio < 1.0 && newReplicas > currentReplicas) ||
    (newUsageRatio > 1.0 && newReplicas < currentReplicas)
  ) {
    return {
      ...base,
      replicaCount: currentReplicas,
      note: `rebalanced count ${newReplicas} would reverse direction`,
    };
  }
  return {
    ...base,
    replicaCount: newReplicas,
    note: `rebalanced over ${sampleCount} samples, ratio ${newUsageRatio}`,
  };
}

/** calcPlainMetricReplicas: AverageValue targets of Resource metrics and Pods metrics. */
export function calcPlainMetricReplicas(
  obs: Observation,
  metrics: PodMetricsInfo,
  currentReplicas: number,
  targetUsage: number,
  tolerances: Tolerances,
  resource: string,
  ctx: CalcContext,
): ReplicaCalculation {
  const podList = obs.pods;
  if (podList.length === 0) {
    return {
      replicaCount: 0,
      error: 'no pods returned by selector while calculating replica count',
    };
  }
  const groups = groupPods(podList, metrics, resource, ctx);
  removeMetricsForPods(metrics, groups.ignoredPods);
  removeMetricsForPods(metrics, groups.unreadyPods);
  if (metrics.size === 0) {
    return {
      replicaCount: 0,
      groups,
      error: 'did not receive metrics for targeted pods (pods might be unready)',
    };
  }
  const { usageRatio, usage } = getMetricUsageRatio(metrics, targetUsage);
  const base = { usageRatio, rawValue: usage, groups };
  const scaleUpWithUnready = groups.unreadyPods.size > 0 && usageRatio > 1.0;
  if (!scaleUpWithUnready && groups.missingPods.size === 0) {
    if (isWithin(tolerances, usageRatio)) {
      return withCount(base, currentReplicas, 'within tolerance');
    }
    return withCount(base, goInt32(Math.ceil(usageRatio * groups.readyPodCount)));
  }
  if (groups.missingPods.size > 0) {
    if (usageRatio < 1.0) {
      // Scale-down: a missing pod counts as exactly the target.
      for (const pod of groups.missingPods)
        metrics.set(pod, { timestamp: 0, window: 0, value: targetUsage });
    } else if (usageRatio > 1.0) {
      for (const pod of groups.missingPods) metrics.set(pod, { timestamp: 0, window: 0, value: 0 });
    }
  }
  if (scaleUpWithUnready) {
    for (const pod of groups.unreadyPods) metrics.set(pod, { timestamp: 0, window: 0, value: 0 });
  }
  const { usageRatio: newUsageRatio } = getMetricUsageRatio(metrics, targetUsage);
  return rebalanced(base, usageRatio, newUsageRatio, metrics.size, currentReplicas, tolerances);
}

/** GetRawResourceReplicas: Resource/ContainerResource with an AverageValue target. */
export function getRawResourceReplicas(
  obs: Observation,
  currentReplicas: number,
  targetUsage: number,
  resource: string,
  tolerances: Tolerances,
  container: string,
  ctx: CalcContext,
): ReplicaCalculation {
  const fetched = getResourceMetric(obs, resource, container, ctx);
  if (!fetched.ok)
    return {
      replicaCount: 0,
      error: `unable to get metrics for resource ${resource}: ${fetched.error}`,
    };
  return calcPlainMetricReplicas(
    obs,
    fetched.value,
    currentReplicas,
    targetUsage,
    tolerances,
    resource,
    ctx,
  );
}

/** GetMetricReplicas: a Pods metric (readiness plays no role: resource ""). */
export function getMetricReplicas(
  obs: Observation,
  currentReplicas: number,
  targetUsage: number,
  metricName: string,
  tolerances: Tolerances,
  ctx: CalcContext,
): ReplicaCalculation {
  const fetched = getRawMetric(obs, metricName, ctx.now);
  if (!fetched.ok)
    return { replicaCount: 0, error: `unable to get metric ${metricName}: ${fetched.error}` };
  return calcPlainMetricReplicas(
    obs,
    fetched.value,
    currentReplicas,
    targetUsage,
    tolerances,
    '',
    ctx,
  );
}

/** getReadyPodsCount: Running pods whose Ready condition is True (terminating ones included). */
function getReadyPodsCount(
  obs: Observation,
): { ok: true; count: number } | { ok: false; error: string } {
  if (obs.pods.length === 0)
    return { ok: false, error: 'no pods returned by selector while calculating replica count' };
  let count = 0;
  for (const p of obs.pods) if (p.phase === 'Running' && p.ready === true) count++;
  return { ok: true, count };
}

/** getUsageRatioReplicaCount: Value targets; at zero replicas no tolerance and no pods needed. */
function getUsageRatioReplicaCount(
  obs: Observation,
  currentReplicas: number,
  usageRatio: number,
  tolerances: Tolerances,
): ReplicaCalculation {
  if (currentReplicas !== 0) {
    if (isWithin(tolerances, usageRatio))
      return { replicaCount: currentReplicas, usageRatio, note: 'within tolerance' };
    const ready = getReadyPodsCount(obs);
    if (!ready.ok)
      return {
        replicaCount: 0,
        usageRatio,
        error: `unable to calculate ready pods: ${ready.error}`,
      };
    const f = usageRatio * ready.count;
    const replicaCount = f > MAX_INT32 ? MAX_INT32 : goInt32(Math.ceil(f));
    return { replicaCount, usageRatio, note: `ratio × ${ready.count} ready pods` };
  }
  return {
    replicaCount: goInt32(Math.ceil(usageRatio)),
    usageRatio,
    note: 'scaling from zero: ceil(ratio)',
  };
}

/** GetObjectMetricReplicas: Object metric with a Value target. */
export function getObjectMetricReplicas(
  obs: Observation,
  currentReplicas: number,
  targetUsage: number,
  metricName: string,
  tolerances: Tolerances,
  kind: string,
  name: string,
): ReplicaCalculation {
  const got = getObjectMetric(obs, metricName, kind, name);
  if (!got.ok)
    return { replicaCount: 0, error: `unable to get metric ${metricName}: ${got.error}` };
  const usage = got.value;
  const r = getUsageRatioReplicaCount(obs, currentReplicas, usage / targetUsage, tolerances);
  return { ...r, rawValue: usage };
}

/** Shared by the two per-pod (AverageValue) paths: divide by the scale's status replicas. */
function perPodReplicas(
  usage: number,
  target: number,
  statusReplicas: number,
  tolerances: Tolerances,
): ReplicaCalculation {
  let replicaCount = statusReplicas;
  const usageRatio = usage / (target * statusReplicas);
  let note = 'within tolerance';
  if (!isWithin(tolerances, usageRatio)) {
    const f = Math.ceil(usage / target);
    replicaCount = f > MAX_INT32 ? MAX_INT32 : goInt32(f);
    note = 'ceil(total / target)';
  }
  const rawValue =
    usage >= MAX_INT64 ? MAX_INT64 : statusReplicas === 0 ? 0 : Math.ceil(usage / statusReplicas);
  return { replicaCount, usageRatio, rawValue, note };
}

/** GetObjectPerPodMetricReplicas: Object metric with an AverageValue target. */
export function getObjectPerPodMetricReplicas(
  obs: Observation,
  statusReplicas: number,
  targetAverageUsage: number,
  metricName: string,
  tolerances: Tolerances,
  kind: string,
  name: string,
): ReplicaCalculation {
  const got = getObjectMetric(obs, metricName, kind, name);
  if (!got.ok)
    return { replicaCount: 0, error: `unable to get metric ${metricName}: ${got.error}` };
  return perPodReplicas(got.value, targetAverageUsage, statusReplicas, tolerances);
}

function sumExternal(values: number[]): number {
  let usage = 0;
  for (const v of values) {
    if (v > 0 && usage > MAX_INT64 - v) return MAX_INT64;
    usage += v;
  }
  return usage;
}

/** GetExternalMetricReplicas: External metric with a Value target. */
export function getExternalMetricReplicas(
  obs: Observation,
  currentReplicas: number,
  targetUsage: number,
  metricName: string,
  tolerances: Tolerances,
): ReplicaCalculation {
  const got = getExternalMetric(obs, metricName);
  if (!got.ok)
    return { replicaCount: 0, error: `unable to get external metric ${metricName}: ${got.error}` };
  const usage = sumExternal(got.value);
  const r = getUsageRatioReplicaCount(obs, currentReplicas, usage / targetUsage, tolerances);
  return { ...r, rawValue: usage };
}

/** GetExternalPerPodMetricReplicas: External metric with an AverageValue target. */
export function getExternalPerPodMetricReplicas(
  obs: Observation,
  statusReplicas: number,
  targetUsagePerPod: number,
  metricName: string,
  tolerances: Tolerances,
): ReplicaCalculation {
  const got = getExternalMetric(obs, metricName);
  if (!got.ok)
    return { replicaCount: 0, error: `unable to get external metric ${metricName}: ${got.error}` };
  return perPodReplicas(sumExternal(got.value), targetUsagePerPod, statusReplicas, tolerances);
}
