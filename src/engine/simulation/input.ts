// The validated, normalized input of one simulation run. The scenario layer turns the user's YAML
// (an HPA manifest plus a `kind: Simulation` document) into this; everything here is plain data
// in seconds and milli-units, with defaults already applied.

import type { ControllerConfig, HorizontalPodAutoscaler } from '../controller/index.ts';
import type { FederationInput } from './federationInput.ts';
import type { DelayInput, NodesInput } from './nodesInput.ts';
import type { ScrapeStagger } from './scrapeStagger.ts';
import type { Curve } from './curves/index.ts';
import type { KedaRunInput } from '../keda/step.ts';

export interface ContainerModel {
  name: string;
  /** requests by resource name, milli-units (a missing key = no request) */
  requests: Record<string, number>;
  /** limits by resource name, milli-units; a CPU limit throttles the container (CFS quota) */
  limits?: Record<string, number>;
  /**
   * The container's own usage by resource (a sidecar's), instead of a share of the pod's load:
   * perPodMilli + perUnitMilli × the work the pod serves. Missing: the pod's load is split over
   * the containers without one, in proportion to their requests.
   */
  usage?: Record<string, { perPodMilli: number; perUnitMilli: number }>;
  /** a restartable init container (restartPolicy: Always): a sidecar the HPA counts requests of */
  sidecar?: boolean;
}

/** The kubelet's readiness probe (pkg/kubelet/prober/worker.go). */
export interface ReadinessProbeModel {
  initialDelaySeconds: number;
  periodSeconds: number;
  successThreshold: number;
}

/** The phases of a pod's start-up a range can be given for. */
export type StartupPhase = 'scheduling' | 'starting' | 'readinessDelay';

/** Ranges per phase; a phase without one takes its fixed delay (PodStartupModel's field). */
export type StartupRanges = Partial<Record<StartupPhase, DelayInput>>;

export interface PodStartupModel {
  /** created → scheduled (status.startTime set), still Pending */
  schedulingSeconds: number;
  /** scheduled → Running (image pull, container start); the pod is Pending meanwhile */
  startingSeconds: number;
  /** Running → Ready when there is no probe model; Ready=False until then */
  readinessDelaySeconds: number;
  /** when set, Ready follows the probe's ticks instead of readinessDelaySeconds */
  readinessProbe?: ReadinessProbeModel | null;
  /**
   * Delays drawn per pod within a range (startupDelays.ts); the fixed field above is then the
   * range's min. Absent: every pod takes the fixed delays.
   */
  ranges?: StartupRanges | null;
}

/** kube-controller-manager's defaults: 20 writes/s, burst 30; replica_set.go BurstReplicas = 500. */
export const DEFAULT_REPLICA_SET: ReplicaSetModel = {
  apiQps: 20,
  apiBurst: 30,
  burstReplicas: 500,
};
/** The metrics-server manifests' 15 s resolution; scrapes 7 s after the sync grid. */
export const DEFAULT_SCRAPE_OFFSET_SECONDS = 7;
/**
 * How often the adapters refresh (prometheus-adapter's values lag about this much). Not KEDA's:
 * with a ScaledObject the HPA's External reads go live through KEDA's plane (../keda/plane.ts).
 */
export const DEFAULT_ADAPTER_INTERVAL_SECONDS = 30;

/** The ReplicaSet controller and the client it writes pods through (kube-controller-manager). */
export interface ReplicaSetModel {
  /** --kube-api-qps and --kube-api-burst: the token bucket every pod create and delete waits on */
  apiQps: number;
  apiBurst: number;
  /** most creates or deletes per manageReplicas call (replica_set.go BurstReplicas, 500) */
  burstReplicas: number;
}

export interface CpuBurstModel {
  /** extra CPU a pod uses right after it starts running (JVM warm-up), milli-cores */
  extraMilli: number;
  durationSeconds: number;
}

