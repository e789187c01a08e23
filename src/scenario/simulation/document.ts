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
  controller?: ControllerDocument;
  workload?: WorkloadDocument;
  metricsPipeline?: MetricsPipelineDocument;
  traffic?: unknown;
  load?: LoadDocument;
  outages?: OutageDocument[];
  federation?: FederationDocument;
}

export interface FeatureGatesDocument {
  HPAConfigurableTolerance?: boolean;
  HPAScaleToZero?: boolean;
}

export interface ControllerDocument {
  syncPeriod?: DurationText;
  tolerance?: number;
  cpuInitializationPeriod?: DurationText;
  initialReadinessDelay?: DurationText;
  downscaleStabilization?: DurationText;
  featureGates?: FeatureGatesDocument;
}

export interface ContainerDocument {
  name?: string;
  resources?: {
    requests?: Record<string, QuantityString>;
    limits?: Record<string, QuantityString>;
  };
}

export interface StartupDocument {
  scheduling?: DurationText;
  starting?: DurationText;
  readinessDelay?: DurationText;
}

export interface CpuBurstDocument {
  extra?: QuantityString;
  duration?: DurationText;
}

export interface WorkloadDocument {
  replicas?: number;
  containers?: ContainerDocument[];
  startup?: StartupDocument;
  startupCpuBurst?: CpuBurstDocument;
  termination?: DurationText;
  maxPods?: number;
  podCapacity?: number;
  failedPods?: number;
  podsWithoutMetrics?: number;
}

export interface MetricsPipelineDocument {
  resolution?: DurationText;
  window?: DurationText;
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
}
