// One reconcile of one HPA (reconcileAutoscaler and computeReplicasForMetric(s) in horizontal.go).
// Deliberate break from upstream: `now`, the controller memory and the configuration are passed
// in and a new memory is returned; nothing is mutated and no clock is read.

import { setCondition } from './conditions.ts';
import { approximateFloat64, milliValue } from './quantity.ts';
import {
  convertDesiredReplicasWithBehaviorRate,
  convertDesiredReplicasWithRules,
  calculateScaleUpLimit,
  stabilizeRecommendation,
  stabilizeRecommendationWithBehaviors,
} from './normalization.ts';
import {
  getExternalMetricReplicas,
  getExternalPerPodMetricReplicas,
  getMetricReplicas,
  getObjectMetricReplicas,
  getObjectPerPodMetricReplicas,
  getRawResourceReplicas,
  getResourceReplicas,
  type CalcContext,
  type ReplicaCalculation,
  type Tolerances,
} from './replicaCalculator.ts';
import { storeScaleEvent } from './scaleEvents.ts';
import type {
  ControllerConfig,
  ControllerMemory,
  DefaultedBehavior,
  HPACondition,
  MetricSpec,
  Observation,
} from './types.ts';
import type { HPAEvent, MetricTrace, ReconcileResult, ReconcileTrace } from './result.ts';

/** tolerancesForHpa: the flag, overridden per direction by behavior when the gate is on. */
export function tolerancesForHpa(
  behavior: DefaultedBehavior | null | undefined,
  config: ControllerConfig,
): Tolerances {
  const t = { scaleDown: config.tolerance, scaleUp: config.tolerance };
  if (!behavior || !config.featureGates.HPAConfigurableTolerance) return t;
  if (behavior.scaleDown?.tolerance !== undefined && behavior.scaleDown.tolerance !== null) {
    t.scaleDown = approximateFloat64(behavior.scaleDown.tolerance);
  }
  if (behavior.scaleUp?.tolerance !== undefined && behavior.scaleUp.tolerance !== null) {
    t.scaleUp = approximateFloat64(behavior.scaleUp.tolerance);
  }
  return t;
}

function sorted(s: Set<string>): string[] {
  return s.size === 0 ? [] : [...s].sort();
}

interface MetricOutcome {
  calc: ReplicaCalculation;
  /** condition reason when it failed */
  reason?: string;
  name: string;
  trace: MetricTrace;
}

type ValueKind = 'average' | 'value' | 'util';

function metricFailed(trace: MetricTrace, reason: string, error: string, name = ''): MetricOutcome {
  trace.error = reason;
  trace.message = error;
  return { calc: { replicaCount: 0, error }, reason, name, trace };
}

/** Copy what one metric computed into its trace (the status fields kubectl shows). */
function metricDone(
  trace: MetricTrace,
  calc: ReplicaCalculation,
  reason: string,
  name: string,
  valueKind: ValueKind,
): MetricOutcome {
  trace.name = name;
  if (calc.usageRatio !== undefined && Number.isFinite(calc.usageRatio))
    trace.usageRatio = calc.usageRatio;
  if (valueKind === 'util' && calc.utilization !== undefined)
    trace.currentUtilization = calc.utilization;
  if (calc.rawValue !== undefined) {
    if (valueKind === 'value') trace.currentValue = calc.rawValue;
    else trace.currentAverageValue = calc.rawValue;
  }
  if (calc.groups) {
    trace.podGroups = {
      ready: calc.groups.readyPodCount,
      unready: sorted(calc.groups.unreadyPods),
      missing: sorted(calc.groups.missingPods),
      ignored: sorted(calc.groups.ignoredPods),
    };
  }
  if (calc.note) trace.note = calc.note;
  if (calc.error !== undefined) {
    trace.error = reason;
    trace.message = calc.error;
    return { calc, reason, name, trace };
  }
  trace.proposal = calc.replicaCount;
  return { calc, name, trace };
}

