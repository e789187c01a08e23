// Port of the normalization half of pkg/controller/podautoscaler/horizontal.go, kubernetes
// v1.35.0: from stabilizeRecommendation to calculateScaleDownLimitWithBehaviors, in upstream's
// order (storeScaleEvent, markScaleEventsOutdated and getLongestPolicyPeriod, which upstream
// interleaves here, are in scaleEvents.ts). The metric proposal goes through the stabilization
// window, the rate limits and min/max: the legacy path without `behavior`, the KEP-853 path with it.
//
// Each function returns upstream's result plus the intermediates the explanation shows; the trace
// is assembled from them by the caller (trace.ts), never here.

import { setCondition } from './conditions.ts';
import { extended } from './extended.ts';
import { objectList } from './objectList.ts';
import type { HorizontalController } from './horizontalController.ts';
import type {
  ControllerConfig,
  DefaultedBehavior,
  DefaultedScalingRules,
  HorizontalPodAutoscaler,
  PolicyTrace,
  TimestampedRecommendation,
  TimestampedScaleEvent,
} from './types.ts';
import { addInt32, ceilToInt32, goInt32, MAX_INT32 } from './utilization.ts';

const MIN_INT32 = -2147483648;

export interface LimitResult {
  replicas: number;
  reason: string;
  message: string;
}

/** stabilizeRecommendation's result: the max, and which stored entry gave it (-1: the proposal). */
export interface Stabilization {
  recommendation: number;
  winnerIndex: number;
}

// upstream: horizontal.go stabilizeRecommendation
/**
 * Replaces the last recommendation older than the window with the new one (or appends it), and
 * returns the max over the recommendations not older than the downscale stabilisation window.
 */
export function stabilizeRecommendation(
  a: HorizontalController,
  prenormalizedDesiredReplicas: number,
): Stabilization {
  let maxRecommendation = prenormalizedDesiredReplicas;
  let winnerIndex = -1;
  let foundOldSample = false;
  let oldSampleIndex = 0;
  const cutoff = a.now - a.config.downscaleStabilizationSeconds;
  const recommendations = a.recommendations ?? [];
  for (let i = 0; i < recommendations.length; i++) {
    const rec = recommendations[i]!;
    if (rec.timestamp < cutoff) {
      foundOldSample = true;
      oldSampleIndex = i;
    } else if (rec.replicas > maxRecommendation) {
      maxRecommendation = rec.replicas;
      winnerIndex = i;
    }
  }
  const next = recommendations.slice();
  const entry = { timestamp: a.now, replicas: prenormalizedDesiredReplicas };
  if (foundOldSample) next[oldSampleIndex] = entry;
  else next.push(entry);
  a.recommendations = next;
  return { recommendation: maxRecommendation, winnerIndex };
}

/** What normalizeDesiredReplicas decided, with its intermediates. */
export interface LegacyNormalization {
  kind: 'legacy';
  desiredReplicas: number;
  stabilizedRecommendation: number;
  winnerIndex: number;
  downscaleStabilisationWindow: number;
  scaleUpLimit: number;
}

// upstream: horizontal.go normalizeDesiredReplicas
/** The legacy path: stabilize, then bring within min/max and the scale-up rate cap. */
export function normalizeDesiredReplicas(
  a: HorizontalController,
  hpa: HorizontalPodAutoscaler,
  currentReplicas: number,
  prenormalizedDesiredReplicas: number,
  minReplicas: number,
): LegacyNormalization {
  const stabilized = stabilizeRecommendation(a, prenormalizedDesiredReplicas);
  const stabilizedRecommendation = stabilized.recommendation;
  if (stabilizedRecommendation !== prenormalizedDesiredReplicas) {
    setCondition(
      a.conditions,
      'AbleToScale',
      'True',
      'ScaleDownStabilized',
      'recent recommendations were higher than current one, applying the highest recent recommendation',
    );
  } else {
    setCondition(
      a.conditions,
      'AbleToScale',
      'True',
      'ReadyForNewScale',
      'recommended size matches current size',
    );
  }

  const limited = convertDesiredReplicasWithRules(
    currentReplicas,
    stabilizedRecommendation,
    minReplicas,
    hpa.spec.maxReplicas,
    a.config,
  );
  setCondition(
    a.conditions,
    'ScalingLimited',
    limited.replicas === stabilizedRecommendation ? 'False' : 'True',
    limited.reason,
    limited.message,
  );

  return {
    kind: 'legacy',
    desiredReplicas: limited.replicas,
    stabilizedRecommendation,
    winnerIndex: stabilized.winnerIndex,
    downscaleStabilisationWindow: a.config.downscaleStabilizationSeconds,
    scaleUpLimit: limited.scaleUpLimit,
  };
}

