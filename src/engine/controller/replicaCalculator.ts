// Port of pkg/controller/podautoscaler/replica_calculator.go, kubernetes v1.35.0: one metric →
// one replica proposal, one function per upstream function and in upstream's order (the
// ReplicaCalculator struct becomes the observation and a CalcContext). Each result also carries
// what the explanation shows (usage ratio, pod groups, the branch taken). What this file shares
// with its performance twin (replicaCalculatorByPosition.ts: GetResourceReplicas,
// GetRawResourceReplicas and GetMetricReplicas over arrays, for observations whose pod names are
// all distinct) is in replicaCalculatorCommon.ts: Tolerances.isWithin, the per-pod rules and the
// result helpers. horizontal.ts chooses which of the two a reconcile runs; the Map-based bodies
// here read one entry per pod (reconcileAutoscaler expands pod groups, groupedPods.ts).
//
// One addition that is Karmada's, not upstream's: the calibration factor of its FederatedHPA
// (karmada-io/karmada pkg/controllers/federatedhpa/replica_calculator.go, read at master commit
// 1625f447, the same formulas at the older 54e900cc: "a calibration value to calibrate the
// calculation results when they are determined by the global number of ready Pods or metrics"). Every count computed from the pods or samples is divided by it before
// rounding up, exactly where Karmada divides; the tolerance and direction checks compare against
// the unchanged currentReplicas. At 1 (kube-controller-manager) every division is x / 1 === x in
// IEEE 754, so the results are bit for bit upstream's.

import { extended } from './extended.ts';
import { labelSelectorString } from './labelSelectorString.ts';
import type { PodMetricsInfo } from './metricsClient.ts';
import {
  getExternalMetric,
  getObjectMetric,
  getRawMetric,
  getResourceMetric,
  MAX_INT64,
} from './metricsClient.ts';
import {
  isIgnored,
  isUnreadyForCpu,
  isWithin,
  podRequest,
  rawMetricFailed,
  readyCount,
  rebalanced,
  resourceMetricFailed,
  withCount,
  type CalcContext,
} from './replicaCalculatorCommon.ts';
import type {
  Int32Caps,
  LabelSelector,
  Observation,
  PodGroups,
  PodObservation,
  ReplicaCalculation,
  Tolerances,
} from './types.ts';
import {
  getMetricUsageRatio,
  getResourceUtilizationRatio,
  ceilToInt32,
  goInt32,
} from './utilization.ts';

// upstream: replica_calculator.go GetResourceReplicas
/** A Utilization target of a Resource or ContainerResource metric. */
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
  if (!fetched.ok) return resourceMetricFailed(resource, fetched.error);
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
      // the change would be too small
      return withCount(base, currentReplicas, 'within tolerance');
    }
    // no unready or missing pods: the count follows from the ready ones
    // karmada replica_calculator.go: ceil(usageRatio · readyPodCount / calibration)
    return readyCount(
      base,
      usageRatio,
      groups.readyPodCount,
      ctx.calibration ?? 1,
      ctx.int32Caps === 'all',
    );
  }

  if (groups.missingPods.size > 0) {
    if (usageRatio < 1.0) {
      // Scale-down: a missing pod counts as 100 % of its request (the target when above 100 %).
      const fallbackUtilization = Math.max(100, targetUtilization);
      for (const pod of groups.missingPods) {
        metrics.set(pod, {
          timestamp: 0,
          window: 0,
          value: Math.trunc(((requests.get(pod) ?? 0) * fallbackUtilization) / 100),
        });
      }
    } else if (usageRatio > 1.0) {
      // Scale-up: a missing pod counts as 0 %.
      for (const pod of groups.missingPods) metrics.set(pod, { timestamp: 0, window: 0, value: 0 });
    }
  }
  if (scaleUpWithUnready) {
    // Scale-up: an unready pod counts as 0 %.
    for (const pod of groups.unreadyPods) metrics.set(pod, { timestamp: 0, window: 0, value: 0 });
  }

  // The utilization again, with those stand-in samples.
  const second = getResourceUtilizationRatio(metrics, requests, targetUtilization);
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

