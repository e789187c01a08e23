// Builders for the controller's unit tests: pods, metric specs, HPAs, observations, controller
// memory and configuration, in the shapes the engine reads. Pure TypeScript (no Node, no test
// framework) so it type-checks with the engine. Times are seconds; quantities are milli-units.

import { DEFAULT_CONTROLLER_CONFIG } from '../config.ts';
import { setDefaultsHorizontalPodAutoscaler } from '../defaults.ts';
import { newHorizontalController, type HorizontalController } from '../horizontalController.ts';
import type { PodMetricsInfo } from '../metricsClient.ts';
import type { CalcContext } from '../replicaCalculatorCommon.ts';
import type {
  ControllerConfig,
  ControllerMemory,
  DefaultedScalingRules,
  FeatureGates,
  HPACondition,
  HPAScalingPolicy,
  HPAScalingRules,
  HorizontalPodAutoscaler,
  HorizontalPodAutoscalerBehavior,
  MetricSpec,
  Observation,
  PodObservation,
  TimestampedRecommendation,
  TimestampedScaleEvent,
} from '../types.ts';

/** The instant every test step runs at unless it says otherwise. */
export const NOW = 1_000_000;

// ---- controller configuration ----

export type ConfigOverrides = Partial<Omit<ControllerConfig, 'featureGates'>> & {
  featureGates?: Partial<FeatureGates>;
};

/** Release defaults (tolerance 0.1, CPU init 300 s, delay 30 s, window 300 s, factor 2/4). */
export function config(overrides: ConfigOverrides = {}): ControllerConfig {
  const { featureGates, ...rest } = overrides;
  return {
    ...DEFAULT_CONTROLLER_CONFIG,
    ...rest,
    featureGates: { ...DEFAULT_CONTROLLER_CONFIG.featureGates, ...featureGates },
  };
}

/** The values the upstream unit tests run with (CPU init 2 min, delay 10 s, scale-up factor 8). */
export function upstreamTestConfig(overrides: ConfigOverrides = {}): ControllerConfig {
  return config({
    cpuInitializationPeriodSeconds: 120,
    initialReadinessDelaySeconds: 10,
    scaleUpLimitFactor: 8,
    ...overrides,
  });
}

export function calcContext(now = NOW, overrides: ConfigOverrides = {}): CalcContext {
  const c = upstreamTestConfig(overrides);
  return {
    cpuInitializationPeriodSeconds: c.cpuInitializationPeriodSeconds,
    initialReadinessDelaySeconds: c.initialReadinessDelaySeconds,
    ignoreSucceededPods: c.ignoreSucceededPods,
    containerMetricMissingIsError: c.containerMetricMissingIsError,
    now,
  };
}

// ---- pods ----

export interface PodOptions {
  phase?: string;
  deleting?: boolean;
  /** Ready condition status; null = no Ready condition */
  ready?: boolean | null;
  readyTransitionTime?: number | null;
  startTime?: number | null;
  /** CPU request of the single container "app" (milli-cores); null = no request */
  cpuRequest?: number | null;
  memoryRequest?: number;
  /** CPU usage sample (milli-cores); null = no PodMetrics item for this pod */
  cpu?: number | null;
  memory?: number;
  /** Pods-metric samples by metric name (milli-units) */
  custom?: Record<string, number>;
  metricTimestamp?: number;
  metricWindow?: number;
}

/**
 * One Running, long-ready pod with a single container "app" (1 CPU requested) and a fresh CPU
 * sample, unless the options say otherwise.
 */
export function pod(name: string, o: PodOptions = {}): PodObservation {
  const requests: Record<string, number> = {};
  const cpuRequest = o.cpuRequest === undefined ? 1000 : o.cpuRequest;
  if (cpuRequest !== null) requests.cpu = cpuRequest;
  if (o.memoryRequest !== undefined) requests.memory = o.memoryRequest;
  const usage: Record<string, number> = {};
  if (o.cpu !== undefined && o.cpu !== null) usage.cpu = o.cpu;
  if (o.memory !== undefined) usage.memory = o.memory;
  const hasSample = o.cpu !== null && (o.cpu !== undefined || o.memory !== undefined);
  const p: PodObservation = {
    name,
    phase: o.phase ?? 'Running',
    ready: o.ready === undefined ? true : o.ready,
    readyTransitionTime: o.readyTransitionTime === undefined ? NOW - 3500 : o.readyTransitionTime,
    startTime: o.startTime === undefined ? NOW - 3600 : o.startTime,
    containers: [{ name: 'app', requests }],
    resourceMetrics: hasSample
      ? {
          timestamp: o.metricTimestamp ?? NOW,
          window: o.metricWindow ?? 60,
          containers: [{ name: 'app', usage }],
        }
      : null,
  };
  if (o.deleting) p.deleting = true;
  if (o.custom) p.customMetrics = { ...o.custom };
  return p;
}

