/**
 * K10, the annotations KEDA reads on a ScaledObject (kedacore/keda v2.20.2
 * apis/keda/v1alpha1/scaledobject_types.go, pkg/scaling/executor/scale_executor.go).
 */
import type { KedaScaledObject, KedaStatus } from './types.ts';

export const PAUSED = 'autoscaling.keda.sh/paused';
export const PAUSED_REPLICAS = 'autoscaling.keda.sh/paused-replicas';
export const PAUSED_SCALE_IN = 'autoscaling.keda.sh/paused-scale-in';
export const PAUSED_SCALE_OUT = 'autoscaling.keda.sh/paused-scale-out';
export const FORCE_ACTIVATION = 'autoscaling.keda.sh/force-activation';

/** Go's strconv.ParseBool; null when it would fail. */
export function parseBool(v: string): boolean | null {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(v)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(v)) return false;
  return null;
}

// upstream: kedacore/keda v2.20.2 apis/keda/v1alpha1/scaledobject_types.go getBoolAnnotation
/** Missing: false. Present but not a Go bool: true ("if annotation value is not a boolean, we assume true"). */
export function getBoolAnnotation(so: Pick<KedaScaledObject, 'annotations'>, key: string): boolean {
  if (!Object.hasOwn(so.annotations, key)) return false;
  return parseBool(so.annotations[key]!) ?? true;
}

// upstream: kedacore/keda v2.20.2 apis/keda/v1alpha1/scaledobject_types.go NeedToPauseScaleIn
export function needToPauseScaleIn(so: Pick<KedaScaledObject, 'annotations'>): boolean {
  return getBoolAnnotation(so, PAUSED_SCALE_IN);
}

// upstream: kedacore/keda v2.20.2 apis/keda/v1alpha1/scaledobject_types.go NeedToPauseScaleOut
export function needToPauseScaleOut(so: Pick<KedaScaledObject, 'annotations'>): boolean {
  return getBoolAnnotation(so, PAUSED_SCALE_OUT);
}

// upstream: kedacore/keda v2.20.2 apis/keda/v1alpha1/scaledobject_types.go NeedToForceActivation
export function needToForceActivation(so: Pick<KedaScaledObject, 'annotations'>): boolean {
  return getBoolAnnotation(so, FORCE_ACTIVATION);
}

// upstream: kedacore/keda v2.20.2 apis/keda/v1alpha1/scaledobject_types.go NeedToBePausedByAnnotation
/** paused-replicas counts once KEDA has recorded it in status; otherwise the paused annotation. */
export function needToBePausedByAnnotation(
  so: Pick<KedaScaledObject, 'annotations'>,
  status: Pick<KedaStatus, 'pausedReplicaCount'>,
): boolean {
  if (Object.hasOwn(so.annotations, PAUSED_REPLICAS)) return status.pausedReplicaCount !== null;
  return getBoolAnnotation(so, PAUSED);
}

// upstream: kedacore/keda v2.20.2 pkg/scaling/executor/scale_executor.go GetPausedReplicaCount
/** The paused replica count (strconv.ParseInt, int32), null when unset, an error when unparsable. */
export function getPausedReplicaCount(
  so: Pick<KedaScaledObject, 'annotations'>,
): { count: number | null } | { error: string } {
  if (!Object.hasOwn(so.annotations, PAUSED_REPLICAS)) return { count: null };
  const text = so.annotations[PAUSED_REPLICAS]!;
  if (!/^[+-]?\d+$/.test(text))
    return { error: `strconv.ParseInt: parsing "${text}": invalid syntax` };
  const n = Number(text);
  if (n > 2 ** 31 - 1 || n < -(2 ** 31))
    return { error: `strconv.ParseInt: parsing "${text}": value out of range` };
  return { count: n };
}
