// Normalization of the metric proposal (horizontal.go): stabilization windows, rate limits and
// min/max, for the legacy path (no behavior) and the behavior path (KEP-853).

import type {
  DefaultedScalingRules,
  TimestampedRecommendation,
  TimestampedScaleEvent,
} from './types.ts';
import { addInt32, goInt32, MAX_INT32 } from './utilization.ts';

const MIN_INT32 = -2147483648;

export interface LimitResult {
  replicas: number;
  reason: string;
  message: string;
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

// ---- Legacy path ----

/**
 * stabilizeRecommendation: the max over recommendations not older than the window; the new
 * proposal replaces the last entry older than the cutoff, or is appended.
 */
export function stabilizeRecommendation(
  recommendations: TimestampedRecommendation[],
  prenormalizedDesiredReplicas: number,
  now: number,
  windowSeconds: number,
): { recommendation: number; recommendations: TimestampedRecommendation[]; winnerIndex: number } {
  let maxRecommendation = prenormalizedDesiredReplicas;
  let winnerIndex = -1;
  let oldSampleIndex = -1;
  const cutoff = now - windowSeconds;
  recommendations.forEach((rec, i) => {
    if (rec.timestamp < cutoff) oldSampleIndex = i;
    else if (rec.replicas > maxRecommendation) {
      maxRecommendation = rec.replicas;
      winnerIndex = i;
    }
  });
  const next = recommendations.slice();
  const entry = { timestamp: now, replicas: prenormalizedDesiredReplicas };
  if (oldSampleIndex >= 0) next[oldSampleIndex] = entry;
  else next.push(entry);
  return { recommendation: maxRecommendation, recommendations: next, winnerIndex };
}

/** calculateScaleUpLimit: max(factor × current, minimum), truncated to int32. */
export function calculateScaleUpLimit(
  currentReplicas: number,
  factor: number,
  minimum: number,
): number {
  return goInt32(Math.max(factor * currentReplicas, minimum));
}

/** convertDesiredReplicasWithRules: min/max plus the legacy scale-up cap. */
export function convertDesiredReplicasWithRules(
  currentReplicas: number,
  desiredReplicas: number,
  hpaMinReplicas: number,
  hpaMaxReplicas: number,
  scaleUpLimit: number,
): LimitResult {
  let maximumAllowedReplicas: number;
  let reason: string;
  let message: string;
  if (hpaMaxReplicas > scaleUpLimit) {
    maximumAllowedReplicas = scaleUpLimit;
    reason = 'ScaleUpLimit';
    message = 'the desired replica count is increasing faster than the maximum scale rate';
  } else {
    maximumAllowedReplicas = hpaMaxReplicas;
    reason = 'TooManyReplicas';
    message = 'the desired replica count is more than the maximum replica count';
  }
  if (desiredReplicas < hpaMinReplicas) {
    return {
      replicas: hpaMinReplicas,
      reason: 'TooFewReplicas',
      message: 'the desired replica count is less than the minimum replica count',
    };
  }
  if (desiredReplicas > maximumAllowedReplicas)
    return { replicas: maximumAllowedReplicas, reason, message };
  return {
    replicas: desiredReplicas,
    reason: 'DesiredWithinRange',
    message: 'the desired count is within the acceptable range',
  };
}

// ---- Behavior path ----

export interface BehaviorStabilization {
  recommendation: number;
  recommendations: TimestampedRecommendation[];
  upRecommendation: number;
  downRecommendation: number;
  reason: 'ScaleUpStabilized' | 'ScaleDownStabilized';
  message: string;
}

/**
 * stabilizeRecommendationWithBehaviors: clamp current between the min of the up-window and the max
 * of the down-window; store the raw proposal over the last entry older than both cutoffs.
 */
export function stabilizeRecommendationWithBehaviors(
  recommendations: TimestampedRecommendation[],
  desiredReplicas: number,
  currentReplicas: number,
  upWindowSeconds: number,
  downWindowSeconds: number,
  now: number,
): BehaviorStabilization {
  let upRecommendation = desiredReplicas;
  let downRecommendation = desiredReplicas;
  const upCutoff = now - upWindowSeconds;
  const downCutoff = now - downWindowSeconds;
  let oldSampleIndex = -1;
  recommendations.forEach((rec, i) => {
    if (rec.timestamp > upCutoff) upRecommendation = Math.min(rec.replicas, upRecommendation);
    if (rec.timestamp > downCutoff) downRecommendation = Math.max(rec.replicas, downRecommendation);
    if (rec.timestamp < upCutoff && rec.timestamp < downCutoff) oldSampleIndex = i;
  });
  let recommendation = currentReplicas;
  if (recommendation < upRecommendation) recommendation = upRecommendation;
  if (recommendation > downRecommendation) recommendation = downRecommendation;
  const next = recommendations.slice();
  const entry = { timestamp: now, replicas: desiredReplicas };
  if (oldSampleIndex >= 0) next[oldSampleIndex] = entry;
  else next.push(entry);
  const up = desiredReplicas >= currentReplicas;
  return {
    recommendation,
    recommendations: next,
    upRecommendation,
    downRecommendation,
    reason: up ? 'ScaleUpStabilized' : 'ScaleDownStabilized',
    message: up
      ? 'recent recommendations were lower than current one, applying the lowest recent recommendation'
      : 'recent recommendations were higher than current one, applying the highest recent recommendation',
  };
}

/** getReplicasChangePerPeriod: events strictly inside (now − period, now]. */
export function getReplicasChangePerPeriod(
  periodSeconds: number,
  events: TimestampedScaleEvent[],
  now: number,
): number {
  const cutoff = now - periodSeconds;
  let replicas = 0;
  for (const e of events) if (e.timestamp > cutoff) replicas = addInt32(replicas, e.replicaChange);
  return replicas;
}

function policyLimits(
  currentReplicas: number,
  upEvents: TimestampedScaleEvent[],
  downEvents: TimestampedScaleEvent[],
  rules: DefaultedScalingRules,
  now: number,
  direction: 'up' | 'down',
): { limit: number; policies: PolicyTrace[] } {
  const policies: PolicyTrace[] = [];
  if (rules.selectPolicy === 'Disabled') return { limit: currentReplicas, policies };
  // "Min" picks the least permissive proposal, anything else (Max, unknown) the most permissive.
  const least = rules.selectPolicy === 'Min';
  const takeMax = direction === 'up' ? !least : least;
  let result = takeMax ? MIN_INT32 : MAX_INT32;
  // Upstream declares `proposed` outside the loop: an unknown policy type repeats the last value.
  let proposed = 0;
  for (const policy of rules.policies) {
    const added = getReplicasChangePerPeriod(policy.periodSeconds, upEvents, now);
    const removed = getReplicasChangePerPeriod(policy.periodSeconds, downEvents, now);
    const periodStartReplicas = addInt32(currentReplicas - added, removed);
    if (policy.type === 'Pods') {
      proposed =
        direction === 'up'
          ? addInt32(periodStartReplicas, policy.value)
          : addInt32(periodStartReplicas, -policy.value);
    } else if (policy.type === 'Percent') {
      // Float64 in exactly upstream's order: the rounding artefacts are part of the behaviour.
      proposed =
        direction === 'up'
          ? goInt32(Math.ceil(periodStartReplicas * (1 + policy.value / 100)))
          : goInt32(periodStartReplicas * (1 - policy.value / 100));
    }
    result = takeMax ? Math.max(result, proposed) : Math.min(result, proposed);
    policies.push({
      type: policy.type,
      value: policy.value,
      periodSeconds: policy.periodSeconds,
      added,
      removed,
      periodStartReplicas,
      proposed,
    });
  }
  return { limit: result, policies };
}

/** calculateScaleUpLimitWithScalingRules */
export function calculateScaleUpLimitWithScalingRules(
  currentReplicas: number,
  upEvents: TimestampedScaleEvent[],
  downEvents: TimestampedScaleEvent[],
  rules: DefaultedScalingRules,
  now: number,
): { limit: number; policies: PolicyTrace[] } {
  return policyLimits(currentReplicas, upEvents, downEvents, rules, now, 'up');
}

/** calculateScaleDownLimitWithBehaviors */
export function calculateScaleDownLimitWithBehaviors(
  currentReplicas: number,
  upEvents: TimestampedScaleEvent[],
  downEvents: TimestampedScaleEvent[],
  rules: DefaultedScalingRules,
  now: number,
): { limit: number; policies: PolicyTrace[] } {
  return policyLimits(currentReplicas, upEvents, downEvents, rules, now, 'down');
}

export interface BehaviorRateResult extends LimitResult {
  scaleUpLimit?: number;
  scaleDownLimit?: number;
  policies: PolicyTrace[];
}

/** convertDesiredReplicasWithBehaviorRate: policies bound the move; min/max bite only in its direction. */
export function convertDesiredReplicasWithBehaviorRate(
  currentReplicas: number,
  desiredReplicas: number,
  minReplicas: number,
  maxReplicas: number,
  scaleUp: DefaultedScalingRules,
  scaleDown: DefaultedScalingRules,
  upEvents: TimestampedScaleEvent[],
  downEvents: TimestampedScaleEvent[],
  now: number,
): BehaviorRateResult {
  const within = {
    reason: 'DesiredWithinRange',
    message: 'the desired count is within the acceptable range',
  };
  if (desiredReplicas > currentReplicas) {
    const { limit, policies } = calculateScaleUpLimitWithScalingRules(
      currentReplicas,
      upEvents,
      downEvents,
      scaleUp,
      now,
    );
    // Never a limit below current: the events have to age out first.
    const scaleUpLimit = limit < currentReplicas ? currentReplicas : limit;
    let maximumAllowedReplicas = maxReplicas;
    let reason = 'TooManyReplicas';
    let message = 'the desired replica count is more than the maximum replica count';
    if (maximumAllowedReplicas > scaleUpLimit) {
      maximumAllowedReplicas = scaleUpLimit;
      reason = 'ScaleUpLimit';
      message = 'the desired replica count is increasing faster than the maximum scale rate';
    }
    if (desiredReplicas > maximumAllowedReplicas) {
      return { replicas: maximumAllowedReplicas, reason, message, scaleUpLimit, policies };
    }
    return { replicas: desiredReplicas, ...within, scaleUpLimit, policies };
  }
  if (desiredReplicas < currentReplicas) {
    const { limit, policies } = calculateScaleDownLimitWithBehaviors(
      currentReplicas,
      upEvents,
      downEvents,
      scaleDown,
      now,
    );
    const scaleDownLimit = limit > currentReplicas ? currentReplicas : limit;
    let minimumAllowedReplicas = minReplicas;
    let reason = 'TooFewReplicas';
    let message = 'the desired replica count is less than the minimum replica count';
    if (minimumAllowedReplicas < scaleDownLimit) {
      minimumAllowedReplicas = scaleDownLimit;
      reason = 'ScaleDownLimit';
      message = 'the desired replica count is decreasing faster than the maximum scale rate';
    }
    if (desiredReplicas < minimumAllowedReplicas) {
      return { replicas: minimumAllowedReplicas, reason, message, scaleDownLimit, policies };
    }
    return { replicas: desiredReplicas, ...within, scaleDownLimit, policies };
  }
  return { replicas: desiredReplicas, ...within, policies: [] };
}
