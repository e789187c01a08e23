// Port of pkg/controller/podautoscaler/horizontal.go, kubernetes v1.35.0: the metric half
// (computeReplicasForMetrics … recordInitialRecommendation), reconcileAutoscaler, and the two
// helpers upstream keeps further down (getUnableComputeReplicaCountCondition, tolerancesForHpa),
// in upstream's order. The normalization half is normalization.ts and scaleEvents.ts.
// Deliberate break from upstream: `now`, the controller memory and the configuration are passed
// in and a new memory is returned; nothing is mutated (unless ReconcileOptions.reuse asks) and no
// clock is read. The informer, queue, REST mapping and status-write functions are not ported
// (see the upstream map in src/engine/README.md). Ported bodies return their intermediates; the
// trace is built in trace.ts.

import { resourceTexts, validMetricFoundMessage } from './metricTexts.ts';
import { ByPositionScratch } from './byPositionScratch.ts';
import { labelSelectorString } from './labelSelectorString.ts';
import { removeCondition, setCondition, workingConditions } from './conditions.ts';
import { expandObservation, hasPodGroups } from './groupedPods.ts';
import {
  memoryOf,
  newHorizontalController,
  type HorizontalController,
} from './horizontalController.ts';
import {
  normalizeDesiredReplicas,
  normalizeDesiredReplicasWithBehaviors,
  type BehaviorNormalization,
  type LegacyNormalization,
} from './normalization.ts';
import { podNamesDistinct } from './podNames.ts';
import { approximateFloat64, milliValue } from './quantity.ts';
import { byName, byPosition } from './replicaCalculation.ts';
import {
  getExternalMetricReplicas,
  getExternalPerPodMetricReplicas,
  getObjectMetricReplicas,
  getObjectPerPodMetricReplicas,
} from './replicaCalculator.ts';
import type { CalcContext } from './replicaCalculatorCommon.ts';
import { storeScaleEvent } from './scaleEvents.ts';
import {
  buildTrace,
  leanTrace,
  minimalTrace,
  newLeanTraceScratch,
  type LeanTraceScratch,
  type ReconcileSteps,
} from './trace.ts';
import type {
  ControllerConfig,
  ControllerMemory,
  DefaultedBehavior,
  HPACondition,
  HorizontalPodAutoscaler,
  MetricProposal,
  MetricSpec,
  MetricStatus,
  MetricTarget,
  Observation,
  ReplicaCalculation,
  Tolerances,
  ValueKind,
} from './types.ts';
import type { ReconcileResult } from './result.ts';

/** Options of one reconcile; every field is optional. */
export interface ReconcileOptions {
  /**
   * false: skip building the trace (the result's trace then holds only `path` and `tolerances`).
   * 'lean': only the numbers a compact run's series keep (leanTrace in trace.ts). The decision,
   * conditions, events and memory are the same either way; bulk runs use these.
   */
  trace?: boolean | 'lean';
  /**
   * Internal: false runs the Map-based replica calculation even when the by-position twin could
   * run (the property tests compare both). The results are the same either way.
   */
  byPosition?: boolean;
  /**
   * The by-position fast path's working arrays, reused across reconciles (a simulation keeps one
   * per cluster); without it each reconcile allocates its own. Never changes a result.
   */
  scratch?: ByPositionScratch;
  /**
   * Not kube-controller-manager's: Karmada's FederatedHPA calibration factor (karmada-io/karmada
   * master, pkg/controllers/federatedhpa/federatedhpa_controller.go computeReplicasForMetrics:
   * the Ready members' summed spec.replicas over the template's). Each metric's replica count from
   * pods or samples is divided by it inside the replica calculation (replicaCalculator.ts), before
   * the stabilization window and the policies act at the template's scale. A finite number > 0;
   * absent = 1, exactly upstream.
   */
  calibration?: number;
  /**
   * Not in upstream: the caller keeps nothing of a result past the next reconcile it runs with
   * the same `scratch` (it hands the returned memory and conditions back, records no full trace,
   * and copies what it snapshots). The reconcile may then update in place the recommendation
   * list, conditions and events list it returned last, so a usual sync allocates none of them.
   * Only with a `scratch` and a trace other than `true` (a full trace keeps the old window).
   * Never changes a result (referenceWorld.test.ts, replay.test.ts).
   */
  reuse?: boolean;
}

/** computeReplicasForMetrics' results; `replicas` −1 when the HPA cannot act on them. */
export interface MetricsProposal {
  replicas: number;
  metric: string;
  statuses: MetricProposal[];
  err?: string;
}

// upstream: horizontal.go computeReplicasForMetrics
/**
 * The max over every metric's proposal, the metric that gave it, and each metric's status. A
 * failed metric blocks a scale-down (and all of them failing blocks everything), not a scale-up.
 * Upstream's computeStatusFor* call tolerancesForHpa each; here it runs once per reconcile.
 */
