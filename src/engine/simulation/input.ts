// The validated, normalized input of one simulation run. The scenario layer turns the user's YAML
// (an HPA manifest plus a `kind: Simulation` document) into this; everything here is plain data
// in seconds and milli-units, with defaults already applied.

import type { ControllerConfig, HorizontalPodAutoscaler } from '../controller/index.ts';
import type { FederationInput } from '../multicluster/input.ts';
import type { Curve } from './curves/index.ts';

export interface ContainerModel {
  name: string;
  /** requests by resource name, milli-units (a missing key = no request) */
  requests: Record<string, number>;
}

export interface PodStartupModel {
  /** created → scheduled (status.startTime set), still Pending */
  schedulingSeconds: number;
  /** scheduled → Running (image pull, container start); the pod is Pending meanwhile */
  startingSeconds: number;
  /** Running → Ready (readiness probe); Ready=False until then */
  readinessDelaySeconds: number;
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
  /** this many of the initial replicas are Failed (not yet replaced by their owner) */
  failedPods: number;
  /** this many further initial replicas serve load but metrics-server never reports them */
  podsWithoutMetrics: number;
}

export interface MetricsPipelineModel {
  /** metrics-server scrape interval */
  resolutionSeconds: number;
  /** the window each resource sample averages over (PodMetrics.window) */
  windowSeconds: number;
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
  /** member clusters and a federated HPA (multi-cluster scenarios); absent or null = one cluster */
  federation?: FederationInput | null;
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
