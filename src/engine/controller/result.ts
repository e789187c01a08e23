// What one reconcile returns: the decision, the new controller memory, and a trace of every
// intermediate value (the explain panel and the CLI render it; conformance compares the decision).

import type {
  ControllerMemory,
  HPACondition,
  HPAEvent,
  PolicyTrace,
  TimestampedRecommendation,
} from './types.ts';

export interface PodGroupsTrace {
  ready: number;
  unready: string[];
  missing: string[];
  ignored: string[];
}

export interface MetricTrace {
  type: string;
  /** "cpu resource utilization (percentage of request)", "pods metric qps", … */
  name?: string;
  proposal?: number;
  /** condition reason when the metric failed */
  error?: string;
  /** the controller's error text */
  message?: string;
  usageRatio?: number;
  currentUtilization?: number;
  currentAverageValue?: number;
  currentValue?: number;
  podGroups?: PodGroupsTrace;
  /** which branch of the calculation decided (within tolerance, rebalanced, …) */
  note?: string;
}

export interface StabilizationTrace {
  upWindowSeconds: number;
  downWindowSeconds: number;
  recommendation: number;
  upRecommendation?: number;
  downRecommendation?: number;
  /** legacy path: index of the stored recommendation that won (-1: the new proposal) */
  winnerIndex?: number;
  /** behavior path: stored recommendations before this step */
  window?: TimestampedRecommendation[];
}

export type ReconcilePath =
  | 'getScaleError'
  | 'scalingDisabled'
  | 'aboveMaxReplicas'
  | 'belowMinReplicas'
  | 'metricsError'
  | 'metrics';

export interface ReconcileTrace {
  path: ReconcilePath;
  tolerances: { scaleDown: number; scaleUp: number };
  metrics?: MetricTrace[];
  metricDesiredReplicas?: number;
  stabilizedReplicas?: number;
  scaleUpLimit?: number;
  scaleDownLimit?: number;
  normalizedReplicas?: number;
  /** v1.36+: from zero with ScaledToZero=True, a count below minReplicas was raised to it */
  raisedToMinReplicas?: boolean;
  stabilization?: StabilizationTrace;
  policies?: PolicyTrace[];
  rescaleReason?: string;
}

export interface ReconcileResult {
  /** scale spec.replicas after the step */
  replicas: number;
  /** status.desiredReplicas after the step */
  desiredReplicas: number;
  rescaled: boolean;
  lastScaleTime: number | null;
  /**
   * status.observedGeneration, present only when the configuration has the HPAGeneration gate
   * (v1.37+): metadata.generation when the gate is on, null when it is off (setStatus then
   * writes none); kept as observed when the scale could not be read (no setStatus).
   */
  observedGeneration?: number | null;
  conditions: HPACondition[];
  memory: ControllerMemory;
  trace: ReconcileTrace;
  events: HPAEvent[];
}
