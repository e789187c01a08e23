// Port of pkg/controller/podautoscaler/replica_calculator.go, kubernetes v1.35.0: one metric →
// one replica proposal, one function per upstream function and in upstream's order (the
// ReplicaCalculator struct becomes the observation and a CalcContext). Each result also carries
// what the explanation shows (usage ratio, pod groups, the branch taken); the helpers that build
// it sit next to the functions that use them.
//
// GetResourceReplicas, GetRawResourceReplicas and GetMetricReplicas hand observations whose pod
// names are all distinct (always, in a simulation) to their performance twins in
// replicaCalculatorByPosition.ts, which compute the same result over arrays instead of maps. The
// Map-based bodies read one entry per pod: reconcileAutoscaler expands pod groups
// (PodObservation.count) before they could run (groupedPods.ts).
//
// One addition that is Karmada's, not upstream's: the calibration factor of its FederatedHPA
// (karmada-io/karmada pkg/controllers/federatedhpa/replica_calculator.go, read at master commit
// 1625f447, the same formulas at the older 54e900cc: "a calibration value to calibrate the
// calculation results when they are determined by the global number of ready Pods or metrics"). Every count computed from the pods or samples is divided by it before
// rounding up, exactly where Karmada divides; the tolerance and direction checks compare against
// the unchanged currentReplicas. At 1 (kube-controller-manager) every division is x / 1 === x in
// IEEE 754, so the results are bit for bit upstream's.

import { extended } from './extended.ts';
import type { PodMetricsInfo } from './metricsClient.ts';
import {
  getExternalMetric,
  getObjectMetric,
  getRawMetric,
  getResourceMetric,
  MAX_INT64,
} from './metricsClient.ts';
import type { ByPositionScratch } from './byPositionScratch.ts';
import { podNamesDistinct } from './podNames.ts';
import {
  getMetricReplicasByPosition,
  getRawResourceReplicasByPosition,
  getResourceReplicasByPosition,
} from './replicaCalculatorByPosition.ts';
import type { ControllerConfig, Int32Caps, Observation, PodObservation } from './types.ts';
import {
  ceilToInt32,
  getMetricUsageRatio,
  getResourceUtilizationRatio,
  goInt32,
} from './utilization.ts';

// upstream: replica_calculator.go Tolerances
export interface Tolerances {
  scaleDown: number;
  scaleUp: number;
}

// upstream: replica_calculator.go Tolerances.isWithin
/** Inclusive on both ends, evaluated in float64 (v1.33+). */
export function isWithin(t: Tolerances, usageRatio: number): boolean {
  return 1.0 - t.scaleDown <= usageRatio && usageRatio <= 1.0 + t.scaleUp;
}

