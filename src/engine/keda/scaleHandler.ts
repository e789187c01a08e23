/**
 * K2/K3, what KEDA's scale handler makes of its scalers' reads (kedacore/keda v2.20.2
 * pkg/scaling/scale_handler.go): the polling loop's state (getScaledObjectState, getScalerState)
 * and the metrics server's answer to the HPA (GetScaledObjectMetrics). Both send every read
 * through the fallback (fallback.ts), so both count failures.
 */
import { getMetricsWithFallback, type FallbackWorld } from './fallback.ts';
import type { Program } from './formula.ts';
import { getPairTriggerAndMetric, handleScalingModifiers, type NamedMetric } from './modifiers.ts';
import type {
  KedaScaledObject,
  KedaStatus,
  KedaTrigger,
  MetricsRecord,
  ScalerRead,
} from './types.ts';

/** Reads of this instant by metric name; a missing name reads as an error. */
export type Reads = Readonly<Record<string, ScalerRead>>;

const NO_READ: ScalerRead = { error: 'no value for this metric' };

export interface ScalerState {
  isActive: boolean;
  triggerName: string;
  metrics: NamedMetric[];
  fallbackMetrics: NamedMetric[];
  fallbackActive: boolean;
  pairs: Record<string, string>;
  records: Record<string, MetricsRecord>;
  err: string | null;
}

/** Go's strings.EqualFold for metric names (the same text, or the same once lower-cased). */
function equalFold(a: string, b: string): boolean {
  return a === b || a.toLowerCase() === b.toLowerCase();
}

/** `Object.assign(pairs, GetPairTriggerAndMetric(…))`, without its object when it adds nothing. */
function addPair(
  pairs: Record<string, string>,
  so: KedaScaledObject,
  metric: string,
  trigger: string,
): void {
  if (!so.scalingModifiers) return;
  Object.assign(pairs, getPairTriggerAndMetric(so, metric, trigger));
}

/** The name KEDA logs and lists for a trigger: its `name`, else the scaler's Go type. */
export function triggerNameOf(t: KedaTrigger): string {
  return t.name !== '' ? t.name : t.goType;
}

// upstream: kedacore/keda v2.20.2 pkg/scaling/scale_handler.go getScalerState
export function getScalerState(
  so: KedaScaledObject,
  statusIn: KedaStatus,
  trigger: KedaTrigger,
  reads: Reads,
  world: FallbackWorld,
): { state: ScalerState; status: KedaStatus } {
  let status = statusIn;
  const state: ScalerState = {
    isActive: false,
    triggerName: triggerNameOf(trigger),
    metrics: [],
    fallbackMetrics: [],
    fallbackActive: false,
    pairs: {},
    records: {},
    err: null,
  };
  for (const spec of trigger.metrics) {
    const read = reads[spec.name] ?? NO_READ;
    const values = read.values ?? null;
    if (trigger.useCachedMetrics)
      state.records[spec.name] = {
        isActive: read.active === true,
        values,
        error: read.error ?? null,
      };
    // Since 2.20 the polling loop applies the fallback too, so it can scale from zero (#7239).
    const fb = getMetricsWithFallback(
      so,
      status,
      values,
      read.error ?? null,
      spec.name,
      spec,
      world,
    );
    status = fb.status;
    if (fb.error !== null) state.err = fb.error;
    else {
      state.isActive = fb.fallbackActive || read.active === true;
      const named = (fb.values ?? []).map((milli) => ({ metricName: spec.name, milli }));
      state.metrics.push(...named);
      if (fb.fallbackActive) {
        state.fallbackActive = true;
        state.fallbackMetrics.push(...named);
      }
    }
    addPair(state.pairs, so, spec.name, trigger.name);
  }
  return { state, status };
}

export interface ScaledObjectState {
  isActive: boolean;
  isError: boolean;
  activeTriggers: string[];
  records: Record<string, MetricsRecord>;
  /** Each trigger's state, in trigger order (for the explanation). */
  scalers: ScalerState[];
  /** The composite metric with scalingModifiers, else the metrics read. */
  metrics: readonly NamedMetric[];
  status: KedaStatus;
  /** Set when KEDA gives up before RequestScale (an unparsable activationTarget). */
  error: string | null;
}