export interface WorkloadModel {
  initialReplicas: number;
  containers: ContainerModel[];
  startup: PodStartupModel;
  startupCpuBurst: CpuBurstModel | null;
  /** a deleted pod stays Terminating this long (it no longer serves) */
  terminationSeconds: number;
  /** most pods the cluster can run at once; the rest stay Pending (unscheduled). null = no limit */
  maxPods: number | null;
  /** work units per second one ready pod can serve; null = unlimited */
  podCapacity: number | null;
  /** pod-level requests (spec.resources, v1.34+): Resource metrics divide by these instead */
  podRequests?: Record<string, number>;
  /** this many of the initial replicas are Failed at t = 0; the ReplicaSet replaces them after the first sync */
  failedPods: number;
  /** a node's allocatable CPU, milli-cores: no pod uses more; null = no cap */
  nodeCpuMilli?: number | null;
  /** default: DEFAULT_REPLICA_SET */
  replicaSet?: ReplicaSetModel;
  /** this many further initial replicas serve load but metrics-server never reports them */
  podsWithoutMetrics: number;
}

export interface MetricsPipelineModel {
  /** metrics-server's --metric-resolution: its scrape interval (≥ 10 s) */
  resolutionSeconds: number;
  /** phase of the scrapes: they fall at offset + k × resolution, not on the sync grid */
  offsetSeconds?: number;
  /**
   * Custom and external metrics adapters (prometheus-adapter, KEDA) refresh their values every
   * this many seconds (rounded to whole scrapes); a Pods metric is the rate of its counter over
   * one such interval.
   */
  adapterIntervalSeconds?: number;
  /** ignored: metrics-server has no window setting (the window is the time between two samples) */
  windowSeconds?: number;
  /**
   * prometheus-adapter in front of Prometheus, instead of the adapter poll: Object and External
   * values are the rule's query at each HPA read (prometheus.ts). Absent: the poll.
   */
  prometheus?: PrometheusModel | null;
  /**
   * A timing draw's per-node scrape stagger (scrapeStagger.ts): only with `nodes`; absent (the
   * scenario as written, draw 0): every pod sampled at the scrape instant.
   */
  stagger?: ScrapeStagger | null;
}

/** Prometheus' scrapes and the adapter rule's range, for Object and External metrics. */
export interface PrometheusModel {
  /** Prometheus' scrape_interval (samples at phase + k × this) */
  scrapeIntervalSeconds: number;
  /** the scrapes' phase (default: metrics-server's offset) */
  offsetSeconds?: number;
  /** the rule's `rate(…[window])`; 0: the series itself (a gauge), its latest sample */
  rateWindowSeconds: number;
}

/**
 * How one metric responds to the workload. Values are milli-units of the metric's base unit
 * (cores, bytes, or the custom metric's unit); curves yield base units (×1000 applied by the sim).
 */
export type MetricLoad = ResourceLoad | PodsLoad | ObjectLoad | ExternalLoad;

/** Resource / ContainerResource usage per pod = perPodMilli + perUnitMilli × work served by the pod. */
export interface ResourceLoad {
  kind: 'resource';
  resource: string;
  perPodMilli: number;
  perUnitMilli: number;
  /** this metric's own work curve instead of the scenario's traffic */
  demand: Curve | null;
}

/** Pods metric per pod = perPodMilli + perUnitMilli × work served by the pod. */
export interface PodsLoad {
  kind: 'pods';
  metric: string;
  perPodMilli: number;
  perUnitMilli: number;
  demand: Curve | null;
}

/** Object metric: a curve, or the total traffic times perUnitMilli. */
export interface ObjectLoad {
  kind: 'object';
  metric: string;
  value: Curve | null;
  perUnitMilli: number;
}

/** External metric: a curve, the traffic times perUnitMilli, or a queue's backlog. */
export interface ExternalLoad {
  kind: 'external';
  metric: string;
  value: Curve | null;
  perUnitMilli: number;
  queue: QueueModel | null;
}

export interface QueueModel {
  /** arrivals per second (null: the scenario's traffic) */
  arrivals: Curve | null;
  /** items per second one ready pod drains */
  perPodThroughput: number;
  initialBacklog: number;
}

/** A metric the metrics API cannot serve from `fromSeconds` (inclusive) to `toSeconds` (exclusive). */
export interface MetricOutage {
  /** "resource/cpu", "pods/<name>", "object/<name>", "external/<name>" */
  metric: string;
  fromSeconds: number;
  toSeconds: number;
}