function computeReplicasForMetrics(
  a: HorizontalController,
  obs: Observation,
  tolerances: Tolerances,
  metricSpecs: MetricSpec[],
): MetricsProposal {
  const selectorErr = validateAndParseSelector(a, obs);
  if (selectorErr !== null) return { replicas: -1, metric: '', statuses: [], err: selectorErr };

  const specReplicas = obs.currentReplicas;
  const statusReplicas = obs.statusReplicas;
  let statuses: MetricProposal[];
  if (a.reuse) {
    // The list the trace reads this sync only (ReconcileOptions.reuse): refilled in place.
    statuses = a.scratch.statuses;
    // shrunk only: the loop below appends in order, so the list stays packed
    if (statuses.length > metricSpecs.length) statuses.length = metricSpecs.length;
  } else statuses = new Array<MetricProposal>(metricSpecs.length);
  // Field by field, not `{ ...a.config }`: copying the whole configuration every reconcile was
  // the largest single cost of a small run's sync (profiled on the default scenario).
  const ctx = a.reuse ? reusedContext(a) : calcContext(a);

  let replicas = 0;
  let metric = '';
  let invalidMetricsCount = 0;
  let invalidMetricError: string | undefined;
  let invalidMetricCondition: HPACondition | undefined;

  for (let i = 0; i < metricSpecs.length; i++) {
    if (a.reuse) ctx.metricIndex = i;
    const proposal = computeReplicasForMetric(
      a,
      metricSpecs[i]!,
      specReplicas,
      statusReplicas,
      obs,
      tolerances,
      ctx,
    );
    statuses[i] = proposal;
    if (proposal.err !== undefined) {
      if (invalidMetricsCount <= 0) {
        invalidMetricCondition = proposal.condition;
        invalidMetricError = proposal.err;
      }
      invalidMetricsCount++;
      continue;
    }
    if (replicas === 0 || proposal.replicaCountProposal > replicas) {
      replicas = proposal.replicaCountProposal;
      metric = proposal.metricNameProposal;
    }
  }

  // All metrics invalid, or some invalid while the rest would scale down: act on none of them,
  // with the condition of the first invalid one. Otherwise scaling is active.
  if (
    invalidMetricsCount >= metricSpecs.length ||
    (invalidMetricsCount > 0 && replicas < specReplicas)
  ) {
    setCondition(
      a.conditions,
      'ScalingActive',
      'False',
      invalidMetricCondition?.reason ?? '',
      invalidMetricCondition?.message ??
        'the HPA was unable to compute the replica count: no metrics',
    );
    return {
      replicas: -1,
      metric: '',
      statuses,
      err: `invalid metrics (${invalidMetricsCount} invalid out of ${metricSpecs.length}), first error is: ${invalidMetricError}`,
    };
  }
  setCondition(
    a.conditions,
    'ScalingActive',
    'True',
    'ValidMetricFound',
    validMetricFoundMessage(metric),
  );
  if (!a.reuse) return { replicas, metric, statuses };
  // read at once by reconcileAutoscaler: one object per controller
  const kept = a.scratch.metricsProposal as MetricsProposal | null;
  if (kept === null) return (a.scratch.metricsProposal = { replicas, metric, statuses });
  kept.replicas = replicas;
  kept.metric = metric;
  kept.statuses = statuses;
  return kept;
}

/** What the replica calculator reads of the controller, for this reconcile. */
function calcContext(a: HorizontalController): CalcContext {
  // Field by field, not `{ ...a.config }`: copying the whole configuration every reconcile was
  // the largest single cost of a small run's sync (profiled on the default scenario).
  const config = a.config;
  return {
    cpuInitializationPeriodSeconds: config.cpuInitializationPeriodSeconds,
    initialReadinessDelaySeconds: config.initialReadinessDelaySeconds,
    ignoreSucceededPods: config.ignoreSucceededPods,
    containerMetricMissingIsError: config.containerMetricMissingIsError,
    int32Caps: config.int32Caps,
    now: a.now,
    scratch: a.scratch,
    calibration: a.calibration,
  };
}

/**
 * calcContext kept in the scratch for its configuration (ReconcileOptions.reuse: the
 * calculation reads it within this reconcile only), with this reconcile's instant and factor.
 */
function reusedContext(a: HorizontalController): CalcContext {
  const s = a.scratch;
  if (s.calcConfig !== a.config || s.calc === null) {
    s.calc = calcContext(a);
    s.calc.reuse = true;
    s.calcConfig = a.config;
  }
  const ctx = s.calc;
  ctx.now = a.now;
  ctx.calibration = a.calibration;
  return ctx;
}

// upstream: horizontal.go validateAndParseSelector
/**
 * The scale's selector must be present, parse, and select pods no other HPA selects. Here the
 * observation states which of these failed. Returns the error text, or null.
 */