// upstream: replica_calculator.go GetRawResourceReplicas
/** A Resource or ContainerResource metric with an AverageValue target. */
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
  if (!fetched.ok) return resourceMetricFailed(resource, fetched.error);
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

// upstream: replica_calculator.go GetMetricReplicas
/** A Pods metric (readiness plays no role: resource ""). */
export function getMetricReplicas(
  obs: Observation,
  currentReplicas: number,
  targetUsage: number,
  metricName: string,
  tolerances: Tolerances,
  ctx: CalcContext,
): ReplicaCalculation {
  const fetched = getRawMetric(obs, metricName, ctx.now);
  if (!fetched.ok) return rawMetricFailed(metricName, fetched.error);
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

// upstream: replica_calculator.go calcPlainMetricReplicas
/** Plain (not utilization) targets: AverageValue of Resource metrics, and Pods metrics. */
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
      // the change would be too small
      return withCount(base, currentReplicas, 'within tolerance');
    }
    // no unready or missing pods: the count follows from the ready ones
    // karmada replica_calculator.go: ceil(usageRatio · readyPodCount / calibration)
    return readyCount(
      base,
      usageRatio,
      groups.readyPodCount,
      ctx.calibration ?? 1,
      ctx.int32Caps === 'all',
    );
  }
  if (groups.missingPods.size > 0) {
    if (usageRatio < 1.0) {
      // Scale-down: a missing pod counts as exactly the target.
      for (const pod of groups.missingPods)
        metrics.set(pod, { timestamp: 0, window: 0, value: targetUsage });
    } else if (usageRatio > 1.0) {
      // Scale-up: a missing pod counts as 0.
      for (const pod of groups.missingPods) metrics.set(pod, { timestamp: 0, window: 0, value: 0 });
    }
  }
  if (scaleUpWithUnready) {
    // Scale-up: an unready pod counts as 0.
    for (const pod of groups.unreadyPods) metrics.set(pod, { timestamp: 0, window: 0, value: 0 });
  }
  // The usage again, with those stand-in samples.
  const { usageRatio: newUsageRatio } = getMetricUsageRatio(metrics, targetUsage);
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

/**
 * GetObjectMetricReplicas' and GetObjectPerPodMetricReplicas' error, in upstream's argument
 * order: `"unable to get metric %s: %v on %s %s/%s", metricName, objectRef.Kind, namespace,
 * objectRef.Name, err` (the kind lands after the colon and the error after the slash).
 */
function objectMetricError(
  obs: Observation,
  metricName: string,
  kind: string,
  name: string,
  err: string,
): string {
  return `unable to get metric ${metricName}: ${kind} on ${namespaceOf(obs)} ${name}/${err}`;
}

/** The HPA's namespace, as the API server defaults an unset one. */
function namespaceOf(obs: Observation): string {
  return obs.hpa.metadata?.namespace || 'default';
}

/** GetExternalMetricReplicas' and GetExternalPerPodMetricReplicas' error (`%s/%s/%+v: %s`). */
function externalMetricError(
  obs: Observation,
  metricName: string,
  selector: LabelSelector | undefined,
  err: string,
): string {
  return `unable to get external metric ${namespaceOf(obs)}/${metricName}/${labelSelectorString(selector)}: ${err}`;
}

// upstream: replica_calculator.go GetObjectMetricReplicas
/** An Object metric with a Value target. */
export function getObjectMetricReplicas(
  obs: Observation,
  currentReplicas: number,
  targetUsage: number,
  metricName: string,
  tolerances: Tolerances,
  kind: string,
  name: string,
  calibration = 1,
  int32Caps: Int32Caps = 'v1.35',
): ReplicaCalculation {
  const got = getObjectMetric(obs, metricName, kind, name);
  if (!got.ok)
    return { replicaCount: 0, error: objectMetricError(obs, metricName, kind, name, got.error) };
  const usage = got.value;
  const r = getUsageRatioReplicaCount(
    obs,
    currentReplicas,
    usage / targetUsage,
    tolerances,
    calibration,
    int32Caps,
  );
  return extended(r, { rawValue: usage });
}