/** computeReplicasForMetric: dispatch on the metric source type. */
function computeReplicasForMetric(
  obs: Observation,
  spec: MetricSpec,
  specReplicas: number,
  statusReplicas: number,
  tolerances: Tolerances,
  ctx: CalcContext,
): MetricOutcome {
  const trace: MetricTrace = { type: spec.type };

  switch (spec.type) {
    case 'Object': {
      const src = spec.object;
      if (!src)
        return metricFailed(
          trace,
          'FailedGetObjectMetric',
          'invalid object metric source: no object block',
        );
      const t = src.target;
      const name = `${src.metric?.name} metric on ${src.describedObject?.kind}/${src.describedObject?.name}`;
      if (t?.type === 'Value' && t.value !== undefined && t.value !== null) {
        const calc = getObjectMetricReplicas(
          obs,
          specReplicas,
          milliValue(t.value),
          src.metric.name,
          tolerances,
          src.describedObject.kind,
          src.describedObject.name,
        );
        return metricDone(trace, calc, 'FailedGetObjectMetric', name, 'value');
      }
      if (t?.type === 'AverageValue' && t.averageValue !== undefined && t.averageValue !== null) {
        const calc = getObjectPerPodMetricReplicas(
          obs,
          statusReplicas,
          milliValue(t.averageValue),
          src.metric.name,
          tolerances,
          src.describedObject.kind,
          src.describedObject.name,
        );
        return metricDone(trace, calc, 'FailedGetObjectMetric', name, 'average');
      }
      return metricFailed(
        trace,
        'FailedGetObjectMetric',
        'invalid object metric source: neither a value target nor an average value target was set',
        name,
      );
    }
    case 'Pods': {
      const src = spec.pods;
      if (!src)
        return metricFailed(
          trace,
          'FailedGetPodsMetric',
          'invalid pods metric source: no pods block',
        );
      const name = `pods metric ${src.metric?.name}`;
      const calc = getMetricReplicas(
        obs,
        specReplicas,
        milliValue(src.target?.averageValue),
        src.metric?.name ?? '',
        tolerances,
        ctx,
      );
      return metricDone(trace, calc, 'FailedGetPodsMetric', name, 'average');
    }
    case 'Resource':
    case 'ContainerResource': {
      const isContainer = spec.type === 'ContainerResource';
      const src = isContainer ? spec.containerResource : spec.resource;
      const reason = isContainer ? 'FailedGetContainerResourceMetric' : 'FailedGetResourceMetric';
      if (!src)
        return metricFailed(trace, reason, `invalid ${spec.type} metric source: no source block`);
      const container = isContainer ? (spec.containerResource?.container ?? '') : '';
      const name = isContainer ? `${src.name} container resource` : `${src.name} resource`;
      const t = src.target;
      if (t?.averageValue !== undefined && t.averageValue !== null) {
        const calc = getRawResourceReplicas(
          obs,
          specReplicas,
          milliValue(t.averageValue),
          src.name,
          tolerances,
          container,
          ctx,
        );
        return metricDone(trace, calc, reason, name, 'average');
      }
      if (t?.averageUtilization === undefined || t.averageUtilization === null) {
        return metricFailed(
          trace,
          reason,
          'invalid resource metric source: neither an average utilization target nor an average value (usage) target was set',
          name,
        );
      }
      const calc = getResourceReplicas(
        obs,
        specReplicas,
        t.averageUtilization,
        src.name,
        tolerances,
        container,
        ctx,
      );
      return metricDone(trace, calc, reason, `${name} utilization (percentage of request)`, 'util');
    }
    case 'External': {
      const src = spec.external;
      if (!src)
        return metricFailed(
          trace,
          'FailedGetExternalMetric',
          'invalid external metric source: no external block',
        );
      const name = `external metric ${src.metric?.name}`;
      const t = src.target;
      if (t?.averageValue !== undefined && t.averageValue !== null) {
        const calc = getExternalPerPodMetricReplicas(
          obs,
          statusReplicas,
          milliValue(t.averageValue),
          src.metric.name,
          tolerances,
        );
        return metricDone(trace, calc, 'FailedGetExternalMetric', name, 'average');
      }
      if (t?.value !== undefined && t.value !== null) {
        const calc = getExternalMetricReplicas(
          obs,
          specReplicas,
          milliValue(t.value),
          src.metric.name,
          tolerances,
        );
        return metricDone(trace, calc, 'FailedGetExternalMetric', name, 'value');
      }
      return metricFailed(
        trace,
        'FailedGetExternalMetric',
        'invalid external metric source: neither a value target nor an average value target was set',
        name,
      );
    }
    default:
      return metricFailed(
        trace,
        'InvalidMetricSourceType',
        `unknown metric source type "${spec.type}"`,
      );
  }
}

