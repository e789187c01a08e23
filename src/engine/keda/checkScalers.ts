/**
 * One pass of KEDA's polling loop for a ScaledObject (kedacore/keda v2.20.2
 * pkg/scaling/scale_handler.go checkScalers): the scalers' state, then the executor, then the
 * metrics cache for triggers with useCachedMetrics. The loop runs at its start and every
 * pollingInterval seconds after (startScaleLoop; the timer starts before the check).
 */
import { requestScale, type ScaleResult } from './executor.ts';
import type { FallbackWorld } from './fallback.ts';
import type { Program } from './formula.ts';
import { getScaledObjectState, type Reads, type ScaledObjectState } from './scaleHandler.ts';
import type { KedaScaledObject, KedaStatus, MetricsRecord } from './types.ts';

/** scaledobject_types.go: pollingInterval default 30 s. */
export const DEFAULT_POLLING_INTERVAL = 30;

export interface CheckResult {
  state: ScaledObjectState;
  /** null when KEDA gave up before RequestScale (state.error). */
  scale: ScaleResult | null;
  status: KedaStatus;
  cache: Readonly<Record<string, MetricsRecord>>;
}

// upstream: kedacore/keda v2.20.2 pkg/scaling/scale_handler.go checkScalers
export function checkScalers(
  so: KedaScaledObject,
  status: KedaStatus,
  reads: Reads,
  cache: Readonly<Record<string, MetricsRecord>>,
  world: FallbackWorld,
  now: number,
  program: Program | null,
): CheckResult {
  const state = getScaledObjectState(so, status, reads, world, program);
  if (state.error !== null) return { state, scale: null, status: state.status, cache };
  const scale = requestScale(
    so,
    state.status,
    state.isActive,
    state.isError,
    state.activeTriggers,
    world.currentReplicas,
    now,
  );
  const stored = Object.keys(state.records).length > 0 ? { ...cache, ...state.records } : cache;
  return { state, scale, status: scale.status, cache: stored };
}

/** The instants of the polling loop in [start, end): start, start + interval, … */
export function pollingTimes(start: number, end: number, interval: number): number[] {
  const out: number[] = [];
  const step = Math.max(1, interval);
  for (let t = start; t < end; t += step) out.push(t);
  return out;
}
