/**
 * K8, fallback (kedacore/keda v2.20.2 pkg/fallback/fallback.go). Every read of a metric, in the
 * polling loop and in each HPA request, goes through getMetricsWithFallback: a success resets the
 * metric's health, a failure counts one more; past failureThreshold (strict) the error is replaced
 * by a metric that makes the HPA propose the fallback replicas.
 */
import { setCondition } from './conditions.ts';
import type { HealthStatus, KedaMetricSpec, KedaScaledObject, KedaStatus } from './types.ts';

/** What the fallback needs of the world beside the ScaledObject. */
export interface FallbackWorld {
  /** scale.spec.replicas of the target (GetCurrentReplicas). */
  currentReplicas: number;
  /** Pods Running with Ready=True (getReadyReplicasCount), for Value targets. */
  readyReplicas: number;
}

export interface FallbackResult {
  /** The metric values in milli (the scaler's, or the fallback's); null with an error. */
  values: readonly number[] | null;
  fallbackActive: boolean;
  error: string | null;
  status: KedaStatus;
}

// upstream: kedacore/keda v2.20.2 pkg/fallback/fallback.go isFallbackEnabled
export function isFallbackEnabled(so: KedaScaledObject): boolean {
  return so.fallback !== null;
}

/** Go's strconv.ParseInt(s, 10, 64) > 0 on the modifiers target ("0.5" fails to parse). */
function parsesAsPositiveInt(s: string): boolean {
  return /^[+-]?\d+$/.test(s) && Number(s) > 0;
}

// upstream: kedacore/keda v2.20.2 pkg/fallback/fallback.go HasValidFallback
export function hasValidFallback(so: KedaScaledObject): boolean {
  const fb = so.fallback!;
  const modifierChecking = so.scalingModifiers
    ? parsesAsPositiveInt(so.scalingModifiers.target)
    : true;
  return fb.failureThreshold >= 0 && fb.replicas >= 0 && modifierChecking;
}

// upstream: kedacore/keda v2.20.2 pkg/fallback/fallback.go fallbackExceededThreshold
export function fallbackExceededThreshold(
  health: Readonly<Record<string, HealthStatus>>,
  failureThreshold: number,
): boolean {
  return Object.values(health).some(
    (h) => h.status === 'Failing' && h.numberOfFailures > failureThreshold,
  );
}

// upstream: kedacore/keda v2.20.2 pkg/fallback/fallback.go (*ScaledObjectHandler).updateStatus
/** The Fallback condition follows the health map, for an enabled and valid fallback only. */
function updateStatus(so: KedaScaledObject, status: KedaStatus): KedaStatus {
  if (!isFallbackEnabled(so) || !hasValidFallback(so)) return status;
  const conditions = fallbackExceededThreshold(status.health, so.fallback!.failureThreshold)
    ? setCondition(
        status.conditions,
        'Fallback',
        'True',
        'FallbackExists',
        'At least one trigger is falling back on this scaled object',
      )
    : setCondition(
        status.conditions,
        'Fallback',
        'False',
        'NoFallbackFound',
        'No fallbacks are active on this scaled object',
      );
  return conditions === status.conditions ? status : { ...status, conditions };
}

function withHealth(
  so: KedaScaledObject,
  status: KedaStatus,
  metric: string,
  h: HealthStatus,
): KedaStatus {
  const was = status.health[metric];
  if (was && was.numberOfFailures === h.numberOfFailures && was.status === h.status)
    return updateStatus(so, status);
  return updateStatus(so, { ...status, health: { ...status.health, [metric]: h } });
}

// upstream: kedacore/keda v2.20.2 pkg/fallback/fallback.go GetMetricsWithFallback
export function getMetricsWithFallback(
  so: KedaScaledObject,
  status: KedaStatus,
  values: readonly number[] | null,
  suppressedError: string | null,
  metricName: string,
  spec: KedaMetricSpec,
  world: FallbackWorld,
): FallbackResult {
  // Health is tracked only for a valid fallback; other objects' status is left alone.
  const configured = isFallbackEnabled(so) && hasValidFallback(so);
  if (suppressedError === null) {
    const next = configured
      ? withHealth(so, status, metricName, { numberOfFailures: 0, status: 'Happy' })
      : status;
    return { values, fallbackActive: false, error: null, status: next };
  }
  if (!isFallbackEnabled(so) || !hasValidFallback(so))
    return { values: null, fallbackActive: false, error: suppressedError, status };
  const failures = (status.health[metricName]?.numberOfFailures ?? 0) + 1;
  const next = withHealth(so, status, metricName, {
    numberOfFailures: failures,
    status: 'Failing',
  });
  const fb = so.fallback!;
  if (!(failures > fb.failureThreshold))
    return { values: null, fallbackActive: false, error: suppressedError, status: next };
  // The expression engine reads this placeholder as nil for `??` (modifiers.ts).
  if (fb.behavior === 'scalingModifiers')
    return { values: [-1000], fallbackActive: false, error: null, status: next };
  const current = fb.behavior === 'static' ? 0 : world.currentReplicas;
  const out = doFallback(so, spec, current, world.readyReplicas);
  if (out === null)
    return {
      values: null,
      fallbackActive: false,
      error: 'error performing fallback',
      status: next,
    };
  return { values: [out], fallbackActive: true, error: null, status: next };
}

// upstream: kedacore/keda v2.20.2 pkg/fallback/fallback.go doFallback
/** The fallback metric in milli: int64(target × 1000 × replicas), replicas per ready pod for Value. */
export function doFallback(
  so: KedaScaledObject,
  spec: KedaMetricSpec,
  currentReplicas: number,
  readyReplicas: number,
): number | null {
  const fb = so.fallback!;
  let replicas: number;
  switch (fb.behavior) {
    case 'currentReplicas':
      replicas = currentReplicas;
      break;
    case 'currentReplicasIfHigher':
      replicas = Math.max(currentReplicas, fb.replicas);
      break;
    case 'currentReplicasIfLower':
      replicas = Math.min(currentReplicas, fb.replicas);
      break;
    case 'scalingModifiers':
      return null;
    default:
      replicas = fb.replicas;
  }
  const sm = so.scalingModifiers;
  const valueType = sm ? sm.metricType === 'Value' : spec.targetType === 'Value';
  if (valueType) {
    if (readyReplicas <= 0) return null; // "readyReplicas is zero, cannot do fallback"
    replicas /= readyReplicas;
  }
  const normalisation = sm ? Number(sm.target) : spec.targetMilli / 1000;
  return Math.trunc(normalisation * 1000 * replicas) + 0;
}