function validateAndParseSelector(a: HorizontalController, obs: Observation): string | null {
  if (obs.selector === 'missing') {
    const errMsg = 'selector is required';
    a.events.push({ type: 'Warning', reason: 'SelectorRequired', message: errMsg });
    setCondition(
      a.conditions,
      'ScalingActive',
      'False',
      'InvalidSelector',
      "the HPA target's scale is missing a selector",
    );
    return errMsg;
  }
  if (obs.selector === 'invalid') {
    const errMsg = "couldn't convert selector into a corresponding internal selector object";
    a.events.push({ type: 'Warning', reason: 'InvalidSelector', message: errMsg });
    setCondition(a.conditions, 'ScalingActive', 'False', 'InvalidSelector', errMsg);
    return errMsg;
  }
  if (obs.selector === 'ambiguous') {
    // The selector and the HPAs are left out of the text (deviation 4); v1.37 reworded it.
    const errMsg =
      a.config.selectorMessages === 'v1.37'
        ? 'pods by selector are controlled by more than one HPA'
        : 'pods by selector are controlled by multiple HPAs';
    a.events.push({ type: 'Warning', reason: 'AmbiguousSelector', message: errMsg });
    setCondition(a.conditions, 'ScalingActive', 'False', 'AmbiguousSelector', errMsg);
    return errMsg;
  }
  return null;
}

// upstream: horizontal.go computeReplicasForMetric
/**
 * One metric's proposal, dispatched on its source type. Where upstream fails on an unparsable
 * metric selector, a missing source block fails here (selectors are not evaluated).
 */
function computeReplicasForMetric(
  a: HorizontalController,
  spec: MetricSpec,
  specReplicas: number,
  statusReplicas: number,
  obs: Observation,
  tolerances: Tolerances,
  ctx: CalcContext,
): MetricProposal {
  switch (spec.type) {
    case 'Object':
      if (!spec.object) {
        return failed(a, 'FailedGetObjectMetric', 'invalid object metric source: no object block');
      }
      return wrapErr(
        computeStatusForObjectMetric(a, specReplicas, statusReplicas, spec, obs, tolerances),
        'failed to get object metric value: ',
      );
    case 'Pods':
      if (!spec.pods) {
        return failed(a, 'FailedGetPodsMetric', 'invalid pods metric source: no pods block');
      }
      return wrapErr(
        computeStatusForPodsMetric(a, specReplicas, spec, obs, tolerances, ctx),
        'failed to get pods metric value: ',
      );
    case 'Resource': {
      // The prefix is built on failure only: a template per sync was ≈ 1 % of a default run.
      const p = computeStatusForResourceMetric(a, specReplicas, spec, obs, tolerances, ctx);
      if (p.err !== undefined)
        p.err = `failed to get ${spec.resource?.name} resource metric value: ${p.err}`;
      return p;
    }
    case 'ContainerResource': {
      const p = computeStatusForContainerResourceMetric(
        a,
        specReplicas,
        spec,
        obs,
        tolerances,
        ctx,
      );
      if (p.err !== undefined)
        p.err = `failed to get ${spec.containerResource?.container} container metric value: ${p.err}`;
      return p;
    }
    case 'External':
      if (!spec.external) {
        return failed(
          a,
          'FailedGetExternalMetric',
          'invalid external metric source: no external block',
        );
      }
      return computeStatusForExternalMetric(a, specReplicas, statusReplicas, spec, obs, tolerances);
    default:
      // The API server's validation rejects unknown types; a scenario may still carry one.
      return failed(a, 'InvalidMetricSourceType', `unknown metric source type "${spec.type}"`);
  }
}

/**
 * The error a metric hands to computeReplicasForMetrics ("invalid metrics …, first error is: …",
 * the FailedComputeMetricsReplicas event): upstream wraps it once more than the condition's text.
 */
function wrapErr(p: MetricProposal, prefix: string): MetricProposal {
  if (p.err !== undefined) p.err = prefix + p.err;
  return p;
}

/** A failed metric: its condition (recording the event), and the status when it got that far. */
function failed(
  a: HorizontalController,
  reason: string,
  err: string,
  status?: MetricStatus,
): MetricProposal {
  const condition = getUnableComputeReplicaCountCondition(a, reason, err);
  return { replicaCountProposal: 0, metricNameProposal: '', condition, err, status };
}

/** A finished calculation: the proposal, or the failure under `reason`. */
function proposed(
  a: HorizontalController,
  reason: string,
  name: string,
  valueKind: ValueKind,
  calc: ReplicaCalculation,
  metricNameProposal = name,
): MetricProposal {
  // `name` labels the metric in the explanation; metricNameProposal is upstream's text for the
  // ValidMetricFound condition and the rescale reason, which for some sources reads oddly.
  if (calc.error === undefined && a.reuse) {
    // ReconcileOptions.reuse: this metric's proposal of the last reconcile, refilled (the same
    // keys: only this line stores one)
    const at = a.scratch.calc?.metricIndex ?? 0;
    const kept = a.scratch.proposals[at];
    if (kept !== undefined) {
      kept.replicaCountProposal = calc.replicaCount;
      kept.metricNameProposal = metricNameProposal;
      const st = kept.status!;
      st.name = name;
      st.valueKind = valueKind;
      st.calc = calc;
      return kept;
    }
  }
  const status = { name, valueKind, calc };
  if (calc.error !== undefined) return failed(a, reason, calc.error, status);
  const p = { replicaCountProposal: calc.replicaCount, metricNameProposal, status };
  if (a.reuse) a.scratch.proposals[a.scratch.calc?.metricIndex ?? 0] = p;
  return p;
}

