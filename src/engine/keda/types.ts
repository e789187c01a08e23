/**
 * What KEDA's core reads and writes, as plain data: the ScaledObject (apis/keda/v1alpha1
 * scaledobject_types.go ScaledObjectSpec), its status (ScaledObjectStatus: lastActiveTime, health,
 * conditions) and one read of a scaler (the triple GetMetricsAndActivity returns). Times are
 * seconds on the simulation's clock; metric values are milli-units (Quantity.MilliValue()).
 */

/** A KEDA release; behaviour that moved between releases is switched on it (version.ts). */
export type KedaVersion = '2.20.2' | '2.20.0' | '2.19';
export const DEFAULT_KEDA_VERSION: KedaVersion = '2.20.2';

/** One External metric a trigger's scaler serves (its GetMetricSpecForScaling). */
export interface KedaMetricSpec {
  /** `s<index>-<name>`, as the HPA asks for it. */
  name: string;
  targetType: 'AverageValue' | 'Value';
  /** The target in milli-units (GetMetricTargetMili / GetMetricTarget). */
  targetMilli: number;
}

export interface KedaTrigger {
  index: number;
  /** The trigger's `type` (cpu, memory, prometheus, kafka, …). */
  type: string;
  /** `name` as written, '' when unset. */
  name: string;
  /** The Go type name KEDA logs when the trigger has no name (e.g. prometheusScaler). */
  goType: string;
  useCachedMetrics: boolean;
  /** Empty for cpu and memory: their Resource metrics are the HPA's, not KEDA's. */
  metrics: KedaMetricSpec[];
}

export type FallbackBehavior =
  | 'static'
  | 'currentReplicas'
  | 'currentReplicasIfHigher'
  | 'currentReplicasIfLower'
  | 'scalingModifiers';

export interface KedaFallback {
  failureThreshold: number;
  replicas: number;
  /** Default `static`. */
  behavior: FallbackBehavior;
}

export interface ScalingModifiers {
  formula: string;
  target: string;
  activationTarget: string;
  /** '' = AverageValue. */
  metricType: string;
}

export interface KedaScaledObject {
  name: string;
  namespace: string;
  /** Status.ScaleTargetKind: the GVK string, e.g. `apps/v1.Deployment`. */
  scaleTargetKind: string;
  scaleTargetName: string;
  minReplicaCount: number | null;
  maxReplicaCount: number | null;
  idleReplicaCount: number | null;
  pollingInterval: number | null;
  cooldownPeriod: number | null;
  initialCooldownPeriod: number | null;
  fallback: KedaFallback | null;
  scalingModifiers: ScalingModifiers | null;
  annotations: Readonly<Record<string, string>>;
  triggers: KedaTrigger[];
  /** metadata.creationTimestamp (seconds). */
  creationTime: number;
}

export type ConditionStatus = 'True' | 'False' | 'Unknown';
export type KedaConditionType = 'Ready' | 'Active' | 'Fallback' | 'Paused';
export interface KedaCondition {
  type: KedaConditionType;
  status: ConditionStatus;
  reason: string;
  message: string;
}

export interface HealthStatus {
  numberOfFailures: number;
  status: 'Happy' | 'Failing';
}

export interface KedaStatus {
  lastActiveTime: number | null;
  health: Readonly<Record<string, HealthStatus>>;
  conditions: readonly KedaCondition[];
  pausedReplicaCount: number | null;
}

/** One scaler read of one metric: GetMetricsAndActivity's (metrics, isActive, err). */
export type ScalerRead =
  | { values: readonly number[]; active: boolean; error?: undefined }
  | { error: string; values?: undefined; active?: undefined };

/** What the metrics cache holds for a trigger with useCachedMetrics (metricscache.MetricsRecord). */
export interface MetricsRecord {
  isActive: boolean;
  values: readonly number[] | null;
  error: string | null;
}

export interface KedaEvent {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
}