/** pod-0 … pod-(n-1); `each` gives per-pod options. */
export function twoContainerPod(
  name: string,
  usage: { app?: Record<string, number>; sidecar?: Record<string, number> } | null,
): PodObservation {
  const p = pod(name, { cpu: 1 });
  p.containers = [
    { name: 'app', requests: { cpu: 500 } },
    { name: 'sidecar', requests: { cpu: 100 } },
  ];
  p.resourceMetrics =
    usage === null
      ? null
      : {
          timestamp: NOW - 5,
          window: 30,
          containers: [
            ...(usage.app ? [{ name: 'app', usage: usage.app }] : []),
            ...(usage.sidecar ? [{ name: 'sidecar', usage: usage.sidecar }] : []),
          ],
        };
  return p;
}

export function pods(n: number, each: (i: number) => PodOptions = () => ({})): PodObservation[] {
  return Array.from({ length: n }, (_, i) => pod(`pod-${i}`, each(i)));
}

/** CPU samples (milli-cores) for pods with the given requests (default 1 CPU each). */
export function cpuPods(usage: (number | null)[], requests?: number[]): PodObservation[] {
  return usage.map((u, i) => pod(`pod-${i}`, { cpu: u, cpuRequest: requests?.[i] ?? 1000 }));
}

// ---- metric specs ----

export function cpuUtilization(averageUtilization: number): MetricSpec {
  return {
    type: 'Resource',
    resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization } },
  };
}

export function resourceAverageValue(name: string, averageValue: string): MetricSpec {
  return { type: 'Resource', resource: { name, target: { type: 'AverageValue', averageValue } } };
}

export function podsMetric(name: string, averageValue: string): MetricSpec {
  return {
    type: 'Pods',
    pods: { metric: { name }, target: { type: 'AverageValue', averageValue } },
  };
}

export const OBJECT_REF = { kind: 'Ingress', name: 'frontend', apiVersion: 'networking.k8s.io/v1' };

export function objectValue(name: string, value: string): MetricSpec {
  return {
    type: 'Object',
    object: { describedObject: OBJECT_REF, metric: { name }, target: { type: 'Value', value } },
  };
}

export function objectAverageValue(name: string, averageValue: string): MetricSpec {
  return {
    type: 'Object',
    object: {
      describedObject: OBJECT_REF,
      metric: { name },
      target: { type: 'AverageValue', averageValue },
    },
  };
}

export function externalValue(name: string, value: string): MetricSpec {
  return { type: 'External', external: { metric: { name }, target: { type: 'Value', value } } };
}

export function externalAverageValue(name: string, averageValue: string): MetricSpec {
  return {
    type: 'External',
    external: { metric: { name }, target: { type: 'AverageValue', averageValue } },
  };
}

// ---- HPA objects ----

export interface HpaOptions {
  minReplicas?: number | null;
  maxReplicas?: number;
  metrics?: MetricSpec[];
  behavior?: HorizontalPodAutoscalerBehavior | null;
  desiredReplicas?: number;
  conditions?: HPACondition[];
  lastScaleTime?: number | null;
}

/** The manifest as a user writes it (not defaulted). */
export function rawHpa(o: HpaOptions = {}): HorizontalPodAutoscaler {
  const spec: HorizontalPodAutoscaler['spec'] = {
    scaleTargetRef: { kind: 'Deployment', name: 'web', apiVersion: 'apps/v1' },
    maxReplicas: o.maxReplicas ?? 10,
    metrics: o.metrics ?? [cpuUtilization(50)],
  };
  if (o.minReplicas !== undefined) spec.minReplicas = o.minReplicas;
  if (o.behavior !== undefined) spec.behavior = o.behavior;
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'web', namespace: 'default' },
    spec,
    status: {
      desiredReplicas: o.desiredReplicas ?? 0,
      conditions: (o.conditions ?? []).map((c) => ({ ...c })),
      lastScaleTime: o.lastScaleTime ?? null,
    },
  };
}

/** What the controller reads from the API server: the defaulted object. */
export function hpa(o: HpaOptions = {}): HorizontalPodAutoscaler {
  return setDefaultsHorizontalPodAutoscaler(rawHpa(o));
}

