// What a simulation run returns: every sync's decision with its trace and explanation, series
// sampled at each sync (typed arrays: cheap to transfer out of a worker), and KPIs.

import type { HPACondition, HPAEvent, ReconcileTrace } from '../controller/index.ts';

export interface SyncRecord {
  /** seconds from scenario start */
  time: number;
  /** scale spec.replicas before the sync */
  currentReplicas: number;
  /** scale spec.replicas after the sync */
  replicas: number;
  desiredReplicas: number;
  rescaled: boolean;
  conditions: HPACondition[];
  trace: ReconcileTrace;
  events: HPAEvent[];
  /** one line in the controller's terms: why this sync ended where it did */
  explanation: string;
  pods: { ready: number; running: number; pending: number; terminating: number };
}

/** How each HPA metric is shown on a chart: its current value against its target. */
export interface MetricSeriesInfo {
  /** "cpu utilization", "pods http_requests", … */
  label: string;
  /** "%", "cores", "bytes" or the metric's own unit */
  unit: string;
  target: number;
  /** key of the load model ("resource/cpu", …) */
  key: string;
}

export interface SimulationSeries {
  time: Float64Array;
  desiredReplicas: Float64Array;
  specReplicas: Float64Array;
  readyReplicas: Float64Array;
  pendingReplicas: Float64Array;
  terminatingReplicas: Float64Array;
  /** total work arriving per second (NaN without a traffic curve) */
  demand: Float64Array;
  /** work served per second */
  served: Float64Array;
  /** what ready pods could serve (NaN without a pod capacity) */
  capacity: Float64Array;
  /** per HPA metric, the value the controller computed (NaN when it did not) */
  metrics: Float64Array[];
  metricInfo: MetricSeriesInfo[];
  minReplicas: number;
  maxReplicas: number;
}

export interface RecoveryStats {
  /**
   * overload: episodes of demand above what ready pods could serve (needs traffic and a pod
   * capacity); aboveTarget: episodes of some metric above target + tolerance, seen at syncs
   */
  basis: 'overload' | 'aboveTarget';
  count: number;
  maxSeconds: number;
  meanSeconds: number;
}

export interface Kpis {
  podHours: number;
  readyPodHours: number;
  peakReplicas: number;
  finalReplicas: number;
  scaleUps: number;
  scaleDowns: number;
  scaleEvents: number;
  directionReversals: number;
  /** sync time during which some metric's usage ratio was above 1 + the scale-up tolerance */
  timeAboveTargetSeconds: number;
  /** work that arrived but could not be served (units), and as a percentage of all work */
  unmetDemand: number;
  unmetDemandPercent: number;
  overloadSeconds: number;
  recovery: RecoveryStats;
}

export interface SimulationResult {
  syncs: SyncRecord[];
  series: SimulationSeries;
  kpis: Kpis;
  durationSeconds: number;
  syncPeriodSeconds: number;
}

/** A result recorded at level 'full': every sync's record is kept. */
export interface FullSimulationResult extends SimulationResult {
  syncs: SyncRecord[];
}