function isSet(v: MetricTarget['value']): v is NonNullable<MetricTarget['value']> {
  return v !== undefined && v !== null;
}

// upstream: horizontal.go computeStatusForObjectMetric
function computeStatusForObjectMetric(
  a: HorizontalController,
  specReplicas: number,
  statusReplicas: number,
  metricSpec: MetricSpec,
  obs: Observation,
  tolerances: Tolerances,
): MetricProposal {
  const src = metricSpec.object!;
  const target = src.target;
  const name = `${src.metric?.name} metric on ${src.describedObject?.kind}/${src.describedObject?.name}`;
  if (target?.type === 'Value' && isSet(target.value)) {
    const calc = getObjectMetricReplicas(
      obs,
      specReplicas,
      milliValue(target.value),
      src.metric.name,
      tolerances,
      src.describedObject.kind,
      src.describedObject.name,
      a.calibration,
      a.config.int32Caps,
    );
    const upstreamName = `${src.describedObject?.kind} metric ${src.metric?.name}`;
    return proposed(a, 'FailedGetObjectMetric', name, 'value', calc, upstreamName);
  } else if (target?.type === 'AverageValue' && isSet(target.averageValue)) {
    const calc = getObjectPerPodMetricReplicas(
      obs,
      statusReplicas,
      milliValue(target.averageValue),
      src.metric.name,
      tolerances,
      src.describedObject.kind,
      src.describedObject.name,
      a.calibration,
    );
    // Upstream's text says "external metric" for an Object AverageValue target too.
    const upstreamName = `external metric ${src.metric?.name}(${labelSelectorString(src.metric?.selector)})`;
    const p = proposed(a, 'FailedGetObjectMetric', name, 'average', calc, upstreamName);
    if (p.err !== undefined) p.err = `failed to get ${src.metric.name} object metric: ${p.err}`;
    return p;
  }
  return failed(
    a,
    'FailedGetObjectMetric',
    'invalid object metric source: neither a value target nor an average value target was set',
  );
}

// upstream: horizontal.go computeStatusForPodsMetric
function computeStatusForPodsMetric(
  a: HorizontalController,
  currentReplicas: number,
  metricSpec: MetricSpec,
  obs: Observation,
  tolerances: Tolerances,
  ctx: CalcContext,
): MetricProposal {
  const src = metricSpec.pods!;
  const calc = a.replicaCalc.getMetricReplicas(
    obs,
    currentReplicas,
    milliValue(src.target?.averageValue),
    src.metric?.name ?? '',
    tolerances,
    ctx,
  );
  return proposed(a, 'FailedGetPodsMetric', `pods metric ${src.metric?.name}`, 'average', calc);
}

/** computeStatusForResourceMetricGeneric's results, before the caller adds its condition. */
interface ResourceProposal {
  calc?: ReplicaCalculation;
  metricNameProposal: string;
  /** the explanation's label when it is not metricNameProposal */
  label?: string;
  valueKind: ValueKind;
  err?: string;
}

// upstream: horizontal.go computeStatusForResourceMetricGeneric
/** Resource and ContainerResource alike: an AverageValue target, else a Utilization one. */
function computeStatusForResourceMetricGeneric(
  a: HorizontalController,
  currentReplicas: number,
  target: MetricTarget | undefined,
  resourceName: string,
  container: string,
  sourceType: 'Resource' | 'ContainerResource',
  obs: Observation,
  tolerances: Tolerances,
  ctx: CalcContext,
): ResourceProposal {
  const texts = resourceTexts(resourceName, sourceType);
  const resource = texts.resource;
  if (target?.averageValue !== undefined && target.averageValue !== null) {
    const calc = a.replicaCalc.getRawResourceReplicas(
      obs,
      currentReplicas,
      milliValue(target.averageValue),
      resourceName,
      tolerances,
      container,
      ctx,
    );
    return {
      calc,
      // upstream names a raw target "<resource> resource" for a container metric too
      metricNameProposal: texts.raw,
      label: resource,
      valueKind: 'average',
      err:
        calc.error === undefined ? undefined : `failed to get ${resourceName} usage: ${calc.error}`,
    };
  }

  if (target?.averageUtilization === undefined || target.averageUtilization === null) {
    return {
      metricNameProposal: resource,
      valueKind: 'util',
      err: 'invalid resource metric source: neither an average utilization target nor an average value (usage) target was set',
    };
  }

  const calc = a.replicaCalc.getResourceReplicas(
    obs,
    currentReplicas,
    target.averageUtilization,
    resourceName,
    tolerances,
    container,
    ctx,
  );
  const metricNameProposal = texts.utilization;
  return {
    calc,
    metricNameProposal,
    valueKind: 'util',
    err:
      calc.error === undefined
        ? undefined
        : `failed to get ${resourceName} utilization: ${calc.error}`,
  };
}