// upstream: horizontal.go NormalizationArg
/**
 * Everything the behavior path passes between its functions. Upstream's `Key` is gone: the
 * receiver holds the memory of this one HPA.
 */
export interface NormalizationArg {
  scaleUpBehavior: DefaultedScalingRules;
  scaleDownBehavior: DefaultedScalingRules;
  minReplicas: number;
  maxReplicas: number;
  currentReplicas: number;
  desiredReplicas: number;
}

/** What normalizeDesiredReplicasWithBehaviors decided, with its intermediates. */
export interface BehaviorNormalization {
  kind: 'behavior';
  desiredReplicas: number;
  /** the stored recommendations the window was taken over (before this step's entry) */
  window: TimestampedRecommendation[];
  stabilized: BehaviorStabilization;
  limited: BehaviorRateResult;
}

// upstream: horizontal.go normalizeDesiredReplicasWithBehaviors
/**
 * The behavior path, as upstream's doc comment numbers it: (1) min/max, (2) the per-direction
 * policy limits, (3) over each policy's period, (4) after the stabilization window has picked
 * the safest recent recommendation.
 */
export function normalizeDesiredReplicasWithBehaviors(
  a: HorizontalController,
  hpa: HorizontalPodAutoscaler,
  currentReplicas: number,
  prenormalizedDesiredReplicas: number,
  minReplicas: number,
): BehaviorNormalization {
  const behavior = maybeInitScaleDownStabilizationWindow(a, hpa.spec.behavior as DefaultedBehavior);
  const kept = a.reuse ? keptNormalization(a) : null;
  const normalizationArg: NormalizationArg = kept?.arg ?? {
    scaleUpBehavior: behavior.scaleUp,
    scaleDownBehavior: behavior.scaleDown,
    minReplicas,
    maxReplicas: hpa.spec.maxReplicas,
    currentReplicas,
    desiredReplicas: prenormalizedDesiredReplicas,
  };
  if (kept !== null) {
    normalizationArg.scaleUpBehavior = behavior.scaleUp;
    normalizationArg.scaleDownBehavior = behavior.scaleDown;
    normalizationArg.minReplicas = minReplicas;
    normalizationArg.maxReplicas = hpa.spec.maxReplicas;
    normalizationArg.currentReplicas = currentReplicas;
    normalizationArg.desiredReplicas = prenormalizedDesiredReplicas;
  }
  const window = a.recommendations ?? [];
  const stabilized = stabilizeRecommendationWithBehaviors(a, normalizationArg);
  normalizationArg.desiredReplicas = stabilized.recommendation;
  if (stabilized.recommendation !== prenormalizedDesiredReplicas) {
    // ScaleUpStabilized or ScaleDownStabilized
    setCondition(a.conditions, 'AbleToScale', 'True', stabilized.reason, stabilized.message);
  } else {
    setCondition(
      a.conditions,
      'AbleToScale',
      'True',
      'ReadyForNewScale',
      'recommended size matches current size',
    );
  }
  const limited = convertDesiredReplicasWithBehaviorRate(a, normalizationArg);
  setCondition(
    a.conditions,
    'ScalingLimited',
    limited.replicas === stabilized.recommendation ? 'False' : 'True',
    limited.reason,
    limited.message,
  );

  if (kept !== null) {
    const n = kept.result;
    n.desiredReplicas = limited.replicas;
    n.window = window;
    n.stabilized = stabilized;
    n.limited = limited;
    return n;
  }
  return { kind: 'behavior', desiredReplicas: limited.replicas, window, stabilized, limited };
}

