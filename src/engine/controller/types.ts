// Types of the controller port. Shapes follow the Kubernetes API objects the controller reads
// (autoscaling/v2 HorizontalPodAutoscaler, Pod, PodMetrics, the scale subresource) trimmed to the
// fields that influence a decision. Times are seconds on one simulated clock; quantities outside
// the HPA object are integer milli-units (Quantity.MilliValue()).

/** Quantity string as written in a manifest ("250m", "1.5", "512Ki"); numbers are accepted too. */
export type QuantityString = string | number;

export type MetricSourceType = 'Resource' | 'ContainerResource' | 'Pods' | 'Object' | 'External';
export type MetricTargetType = 'Utilization' | 'Value' | 'AverageValue';

export interface MetricTarget {
  type: MetricTargetType | string;
  value?: QuantityString;
  averageValue?: QuantityString;
  averageUtilization?: number;
}

export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: { key: string; operator: string; values?: string[] }[];
}

export interface MetricIdentifier {
  name: string;
  selector?: LabelSelector;
}

export interface CrossVersionObjectReference {
  kind: string;
  name: string;
  apiVersion?: string;
}

export interface ResourceMetricSource {
  name: string;
  target: MetricTarget;
}
export interface ContainerResourceMetricSource extends ResourceMetricSource {
  container: string;
}
export interface PodsMetricSource {
  metric: MetricIdentifier;
  target: MetricTarget;
}
export interface ObjectMetricSource {
  describedObject: CrossVersionObjectReference;
  metric: MetricIdentifier;
  target: MetricTarget;
}
export interface ExternalMetricSource {
  metric: MetricIdentifier;
  target: MetricTarget;
}

export interface MetricSpec {
  type: MetricSourceType | string;
  resource?: ResourceMetricSource;
  containerResource?: ContainerResourceMetricSource;
  pods?: PodsMetricSource;
  object?: ObjectMetricSource;
  external?: ExternalMetricSource;
}

export type ScalingPolicyType = 'Pods' | 'Percent';
export type ScalingPolicySelect = 'Max' | 'Min' | 'Disabled';

export interface HPAScalingPolicy {
  type: ScalingPolicyType | string;
  value: number;
  periodSeconds: number;
}

export interface HPAScalingRules {
  stabilizationWindowSeconds?: number | null;
  selectPolicy?: ScalingPolicySelect | string;
  policies?: HPAScalingPolicy[] | null;
  tolerance?: QuantityString;
}

export interface HorizontalPodAutoscalerBehavior {
  scaleUp?: HPAScalingRules | null;
  scaleDown?: HPAScalingRules | null;
}

export interface HorizontalPodAutoscalerSpec {
  scaleTargetRef: CrossVersionObjectReference;
  minReplicas?: number | null;
  maxReplicas: number;
  metrics?: MetricSpec[] | null;
  behavior?: HorizontalPodAutoscalerBehavior | null;
}

export type ConditionType = 'AbleToScale' | 'ScalingActive' | 'ScalingLimited' | string;
export type ConditionStatus = 'True' | 'False' | 'Unknown';

export interface HPACondition {
  type: ConditionType;
  status: ConditionStatus | string;
  reason: string;
  /** Human text as the controller writes it; absent in conformance vectors. */
  message?: string;
}

export interface HorizontalPodAutoscalerStatus {
  /** metadata.generation the controller last acted on (written with HPAGeneration, v1.37+) */
  observedGeneration?: number | null;
  desiredReplicas?: number;
  currentReplicas?: number;
  conditions?: HPACondition[];
  lastScaleTime?: number | null;
}

export interface HorizontalPodAutoscaler {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string; generation?: number; [k: string]: unknown };
  spec: HorizontalPodAutoscalerSpec;
  status?: HorizontalPodAutoscalerStatus;
}

