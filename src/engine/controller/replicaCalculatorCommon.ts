// What replicaCalculator.ts (the port of replica_calculator.go, kubernetes v1.35.0) and its
// performance twin replicaCalculatorByPosition.ts share, so that neither imports the other: the
// context both read, upstream's Tolerances.isWithin, the per-pod rules of groupPods and
// calculateRequests (with the two upstream request functions they call), and the result helpers
// both return through. Which of the two a reconcile runs is chosen in horizontal.ts (podListFor).
//
// One addition that is Karmada's, not upstream's: readyCount and rebalanced divide by the
// calibration factor of its FederatedHPA (karmada-io/karmada
// pkg/controllers/federatedhpa/replica_calculator.go); see replicaCalculator.ts. At 1 every
// division is x / 1 === x in IEEE 754, so the results are bit for bit upstream's.

import { extended } from './extended.ts';
import type { PodObservation, ReplicaCalculation, Tolerances } from './types.ts';
import { ceilToInt32 } from './utilization.ts';

// upstream: replica_calculator.go Tolerances.isWithin
/** Inclusive on both ends, evaluated in float64 (v1.33+). */
export function isWithin(t: Tolerances, usageRatio: number): boolean {
  return 1.0 - t.scaleDown <= usageRatio && usageRatio <= 1.0 + t.scaleUp;
}

// Declared beside the scratch that keeps one (byPositionScratch.ts), so neither file imports the other.
import type { CalcContext } from './byPositionScratch.ts';
export type { CalcContext };

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
  return withCount(
    base,
    readyCountOf(usageRatio, readyPodCount, calibration, saturate),
    readyCountNote(readyPodCount, calibration),
  );
}

/** readyCount's count. */
export function readyCountOf(
  usageRatio: number,
  readyPodCount: number,
  calibration: number,
  saturate: boolean,
): number {
  return ceilToInt32((usageRatio * readyPodCount) / calibration, saturate);
}

/** readyCount's note: none for kube-controller-manager (no calibration). */
export function readyCountNote(readyPodCount: number, calibration: number): string | undefined {
  return calibration === 1
    ? undefined
    : `ratio × ${readyPodCount} ready pods / calibration ${calibration}`;
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

export function resourceMetricFailed(resource: string, error: string): ReplicaCalculation {
  return { replicaCount: 0, error: `unable to get metrics for resource ${resource}: ${error}` };
}

export function rawMetricFailed(metricName: string, error: string): ReplicaCalculation {
  return { replicaCount: 0, error: `unable to get metric ${metricName}: ${error}` };
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
