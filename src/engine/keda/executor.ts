/**
 * K4–K7 and K10, KEDA's scale executor (kedacore/keda v2.20.2
 * pkg/scaling/executor/scale_scaledobjects.go): given the polling loop's verdict (active, error),
 * it scales the target from zero or idle, to zero or idle after the cooldown, or back to
 * minReplicaCount, and writes the Ready and Active conditions and its events.
 */
import {
  getPausedReplicaCount,
  needToBePausedByAnnotation,
  needToForceActivation,
  needToPauseScaleIn,
  needToPauseScaleOut,
  PAUSED_REPLICAS,
} from './annotations.ts';
import { READY_SUCCESS_MESSAGE, READY_SUCCESS_REASON, setCondition } from './conditions.ts';
import type { KedaEvent, KedaScaledObject, KedaStatus, KedaVersion } from './types.ts';
import { atLeast } from './version.ts';

/** scale_executor.go defaultCooldownPeriod / defaultInitialCooldownPeriod. */
export const DEFAULT_COOLDOWN_PERIOD = 300;
export const DEFAULT_INITIAL_COOLDOWN_PERIOD = 0;

/** What one RequestScale did (ScaleResult, plus the write it made to the scale subresource). */
export interface ScaleResult {
  /** The replicas KEDA wrote to the target, null when it wrote nothing. */
  write: number | null;
  /** Which rule wrote (for the explanation and the charts). */
  writer: 'activate' | 'deactivate' | 'restore-min' | 'paused-replicas' | null;
  status: KedaStatus;
  events: KedaEvent[];
}

interface Step {
  so: KedaScaledObject;
  status: KedaStatus;
  currentReplicas: number;
  now: number;
  events: KedaEvent[];
  write: number | null;
  writer: ScaleResult['writer'];
}

function conditions(
  step: Step,
  type: 'Ready' | 'Active' | 'Paused',
  status: 'True' | 'False' | 'Unknown',
  reason: string,
  message: string,
): void {
  const list = setCondition(step.status.conditions, type, status, reason, message);
  if (list !== step.status.conditions) step.status = { ...step.status, conditions: list };
}

// upstream: kedacore/keda v2.20.2 pkg/scaling/executor/scale_scaledobjects.go RequestScale
export function requestScale(
  so: KedaScaledObject,
  status: KedaStatus,
  isActive: boolean,
  isError: boolean,
  activeTriggers: readonly string[],
  currentReplicas: number,
  now: number,
): ScaleResult {
  const step: Step = { so, status, currentReplicas, now, events: [], write: null, writer: null };
  conditions(step, 'Ready', 'True', READY_SUCCESS_REASON, READY_SUCCESS_MESSAGE);
  if (handlePaused(step)) return done(step);
  const minReplicas = so.minReplicaCount ?? 0;
  const forced = needToForceActivation(so);
  if (isActive || forced) {
    conditions(
      step,
      'Active',
      'True',
      'ScalerActive',
      forced
        ? 'Scaling is performed because activation is being forced by annotation'
        : 'Scaling is performed because triggers are active',
    );
    if ((so.idleReplicaCount !== null && currentReplicas < minReplicas) || currentReplicas === 0) {
      scaleFromZeroOrIdle(step, activeTriggers);
    } else if (isError) {
      // Some triggers are active, some failed: LastActiveTime is not refreshed.
      conditions(
        step,
        'Ready',
        'Unknown',
        'PartialTriggerError',
        'Some triggers defined in ScaledObject are not working correctly',
      );
    } else {
      step.status = { ...step.status, lastActiveTime: now };
    }
  } else {
    conditions(
      step,
      'Active',
      'False',
      'ScalerNotActive',
      'Scaling is not performed because triggers are not active',
    );
    if (isError && so.fallback !== null && so.fallback.replicas !== 0) {
      // Waits for the fallback: scaling to 0 now would stop the HPA from ever applying it.
    } else if (isError && so.fallback === null) {
      conditions(
        step,
        'Ready',
        'False',
        'TriggerError',
        'Triggers defined in ScaledObject are not working correctly',
      );
    } else if (
      (so.idleReplicaCount !== null && currentReplicas > so.idleReplicaCount) ||
      (currentReplicas > 0 && minReplicas === 0)
    ) {
      scaleToZeroOrIdle(step);
    } else if (so.idleReplicaCount === null && currentReplicas < minReplicas) {
      step.write = minReplicas;
      step.writer = 'restore-min';
    }
  }
  return done(step);
}

function done(step: Step): ScaleResult {
  return { write: step.write, writer: step.writer, status: step.status, events: step.events };
}