// upstream: kedacore/keda v2.20.2 pkg/scaling/scale_handler.go getScaledObjectState
export function getScaledObjectState(
  so: KedaScaledObject,
  statusIn: KedaStatus,
  reads: Reads,
  world: FallbackWorld,
  program: Program | null,
): ScaledObjectState {
  let status = statusIn;
  let isActive = false;
  let isError = false;
  let activeTriggers: string[] = [];
  const records: Record<string, MetricsRecord> = {};
  const pairs: Record<string, string> = {};
  let matching: NamedMetric[] = [];
  const fallbackMetrics: NamedMetric[] = [];
  let fallbackActive = false;
  let cpuMemCount = 0;
  for (const t of so.triggers) if (t.type === 'cpu' || t.type === 'memory') cpuMemCount++;
  const scalers: ScalerState[] = [];
  for (const trigger of so.triggers) {
    const r = getScalerState(so, status, trigger, reads, world);
    status = r.status;
    const s = r.state;
    scalers.push(s);
    if (s.isActive) {
      isActive = true;
      activeTriggers.push(s.triggerName);
    }
    if (s.err !== null) isError = true;
    matching.push(...s.metrics);
    fallbackMetrics.push(...s.fallbackMetrics);
    fallbackActive ||= s.fallbackActive;
    Object.assign(pairs, s.pairs);
    Object.assign(records, s.records);
  }
  let error: string | null = null;
  const modified = handleScalingModifiers(
    so,
    status,
    matching,
    pairs,
    fallbackActive,
    fallbackMetrics,
    program,
  );
  matching = modified ? [...modified] : [];
  // With a formula, activity is the composite's against activationTarget, and any error is inactive.
  if (so.scalingModifiers) {
    isActive = false;
    activeTriggers = [];
    if (!isError) {
      let activation = 0;
      const text = so.scalingModifiers.activationTarget;
      if (text !== '') {
        const v = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : NaN;
        if (Number.isNaN(v)) {
          error = `scalingModifiers.ActivationTarget parsing error strconv.ParseFloat: parsing "${text}": invalid syntax`;
          return {
            isActive: false,
            isError: true,
            activeTriggers: [],
            records,
            scalers,
            metrics: matching,
            status,
            error,
          };
        }
        activation = v;
      }
      for (const m of matching) {
        if (!isActive && m.milli / 1000 > activation) {
          isActive = true;
          activeTriggers.push('ModifiersTrigger');
        }
      }
    }
  }
  // cpu/memory alone could never come back from zero, so such an object is always active.
  if (so.triggers.length <= cpuMemCount && !isError) isActive = true;
  return { isActive, isError, activeTriggers, records, scalers, metrics: matching, status, error };
}

/** The metric list the HPA receives, or the error it sees. */
export type MetricsAnswer =
  { values: readonly NamedMetric[]; error?: undefined } | { error: string; values?: undefined };

// upstream: kedacore/keda v2.20.2 pkg/scaling/scale_handler.go GetScaledObjectMetrics
/** One HPA request for `metricName`: live reads unless useCachedMetrics finds a record. */
export function getScaledObjectMetrics(
  so: KedaScaledObject,
  statusIn: KedaStatus,
  metricName: string,
  reads: Reads,
  cache: Readonly<Record<string, MetricsRecord>>,
  world: FallbackWorld,
  program: Program | null,
): { answer: MetricsAnswer; status: KedaStatus } {
  let status = statusIn;
  // getTrueMetricArray: the composite metric stands for every External metric; else the one
  // asked for, matched as strings.EqualFold matches it.
  const everyMetric = Boolean(so.scalingModifiers);
  let isScalerError = false;
  let isFallbackActive = false;
  const matching: NamedMetric[] = [];
  const fallbackMetrics: NamedMetric[] = [];
  const pairs: Record<string, string> = {};
  for (const trigger of so.triggers) {
    for (const spec of trigger.metrics) {
      if (!everyMetric && !equalFold(spec.name, metricName)) continue;
      addPair(pairs, so, spec.name, trigger.name);
      const record = trigger.useCachedMetrics ? cache[spec.name] : undefined;
      const read: ScalerRead = record
        ? record.error !== null
          ? { error: record.error }
          : { values: record.values ?? [], active: record.isActive }
        : (reads[spec.name] ?? NO_READ);
      const fb = getMetricsWithFallback(
        so,
        status,
        read.values ?? null,
        read.error ?? null,
        spec.name,
        spec,
        world,
      );
      status = fb.status;
      if (fb.error !== null) isScalerError = true;
      if (fb.fallbackActive) isFallbackActive = true;
      if (fb.values === null) continue;
      for (const milli of fb.values) {
        const named = { metricName: spec.name, milli };
        if (fb.fallbackActive) fallbackMetrics.push(named);
        matching.push(named);
      }
    }
  }
  if (!isFallbackActive && isScalerError)
    return { answer: { error: `metric:${metricName} encountered error` }, status };
  if (matching.length === 0)
    return { answer: { error: `no matching metrics found for ${metricName}` }, status };
  const out = handleScalingModifiers(
    so,
    status,
    matching,
    pairs,
    isFallbackActive,
    fallbackMetrics,
    program,
  );
  return { answer: { values: out ?? [] }, status };
}