/** A generic resource result as this metric's proposal, failing under `reason`. */
function resourceProposal(
  a: HorizontalController,
  reason: string,
  r: ResourceProposal,
): MetricProposal {
  if (!r.calc) return failed(a, reason, r.err!);
  const label = r.label ?? r.metricNameProposal;
  if (r.err !== undefined) {
    return failed(a, reason, r.err, { name: label, valueKind: r.valueKind, calc: r.calc });
  }
  return proposed(a, reason, label, r.valueKind, r.calc, r.metricNameProposal);
}

// upstream: horizontal.go computeStatusForResourceMetric
function computeStatusForResourceMetric(
  a: HorizontalController,
  currentReplicas: number,
  metricSpec: MetricSpec,
  obs: Observation,
  tolerances: Tolerances,
  ctx: CalcContext,
): MetricProposal {
  const src = metricSpec.resource;
  if (!src) {
    return failed(a, 'FailedGetResourceMetric', 'invalid Resource metric source: no source block');
  }
  const r = computeStatusForResourceMetricGeneric(
    a,
    currentReplicas,
    src.target,
    src.name,
    '',
    'Resource',
    obs,
    tolerances,
    ctx,
  );
  return resourceProposal(a, 'FailedGetResourceMetric', r);
}

// upstream: horizontal.go computeStatusForContainerResourceMetric
function computeStatusForContainerResourceMetric(
  a: HorizontalController,
  currentReplicas: number,
  metricSpec: MetricSpec,
  obs: Observation,
  tolerances: Tolerances,
  ctx: CalcContext,
): MetricProposal {
  const src = metricSpec.containerResource;
  if (!src) {
    return failed(
      a,
      'FailedGetContainerResourceMetric',
      'invalid ContainerResource metric source: no source block',
    );
  }
  const r = computeStatusForResourceMetricGeneric(
    a,
    currentReplicas,
    src.target,
    src.name,
    src.container ?? '',
    'ContainerResource',
    obs,
    tolerances,
    ctx,
  );
  return resourceProposal(a, 'FailedGetContainerResourceMetric', r);
}

// upstream: horizontal.go computeStatusForExternalMetric
function computeStatusForExternalMetric(
  a: HorizontalController,
  specReplicas: number,
  statusReplicas: number,
  metricSpec: MetricSpec,
  obs: Observation,
  tolerances: Tolerances,
): MetricProposal {
  const src = metricSpec.external!;
  const target = src.target;
  const name = `external metric ${src.metric?.name}`;
  const upstreamName = `${name}(${labelSelectorString(src.metric?.selector)})`;
  if (isSet(target?.averageValue)) {
    const calc = getExternalPerPodMetricReplicas(
      obs,
      statusReplicas,
      milliValue(target.averageValue),
      src.metric.name,
      tolerances,
      a.config.int32Caps,
      src.metric.selector,
    );
    const p = proposed(a, 'FailedGetExternalMetric', name, 'average', calc, upstreamName);
    if (p.err !== undefined) p.err = `failed to get ${src.metric.name} external metric: ${p.err}`;
    return p;
  }
  if (isSet(target?.value)) {
    const calc = getExternalMetricReplicas(
      obs,
      specReplicas,
      milliValue(target.value),
      src.metric.name,
      tolerances,
      a.config.int32Caps,
      src.metric.selector,
    );
    const p = proposed(a, 'FailedGetExternalMetric', name, 'value', calc, upstreamName);
    if (p.err !== undefined) p.err = `failed to get external metric ${src.metric.name}: ${p.err}`;
    return p;
  }
  return failed(
    a,
    'FailedGetExternalMetric',
    'invalid external metric source: neither a value target nor an average value target was set',
  );
}

// upstream: horizontal.go recordInitialRecommendation
/** A controller that has never seen this HPA starts its window with the current count. */
function recordInitialRecommendation(a: HorizontalController, currentReplicas: number): void {
  if (a.recommendations === null) {
    a.recommendations = [{ timestamp: a.now, replicas: currentReplicas }];
  }
}

// upstream: horizontal.go shouldComputeMetricsForZeroReplicas (v1.36+)
/**
 * At zero replicas: compute metrics for a zero the HPA made (ScaledToZero=True) when minReplicas
 * was raised meanwhile or an Object/External metric can bring it back; otherwise the workload
 * was scaled to zero by hand (or the gate is off) and scaling is disabled.
 */
function shouldComputeMetricsForZeroReplicas(
  minReplicas: number,
  scaledToZeroCondition: boolean,
  canScaleFromZero: boolean,
): { needsMetricComputation: boolean; shouldDisable: boolean } {
  if ((minReplicas !== 0 && scaledToZeroCondition) || canScaleFromZero) {
    return { needsMetricComputation: true, shouldDisable: false };
  }
  return { needsMetricComputation: false, shouldDisable: true };
}

// upstream: horizontal.go reconcileAutoscaler
/**
 * One reconcile of one HPA. `obs.hpa` must be API-defaulted (setDefaultsHorizontalPodAutoscaler):
 * that is what the controller reads from the API server.
 */
