// The plain-data state of a run, as a snapshot keeps it: every pod's counters, the workload, the
// world's queues and adapters, each cluster's controller memory, and where the loop stands.
// Types only, below every file that holds such state, so none of them imports another for it.

import type {
  ControllerMemory,
  HorizontalPodAutoscaler,
  HPACondition,
} from '../controller/index.ts';
import type { LagState } from './informerLag.ts';

/** A write by someone else during the run (an HPA edit, `kubectl scale`) and when it happened. */
export interface TimedChange {
  time: number;
  description: string;
  /** an edit of the HPA (false: a kubectl scale of its target) */
  edit: boolean;
  /** when the controller's informer had it (an informer lag), if not `time` */
  seen?: number;
}

/**
 * One pod's counters and what metrics-server stores of them, as differences rather than running
 * totals: metrics-server only ever reports the difference between two points of a counter (a
 * rate) or a gauge's last value, so a pod's state is the same numbers for every pod that did the
 * same work over the same intervals, whenever it started. `v` holds four blocks of loads ×
 * containers values (ACC, LAST, POLL_ACC, POLL_RATE in metricsPipeline.ts).
 */
export interface PodMetricsState {
  v: Float64Array;
  /** time of metrics-server's last and previous stored point (NaN: none) */
  lastT: number;
  prevT: number;
  /** the adapter's last poll of this pod (NaN: none) */
  pollT: number;
}

/** What a snapshot keeps of one pod: everything its future depends on (observations are rebuilt). */
export interface PodSnapshot {
  index: number;
  createdAt: number;
  scheduledAt: number | null;
  deletedAt: number | null;
  failed: boolean;
  noMetrics: boolean;
  metrics: PodMetricsState | null;
  /** the node it is bound to (only with a node pool) */
  node?: number;
  /** its ReplicaSet's revision (only after a rollout; absent: 0) */
  rs?: number;
}

export interface WorkloadSnapshot {
  pods: PodSnapshot[];
  nextIndex: number;
  unscheduled: number;
  nextGoneAt: number;
  /** creates accepted by the ReplicaSet but not yet through the client, by time */
  creating: number[];
  /** the ReplicaSet of each of `creating` (only after a rollout) */
  creatingRs?: number[];
  writer: { tokens: number; at: number };
  /** pod-seconds and Ready pod-seconds of the pods dropped so far (Workload.lived) */
  lived: [number, number];
}

export interface WorldSnapshot {
  backlog: [string, number][];
  polled: [string, number][];
}

export interface ClusterSnapshot {
  workload: WorkloadSnapshot;
  memory: ControllerMemory;
  conditions: HPACondition[];
  desiredReplicas: number;
  lastScaleTime: number | null;
  observedGeneration: number | null;
  /** the HPA as an edit during the run stored it (shared, never mutated); null: the input's */
  hpa: HorizontalPodAutoscaler | null;
  /** writes of others not yet seen by a sync */
  changed: TimedChange[] | null;
  /** the informer's lag: its cache and the writes it has not seen (informerLag.ts) */
  lag?: LagState;
  specReplicas: number;
  readyCount: number;
  served: number;
  perPodWork: Float64Array;
  lastScrape: number;
  demandNow: number;
  failed: boolean;
}

/** Where the loop stands between two syncs, and everything it drives (loop.ts). */
export interface SimulationSnapshot {
  /** the index of the next sync to run */
  nextSync: number;
  nextTick: number;
  prevTickTime: number;
  /** per plane clock: the index of its next firing */
  clocks: number[];
  world: WorldSnapshot;
  /** in the loop's cluster order */
  clusters: ClusterSnapshot[];
  /** the control plane's own state (ControlPlane.snapshot) */
  plane: unknown;
}