/**
 * reconcileAutoscaler for one step. `obs.hpa` must be API-defaulted (setDefaultsHorizontalPodAutoscaler):
 * that is what the controller reads from the API server.
 */
export function reconcileAutoscaler(
  obs: Observation,
  memory: ControllerMemory,
  now: number,
  config: ControllerConfig,
): ReconcileResult {
  const hpa = obs.hpa;
  const spec = hpa.spec;
  const behavior = (spec.behavior ?? null) as DefaultedBehavior | null;
  const conditions: HPACondition[] = (hpa.status?.conditions ?? []).map((c) => ({ ...c }));
  const previousDesired = hpa.status?.desiredReplicas ?? 0;
  const previousLastScale = hpa.status?.lastScaleTime ?? null;
  const events: HPAEvent[] = [];
  const tolerances = tolerancesForHpa(behavior, config);
  const trace: ReconcileTrace = { path: 'metrics', tolerances: { ...tolerances } };
  let recommendations = memory.recommendations;
  let scaleUpEvents = memory.scaleUpEvents;
  let scaleDownEvents = memory.scaleDownEvents;
  // Every exit reports the same state; only the decision differs.
  const finish = (
    replicas: number,
    desired: number,
    rescaled: boolean,
    lastScaleTime: number | null,
  ) =>
    buildResult(
      conditions,
      { recommendations, scaleUpEvents, scaleDownEvents },
      trace,
      events,
      replicas,
      desired,
      rescaled,
      lastScaleTime,
    );
  if (obs.scaleGetError) {
    trace.path = 'getScaleError';
    const msg = "the HPA controller was unable to get the target's current scale";
    events.push({ type: 'Warning', reason: 'FailedGetScale', message: msg });
    setCondition(conditions, 'AbleToScale', 'False', 'FailedGetScale', msg);
    return finish(obs.currentReplicas, previousDesired, false, previousLastScale);
  }
  setCondition(
    conditions,
    'AbleToScale',
    'True',
    'SucceededGetScale',
    "the HPA controller was able to get the target's current scale",
  );
  const currentReplicas = obs.currentReplicas;
  // recordInitialRecommendation: a controller that has never seen this HPA remembers "current".
  if (recommendations === null) recommendations = [{ timestamp: now, replicas: currentReplicas }];

  const minReplicas = spec.minReplicas ?? 1;
  let desiredReplicas = 0;
  let rescale = true;
  let rescaleReason = '';

  if (obs.currentReplicas === 0 && minReplicas !== 0) {
    trace.path = 'scalingDisabled';
    desiredReplicas = 0;
    rescale = false;
    setCondition(
      conditions,
      'ScalingActive',
      'False',
      'ScalingDisabled',
      'scaling is disabled since the replica count of the target is zero',
    );
  } else if (currentReplicas > spec.maxReplicas) {
    trace.path = 'aboveMaxReplicas';
    rescaleReason = 'Current number of replicas above Spec.MaxReplicas';
    desiredReplicas = spec.maxReplicas;
  } else if (currentReplicas < minReplicas) {
    trace.path = 'belowMinReplicas';
    rescaleReason = 'Current number of replicas below Spec.MinReplicas';
    desiredReplicas = minReplicas;
  } else {
    const computed = computeReplicasForMetrics(
      obs,
      currentReplicas,
      tolerances,
      config,
      now,
      conditions,
      events,
    );
    if (computed.traces.length > 0) trace.metrics = computed.traces;
    if (computed.replicas === -1) {
      trace.path = 'metricsError';
      events.push({
        type: 'Warning',
        reason: 'FailedComputeMetricsReplicas',
        message: computed.error ?? '',
      });
      return finish(currentReplicas, previousDesired, false, previousLastScale);
    }
    trace.metricDesiredReplicas = computed.replicas;
    let rescaleMetric = '';
    if (computed.replicas > desiredReplicas) {
      desiredReplicas = computed.replicas;
      rescaleMetric = computed.metric;
    }
    if (desiredReplicas > currentReplicas) rescaleReason = `${rescaleMetric} above target`;
    if (desiredReplicas < currentReplicas) rescaleReason = 'All metrics below target';

    if (!behavior) {
      const stab = stabilizeRecommendation(
        recommendations,
        desiredReplicas,
        now,
        config.downscaleStabilizationSeconds,
      );
      recommendations = stab.recommendations;
      trace.stabilizedReplicas = stab.recommendation;
      trace.stabilization = {
        upWindowSeconds: 0,
        downWindowSeconds: config.downscaleStabilizationSeconds,
        recommendation: stab.recommendation,
        winnerIndex: stab.winnerIndex,
      };
      if (stab.recommendation !== desiredReplicas) {
        setCondition(
          conditions,
          'AbleToScale',
          'True',
          'ScaleDownStabilized',
          'recent recommendations were higher than current one, applying the highest recent recommendation',
        );
      } else {
        setCondition(
          conditions,
          'AbleToScale',
          'True',
          'ReadyForNewScale',
          'recommended size matches current size',
        );
      }
      const upLimit = calculateScaleUpLimit(
        currentReplicas,
        config.scaleUpLimitFactor,
        config.scaleUpLimitMinimum,
      );
      trace.scaleUpLimit = upLimit;
      const limited = convertDesiredReplicasWithRules(
        currentReplicas,
        stab.recommendation,
        minReplicas,
        spec.maxReplicas,
        upLimit,
      );
      setCondition(
        conditions,
        'ScalingLimited',
        limited.replicas === stab.recommendation ? 'False' : 'True',
        limited.reason,
        limited.message,
      );
      desiredReplicas = limited.replicas;
    } else {
      // maybeInitScaleDownStabilizationWindow: the flag fills a nil scale-down window (whole seconds).
      const downWindow =
        behavior.scaleDown.stabilizationWindowSeconds ??
        Math.trunc(config.downscaleStabilizationSeconds);
      const upWindow = behavior.scaleUp.stabilizationWindowSeconds ?? 0;
      const stab = stabilizeRecommendationWithBehaviors(
        recommendations,
        desiredReplicas,
        currentReplicas,
        upWindow,
        downWindow,
        now,
      );
      trace.stabilization = {
        upWindowSeconds: upWindow,
        downWindowSeconds: downWindow,
        recommendation: stab.recommendation,
        upRecommendation: stab.upRecommendation,
        downRecommendation: stab.downRecommendation,
        window: recommendations, // never mutated: updates build a new array
      };
      recommendations = stab.recommendations;
      trace.stabilizedReplicas = stab.recommendation;
      if (stab.recommendation !== desiredReplicas) {
        setCondition(conditions, 'AbleToScale', 'True', stab.reason, stab.message);
      } else {
        setCondition(
          conditions,
          'AbleToScale',
          'True',
          'ReadyForNewScale',
          'recommended size matches current size',
        );
      }
      const rate = convertDesiredReplicasWithBehaviorRate(
        currentReplicas,
        stab.recommendation,
        minReplicas,
        spec.maxReplicas,
        behavior.scaleUp,
        behavior.scaleDown,
        scaleUpEvents,
        scaleDownEvents,
        now,
      );
      if (rate.scaleUpLimit !== undefined) trace.scaleUpLimit = rate.scaleUpLimit;
      if (rate.scaleDownLimit !== undefined) trace.scaleDownLimit = rate.scaleDownLimit;
      if (rate.policies.length > 0) trace.policies = rate.policies;
      setCondition(
        conditions,
        'ScalingLimited',
        rate.replicas === stab.recommendation ? 'False' : 'True',
        rate.reason,
        rate.message,
      );
      desiredReplicas = rate.replicas;
    }
    trace.normalizedReplicas = desiredReplicas;
    rescale = desiredReplicas !== currentReplicas;
  }
  trace.rescaleReason = rescaleReason;

  if (rescale) {
    if (obs.scaleUpdateError) {
      const msg = 'the HPA controller was unable to update the target scale';
      events.push({
        type: 'Warning',
        reason: 'FailedRescale',
        message: `New size: ${desiredReplicas}; reason: ${rescaleReason}; error: update failed`,
      });
      setCondition(conditions, 'AbleToScale', 'False', 'FailedUpdateScale', msg);
      return finish(currentReplicas, previousDesired, false, previousLastScale);
    }
    setCondition(
      conditions,
      'AbleToScale',
      'True',
      'SucceededRescale',
      `the HPA controller was able to update the target scale to ${desiredReplicas}`,
    );
    events.push({
      type: 'Normal',
      reason: 'SuccessfulRescale',
      message: `New size: ${desiredReplicas}; reason: ${rescaleReason}`,
    });
    if (behavior) {
      if (desiredReplicas > currentReplicas) {
        scaleUpEvents = storeScaleEvent(
          scaleUpEvents,
          behavior.scaleUp,
          desiredReplicas - currentReplicas,
          now,
        );
      } else {
        scaleDownEvents = storeScaleEvent(
          scaleDownEvents,
          behavior.scaleDown,
          currentReplicas - desiredReplicas,
          now,
        );
      }
    }
    return finish(desiredReplicas, desiredReplicas, true, now);
  }
  return finish(currentReplicas, currentReplicas, false, previousLastScale);
}

