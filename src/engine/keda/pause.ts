/**
 * K10's whole pause, as KEDA's ScaledObject controller does it (kedacore/keda v2.20.2
 * controllers/keda/scaledobject_controller.go reconcileScaledObject): `paused` (and 2.20's
 * `paused-replicas` once its count is recorded) stops the scale loop and deletes the HPA; the
 * annotation's removal marks the object unpaused, and the next reconcile re-creates the HPA and
 * restarts the loop. paused-replicas' own count and write are executor.ts handlePause.
 */
import {
  getBoolAnnotation,
  needToBePausedByAnnotation,
  needToPauseScaleIn,
  needToPauseScaleOut,
  PAUSED,
  PAUSED_REPLICAS,
} from './annotations.ts';
import { getCondition, setCondition } from './conditions.ts';
import type { KedaScaledObject, KedaStatus, KedaVersion } from './types.ts';
import { atLeast } from './version.ts';

export const PAUSED_REASON = 'ScaledObjectPaused';
export const PAUSED_MESSAGE = 'ScaledObject is paused';

// upstream: kedacore/keda v2.20.2 controllers/keda/scaledobject_controller.go reconcileScaledObject
/**
 * The HPA KEDA keeps for `so` is gone: the pause stopped the loop and ensureHPAForScaledObjectIsDeleted
 * removed it. paused-replicas counts once its count is in status (NeedToBePausedByAnnotation: it
 * wins over `paused`); before 2.20 it pinned the HPA instead (scenario/keda builds that HPA).
 */
export function hpaDeleted(
  so: Pick<KedaScaledObject, 'annotations'>,
  status: Pick<KedaStatus, 'pausedReplicaCount'>,
  version: KedaVersion,
): boolean {
  if (Object.hasOwn(so.annotations, PAUSED_REPLICAS))
    return atLeast(version, '2.20.0') && status.pausedReplicaCount !== null;
  return getBoolAnnotation(so, PAUSED);
}

/** `paused` on its own (no paused-replicas, which handlePause runs): the loop does not check. */
export function loopStopped(so: Pick<KedaScaledObject, 'annotations'>): boolean {
  return !Object.hasOwn(so.annotations, PAUSED_REPLICAS) && getBoolAnnotation(so, PAUSED);
}

// upstream: kedacore/keda v2.20.2 controllers/keda/scaledobject_controller.go reconcileScaledObject
// (the pause switch) and checkTargetResourceIsScalable (removePausedStatus)
/**
 * The controller's reconcile of the pause: Paused=True while `paused` holds; once no pause
 * annotation is left, Paused=False "ScaledObjectUnpaused" and the recorded paused count goes.
 */
export function reconcilePause(
  so: Pick<KedaScaledObject, 'annotations'>,
  status: KedaStatus,
): KedaStatus {
  let next = status;
  if (status.pausedReplicaCount !== null && !Object.hasOwn(so.annotations, PAUSED_REPLICAS))
    next = { ...next, pausedReplicaCount: null };
  if (needToBePausedByAnnotation(so, next)) {
    if (!loopStopped(so) || getCondition(next.conditions, 'Paused').status === 'True') return next;
    return {
      ...next,
      conditions: setCondition(next.conditions, 'Paused', 'True', PAUSED_REASON, PAUSED_MESSAGE),
    };
  }
  if (needToPauseScaleIn(so) || needToPauseScaleOut(so)) return next;
  if (getCondition(next.conditions, 'Paused').status !== 'True') return next;
  return {
    ...next,
    conditions: setCondition(
      next.conditions,
      'Paused',
      'False',
      'ScaledObjectUnpaused',
      'pause annotation removed for ScaledObject',
    ),
  };
}