export function observation(
  h: HorizontalPodAutoscaler,
  o: Partial<Omit<Observation, 'hpa'>> = {},
): Observation {
  const p = o.pods ?? [];
  return {
    hpa: h,
    currentReplicas: o.currentReplicas ?? p.length,
    statusReplicas: o.statusReplicas ?? o.currentReplicas ?? p.length,
    ...o,
    pods: p,
  };
}

// ---- behavior ----

export function policy(type: 'Pods' | 'Percent', value: number, periodSeconds: number) {
  return { type, value, periodSeconds } satisfies HPAScalingPolicy;
}

/** Fully defaulted scaling rules, for calling the normalization functions directly. */
export function rules(
  policies: HPAScalingPolicy[],
  o: { selectPolicy?: string; window?: number | null; tolerance?: string } = {},
): DefaultedScalingRules {
  const r: DefaultedScalingRules = {
    stabilizationWindowSeconds: o.window === undefined ? 0 : o.window,
    selectPolicy: o.selectPolicy ?? 'Max',
    policies: policies.map((p) => ({ ...p })),
  };
  if (o.tolerance !== undefined) r.tolerance = o.tolerance;
  return r;
}

/**
 * generateScalingRules(pods, podsPeriod, percent, percentPeriod, window) of horizontal_test.go:
 * a Pods and/or Percent policy (a zero value leaves it out), selectPolicy Max.
 */
export function generateScalingRules(
  podsValue: number,
  podsPeriod: number,
  percent: number,
  percentPeriod: number,
  stabilizationWindow: number,
): HPAScalingRules {
  const policies: HPAScalingPolicy[] = [];
  if (podsValue !== 0) policies.push(policy('Pods', podsValue, podsPeriod));
  if (percent !== 0) policies.push(policy('Percent', percent, percentPeriod));
  return { stabilizationWindowSeconds: stabilizationWindow, selectPolicy: 'Max', policies };
}

/**
 * generateEventsUniformDistribution of horizontal_test.go: the events sit in the middle of equal
 * segments of the last `periodSeconds` (e.g. 3 events over 120 s are 100, 60 and 20 s old).
 */
export function eventsUniform(
  changes: number[],
  periodSeconds: number,
  now = NOW,
): TimestampedScaleEvent[] {
  const segment = periodSeconds / changes.length;
  return changes.map((replicaChange, i) => ({
    replicaChange,
    timestamp: now - Math.trunc(periodSeconds - segment * (i + 1) + segment / 2),
    outdated: false,
  }));
}

export function event(age: number, replicaChange: number, outdated = false, now = NOW) {
  return { timestamp: now - age, replicaChange, outdated } satisfies TimestampedScaleEvent;
}

export function rec(age: number, replicas: number, now = NOW) {
  return { timestamp: now - age, replicas } satisfies TimestampedRecommendation;
}

// ---- controller memory ----

export function memory(o: Partial<ControllerMemory> = {}): ControllerMemory {
  return {
    recommendations: o.recommendations === undefined ? [] : o.recommendations,
    scaleUpEvents: o.scaleUpEvents ?? [],
    scaleDownEvents: o.scaleDownEvents ?? [],
  };
}

/** The receiver of the ported methods: one HPA's memory at `now` (release flags unless given). */
export function controller(
  o: Partial<ControllerMemory> & { now?: number; config?: ControllerConfig } = {},
): HorizontalController {
  return newHorizontalController(memory(o), o.now ?? NOW, o.config ?? config());
}

// ---- metrics client values ----

/** PodMetricsInfo from pod name → value (timestamp NOW, window 60 s unless given). */
export function metricsInfo(
  entries: Record<string, number | { value: number; timestamp?: number; window?: number }>,
): PodMetricsInfo {
  const m: PodMetricsInfo = new Map();
  for (const [name, v] of Object.entries(entries)) {
    if (typeof v === 'number') m.set(name, { value: v, timestamp: NOW, window: 60 });
    else m.set(name, { value: v.value, timestamp: v.timestamp ?? NOW, window: v.window ?? 60 });
  }
  return m;
}

// ---- misc ----

/** Freeze an object graph so that any write by the code under test throws (ES modules are strict). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}

/** Conditions without messages, for comparing against upstream's expectations. */
export function bareConditions(list: HPACondition[]) {
  return list.map((c) => ({ type: c.type, status: c.status, reason: c.reason }));
}

export function cond(type: string, status: string, reason: string): HPACondition {
  return { type, status, reason };
}