export function reconcileAutoscaler(
  observation: Observation,
  memory: ControllerMemory,
  now: number,
  config: ControllerConfig,
  options?: ReconcileOptions,
): ReconcileResult {
  const hpa = observation.hpa;
  const calibration = options?.calibration;
  if (calibration !== undefined && !(Number.isFinite(calibration) && calibration > 0))
    throw new RangeError(`calibration must be a finite number > 0, got ${calibration}`);
  // Work on a copy of the conditions; the observation is never mutated. (Sharing the unchanged
  // ones instead measured slower: proving a condition unchanged compares its message, which
  // makes V8 flatten the message's template string that a bulk run otherwise never reads.)
  const reuse = options?.reuse === true && options.scratch !== undefined && options.trace !== true;
  const scratch = options?.scratch ?? new ByPositionScratch();
  const a = newHorizontalController(
    memory,
    now,
    config,
    workingConditions(hpa.status?.conditions ?? [], scratch, reuse),
    options?.byPosition,
    scratch,
    calibration,
    reuse,
  );
  const obs = podListFor(a, observation);
  const previousDesired = hpa.status?.desiredReplicas ?? 0;
  const previousLastScale = hpa.status?.lastScaleTime ?? null;
  const tolerances = a.reuse
    ? reusedTolerances(scratch, hpa.spec.behavior as DefaultedBehavior | null, config)
    : tolerancesForHpa(hpa.spec.behavior as DefaultedBehavior | null, config);
  const steps = newSteps(a, tolerances);
  const trace = options?.trace;

  if (obs.scaleGetError) {
    steps.path = 'getScaleError';
    const msg = "the HPA controller was unable to get the target's current scale";
    a.events.push({ type: 'Warning', reason: 'FailedGetScale', message: msg });
    setCondition(a.conditions, 'AbleToScale', 'False', 'FailedGetScale', msg);
    return finish(
      a,
      steps,
      hpa,
      trace,
      obs.currentReplicas,
      previousDesired,
      false,
      previousLastScale,
    );
  }
  setCondition(
    a.conditions,
    'AbleToScale',
    'True',
    'SucceededGetScale',
    "the HPA controller was able to get the target's current scale",
  );
  const currentReplicas = obs.currentReplicas;
  recordInitialRecommendation(a, currentReplicas);

  let desiredReplicas = 0;
  let rescaleReason = '';
  const minReplicas = hpa.spec.minReplicas ?? 1;
  let rescale = true;

  // Pre-computed scale-to-zero state. v1.36+ only (scaledToZeroCondition); before it there is
  // no such condition and a target at zero is evaluated iff minReplicas is 0.
  const conditionRule = config.scaledToZeroCondition === true;
  const scaleToZeroFeatureEnabled = config.featureGates.HPAScaleToZero;
  // read by the v1.36+ rules only (conditionRule): not computed for a release before them
  const hasObjectOrExtMetrics = conditionRule && hasObjectOrExternalMetrics(hpa);
  const scaledToZeroCondition =
    conditionRule && scaleToZeroFeatureEnabled && getScaledToZeroConditionStatus(a.conditions);
  const canScaleFromZero = scaledToZeroCondition && hasObjectOrExtMetrics;

  let needsMetricComputation = true;
  if (currentReplicas === 0 && (conditionRule || minReplicas !== 0)) {
    // v1.33–v1.35: a zero with minReplicas ≠ 0 is disabled (a zero with minReplicas 0 falls
    // through to the checks below, as upstream's else-if chain did).
    const zero = conditionRule
      ? shouldComputeMetricsForZeroReplicas(minReplicas, scaledToZeroCondition, canScaleFromZero)
      : { needsMetricComputation: false, shouldDisable: true };
    needsMetricComputation = zero.needsMetricComputation;
    if (zero.shouldDisable) {
      // Autoscaling is disabled for this resource.
      steps.path = 'scalingDisabled';
      desiredReplicas = 0;
      rescale = false;
      setCondition(
        a.conditions,
        'ScalingActive',
        'False',
        'ScalingDisabled',
        'scaling is disabled since the replica count of the target is zero',
      );
      if (conditionRule && !scaleToZeroFeatureEnabled)
        removeCondition(a.conditions, 'ScaledToZero');
    }
  } else if (currentReplicas > hpa.spec.maxReplicas) {
    steps.path = 'aboveMaxReplicas';
    rescaleReason = 'Current number of replicas above Spec.MaxReplicas';
    desiredReplicas = hpa.spec.maxReplicas;
    needsMetricComputation = false;
  } else if (currentReplicas < minReplicas) {
    steps.path = 'belowMinReplicas';
    rescaleReason = 'Current number of replicas below Spec.MinReplicas';
    desiredReplicas = minReplicas;
    needsMetricComputation = false;
  }

  // Metrics and normalization for the cases that scale by them.
  if (needsMetricComputation) {
    const metrics = computeReplicasForMetrics(a, obs, tolerances, hpa.spec.metrics ?? []);
    steps.metrics = metrics.statuses;
    // Some metrics may have failed while the others still give a proposal to act on; only −1
    // means there is nothing to act on.
    if (metrics.replicas === -1) {
      steps.path = 'metricsError';
      a.events.push({
        type: 'Warning',
        reason: 'FailedComputeMetricsReplicas',
        message: metrics.err ?? '',
      });
      return finish(
        a,
        steps,
        hpa,
        trace,
        currentReplicas,
        previousDesired,
        false,
        previousLastScale,
      );
    }
    steps.metricDesiredReplicas = metrics.replicas;

    let rescaleMetric = '';
    if (metrics.replicas > desiredReplicas) {
      desiredReplicas = metrics.replicas;
      rescaleMetric = metrics.metric;
    }
    if (desiredReplicas > currentReplicas) rescaleReason = `${rescaleMetric} above target`;
    if (desiredReplicas < currentReplicas) rescaleReason = 'All metrics below target';
    let normalized: LegacyNormalization | BehaviorNormalization;
    if (!hpa.spec.behavior) {
      normalized = normalizeDesiredReplicas(a, hpa, currentReplicas, desiredReplicas, minReplicas);
    } else {
      normalized = normalizeDesiredReplicasWithBehaviors(
        a,
        hpa,
        currentReplicas,
        desiredReplicas,
        minReplicas,
      );
    }
    steps.normalized = normalized;
    desiredReplicas = normalized.desiredReplicas;
    // Scale from zero to at least minReplicas when min was raised while at zero (v1.36+).
    if (
      currentReplicas === 0 &&
      minReplicas !== 0 &&
      scaledToZeroCondition &&
      desiredReplicas < minReplicas
    ) {
      desiredReplicas = minReplicas;
      steps.raisedToMinReplicas = true;
      if (rescaleReason === '') rescaleReason = 'Current number of replicas below Spec.MinReplicas';
    }
    rescale = desiredReplicas !== currentReplicas;
  }
  steps.rescaleReason = rescaleReason;

  if (rescale) {
    if (obs.scaleUpdateError) {
      a.events.push({
        type: 'Warning',
        reason: 'FailedRescale',
        message: `New size: ${desiredReplicas}; reason: ${rescaleReason}; error: update failed`,
      });
      setCondition(
        a.conditions,
        'AbleToScale',
        'False',
        'FailedUpdateScale',
        'the HPA controller was unable to update the target scale',
      );
      return finish(
        a,
        steps,
        hpa,
        trace,
        currentReplicas,
        previousDesired,
        false,
        previousLastScale,
      );
    }
    setCondition(
      a.conditions,
      'AbleToScale',
      'True',
      'SucceededRescale',
      `the HPA controller was able to update the target scale to ${desiredReplicas}`,
    );
    a.events.push({
      type: 'Normal',
      reason: 'SuccessfulRescale',
      message: `New size: ${desiredReplicas}; reason: ${rescaleReason}`,
    });
    storeScaleEvent(a, hpa.spec.behavior, currentReplicas, desiredReplicas);
    // v1.36+: the ScaledToZero condition follows every rescale, so it is never stale.
    if (conditionRule) {
      if (!scaleToZeroFeatureEnabled) removeCondition(a.conditions, 'ScaledToZero');
      else if (
        currentReplicas > 0 &&
        desiredReplicas === 0 &&
        minReplicas === 0 &&
        hasObjectOrExtMetrics
      ) {
        setCondition(
          a.conditions,
          'ScaledToZero',
          'True',
          'ScaledToZero',
          'the HPA controller scaled the workload to zero',
        );
      } else {
        setCondition(
          a.conditions,
          'ScaledToZero',
          'False',
          'NotScaledToZero',
          'the HPA controller did not scale the workload to zero',
        );
      }
    }
  } else {
    // Decided not to scale.
    desiredReplicas = currentReplicas;
  }

  return finish(
    a,
    steps,
    hpa,
    trace,
    desiredReplicas,
    desiredReplicas,
    rescale,
    rescale ? now : previousLastScale,
  );
}