export interface PodGroups {
  readyPodCount: number;
  unreadyPods: ReadonlySet<string>;
  missingPods: ReadonlySet<string>;
  ignoredPods: ReadonlySet<string>;
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
  | 'int32Caps'
> & {
  now: number;
  /** false: never take the by-position twin (tests compare both paths) */
  byPosition?: boolean;
  /** true: the caller has found the pod names distinct (podNamesDistinct) for this observation */
  namesDistinct?: boolean;
  /** the by-position twin's reusable arrays (a fresh set per calculation without it) */
  scratch?: ByPositionScratch;
  /** Karmada's calibration factor (ReconcileOptions.calibration); absent = 1 */
  calibration?: number;
};

/** Whether the by-position twin may run: pod names all distinct, and not turned off. */
function byPosition(obs: Observation, ctx: CalcContext): boolean {
  return (
    ctx.byPosition !== false && (ctx.namesDistinct === true || podNamesDistinct(obs, ctx.scratch))
  );
}

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
  // Distinct pod names: the same calculation over arrays (performance twin).
  if (byPosition(obs, ctx)) {
    return getResourceReplicasByPosition(
      obs,
      currentReplicas,
      targetUtilization,
      resource,
      tolerances,
      container,
      ctx,
    );
  }
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

export type CalcBase = Omit<ReplicaCalculation, 'replicaCount'>;

/** A result from the shared fields plus a count (a literal: cheaper than spreading on a hot path). */
export function withCount(base: CalcBase, replicaCount: number, note?: string): ReplicaCalculation {
  return {
    replicaCount,
    usageRatio: base.usageRatio,
    utilization: base.utilization,
    rawValue: base.rawValue,
    groups: base.groups,
    note,
  };
}

/**
 * The count from the ready pods when none is unready or missing. Karmada divides it by the
 * calibration factor (replica_calculator.go GetResourceReplicas, calcPlainMetricReplicas:
 * `ceil(usageRatio · readyPodCount / calibration)`).
 */
export function readyCount(
  base: CalcBase,
  usageRatio: number,
  readyPodCount: number,
  calibration: number,
  saturate = false,
): ReplicaCalculation {
  const count = ceilToInt32((usageRatio * readyPodCount) / calibration, saturate);
  return withCount(
    base,
    count,
    calibration === 1
      ? undefined
      : `ratio × ${readyPodCount} ready pods / calibration ${calibration}`,
  );
}

/** The shared tail of both rebalance passes: drop results inside tolerance or against the direction. */
export function rebalanced(
  base: Omit<ReplicaCalculation, 'replicaCount'>,
  usageRatio: number,
  newUsageRatio: number,
  sampleCount: number,
  currentReplicas: number,
  tolerances: Tolerances,
  calibration: number,
  saturate = false,
): ReplicaCalculation {
  // Keep the current count when the change would be too small, or when the stand-in samples
  // turned the ratio to the other side of 1.
  if (
    isWithin(tolerances, newUsageRatio) ||
    (usageRatio < 1.0 && newUsageRatio > 1.0) ||
    (usageRatio > 1.0 && newUsageRatio < 1.0)
  ) {
    return extended(base, {
      replicaCount: currentReplicas,
      note: `rebalanced ratio ${newUsageRatio} within tolerance or reversed`,
    });
  }
  // karmada replica_calculator.go: ceil(newUsageRatio · len(metrics) / calibration); the direction
  // check below then compares that divided count with the template's currentReplicas.
  const newReplicas = ceilToInt32((newUsageRatio * sampleCount) / calibration, saturate);
  // Also when counting over more samples would move the count against the ratio's direction.
  if (
    (newUsageRatio < 1.0 && newReplicas > currentReplicas) ||
    (newUsageRatio > 1.0 && newReplicas < currentReplicas)
  ) {
    return extended(base, {
      replicaCount: currentReplicas,
      note: `rebalanced count ${newReplicas} would reverse direction`,
    });
  }
  // The count over however many samples went into the calculation.
  return extended(base, {
    replicaCount: newReplicas,
    note:
      calibration === 1
        ? `rebalanced over ${sampleCount} samples, ratio ${newUsageRatio}`
        : `rebalanced over ${sampleCount} samples, ratio ${newUsageRatio}, / calibration ${calibration}`,
  });
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
  // Distinct pod names: the same calculation over arrays (performance twin).
  if (byPosition(obs, ctx)) {
    return getRawResourceReplicasByPosition(
      obs,
      currentReplicas,
      targetUsage,
      resource,
      tolerances,
      container,
      ctx,
    );
  }
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

export function resourceMetricFailed(resource: string, error: string): ReplicaCalculation {
  return { replicaCount: 0, error: `unable to get metrics for resource ${resource}: ${error}` };
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
  // Distinct pod names: the same calculation over arrays (performance twin).
  if (byPosition(obs, ctx)) {
    return getMetricReplicasByPosition(
      obs,
      currentReplicas,
      targetUsage,
      metricName,
      tolerances,
      ctx,
    );
  }
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

export function rawMetricFailed(metricName: string, error: string): ReplicaCalculation {
  return { replicaCount: 0, error: `unable to get metric ${metricName}: ${error}` };
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
    return { replicaCount: 0, error: `unable to get metric ${metricName}: ${got.error}` };
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
    return { replicaCount: 0, error: `unable to get metric ${metricName}: ${got.error}` };
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
): ReplicaCalculation {
  const got = getExternalMetric(obs, metricName);
  if (!got.ok)
    return { replicaCount: 0, error: `unable to get external metric ${metricName}: ${got.error}` };
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
): ReplicaCalculation {
  const got = getExternalMetric(obs, metricName);
  if (!got.ok)
    return { replicaCount: 0, error: `unable to get external metric ${metricName}: ${got.error}` };
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

/** A pod being deleted, Failed (or, on master, Succeeded) contributes nothing. */
export function isIgnored(pod: PodObservation, ctx: CalcContext): boolean {
  if (pod.deleting) return true;
  return pod.phase === 'Failed' || (ctx.ignoreSucceededPods && pod.phase === 'Succeeded');
}

/** The CPU readiness rules of groupPods, for a pod with a sample taken at `timestamp`. */
export function isUnreadyForCpu(
  pod: PodObservation,
  timestamp: number,
  window: number,
  ctx: CalcContext,
): boolean {
  const hasCondition = pod.ready !== null && pod.ready !== undefined;
  const start = pod.startTime;
  if (!hasCondition || start === null || start === undefined) return true;
  const transition = pod.readyTransitionTime ?? 0;
  if (start + ctx.cpuInitializationPeriodSeconds > ctx.now) {
    // Still initializing: ignore an unready pod, or a sample that predates a full window of readiness.
    return pod.ready === false || timestamp < transition + window;
  }
  // Ignore only a pod that is unready and has never been ready.
  return pod.ready === false && start + ctx.initialReadinessDelaySeconds > transition;
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

/** The loop body of calculateRequests: one pod's request, or the error text. */
export function podRequest(
  pod: PodObservation,
  container: string,
  resource: string,
): number | string {
  // The container named in the HPA wins over pod-level requests.
  if (container === '' && pod.podRequests && Object.keys(pod.podRequests).length > 0) {
    return calculatePodLevelRequests(pod, resource);
  }
  return calculatePodRequestsFromContainers(pod, container, resource);
}

// upstream: replica_calculator.go calculatePodLevelRequests
function calculatePodLevelRequests(pod: PodObservation, resource: string): number | string {
  const r = pod.podRequests![resource];
  if (r === undefined) return `missing pod-level request for ${resource} in Pod ${pod.name}`;
  return r;
}

// upstream: replica_calculator.go calculatePodRequestsFromContainers
/** The sum over the containers (or the one named), restartable init containers included. */
function calculatePodRequestsFromContainers(
  pod: PodObservation,
  container: string,
  resource: string,
): number | string {
  const all = pod.initContainers
    ? [...pod.containers, ...pod.initContainers.filter((c) => c.restartPolicy === 'Always')]
    : pod.containers;
  let request = 0;
  for (let k = 0; k < all.length; k++) {
    const c = all[k]!;
    if (container === '' || container === c.name) {
      const r = c.requests?.[resource];
      if (r === undefined) {
        return `missing request for ${resource} in container ${c.name} of Pod ${pod.name}`;
      }
      request += r;
    }
    // container names are unique inside a pod
    if (container === c.name) return request;
  }
  // a named container that is not there
  if (container !== '') return `container ${container} not found in Pod ${pod.name}`;
  return request;
}

// upstream: replica_calculator.go removeMetricsForPods
function removeMetricsForPods(metrics: PodMetricsInfo, pods: ReadonlySet<string>): void {
  for (const p of pods) metrics.delete(p);
}