/** Behavior after API defaulting: every field set except possibly scaleDown's window. */
export interface DefaultedScalingRules {
  stabilizationWindowSeconds: number | null;
  selectPolicy: string;
  policies: HPAScalingPolicy[];
  tolerance?: QuantityString;
}
export interface DefaultedBehavior {
  scaleUp: DefaultedScalingRules;
  scaleDown: DefaultedScalingRules;
}

// ---- Observed world ----

export interface ContainerUsage {
  name: string;
  /** Usage by resource name, milli-units. A missing key means the metric has no value for it. */
  usage?: Record<string, number>;
}

/** One metrics.k8s.io PodMetrics item. */
export interface PodResourceMetrics {
  timestamp: number;
  window: number;
  containers: ContainerUsage[];
}

export interface PodContainer {
  name: string;
  /** Requests by resource name, milli-units; a missing key = no request. */
  requests?: Record<string, number>;
  /** Init containers only: "Always" marks a restartable (sidecar) init container. */
  restartPolicy?: string;
}

export type PodPhase = 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';

export interface PodObservation {
  name: string;
  /**
   * Not in the API: this entry stands for `count` pods (an integer ≥ 1; absent = 1) identical to
   * it in every field the controller reads, named `name` and, for k = 1 … count − 1,
   * `${name}#${k}` (all distinct from every other name). expandPodGroups (groupedPods.ts) gives
   * the equivalent plain list; every result is the same either way.
   */
  count?: number;
  phase: PodPhase | string;
  /** metadata.deletionTimestamp is set. */
  deleting?: boolean;
  /** Status of the Ready condition; null/undefined = no Ready condition. */
  ready?: boolean | null;
  readyTransitionTime?: number | null;
  startTime?: number | null;
  containers: PodContainer[];
  initContainers?: PodContainer[];
  /** Pod-level requests (v1.34+), milli-units; win over container sums for Resource metrics. */
  podRequests?: Record<string, number>;
  /** The pod's PodMetrics item; null/undefined = none. */
  resourceMetrics?: PodResourceMetrics | null;
  /** Pods-metric samples by metric name, milli-units. */
  customMetrics?: Record<string, number>;
}

/** Metric samples for pods that are not in the selector's pod list (e.g. just deleted). */
export interface UnmatchedPodMetrics {
  name: string;
  resourceMetrics?: PodResourceMetrics | null;
  customMetrics?: Record<string, number>;
}

export interface ObjectMetricSample {
  describedObject: { kind: string; name: string; apiVersion?: string };
  metric: string;
  value: number;
}

export interface ExternalMetricSample {
  metric: string;
  values: number[];
}

/** Everything the controller reads from the API server and metrics APIs in one reconcile. */
export interface Observation {
  hpa: HorizontalPodAutoscaler;
  /** scale subresource spec.replicas */
  currentReplicas: number;
  /** scale subresource status.replicas */
  statusReplicas: number;
  selector?: 'missing' | 'invalid' | 'ambiguous' | null;
  scaleGetError?: boolean;
  scaleUpdateError?: boolean;
  pods: PodObservation[];
  /**
   * The resource metrics API's List call failed (metrics-server down) with this error; null or
   * absent: it answered with the pods' resourceMetrics.
   */
  resourceMetricsError?: string | null;
  unmatchedPodMetrics?: UnmatchedPodMetrics[];
  objectMetrics?: ObjectMetricSample[];
  externalMetrics?: ExternalMetricSample[];
  /**
   * Not in the API: the listed pods' PodMetrics items as the caller keeps them (columns), read by
   * position instead of through each pod's `resourceMetrics`, which are then not kept up to date.
   * The caller chooses it; the by-position path reads it, and the by-name path first has it
   * written into the pods (`materialize`). Absent or null: read `pods[i].resourceMetrics`.
   */
  podMetrics?: PodMetricsColumns | null;
  /**
   * Not in the API: the listed pods' fields the replica calculation reads (phase, deletion,
   * readiness, start; whether they share one template's requests) as the caller keeps them
   * (columns), equal to `pods[i]`'s; the by-position path reads them instead of each pod. Absent
   * or null: read the pods.
   */
  podFields?: PodFieldColumns | null;
  /**
   * Not in the API: the caller vouches that every name among `pods` (pod groups' copy names
   * included) and `unmatchedPodMetrics` is distinct and every `count` valid, as it builds its
   * lists (the simulation's pods are named `${prefix}-${index}`), so the by-position path needs
   * no check of its own (podNames.ts). Absent or false: the names are checked.
   */
  podNamesDistinct?: boolean;
}

