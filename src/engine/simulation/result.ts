// What a simulation run returns: series sampled at each sync (typed arrays: cheap to transfer
// out of a worker), KPIs, the event log and, at record level 'full', every sync's decision with
// its trace and explanation.

import type { HPACondition, HPAEvent, ReconcileTrace } from '../controller/index.ts';
import type { FederationModel } from './federationInput.ts';
import type { KedaKpis, KedaSeries, KedaSyncRecord } from '../keda/step.ts';
import type { MetricSeriesInfo, SimulationSeries } from './seriesShape.ts';
import type { SimulationSnapshot } from './state.ts';
import type { NodeRun } from '../nodes/result.ts';
import type { RolloutStrategy } from './input.ts';

export type { SimulationSeries, MetricSeriesInfo };

/** Every event of a run with the sync it happened at; identical events share one object. */
export interface EventLog {
  /** sync index of each event, ascending */
  sync: number[];
  events: HPAEvent[];
}

/** Snapshots of a compact run: `snapshots[j]` is the state before sync (j + 1) · every. */
export interface ReplayIndex {
  every: number;
  snapshots: SimulationSnapshot[];
  /** whose decision a sync's detail rebuilds from them */
  of: ReplayTarget;
}

/**
 * The one cluster's HPA, or one model of a multi-cluster run: a member cluster's HPA (`member`)
 * or, with `member` null, the central FederatedHPA (shipped; the proposal's total has none).
 * Runs of one model share the snapshots; each names its own target.
 */
export type ReplayTarget =
  { kind: 'hpa' } | { kind: 'federation'; model: FederationModel; member: string | null };

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
  /**
   * Writes of others since the previous sync (Simulation spec.changes: HPA edits, kubectl
   * scale), oldest first; absent when there were none
   */
  changes?: { time: number; description: string }[];
  /**
   * The sync did not reconcile: the informer cache had not yet seen the controller's own status
   * write of `writtenAt` (StaleControllerConsistencyHPA, with an informer lag); the decision
   * fields are the previous reconcile's
   */
  skipped?: { writtenAt: number };
  /** there was no HPA (KEDA deleted it while its ScaledObject is paused): nothing reconciled */
  noHpa?: true;
  /** status.observedGeneration after the sync (v1.37+ with HPAGeneration); absent before 1.37 */
  observedGeneration?: number | null;
  pods: { ready: number; running: number; pending: number; terminating: number };
  /** KEDA's step at this sync (a ScaledObject's run): its check, writes, events and conditions */
  keda?: KedaSyncRecord;
}

export interface RecoveryStats {
  /**
   * overload: episodes of demand above what ready pods could serve (needs traffic and a pod
   * capacity); aboveTarget: episodes of some metric above target + tolerance, seen at syncs
   */
  basis: 'overload' | 'aboveTarget';
  count: number;
  /** the last episode had not ended when the run did: its length is not a time to recover */
  openAtEnd: boolean;
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
  /**
   * syncs that rescaled, counted from the count each read (upstream's SuccessfulRescale events):
   * a kubectl scale answered by a rescale at once counts, as in the explanation's rescale list
   */
  scaleEvents: number;
  directionReversals: number;
  /**
   * sync time during which some metric's usage ratio was above 1 + the scale-up tolerance: each
   * such sync counts the time until the next one (the last sync, at the run's end, counts none)
   */
  timeAboveTargetSeconds: number;
  /**
   * work that arrived but could not be served (units), and as a percentage of all work: the
   * traffic integrated exactly against the capacity of the pods ready at each scrape
   */
  unmetDemand: number;
  unmetDemandPercent: number;
  /** time with the demand above that capacity (seconds, exact to the curve's own pieces) */
  overloadSeconds: number;
  /** all the work that arrived over the run (units), and the part the pods served */
  demand: number;
  servedDemand: number;
  recovery: RecoveryStats;
  /**
   * 95th percentile over syncs of the highest resource utilization the controller read (percent
   * of requests, e.g. 72 for cpu at 72 %); null when no metric is a resource utilization
   */
  p95UtilizationPercent: number | null;
  /** what the pods cost at the scenario's prices (spec.cost); null when no price is given */
  cost: CostKpi | null;
}

export interface CostKpi {
  currency: 'USD';
  /** the whole simulated duration */
  perRun: number;
  /** the run's rate over an average month (730 h), as if this traffic went on */
  perMonth: number;
  /** requested resources integrated over the pods' lives */
  vcpuHours: number;
  gibHours: number;
}

/** What a run with a rollout keeps of it (SimulationResult.rollout; ../deployment/record.ts). */
export interface RolloutRun {
  series: {
    /** pods of the old ReplicaSets at each sync (not terminating) */
    old: Float64Array;
    /** pods of the newest ReplicaSet at each sync (not terminating) */
    new: Float64Array;
  };
  /** each rollout: its instant and strategy */
  rollouts: { time: number; strategy: RolloutStrategy }[];
}

export interface SimulationResult {
  /** what was kept: 'full' has `syncs`; 'compact' rebuilds a record on demand (`syncDetail`) */
  record: 'full' | 'compact';
  series: SimulationSeries;
  kpis: Kpis;
  /** every event, with the sync it happened at */
  events: EventLog;
  /** every sync's record (level 'full' only) */
  syncs: SyncRecord[] | null;
  /** snapshots to replay from (level 'compact' only) */
  replay: ReplayIndex | null;
  durationSeconds: number;
  syncPeriodSeconds: number;
  /** the node pool's lane, timeline and KPIs (a scenario with spec.nodes only) */
  nodes?: NodeRun;
  /** old and new pods of a rollout (spec.changes `rollout`) and its instants; absent when none */
  rollout?: RolloutRun;
  /** the run's writes of others (spec.changes) for chart markers; absent when none */
  changes?: { time: number; description: string }[];
  /** KEDA's series and KPIs (a ScaledObject's run); absent or null without KEDA */
  keda?: { series: KedaSeries; kpis: KedaKpis } | null;
}

/** A result recorded at level 'full': every sync's record is kept. */
export interface FullSimulationResult extends SimulationResult {
  syncs: SyncRecord[];
}