function buildResult(
  conditions: HPACondition[],
  memory: ControllerMemory,
  trace: ReconcileTrace,
  events: HPAEvent[],
  replicas: number,
  desiredReplicas: number,
  rescaled: boolean,
  lastScaleTime: number | null,
): ReconcileResult {
  return { replicas, desiredReplicas, rescaled, lastScaleTime, conditions, memory, trace, events };
}

/** computeReplicasForMetrics: max over valid proposals; a failure blocks a scale-down, not a scale-up. */
function computeReplicasForMetrics(
  obs: Observation,
  specReplicas: number,
  tolerances: Tolerances,
  config: ControllerConfig,
  now: number,
  conditions: HPACondition[],
  events: HPAEvent[],
): { replicas: number; metric: string; traces: MetricTrace[]; error?: string } {
  if (obs.selector === 'missing' || obs.selector === 'invalid') {
    const msg =
      obs.selector === 'missing'
        ? "the HPA target's scale is missing a selector"
        : "couldn't convert selector into a corresponding internal selector object";
    events.push({
      type: 'Warning',
      reason: obs.selector === 'missing' ? 'SelectorRequired' : 'InvalidSelector',
      message: msg,
    });
    setCondition(conditions, 'ScalingActive', 'False', 'InvalidSelector', msg);
    return { replicas: -1, metric: '', traces: [], error: msg };
  }
  if (obs.selector === 'ambiguous') {
    const msg = 'pods by selector are controlled by multiple HPAs';
    events.push({ type: 'Warning', reason: 'AmbiguousSelector', message: msg });
    setCondition(conditions, 'ScalingActive', 'False', 'AmbiguousSelector', msg);
    return { replicas: -1, metric: '', traces: [], error: msg };
  }
  const metricSpecs = obs.hpa.spec.metrics ?? [];
  const ctx: CalcContext = { ...config, now };
  let replicas = 0;
  let metric = '';
  let invalidMetricsCount = 0;
  let firstInvalid: { reason: string; message: string } | null = null;
  const traces: MetricTrace[] = [];
  for (const spec of metricSpecs) {
    const out = computeReplicasForMetric(
      obs,
      spec,
      specReplicas,
      obs.statusReplicas,
      tolerances,
      ctx,
    );
    traces.push(out.trace);
    if (out.calc.error !== undefined) {
      if (invalidMetricsCount <= 0) {
        firstInvalid = { reason: out.reason ?? 'FailedGetResourceMetric', message: out.calc.error };
      }
      events.push({ type: 'Warning', reason: out.reason ?? '', message: out.calc.error });
      invalidMetricsCount++;
      continue;
    }
    if (replicas === 0 || out.calc.replicaCount > replicas) {
      replicas = out.calc.replicaCount;
      metric = out.name;
    }
  }
  if (
    invalidMetricsCount >= metricSpecs.length ||
    (invalidMetricsCount > 0 && replicas < specReplicas)
  ) {
    const reason = firstInvalid?.reason ?? '';
    const message = `the HPA was unable to compute the replica count: ${firstInvalid?.message ?? 'no metrics'}`;
    setCondition(conditions, 'ScalingActive', 'False', reason, message);
    return {
      replicas: -1,
      metric: '',
      traces,
      error: `invalid metrics (${invalidMetricsCount} invalid out of ${metricSpecs.length}), first error is: ${firstInvalid?.message}`,
    };
  }
  setCondition(
    conditions,
    'ScalingActive',
    'True',
    'ValidMetricFound',
    `the HPA was able to successfully calculate a replica count from ${metric}`,
  );
  return { replicas, metric, traces };
}
