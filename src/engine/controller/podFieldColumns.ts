// Not in upstream: the codes of Observation.podFields (a caller's columns of its pods' fields) and
// the by-position path's per-pod rules read from them, twins of replicaCalculatorCommon.ts
// isIgnored and isUnreadyForCpu (upstream: replica_calculator.go groupPods), which read a
// PodObservation. Proven equal inside whole calculations by podFieldColumns.test.ts and, for the
// simulation's columns, by referenceWorld.test.ts.

import type { CalcContext } from './byPositionScratch.ts';
import type { PodObservation } from './types.ts';

export const PHASE_PENDING = 0;
export const PHASE_RUNNING = 1;
export const PHASE_SUCCEEDED = 2;
export const PHASE_FAILED = 3;
/** any other phase (Unknown, …): none of the rules names it */
export const PHASE_OTHER = 4;

export const READY_NONE = 0;
export const READY_FALSE = 1;
export const READY_TRUE = 2;

/** A pod's phase as its column's code. */
export function phaseCode(phase: PodObservation['phase']): number {
  switch (phase) {
    case 'Pending':
      return PHASE_PENDING;
    case 'Running':
      return PHASE_RUNNING;
    case 'Succeeded':
      return PHASE_SUCCEEDED;
    case 'Failed':
      return PHASE_FAILED;
    default:
      return PHASE_OTHER;
  }
}

/** A pod's Ready condition as its column's code. */
export function readyCode(ready: PodObservation['ready']): number {
  return ready === true ? READY_TRUE : ready === false ? READY_FALSE : READY_NONE;
}

// twin of: replicaCalculatorCommon.ts isIgnored
/** A pod's `deleting` (0/1) and phase codes. */
export function isIgnoredCoded(deleting: number, phase: number, ignoreSucceeded: boolean): boolean {
  if (deleting === 1) return true;
  return phase === PHASE_FAILED || (ignoreSucceeded && phase === PHASE_SUCCEEDED);
}

// twin of: replicaCalculatorCommon.ts isUnreadyForCpu
/** A pod's ready code, start and Ready transition times (NaN: none), for a sample at `timestamp`. */
export function isUnreadyForCpuCoded(
  ready: number,
  start: number,
  readyTransitionTime: number,
  timestamp: number,
  window: number,
  ctx: CalcContext,
): boolean {
  if (ready === READY_NONE || Number.isNaN(start)) return true;
  const transition = Number.isNaN(readyTransitionTime) ? 0 : readyTransitionTime;
  if (start + ctx.cpuInitializationPeriodSeconds > ctx.now) {
    // Still initializing: ignore an unready pod, or a sample that predates a full window of readiness.
    return ready === READY_FALSE || timestamp < transition + window;
  }
  // Ignore only a pod that is unready and has never been ready.
  return ready === READY_FALSE && start + ctx.initialReadinessDelaySeconds > transition;
}

/**
 * Not a twin: what PodFieldColumns.settledStart holds for a pod (its start where it is Running,
 * not deleting and Ready, else NaN), from the other columns' codes.
 */
export function settledStartCoded(
  deleting: number,
  phase: number,
  ready: number,
  start: number,
): number {
  return deleting === 0 && phase === PHASE_RUNNING && ready === READY_TRUE ? start : NaN;
}