/**
 * Not in upstream: with ReconcileOptions.reuse (the caller reads a normalization before the next
 * reconcile only), the behavior path's argument and results are the last reconcile's, refilled
 * field by field: ≈ 240 bytes a sync, the largest allocation left in a compact run's reconcile.
 */
interface KeptNormalization {
  readonly arg: NormalizationArg;
  readonly result: BehaviorNormalization;
  readonly stabilized: BehaviorStabilization;
  readonly withinRange: BehaviorRateResult;
}

function keptNormalization(a: HorizontalController): KeptNormalization {
  const r = a.scratch.reused;
  if (r.normalization === null) {
    const stabilized: BehaviorStabilization = {
      recommendation: 0,
      reason: 'ScaleUpStabilized',
      message: '',
      upRecommendation: 0,
      downRecommendation: 0,
      upDelaySeconds: 0,
      downDelaySeconds: 0,
    };
    const withinRange: BehaviorRateResult = {
      replicas: 0,
      reason: 'DesiredWithinRange',
      message: 'the desired count is within the acceptable range',
      scaleUpLimit: undefined,
      scaleDownLimit: undefined,
      policies: [],
    };
    const kept: KeptNormalization = {
      arg: {
        scaleUpBehavior: undefined as unknown as DefaultedScalingRules,
        scaleDownBehavior: undefined as unknown as DefaultedScalingRules,
        minReplicas: 0,
        maxReplicas: 0,
        currentReplicas: 0,
        desiredReplicas: 0,
      },
      result: {
        kind: 'behavior',
        desiredReplicas: 0,
        window: [],
        stabilized,
        limited: withinRange,
      },
      stabilized,
      withinRange,
    };
    r.normalization = kept;
  }
  return r.normalization as KeptNormalization;
}

// upstream: horizontal.go maybeInitScaleDownStabilizationWindow
/**
 * A behavior without a scale-down window takes the controller flag, in whole seconds. Upstream
 * writes it into its copy of the HPA; here a filled copy of the behavior is returned.
 */
export function maybeInitScaleDownStabilizationWindow(
  a: HorizontalController,
  behavior: DefaultedBehavior,
): DefaultedBehavior {
  const window = behavior.scaleDown.stabilizationWindowSeconds;
  if (window === null || window === undefined) {
    const stabilizationWindowSeconds = Math.trunc(a.config.downscaleStabilizationSeconds);
    return extended(behavior, {
      scaleDown: extended(behavior.scaleDown, { stabilizationWindowSeconds }),
    });
  }
  return behavior;
}

// upstream: horizontal.go getReplicasChangePerPeriod
/** The replica changes of the events strictly inside (now − period, now]. */
export function getReplicasChangePerPeriod(
  periodSeconds: number,
  scaleEvents: TimestampedScaleEvent[],
  now: number,
): number {
  const cutoff = now - periodSeconds;
  let replicas = 0;
  for (const rec of scaleEvents) {
    if (rec.timestamp > cutoff) replicas = addInt32(replicas, rec.replicaChange);
  }
  return replicas;
}

export interface BehaviorStabilization {
  recommendation: number;
  reason: 'ScaleUpStabilized' | 'ScaleDownStabilized';
  message: string;
  upRecommendation: number;
  downRecommendation: number;
  upDelaySeconds: number;
  downDelaySeconds: number;
}

const STABILIZED_UP =
  'recent recommendations were lower than current one, applying the lowest recent recommendation';
const STABILIZED_DOWN =
  'recent recommendations were higher than current one, applying the highest recent recommendation';