// upstream: kedacore/keda v2.20.2 pkg/scaling/executor/scale_scaledobjects.go scaleToZeroOrIdle
function scaleToZeroOrIdle(step: Step): void {
  const { so, now } = step;
  if (needToPauseScaleIn(so)) return;
  const initial = so.initialCooldownPeriod ?? DEFAULT_INITIAL_COOLDOWN_PERIOD;
  const cooldown = so.cooldownPeriod ?? DEFAULT_COOLDOWN_PERIOD;
  const last = step.status.lastActiveTime;
  // time.Time.Before is strict: at exactly last + cooldown it is still cooling down.
  if (
    (last === null && so.creationTime + initial < now) ||
    (last !== null && last + cooldown < now)
  ) {
    const [, scaleTo] = getIdleOrMinimumReplicaCount(so);
    step.write = scaleTo;
    step.writer = 'deactivate';
    step.events.push({
      type: 'Normal',
      reason: 'KEDAScaleTargetDeactivated',
      message: `Deactivated ${so.scaleTargetKind} ${so.namespace}/${so.scaleTargetName} from ${step.currentReplicas} to ${scaleTo}`,
    });
    conditions(
      step,
      'Active',
      'False',
      'ScalerNotActive',
      'Scaling is not performed because triggers are not active',
    );
  } else {
    conditions(
      step,
      'Active',
      'False',
      'ScalerCooldown',
      'Scaler cooling down because triggers are not active',
    );
  }
}

// upstream: kedacore/keda v2.20.2 pkg/scaling/executor/scale_scaledobjects.go scaleFromZeroOrIdle
function scaleFromZeroOrIdle(step: Step, activeTriggers: readonly string[]): void {
  const { so } = step;
  if (needToPauseScaleOut(so)) return;
  const replicas = so.minReplicaCount !== null && so.minReplicaCount > 0 ? so.minReplicaCount : 1;
  step.write = replicas;
  step.writer = 'activate';
  const target = `${so.scaleTargetKind} ${so.namespace}/${so.scaleTargetName}`;
  step.events.push({
    type: 'Normal',
    reason: 'KEDAScaleTargetActivated',
    message: needToForceActivation(so)
      ? `Scaled ${target} from ${step.currentReplicas} to ${replicas}, caused by forced activation annotation`
      : `Scaled ${target} from ${step.currentReplicas} to ${replicas}, triggered by ${activeTriggers.join(';')}`,
  });
  step.status = { ...step.status, lastActiveTime: step.now };
}

// upstream: kedacore/keda v2.20.2 pkg/scaling/executor/scale_scaledobjects.go handlePaused
function handlePaused(step: Step): boolean {
  if (!needToBePausedByAnnotation(step.so, step.status)) return false;
  conditions(step, 'Paused', 'True', 'ScaledObjectPaused', 'ScaledObject is paused');
  return true;
}

// upstream: kedacore/keda v2.20.2 pkg/scaling/executor/scale_scaledobjects.go getIdleOrMinimumReplicaCount
export function getIdleOrMinimumReplicaCount(so: KedaScaledObject): [boolean, number] {
  if (so.idleReplicaCount !== null) return [true, so.idleReplicaCount];
  return [false, so.minReplicaCount ?? 0];
}

// upstream: kedacore/keda v2.20.2 controllers/keda/scaledobject_controller.go handlePause (#7664)
/**
 * paused-replicas in 2.20: the loop stops, the HPA goes, and the target is scaled straight to N
 * (0 allowed). ≤ 2.19 kept the HPA at min = max = max(N, 1) instead (scenario/keda builds it), so
 * here it only records the count. null when the annotation is absent.
 */
export function handlePause(
  so: KedaScaledObject,
  status: KedaStatus,
  currentReplicas: number,
  version: KedaVersion,
): ScaleResult | null {
  if (!Object.hasOwn(so.annotations, PAUSED_REPLICAS)) return null;
  const parsed = getPausedReplicaCount(so);
  if ('error' in parsed) {
    const s = {
      ...status,
      conditions: setCondition(
        status.conditions,
        'Ready',
        'False',
        READY_SUCCESS_REASON,
        READY_SUCCESS_MESSAGE,
      ),
    };
    return { write: null, writer: null, status: s, events: [] };
  }
  const n = parsed.count!;
  const next: KedaStatus = {
    ...status,
    pausedReplicaCount: n,
    conditions: setCondition(
      status.conditions,
      'Paused',
      'True',
      'ScaledObjectPaused',
      'ScaledObject is paused',
    ),
  };
  const writes = atLeast(version, '2.20.0') && n !== currentReplicas;
  return {
    write: writes ? n : null,
    writer: writes ? 'paused-replicas' : null,
    status: next,
    events: [],
  };
}