export interface SimulationInput {
  /** autoscaling/v2, API-defaulted */
  hpa: HorizontalPodAutoscaler;
  durationSeconds: number;
  controller: ControllerConfig;
  workload: WorkloadModel;
  metricsPipeline: MetricsPipelineModel;
  /** total work arriving per second (abstract units), null = none */
  traffic: Curve | null;
  loads: MetricLoad[];
  outages: MetricOutage[];
  /** prices that turn pod-hours and requested resources into money; null/absent = no cost KPI */
  cost?: CostModel | null;
  /** member clusters and a federated HPA (multi-cluster scenarios); absent or null = one cluster */
  federation?: FederationInput | null;
  /** a node pool and its provisioner under the cluster (../nodes/); absent or null = no nodes */
  nodes?: NodesInput | null;
  /**
   * How long a write to the API server takes to reach kube-controller-manager's HPA informer
   * cache (informerLag.ts); absent or 0: at once. One-cluster runs only.
   */
  informerLagSeconds?: number;
  /**
   * Writes made during the run by someone other than the controllers (Simulation
   * `spec.changes`): HPA edits and `kubectl scale`, ascending in time, at most one per instant.
   * Absent or empty: none. One-cluster runs only.
   */
  changes?: RunChange[];
  /** a KEDA ScaledObject around the HPA (its plane: ../keda/plane.ts); absent or null = none */
  keda?: KedaRunInput | null;
}

/**
 * One write during a run, at `atSeconds` (> 0): an HPA edit (`kubectl apply` of a changed
 * spec) or a `kubectl scale` of the target, or both.
 */
export interface RunChange {
  atSeconds: number;
  /**
   * The HPA as the API server stores it after the edit (API-defaulted; `metadata.generation`
   * bumped when the spec changed and HPAGeneration is on, as strategy.go PrepareForUpdate does),
   * or null when the HPA is not edited. Its metrics keep the run's metric list (same keys, same
   * order): only targets may change.
   */
  hpa: HorizontalPodAutoscaler | null;
  /** `kubectl scale --replicas`: the target's spec.replicas written, or null */
  replicas: number | null;
  /**
   * A new pod template rolled out (a Deployment's RollingUpdate, ../deployment/): the strategy
   * it runs with; absent or null: none
   */
  rollout?: RolloutStrategy | null;
  /**
   * `kubectl annotate` of a ScaledObject (a KEDA run): `autoscaling.keda.sh/paused` set (true) or
   * removed (false); absent when the change does not touch it
   */
  keda?: { paused: boolean };
  /** what changed, one line ("maxReplicas 10 → 20"), for the explanation and chart markers */
  description: string;
}

/**
 * A rollout's spec.strategy (type, rollingUpdate) and the Deployment's spec.minReadySeconds.
 * Under Recreate maxSurge and maxUnavailable are not read (MaxSurge/MaxUnavailable are 0).
 */
export interface RolloutStrategy {
  /** spec.strategy.type; absent: RollingUpdate (the apps/v1 default; every older scenario) */
  type?: 'RollingUpdate' | 'Recreate';
  /** a count, or a percent string ("25%") */
  maxSurge: number | string;
  maxUnavailable: number | string;
  minReadySeconds: number;
}

/** Prices per hour; a price left out counts 0. Requests come from the workload's containers. */
export interface CostModel {
  currency: 'USD';
  /** per pod-hour (a node share priced per pod) */
  podHour: number;
  /** per requested vCPU-hour (cpu requests summed over the pod's containers) */
  vcpuHour: number;
  /** per requested GiB-hour (memory requests summed over the pod's containers) */
  gibHour: number;
}

/** Keys used by MetricLoad / MetricOutage to refer to an HPA metric. */
export function metricKey(load: MetricLoad): string {
  switch (load.kind) {
    case 'resource':
      return `resource/${load.resource}`;
    case 'pods':
      return `pods/${load.metric}`;
    case 'object':
      return `object/${load.metric}`;
    case 'external':
      return `external/${load.metric}`;
  }
}