// upstream: horizontal.go stabilizeRecommendationWithBehaviors
/**
 * Replaces the last recommendation older than both windows with the new one (or appends it), and
 * clamps the current count between the min over the scale-up window and the max over the
 * scale-down window.
 */
export function stabilizeRecommendationWithBehaviors(
  a: HorizontalController,
  args: NormalizationArg,
): BehaviorStabilization {
  const now = a.now;

  let foundOldSample = false;
  let oldSampleIndex = 0;

  let upRecommendation = args.desiredReplicas;
  // Defaulting always sets the scale-up window; upstream dereferences it unchecked.
  const upDelaySeconds = args.scaleUpBehavior.stabilizationWindowSeconds ?? 0;
  const upCutoff = now - upDelaySeconds;

  let downRecommendation = args.desiredReplicas;
  const downDelaySeconds = args.scaleDownBehavior.stabilizationWindowSeconds ?? 0;
  const downCutoff = now - downDelaySeconds;

  // The upper and lower stabilization limits.
  const recommendations = a.recommendations ?? [];
  for (let i = 0; i < recommendations.length; i++) {
    const rec = recommendations[i]!;
    if (rec.timestamp > upCutoff) upRecommendation = Math.min(rec.replicas, upRecommendation);
    if (rec.timestamp > downCutoff) downRecommendation = Math.max(rec.replicas, downRecommendation);
    if (rec.timestamp < upCutoff && rec.timestamp < downCutoff) {
      foundOldSample = true;
      oldSampleIndex = i;
    }
  }

  // Clamp the current count between those limits: this is the stabilization.
  let recommendation = args.currentReplicas;
  if (recommendation < upRecommendation) recommendation = upRecommendation;
  if (recommendation > downRecommendation) recommendation = downRecommendation;

  // Remember the raw (unstabilized) proposal.
  if (a.reuse) rememberInPlace(a, recommendations, foundOldSample, oldSampleIndex, args);
  else {
    const next = recommendations.slice();
    const entry = { timestamp: now, replicas: args.desiredReplicas };
    if (foundOldSample) next[oldSampleIndex] = entry;
    else next.push(entry);
    a.recommendations = next;
  }

  // A reason and message a person can read.
  const up = args.desiredReplicas >= args.currentReplicas;
  if (a.reuse) {
    const kept = keptNormalization(a).stabilized;
    kept.recommendation = recommendation;
    kept.reason = up ? 'ScaleUpStabilized' : 'ScaleDownStabilized';
    kept.message = up ? STABILIZED_UP : STABILIZED_DOWN;
    kept.upRecommendation = upRecommendation;
    kept.downRecommendation = downRecommendation;
    kept.upDelaySeconds = upDelaySeconds;
    kept.downDelaySeconds = downDelaySeconds;
    return kept;
  }
  return {
    recommendation,
    reason: up ? 'ScaleUpStabilized' : 'ScaleDownStabilized',
    message: up ? STABILIZED_UP : STABILIZED_DOWN,
    upRecommendation,
    downRecommendation,
    upDelaySeconds,
    downDelaySeconds,
  };
}

/**
 * Not in upstream: stabilizeRecommendationWithBehaviors' store of the proposal with
 * ReconcileOptions.reuse. The list the scratch owns (returned last, entries its own) is updated
 * in place; any other list (a snapshot's, a caller's) is copied entry by entry first and becomes
 * the owned one. The same list content as the copy-on-write form.
 */
function rememberInPlace(
  a: HorizontalController,
  recommendations: TimestampedRecommendation[],
  foundOldSample: boolean,
  oldSampleIndex: number,
  args: NormalizationArg,
): void {
  let list = recommendations;
  if (list !== a.scratch.ownRecommendations) {
    // appended, not `new Array(n)`: a packed list, of the kind every other list the window scan
    // reads is (a holey one costs the scan a hole check and a second map at every entry)
    list = objectList<TimestampedRecommendation>();
    for (let i = 0; i < recommendations.length; i++) {
      const rec = recommendations[i]!;
      list.push({ timestamp: rec.timestamp, replicas: rec.replicas });
    }
    a.scratch.ownRecommendations = list;
  }
  if (foundOldSample) {
    const rec = list[oldSampleIndex]!;
    rec.timestamp = a.now;
    rec.replicas = args.desiredReplicas;
  } else list.push({ timestamp: a.now, replicas: args.desiredReplicas });
  a.recommendations = list;
}