/**
 * Position i's PodMetrics item (the entry `Observation.pods[i]`), answered as reading its
 * `resourceMetrics` would answer (metricsClient.ts podResourceUsage, its timestamp and window).
 */
export interface PodMetricsColumns {
  /** the entry has a PodMetrics item (resourceMetrics not null) */
  listed(i: number): boolean;
  timestamp(i: number): number;
  window(i: number): number;
  /**
   * podResourceUsage of the item: the named container's usage of `resource`, or the sum over all
   * containers ('' ); undefined: the pod is missing the value; null: no such container.
   */
  usage(i: number, resource: string, container: string): number | undefined | null;
  /** Write every listed entry's `resourceMetrics` as the columns hold them. */
  materialize(): void;
  /**
   * Optional, the by-position read in one call: for each position below `count` in order, a
   * listed entry with a `usage` gets `sink.set(i, usage, timestamp, window, its count)`; returns
   * the number of listed entries, or −1 when some entry may have no such container (a null
   * usage: the caller then reads position by position).
   */
  readAll?(resource: string, container: string, sink: SampleSink, count: number): number;
}

/**
 * `Observation.pods`' fields as columns: position i's values are at `at[i]` of each column, and
 * equal the fields of `pods[i]` (podFieldColumns.ts has the codes and the rules' twins).
 */
export interface PodFieldColumns {
  /** the column index of each position */
  at: Int32Array;
  /** the phase's code (podFieldColumns.ts PHASE_*) */
  phase: Uint8Array;
  /** 1: deletionTimestamp set */
  deleting: Uint8Array;
  /** the Ready condition: 0 none, 1 False, 2 True */
  ready: Uint8Array;
  /** NaN: null or absent */
  startTime: Float64Array;
  readyTransitionTime: Float64Array;
  /**
   * Optional: the start time of a pod that is Running, not deleting and Ready (True), NaN for
   * any other (or no start): such a pod with a sample is a ready pod of groupPods for a non-CPU
   * metric, and for CPU once start + cpuInitializationPeriod ≤ now (one column read instead of
   * the rules' five; replicaCalculatorByPosition.ts groupPodsByPosition).
   */
  settledStart?: Float64Array;
  /** every position's pod holds the very same containers, initContainers and podRequests */
  sharedRequests: boolean;
}

/** Where `PodMetricsColumns.readAll` puts the samples (the by-position path's sample map). */
export interface SampleSink {
  set(slot: number, value: number, timestamp: number, window: number, weight: number): void;
}

// ---- Controller configuration and memory ----

/** kube-controller-manager feature gates the HPA controller reads (releases.ts: which release has which). */
export interface FeatureGates {
  HPAConfigurableTolerance: boolean;
  HPAScaleToZero: boolean;
  /** v1.37+: observedGeneration in the status; a spec edit reconciles at once (the simulation's) */
  HPAGeneration?: boolean;
  /** v1.37+: skip a sync while the controller's own status write is not in its cache (the simulation's) */
  StaleControllerConsistencyHPA?: boolean;
  /** v1.37+: a faster selector store; decides nothing differently */
  HPAOptimizedSelectorStore?: boolean;
}

/**
 * Where a replica count past int32 is capped at 2^31−1 instead of converted as Go's
 * int32(float64) does on amd64 (out of range → −2^31). Object AverageValue is capped in every
 * release here (src/engine/README.md, deviation 8).
 * - 'v1.33': nowhere else;
 * - 'v1.34': also External AverageValue (#127050);
 * - 'v1.35': also Object and External Value targets (#126979);
 * - 'all': every int32(math.Ceil(x)) of the controller (#141397, master after 1.37).
 */