/** The lean trace's kept objects (ReconcileOptions.reuse). */
function leanScratch(a: HorizontalController): LeanTraceScratch {
  const r = a.scratch.reused;
  return (r.trace ??= newLeanTraceScratch()) as LeanTraceScratch;
}

/**
 * What reconcileAutoscaler notes on its way, every field from the start (unset ones undefined):
 * one shape, no property store to grow. With ReconcileOptions.reuse, the last reconcile's, reset.
 */
function newSteps(a: HorizontalController, tolerances: Tolerances): ReconcileSteps {
  const kept = a.reuse ? (a.scratch.reused.steps as ReconcileSteps | null) : null;
  if (kept === null) {
    const steps: ReconcileSteps = {
      path: 'metrics',
      tolerances,
      metrics: undefined,
      metricDesiredReplicas: undefined,
      normalized: undefined,
      raisedToMinReplicas: undefined,
      rescaleReason: undefined,
    };
    if (a.reuse) a.scratch.reused.steps = steps;
    return steps;
  }
  kept.path = 'metrics';
  kept.tolerances = tolerances;
  kept.metrics = undefined;
  kept.metricDesiredReplicas = undefined;
  kept.normalized = undefined;
  kept.raisedToMinReplicas = undefined;
  kept.rescaleReason = undefined;
  return kept;
}