export interface BehaviorRateResult extends LimitResult {
  scaleUpLimit?: number;
  scaleDownLimit?: number;
  policies: PolicyTrace[];
}

// upstream: horizontal.go convertDesiredReplicasWithBehaviorRate
/**
 * The rate limits of the behavior path (the stabilization window is applied before, separately):
 * the policies bound the move, and min/max bite only in the direction of the move.
 */
export function convertDesiredReplicasWithBehaviorRate(
  a: HorizontalController,
  args: NormalizationArg,
): BehaviorRateResult {
  let possibleLimitingReason: string;
  let possibleLimitingMessage: string;
  let scaleUpLimit: number | undefined;
  let scaleDownLimit: number | undefined;
  // none until a direction's limit is computed (the usual sync computes none)
  let policies: PolicyTrace[] | null = null;

  if (args.desiredReplicas > args.currentReplicas) {
    const up = calculateScaleUpLimitWithScalingRules(
      args.currentReplicas,
      a.scaleUpEvents,
      a.scaleDownEvents,
      args.scaleUpBehavior,
      a.now,
      a.config.int32Caps === 'all',
    );
    policies = up.policies;
    scaleUpLimit = up.limit;
    if (scaleUpLimit < args.currentReplicas) {
      // No further scale-up until the recorded scale-up events age out.
      scaleUpLimit = args.currentReplicas;
    }
    let maximumAllowedReplicas = args.maxReplicas;
    if (maximumAllowedReplicas > scaleUpLimit) {
      maximumAllowedReplicas = scaleUpLimit;
      possibleLimitingReason = 'ScaleUpLimit';
      possibleLimitingMessage =
        'the desired replica count is increasing faster than the maximum scale rate';
    } else {
      possibleLimitingReason = 'TooManyReplicas';
      possibleLimitingMessage = 'the desired replica count is more than the maximum replica count';
    }
    if (args.desiredReplicas > maximumAllowedReplicas) {
      return {
        replicas: maximumAllowedReplicas,
        reason: possibleLimitingReason,
        message: possibleLimitingMessage,
        scaleUpLimit,
        policies,
      };
    }
  } else if (args.desiredReplicas < args.currentReplicas) {
    const down = calculateScaleDownLimitWithBehaviors(
      args.currentReplicas,
      a.scaleUpEvents,
      a.scaleDownEvents,
      args.scaleDownBehavior,
      a.now,
    );
    policies = down.policies;
    scaleDownLimit = down.limit;
    if (scaleDownLimit > args.currentReplicas) {
      // No further scale-down until the recorded scale-down events age out.
      scaleDownLimit = args.currentReplicas;
    }
    let minimumAllowedReplicas = args.minReplicas;
    if (minimumAllowedReplicas < scaleDownLimit) {
      minimumAllowedReplicas = scaleDownLimit;
      possibleLimitingReason = 'ScaleDownLimit';
      possibleLimitingMessage =
        'the desired replica count is decreasing faster than the maximum scale rate';
    } else {
      possibleLimitingMessage = 'the desired replica count is less than the minimum replica count';
      possibleLimitingReason = 'TooFewReplicas';
    }
    if (args.desiredReplicas < minimumAllowedReplicas) {
      return {
        replicas: minimumAllowedReplicas,
        reason: possibleLimitingReason,
        message: possibleLimitingMessage,
        scaleDownLimit,
        policies,
      };
    }
  }
  if (a.reuse && (policies === null || policies.length === 0)) {
    // the usual sync (no move to limit), refilled (keptNormalization)
    const kept = keptNormalization(a).withinRange;
    kept.replicas = args.desiredReplicas;
    kept.scaleUpLimit = scaleUpLimit;
    kept.scaleDownLimit = scaleDownLimit;
    return kept;
  }
  return {
    replicas: args.desiredReplicas,
    reason: 'DesiredWithinRange',
    message: 'the desired count is within the acceptable range',
    scaleUpLimit,
    scaleDownLimit,
    policies: policies ?? [],
  };
}

