/**
 * The Simulation document as written (after migrations and schema validation): every field
 * optional, durations and quantities still as text. The schema in ../schema/simulationSchema.ts
 * lists exactly these fields (checked with `satisfies PropertiesOf<…>`).
 */
import type { QuantityString } from '../../engine/controller/index.ts';

export type DurationText = string | number;

export interface SimulationDocument {
  apiVersion: string;
  kind: string;
  metadata?: SimulationMetadata;
  spec?: SimulationSpecDocument;
}

export interface SimulationMetadata {
  name?: string;
  description?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

export interface SimulationSpecDocument {
  duration?: DurationText;
  kubernetesVersion?: string | number;
  /** the KEDA release a ScaledObject's loop follows (engine/keda/version.ts) */
  kedaVersion?: string | number;
  controller?: ControllerDocument;
  workload?: WorkloadDocument;
  metricsPipeline?: MetricsPipelineDocument;
  traffic?: unknown;
  load?: LoadDocument;
  outages?: OutageDocument[];
  variants?: VariantDocument[];
  changes?: ChangeDocument[];
  cost?: CostDocument;
  draws?: DrawsDocument;
  federation?: FederationDocument;
  nodes?: NodesDocument;
}

/** Timing draws the app (and `cli run`/`check`) run besides the scenario as written. */
export interface DrawsDocument {
  count?: number;
  seed?: number;
}

/** The nodes under the cluster and what provisions them; see ./nodes.ts. */
export interface NodesDocument {
  shape?: NodeShapeDocument;
  initial?: number;
  min?: number;
  max?: number;
  provisioner?: string;
  clusterAutoscaler?: ClusterAutoscalerDocument;
  karpenter?: KarpenterDocument;
  groups?: NodeGroupDocument[];
}

/** One of several cluster-autoscaler node groups (an ASG, a MIG): its own shape, size and price. */
export interface NodeGroupDocument {
  name?: string;
  shape?: NodeShapeDocument;
  initial?: number;
  min?: number;
  max?: number;
  price?: number;
  priority?: number;
}

export interface KarpenterDocument {
  batchIdleDuration?: DurationText;
  batchMaxDuration?: DurationText;
  provisioningDelay?: ProvisioningDelayDocument;
  consolidationPolicy?: string;
  consolidateAfter?: DurationText;
  budgetNodes?: string;
}

export interface NodeShapeDocument {
  cpu?: QuantityString;
  memory?: QuantityString;
  pods?: number;
  daemonsets?: { cpu?: QuantityString; memory?: QuantityString; pods?: number };
}

export interface ProvisioningDelayDocument {
  min?: DurationText;
  max?: DurationText;
  seed?: number;
}

export interface ClusterAutoscalerDocument {
  scanInterval?: DurationText;
  provisioningDelay?: ProvisioningDelayDocument;
  scaleDownUnneededTime?: DurationText;
  scaleDownDelayAfterAdd?: DurationText;
  scaleDownDelayAfterDelete?: DurationText;
  scaleDownUtilizationThreshold?: number;
  expander?: string;
  maxScaleDownParallelism?: number;
  maxDrainParallelism?: number;
}

/** A named JSON merge patch (RFC 7386) over the HPA's spec: another HPA over the same world. */
export interface VariantDocument {
  name?: string;
  description?: string;
  patch?: Record<string, unknown>;
  /** another release's controller over the same world (the document's gates still apply) */
  kubernetesVersion?: string | number;
  /** a merge patch over spec.controller: other controller flags over the same world */
  controller?: ControllerDocument;
}

/**
 * A write during the run: a merge patch over the HPA's spec (`kubectl apply` of the edited
 * manifest) and/or `kubectl scale --replicas` of its target, at `at`.
 */
export interface ChangeDocument {
  at?: DurationText;
  patch?: Record<string, unknown>;
  replicas?: number;
  rollout?: RolloutDocument;
  keda?: KedaChangeDocument;
  description?: string;
}

/** A new pod template rolled out: the Deployment's rolling-update strategy (../variants/rollout.ts). */
export interface RolloutDocument {
  strategy?: 'RollingUpdate' | 'Recreate';
  maxSurge?: string | number;
  maxUnavailable?: string | number;
  minReadySeconds?: number;
}

/** A change of the ScaledObject itself (a KEDA run): its pause annotation. */
export interface KedaChangeDocument {
  paused?: boolean;
}

/** Prices per hour that turn the run into money. */
export interface CostDocument {
  podHour?: number;
  vcpuHour?: number;
  gibHour?: number;
  nodeHour?: number;
  currency?: string;
}

export interface FeatureGatesDocument {
  HPAConfigurableTolerance?: boolean;
  HPAScaleToZero?: boolean;
  HPAGeneration?: boolean;
  StaleControllerConsistencyHPA?: boolean;
  HPAOptimizedSelectorStore?: boolean;
}

export interface ControllerDocument {
  syncPeriod?: DurationText;
  tolerance?: number;
  cpuInitializationPeriod?: DurationText;
  initialReadinessDelay?: DurationText;
  downscaleStabilization?: DurationText;
  informerLag?: DurationText;
  featureGates?: FeatureGatesDocument;
}

export interface ContainerDocument {
  name?: string;
  resources?: {
    requests?: Record<string, QuantityString>;
    limits?: Record<string, QuantityString>;
  };
  usage?: Record<string, ContainerUsageDocument>;
}

export interface InitContainerDocument extends ContainerDocument {
  /** "Always" makes the init container a sidecar */
  restartPolicy?: string;
}

export interface ContainerUsageDocument {
  perPod?: QuantityString;
  perUnit?: QuantityString;
}

export interface ReadinessProbeDocument {
  initialDelaySeconds?: number;
  periodSeconds?: number;
  successThreshold?: number;
}

/** A start-up delay drawn per pod: uniform between min and max, from the seed. */
export interface StartupRangeDocument {
  min?: DurationText;
  max?: DurationText;
  seed?: number;
}

export interface StartupDocument {
  scheduling?: DurationText | StartupRangeDocument;
  starting?: DurationText | StartupRangeDocument;
  readinessDelay?: DurationText | StartupRangeDocument;
  readinessProbe?: ReadinessProbeDocument;
}

export interface ReplicaSetDocument {
  apiQps?: number;
  apiBurst?: number;
  burstReplicas?: number;
}

export interface CpuBurstDocument {
  extra?: QuantityString;
  duration?: DurationText;
}

export interface WorkloadDocument {
  replicas?: number;
  containers?: ContainerDocument[];
  initContainers?: InitContainerDocument[];
  podRequests?: Record<string, QuantityString>;
  startup?: StartupDocument;
  startupCpuBurst?: CpuBurstDocument;
  termination?: DurationText;
  terminationGracePeriod?: DurationText;
  maxPods?: number;
  podCapacity?: number;
  nodeCpu?: QuantityString;
  replicaSet?: ReplicaSetDocument;
  failedPods?: number;
  podsWithoutMetrics?: number;
}

export interface MetricsPipelineDocument {
  resolution?: DurationText;
  offset?: DurationText;
  adapterInterval?: DurationText;
  /** accepted and ignored: metrics-server has no window setting */
  window?: DurationText;
  /** Prometheus behind prometheus-adapter, for Object and External metrics */
  prometheus?: PrometheusDocument;
}

export interface PrometheusDocument {
  scrapeInterval?: DurationText;
  offset?: DurationText;
  rateWindow?: DurationText;
}

export interface PerPodLoadDocument {
  perPod?: QuantityString;
  perUnit?: QuantityString;
  demand?: unknown;
}

export interface ObjectLoadDocument {
  value?: unknown;
  perUnit?: QuantityString;
}

export interface QueueDocument {
  perPodThroughput?: number;
  initialBacklog?: number;
  arrivals?: unknown;
}

export interface ExternalLoadDocument {
  value?: unknown;
  perUnit?: QuantityString;
  queue?: QueueDocument;
}

export interface LoadDocument {
  resources?: Record<string, PerPodLoadDocument>;
  pods?: Record<string, PerPodLoadDocument>;
  object?: Record<string, ObjectLoadDocument>;
  external?: Record<string, ExternalLoadDocument>;
}

export interface OutageDocument {
  metric?: string;
  from?: DurationText;
  to?: DurationText;
}

/** Member clusters and a federated HPA (multi-cluster scenarios); see ./federation.ts. */
export interface FederationDocument {
  model?: string;
  policy?: string;
  strategy?: string;
  scalingToZero?: boolean;
  scaleAssist?: boolean;
  autoscaleMultiClusterDelay?: DurationText;
  optimizePeriod?: DurationText;
  tieBreak?: string;
  clusters?: MemberClusterDocument[];
}

export interface MemberClusterDocument {
  name?: string;
  capacity?: number;
  weight?: number;
  priority?: number;
  failAt?: DurationText;
  recoverAt?: DurationText;
  nodes?: NodesDocument;
}