/**
 * setStatus + updateStatusIfNeeded: every exit reports the same state; only the decision differs.
 * Unchanged memory is the observed object itself (memoryOf).
 */
function finish(
  a: HorizontalController,
  steps: ReconcileSteps,
  hpa: HorizontalPodAutoscaler,
  trace: ReconcileOptions['trace'],
  replicas: number,
  desiredReplicas: number,
  rescaled: boolean,
  lastScaleTime: number | null,
): ReconcileResult {
  const traced =
    trace === false
      ? minimalTrace(steps)
      : trace === 'lean'
        ? leanTrace(steps, hpa.spec.metrics, a.reuse ? leanScratch(a) : null)
        : buildTrace(steps, hpa.spec.metrics);
  const gate = a.config.featureGates.HPAGeneration;
  const kept = a.reuse ? (a.scratch.reused.result as ReconcileResult | null) : null;
  const result: ReconcileResult = kept ?? {
    replicas,
    desiredReplicas,
    rescaled,
    lastScaleTime,
    conditions: a.conditions,
    memory: memoryOf(a),
    trace: traced,
    events: a.events,
  };
  if (kept !== null) {
    // The last reconcile's result, refilled (ReconcileOptions.reuse: nothing read past it)
    kept.replicas = replicas;
    kept.desiredReplicas = desiredReplicas;
    kept.rescaled = rescaled;
    kept.lastScaleTime = lastScaleTime;
    kept.conditions = a.conditions;
    kept.memory = memoryOf(a);
    kept.trace = traced;
    kept.events = a.events;
  } else if (a.reuse && gate === undefined) a.scratch.reused.result = result;
  // upstream setStatus (v1.37+ with HPAGeneration). A configuration without the gate (a release
  // before 1.37) leaves the field out of the result altogether (so only such a result is reused).
  if (gate !== undefined) {
    result.observedGeneration =
      steps.path === 'getScaleError'
        ? (hpa.status?.observedGeneration ?? null)
        : gate
          ? // Every stored object has a generation; the API server sets 1 on create.
            (hpa.metadata?.generation ?? 1)
          : null;
  }
  return result;
}

/**
 * Not in upstream: which replica calculator (a.replicaCalc, replicaCalculation.ts) this
 * observation takes, decided once per reconcile. Distinct names (pod groups' copy names included):
 * the by-position twins, which take groups as they are. Otherwise (or with the twins turned off)
 * the Map-based port, over the expanded list it was written for; an observation without groups
 * passes through untouched. Every count is checked
 * on the way (podNamesDistinct or hasPodGroups throw on an invalid one).
 */
function podListFor(a: HorizontalController, obs: Observation): Observation {
  if (a.byPosition && (obs.podNamesDistinct === true || podNamesDistinct(obs, a.scratch))) {
    a.replicaCalc = byPosition;
    return obs;
  }
  a.replicaCalc = byName;
  // The by-name port reads each pod's resourceMetrics: the caller's columns are written there.
  obs.podMetrics?.materialize();
  if (!hasPodGroups(obs.pods)) return obs;
  return expandObservation(obs);
}

// upstream: horizontal.go getUnableComputeReplicaCountCondition
/** Records the metric's failure as a warning event and returns its ScalingActive=False condition. */
function getUnableComputeReplicaCountCondition(
  a: HorizontalController,
  reason: string,
  err: string,
): HPACondition {
  a.events.push({ type: 'Warning', reason, message: err });
  return {
    type: 'ScalingActive',
    status: 'False',
    reason,
    message: `the HPA was unable to compute the replica count: ${err}`,
  };
}

// upstream: horizontal.go tolerancesForHpa
/**
 * The --horizontal-pod-autoscaler-tolerance flag, overridden per direction by the behavior's
 * tolerances when the HPAConfigurableTolerance gate is on.
 */
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

/**
 * Not in upstream: tolerancesForHpa's answer kept for the behavior and configuration it was
 * computed from (both immutable during a run), so a reconcile with ReconcileOptions.reuse
 * builds none. The same numbers as a fresh call.
 */
function reusedTolerances(
  scratch: ByPositionScratch,
  behavior: DefaultedBehavior | null,
  config: ControllerConfig,
): Tolerances {
  const memo = scratch.tolerances;
  if (memo.behavior !== behavior || memo.config !== config) {
    scratch.tolerances = { behavior, config, value: tolerancesForHpa(behavior, config) };
  }
  return scratch.tolerances.value;
}

// upstream: horizontal.go hasObjectOrExternalMetrics (v1.36+)
function hasObjectOrExternalMetrics(hpa: HorizontalPodAutoscaler): boolean {
  for (const metric of hpa.spec.metrics ?? []) {
    if (metric.type === 'Object' || metric.type === 'External') return true;
  }
  return false;
}

// upstream: horizontal.go getScaledToZeroConditionStatus (v1.36+)
/** The first ScaledToZero condition decides: true iff its status is True. */
function getScaledToZeroConditionStatus(conditions: readonly HPACondition[]): boolean {
  for (const condition of conditions) {
    if (condition.type === 'ScaledToZero') return condition.status === 'True';
  }
  return false;
}