/** convertDesiredReplicasWithRules' result, with the scale-up cap it applied. */
export interface RulesResult extends LimitResult {
  scaleUpLimit: number;
}

// upstream: horizontal.go convertDesiredReplicasWithRules
/** The legacy limits: min/max plus the scale-up cap. */
export function convertDesiredReplicasWithRules(
  currentReplicas: number,
  desiredReplicas: number,
  hpaMinReplicas: number,
  hpaMaxReplicas: number,
  rate: Pick<ControllerConfig, 'scaleUpLimitFactor' | 'scaleUpLimitMinimum'>,
): RulesResult {
  let maximumAllowedReplicas: number;
  let possibleLimitingCondition: string;
  let possibleLimitingReason: string;

  const minimumAllowedReplicas = hpaMinReplicas;

  // The scale-up cap guards against a bogus usage report multiplying the replica count at once
  // (upstream cites issue #32304).
  const scaleUpLimit = calculateScaleUpLimit(
    currentReplicas,
    rate.scaleUpLimitFactor,
    rate.scaleUpLimitMinimum,
  );

  if (hpaMaxReplicas > scaleUpLimit) {
    maximumAllowedReplicas = scaleUpLimit;
    possibleLimitingCondition = 'ScaleUpLimit';
    possibleLimitingReason =
      'the desired replica count is increasing faster than the maximum scale rate';
  } else {
    maximumAllowedReplicas = hpaMaxReplicas;
    possibleLimitingCondition = 'TooManyReplicas';
    possibleLimitingReason = 'the desired replica count is more than the maximum replica count';
  }

  if (desiredReplicas < minimumAllowedReplicas) {
    possibleLimitingCondition = 'TooFewReplicas';
    possibleLimitingReason = 'the desired replica count is less than the minimum replica count';
    return {
      replicas: minimumAllowedReplicas,
      reason: possibleLimitingCondition,
      message: possibleLimitingReason,
      scaleUpLimit,
    };
  } else if (desiredReplicas > maximumAllowedReplicas) {
    return {
      replicas: maximumAllowedReplicas,
      reason: possibleLimitingCondition,
      message: possibleLimitingReason,
      scaleUpLimit,
    };
  }

  return {
    replicas: desiredReplicas,
    reason: 'DesiredWithinRange',
    message: 'the desired count is within the acceptable range',
    scaleUpLimit,
  };
}

// upstream: horizontal.go calculateScaleUpLimit
/** max(factor × current, minimum), truncated to int32; the factor and minimum are flags here. */
export function calculateScaleUpLimit(
  currentReplicas: number,
  factor: number,
  minimum: number,
): number {
  return goInt32(Math.max(factor * currentReplicas, minimum));
}

/** A policy limit with each policy's figures (for the explanation). */
export interface PolicyLimit {
  limit: number;
  policies: PolicyTrace[];
}

