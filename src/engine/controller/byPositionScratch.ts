// Not in upstream: the working memory of the by-position fast path (replicaCalculatorByPosition.ts,
// metricsClientByPosition.ts, podNames.ts) and of the conditions' working copy (conditions.ts),
// owned by whoever runs reconciles: a simulation's cluster keeps one for its whole run, so a sync
// allocates no per-pod arrays and several clusters can run side by side in one thread. Nothing in
// it can change a result: the arrays are filled and read within one replica calculation, and the
// memos only short-cut a pure check or choose between two equal copies.

import type {
  ControllerConfig,
  DefaultedBehavior,
  HPACondition,
  HPAEvent,
  MetricProposal,
  PodGroups,
  ReplicaCalculation,
  TimestampedRecommendation,
  Tolerances,
} from './types.ts';
import { objectList } from './objectList.ts';
import { PodMetricsByPosition } from './metricsClientByPosition.ts';
import type { UtilizationRatio } from './utilization.ts';

/** What the replica calculators read of the controller (replicaCalculatorCommon.ts re-exports it). */
export type CalcContext = Pick<
  ControllerConfig,
  | 'cpuInitializationPeriodSeconds'
  | 'initialReadinessDelaySeconds'
  | 'ignoreSucceededPods'
  | 'containerMetricMissingIsError'
  | 'int32Caps'
> & {
  now: number;
  /** the by-position twin's reusable arrays (a fresh set per calculation without it) */
  scratch?: ByPositionScratch;
  /** Karmada's calibration factor (ReconcileOptions.calibration); absent = 1 */
  calibration?: number;
  /**
   * ReconcileOptions.reuse: the caller reads a calculation's result before the next reconcile
   * only, so the by-position twin may refill the one it returned for `metricIndex` last time
   */
  reuse?: boolean;
  /** the metric spec's index in the HPA (computeReplicasForMetrics sets it with `reuse`) */
  metricIndex?: number;
};

export class ByPositionScratch {
  /** the PodMetricsInfo of the calculation in progress */
  readonly samples = new PodMetricsByPosition();
  /** the pod group (ready, ignored, unready, missing) of each listed pod */
  podGroup = new Uint8Array(0);
  /** each listed pod's request */
  podRequests = new Float64Array(0);
  /** the names and counts of the last observation found distinct (podNamesDistinct's memo) */
  lastDistinct: readonly string[] = [];
  lastCounts: readonly number[] = [];
  /**
   * The conditions the last reconcile returned, when all in setCondition's shape (conditions.ts
   * workingConditions). A caller handing a returned list back must not have changed it.
   */
  ownConditions: readonly HPACondition[] | null = null;
  /**
   * With ReconcileOptions.reuse: the recommendation list the last reconcile returned, its entries
   * its own (normalization.ts stabilizeRecommendationWithBehaviors updates it in place when it
   * is handed back), and the events list each reconcile empties and refills.
   */
  ownRecommendations: TimestampedRecommendation[] | null = null;
  readonly events: HPAEvent[] = objectList();
  /** tolerancesForHpa's answer for this behavior and configuration (never mutated by readers) */
  tolerances: {
    behavior: DefaultedBehavior | null;
    config: ControllerConfig | null;
    value: Tolerances;
  } = { behavior: null, config: null, value: { scaleDown: 0, scaleUp: 0 } };
  /** the replica calculator's context for `calcConfig` (horizontal.ts reusedContext) */
  calc: CalcContext | null = null;
  calcConfig: ControllerConfig | null = null;
  /**
   * With CalcContext.reuse, by metric index: the usual result of the by-position resource
   * calculation (a count from the ready pods, or within tolerance) and its pod groups, refilled.
   */
  readonly calcs: (ReplicaCalculation | undefined)[] = objectList();
  readonly groups: (PodGroups | undefined)[] = objectList();
  /** the utilization ratio a by-position calculation reads at once (never kept past it) */
  readonly ratio: UtilizationRatio = {
    ok: true,
    usageRatio: NaN,
    utilization: 0,
    rawAverageValue: 0,
  };
  /** With ReconcileOptions.reuse, by metric index: the metric's proposal (horizontal.ts proposed) */
  readonly proposals: (MetricProposal | undefined)[] = objectList();
  /** With ReconcileOptions.reuse: computeReplicasForMetrics' answer (its type sits above) */
  metricsProposal: object | null = null;
  /** computeReplicasForMetrics' per-metric statuses, refilled each reconcile */
  readonly statuses: MetricProposal[] = objectList();
  /**
   * With ReconcileOptions.reuse, the objects one reconcile builds and its caller reads until the
   * next one: the controller receiver (horizontalController.ts), the steps and the result
   * (horizontal.ts), the lean trace (trace.ts) and the behavior path's normalization
   * (normalization.ts). Typed there (their types sit above this file).
   */
  reused: {
    controller: object | null;
    steps: object | null;
    result: object | null;
    trace: object | null;
    normalization: object | null;
  } = { controller: null, steps: null, result: null, trace: null, normalization: null };
}