export type Int32Caps = 'v1.33' | 'v1.34' | 'v1.35' | 'all';

/** Fixed message texts that changed: 'v1.37' has the new AmbiguousSelector wording. */
export type SelectorMessages = 'v1.33' | 'v1.37';

export interface ControllerConfig {
  syncPeriodSeconds: number;
  tolerance: number;
  cpuInitializationPeriodSeconds: number;
  initialReadinessDelaySeconds: number;
  downscaleStabilizationSeconds: number;
  featureGates: FeatureGates;
  scaleUpLimitFactor: number;
  scaleUpLimitMinimum: number;
  ignoreSucceededPods: boolean;
  containerMetricMissingIsError: boolean;
  /** The release these settings were built for (releases.ts controllerConfigFor); display only. */
  kubernetesVersion?: string;
  /**
   * v1.36+ (#135118): at zero replicas, metrics are computed only for an HPA-made zero (the
   * ScaledToZero condition), and the condition is kept up to date. Absent or false: the
   * v1.33–v1.35 rule (a target at zero is evaluated iff minReplicas is 0).
   */
  scaledToZeroCondition?: boolean;
  /** Absent = 'v1.35'. */
  int32Caps?: Int32Caps;
  /** Absent = 'v1.33'. */
  selectorMessages?: SelectorMessages;
}

export interface TimestampedRecommendation {
  timestamp: number;
  replicas: number;
}

export interface TimestampedScaleEvent {
  timestamp: number;
  replicaChange: number;
  outdated: boolean;
}

/** What kube-controller-manager keeps in memory for one HPA key. */
export interface ControllerMemory {
  /** null = the controller has never seen this HPA (first step seeds it). */
  recommendations: TimestampedRecommendation[] | null;
  scaleUpEvents: TimestampedScaleEvent[];
  scaleDownEvents: TimestampedScaleEvent[];
}

// ---- What the ported steps hand each other (kept here, below every step, so none imports
// another for a declaration) ----

// upstream: replica_calculator.go Tolerances
export interface Tolerances {
  scaleDown: number;
  scaleUp: number;
}

export interface PodGroups {
  readyPodCount: number;
  unreadyPods: ReadonlySet<string>;
  missingPods: ReadonlySet<string>;
  ignoredPods: ReadonlySet<string>;
}

/** What one metric computed; `error` set on failure (the proposal is then meaningless). */
export interface ReplicaCalculation {
  replicaCount: number;
  error?: string;
  usageRatio?: number;
  utilization?: number;
  /** averageValue / value reported in the metric status, milli-units */
  rawValue?: number;
  groups?: PodGroups;
  /** human label of the branch taken, for the explanation */
  note?: string;
}

/** How a metric's current value shows in its status: an average, a value, or a utilization. */
export type ValueKind = 'average' | 'value' | 'util';

/**
 * What upstream writes to `*status` for one metric, plus the calculation behind it. Kept on
 * failure too (upstream writes nothing then): the explanation shows what the metric saw.
 */
export interface MetricStatus {
  name: string;
  valueKind: ValueKind;
  calc: ReplicaCalculation;
}

/** computeReplicasForMetric's results: upstream's return values plus the metric status. */
export interface MetricProposal {
  replicaCountProposal: number;
  metricNameProposal: string;
  /** with `err`: the ScalingActive=False condition this metric proposes */
  condition?: HPACondition;
  err?: string;
  status?: MetricStatus;
}

export interface PolicyTrace {
  type: string;
  value: number;
  periodSeconds: number;
  /** replicas added / removed by events inside this policy's period */
  added: number;
  removed: number;
  periodStartReplicas: number;
  proposed: number;
}

/** An event as `kubectl describe hpa` lists it. */
export interface HPAEvent {
  type: 'Normal' | 'Warning';
  reason: string;
  message: string;
}