// upstream: horizontal.go calculateScaleUpLimitWithScalingRules
/** The most replicas the scale-up policies allow now. */
export function calculateScaleUpLimitWithScalingRules(
  currentReplicas: number,
  scaleUpEvents: TimestampedScaleEvent[],
  scaleDownEvents: TimestampedScaleEvent[],
  scalingRules: DefaultedScalingRules,
  now: number,
  saturate = false,
): PolicyLimit {
  const policies: PolicyTrace[] = [];
  let result: number;
  // Declared outside the loop as upstream does: an unknown policy type repeats the last value.
  let proposed = 0;
  let selectPolicyFn: (x: number, y: number) => number;
  if (scalingRules.selectPolicy === 'Disabled') {
    return { limit: currentReplicas, policies }; // scaling up is disabled
  } else if (scalingRules.selectPolicy === 'Min') {
    result = MAX_INT32;
    selectPolicyFn = Math.min; // scaling up, the smallest change gives the smallest count
  } else {
    result = MIN_INT32;
    selectPolicyFn = Math.max; // any other value (Max, the default) allows the largest change
  }
  for (const policy of scalingRules.policies) {
    const replicasAddedInCurrentPeriod = getReplicasChangePerPeriod(
      policy.periodSeconds,
      scaleUpEvents,
      now,
    );
    const replicasDeletedInCurrentPeriod = getReplicasChangePerPeriod(
      policy.periodSeconds,
      scaleDownEvents,
      now,
    );
    const periodStartReplicas = addInt32(
      currentReplicas - replicasAddedInCurrentPeriod,
      replicasDeletedInCurrentPeriod,
    );
    if (policy.type === 'Pods') {
      proposed = addInt32(periodStartReplicas, policy.value);
    } else if (policy.type === 'Percent') {
      // Rounded up, or a small percentage of few replicas would never add one. Float64 in
      // upstream's order: its rounding is part of the behaviour.
      // Past int32 max: −2^31 on amd64 (scale-up frozen) or, from #141397, 2^31−1.
      proposed = ceilToInt32(periodStartReplicas * (1 + policy.value / 100), saturate);
    }
    result = selectPolicyFn(result, proposed);
    policies.push({
      type: policy.type,
      value: policy.value,
      periodSeconds: policy.periodSeconds,
      added: replicasAddedInCurrentPeriod,
      removed: replicasDeletedInCurrentPeriod,
      periodStartReplicas,
      proposed,
    });
  }
  return { limit: result, policies };
}

// upstream: horizontal.go calculateScaleDownLimitWithBehaviors
/** The fewest replicas the scale-down policies allow now. */
export function calculateScaleDownLimitWithBehaviors(
  currentReplicas: number,
  scaleUpEvents: TimestampedScaleEvent[],
  scaleDownEvents: TimestampedScaleEvent[],
  scalingRules: DefaultedScalingRules,
  now: number,
): PolicyLimit {
  const policies: PolicyTrace[] = [];
  let result: number;
  // Declared outside the loop as upstream does: an unknown policy type repeats the last value.
  let proposed = 0;
  let selectPolicyFn: (x: number, y: number) => number;
  if (scalingRules.selectPolicy === 'Disabled') {
    return { limit: currentReplicas, policies }; // scaling down is disabled
  } else if (scalingRules.selectPolicy === 'Min') {
    result = MIN_INT32;
    selectPolicyFn = Math.max; // scaling down, the smallest change gives the largest count
  } else {
    result = MAX_INT32;
    selectPolicyFn = Math.min; // any other value (Max, the default) allows the largest change
  }
  for (const policy of scalingRules.policies) {
    const replicasAddedInCurrentPeriod = getReplicasChangePerPeriod(
      policy.periodSeconds,
      scaleUpEvents,
      now,
    );
    const replicasDeletedInCurrentPeriod = getReplicasChangePerPeriod(
      policy.periodSeconds,
      scaleDownEvents,
      now,
    );
    const periodStartReplicas = addInt32(
      currentReplicas - replicasAddedInCurrentPeriod,
      replicasDeletedInCurrentPeriod,
    );
    if (policy.type === 'Pods') {
      proposed = addInt32(periodStartReplicas, -policy.value);
    } else if (policy.type === 'Percent') {
      proposed = goInt32(periodStartReplicas * (1 - policy.value / 100));
    }
    result = selectPolicyFn(result, proposed);
    policies.push({
      type: policy.type,
      value: policy.value,
      periodSeconds: policy.periodSeconds,
      added: replicasAddedInCurrentPeriod,
      removed: replicasDeletedInCurrentPeriod,
      periodStartReplicas,
      proposed,
    });
  }
  return { limit: result, policies };
}