// upstream: replica_calculator.go getUsageRatioReplicaCount
/** Value targets: ratio × ready pods; at zero replicas ceil(ratio), no tolerance, no pods needed. */
function getUsageRatioReplicaCount(
  obs: Observation,
  currentReplicas: number,
  usageRatio: number,
  tolerances: Tolerances,
  calibration: number,
  int32Caps: Int32Caps,
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
    // Compare as float64 first: past int32 max the count is capped (v1.35+, #126979), not
    // wrapped. Karmada (replica_calculator.go getUsageRatioReplicaCount) divides by the
    // calibration factor here.
    const f = (usageRatio * ready.count) / calibration;
    const replicaCount = ceilToInt32(f, int32Caps === 'v1.35' || int32Caps === 'all');
    const note =
      calibration === 1
        ? `ratio × ${ready.count} ready pods`
        : `ratio × ${ready.count} ready pods / calibration ${calibration}`;
    return { replicaCount, usageRatio, note };
  }
  // From zero replicas: to zero or n pods as the ratio says (Karmada does not calibrate this).
  return {
    replicaCount: ceilToInt32(usageRatio, int32Caps === 'all'),
    usageRatio,
    note: 'scaling from zero: ceil(ratio)',
  };
}

/**
 * Shared by the two per-pod (AverageValue) paths: divide by the scale's status replicas. Karmada's
 * GetObjectPerPodMetricReplicas (replica_calculator.go) divides by the calibration factor twice:
 * `ceil(ceil(usage / target / calibration) / calibration)`, and `ceil(statusReplicas /
 * calibration)` inside tolerance. Its quirk is kept; External (which Karmada rejects) passes 1.
 */
function perPodReplicas(
  usage: number,
  target: number,
  statusReplicas: number,
  tolerances: Tolerances,
  calibration: number,
  capped = true,
): ReplicaCalculation {
  let replicaCount = statusReplicas;
  const usageRatio = usage / (target * statusReplicas);
  let note = 'within tolerance';
  if (!isWithin(tolerances, usageRatio)) {
    // A large enough change: the total over the per-pod target, capped at int32 max (External
    // from v1.34, #127050; Object always here, deviation 8).
    replicaCount = ceilToInt32(usage / target / calibration, capped);
    note = 'ceil(total / target)';
  }
  if (calibration !== 1) {
    replicaCount = goInt32(Math.ceil(replicaCount / calibration));
    note = `${note}, / calibration ${calibration} (twice, as Karmada does)`;
  }
  return { replicaCount, usageRatio, rawValue: getPerPodUsage(usage, statusReplicas), note };
}

// upstream: replica_calculator.go GetObjectPerPodMetricReplicas
/** An Object metric with an AverageValue target. */
export function getObjectPerPodMetricReplicas(
  obs: Observation,
  statusReplicas: number,
  targetAverageUsage: number,
  metricName: string,
  tolerances: Tolerances,
  kind: string,
  name: string,
  calibration = 1,
): ReplicaCalculation {
  const got = getObjectMetric(obs, metricName, kind, name);
  if (!got.ok)
    return { replicaCount: 0, error: objectMetricError(obs, metricName, kind, name, got.error) };
  return perPodReplicas(got.value, targetAverageUsage, statusReplicas, tolerances, calibration);
}

// upstream: replica_calculator.go getReadyPodsCount
/** Running pods whose Ready condition is True (terminating ones included). */
function getReadyPodsCount(
  obs: Observation,
): { ok: true; count: number } | { ok: false; error: string } {
  if (obs.pods.length === 0)
    return { ok: false, error: 'no pods returned by selector while calculating replica count' };
  let count = 0;
  // A pod group counts as its pods (PodObservation.count); the only count of the observation's
  // pods outside the replica calculations, so it is weighted here rather than twinned.
  for (const p of obs.pods) if (p.phase === 'Running' && p.ready === true) count += p.count ?? 1;
  return { ok: true, count };
}

/** The sum of an External metric's samples, capped at int64 max on a positive overflow. */
function sumExternal(values: number[]): number {
  let usage = 0;
  for (const v of values) {
    if (v > 0 && usage > MAX_INT64 - v) return MAX_INT64;
    usage += v;
  }
  return usage;
}

// upstream: replica_calculator.go GetExternalMetricReplicas
/** An External metric with a Value target. */
export function getExternalMetricReplicas(
  obs: Observation,
  currentReplicas: number,
  targetUsage: number,
  metricName: string,
  tolerances: Tolerances,
  int32Caps: Int32Caps = 'v1.35',
  metricSelector?: LabelSelector,
): ReplicaCalculation {
  const got = getExternalMetric(obs, metricName);
  if (!got.ok)
    return {
      replicaCount: 0,
      error: externalMetricError(obs, metricName, metricSelector, got.error),
    };
  const usage = sumExternal(got.value);
  // Karmada has no External path (its FederatedHPA rejects External metrics): never calibrated.
  const r = getUsageRatioReplicaCount(
    obs,
    currentReplicas,
    usage / targetUsage,
    tolerances,
    1,
    int32Caps,
  );
  return extended(r, { rawValue: usage });
}

// upstream: replica_calculator.go GetExternalPerPodMetricReplicas
/** An External metric with an AverageValue target. */
export function getExternalPerPodMetricReplicas(
  obs: Observation,
  statusReplicas: number,
  targetUsagePerPod: number,
  metricName: string,
  tolerances: Tolerances,
  int32Caps: Int32Caps = 'v1.35',
  metricSelector?: LabelSelector,
): ReplicaCalculation {
  const got = getExternalMetric(obs, metricName);
  if (!got.ok)
    return {
      replicaCount: 0,
      error: externalMetricError(obs, metricName, metricSelector, got.error),
    };
  return perPodReplicas(
    sumExternal(got.value),
    targetUsagePerPod,
    statusReplicas,
    tolerances,
    1,
    int32Caps !== 'v1.33',
  );
}

// upstream: replica_calculator.go getPerPodUsage
/** Usage per pod, rounded up; int64 max stays max, and zero replicas give 0. */
function getPerPodUsage(usage: number, statusReplicas: number): number {
  if (usage >= MAX_INT64) return MAX_INT64;
  if (statusReplicas === 0) return 0;
  return Math.ceil(usage / statusReplicas);
}

// upstream: replica_calculator.go groupPods
/** Ignored (deleting, terminal) → unready (Pending, CPU readiness rules) → missing → ready. */
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
    if (isIgnored(pod, ctx)) {
      ignoredPods.add(pod.name);
      continue;
    }
    // Pending pods are ignored.
    if (pod.phase === 'Pending') {
      unreadyPods.add(pod.name);
      continue;
    }
    // Pods missing metrics.
    const metric = metrics.get(pod.name);
    if (metric === undefined) {
      missingPods.add(pod.name);
      continue;
    }
    // Unready pods are ignored (CPU only).
    if (resource === 'cpu' && isUnreadyForCpu(pod, metric.timestamp, metric.window, ctx)) {
      unreadyPods.add(pod.name);
      continue;
    }
    readyPodCount++;
  }
  return { readyPodCount, unreadyPods, missingPods, ignoredPods };
}

// upstream: replica_calculator.go calculateRequests
/**
 * Each pod's request for the resource: the named container's; else the pod-level request when
 * the pod sets one (KEP-2837); else the sum over the containers and restartable init containers.
 */
export function calculateRequests(
  pods: PodObservation[],
  container: string,
  resource: string,
): { ok: true; requests: Map<string, number> } | { ok: false; error: string } {
  const requests = new Map<string, number>();
  for (const pod of pods) {
    const r = podRequest(pod, container, resource);
    if (typeof r === 'string') return { ok: false, error: r };
    requests.set(pod.name, r);
  }
  return { ok: true, requests };
}

// upstream: replica_calculator.go removeMetricsForPods
function removeMetricsForPods(metrics: PodMetricsInfo, pods: ReadonlySet<string>): void {
  for (const p of pods) metrics.delete(p);
}
