// The receiver of upstream's methods (`a *HorizontalController` in horizontal.go, kubernetes
// v1.35.0), narrowed to one HPA and one reconcile. Upstream keeps the flags, a map of remembered
// recommendations and scale events keyed by HPA, and an event recorder, and reads the wall clock
// where it needs "now". Here the memory of the one HPA, the one instant of the step, the flags and
// the recorded events are fields, so the ported bodies read `a.recommendations` where upstream
// reads `a.recommendations[key]`. Ported functions replace the memory arrays, never mutate them:
// the caller's memory stays intact (deviation 1 in src/engine/README.md). The one exception is a
// caller that asks for it (ReconcileOptions.reuse): then the lists the scratch owns are updated
// in place.

import { objectList } from './objectList.ts';
import { ByPositionScratch } from './byPositionScratch.ts';
import { byName, type ReplicaCalculator } from './replicaCalculation.ts';
import type {
  ControllerConfig,
  ControllerMemory,
  HPACondition,
  HPAEvent,
  TimestampedRecommendation,
  TimestampedScaleEvent,
} from './types.ts';

export interface HorizontalController {
  readonly config: ControllerConfig;
  /** every time.Now() of one reconcile */
  readonly now: number;
  /** a.recommendations[key]; null until recordInitialRecommendation */
  recommendations: TimestampedRecommendation[] | null;
  /** a.scaleUpEvents[key] */
  scaleUpEvents: TimestampedScaleEvent[];
  /** a.scaleDownEvents[key] */
  scaleDownEvents: TimestampedScaleEvent[];
  /** a.eventRecorder: what `kubectl describe hpa` would list, in order */
  readonly events: HPAEvent[];
  /** hpa.Status.Conditions of the working copy (upstream's setCondition(hpa, …)) */
  readonly conditions: HPACondition[];
  /** the memory this reconcile started from (memoryOf returns it when nothing changed) */
  readonly memory: ControllerMemory;
  /** false: the replica calculator never takes its by-position twin (tests compare both) */
  readonly byPosition: boolean;
  /**
   * a.replicaCalc: the Map-based port, or its by-position twin when the observation's pod names
   * are distinct; chosen once per reconcile (horizontal.ts podListFor)
   */
  replicaCalc: ReplicaCalculator;
  /** the by-position twin's reusable arrays (the caller's, or one for this reconcile) */
  readonly scratch: ByPositionScratch;
  /** Karmada's calibration factor (ReconcileOptions.calibration); 1 = kube-controller-manager */
  readonly calibration: number;
  /**
   * ReconcileOptions.reuse: the caller keeps nothing of this result past its next reconcile, so
   * the memory and events the scratch owns may be updated in place (never changes a result)
   */
  readonly reuse: boolean;
}

export function newHorizontalController(
  memory: ControllerMemory,
  now: number,
  config: ControllerConfig,
  conditions: HPACondition[] = [],
  byPosition = true,
  scratch: ByPositionScratch = new ByPositionScratch(),
  calibration = 1,
  reuse = false,
): HorizontalController {
  let events: HPAEvent[];
  if (reuse) {
    events = scratch.events;
    if (events.length > 0) events.length = 0;
    // The receiver of the last reconcile, refilled: nothing of it is read past that reconcile.
    const kept = scratch.reused.controller as Mutable<HorizontalController> | null;
    if (kept !== null) {
      // Only the fields that moved are written: most are the same objects sync after sync, and
      // a store into this old object pays the write barrier where a comparison does not.
      if (kept.config !== config) kept.config = config;
      kept.now = now;
      if (kept.recommendations !== memory.recommendations)
        kept.recommendations = memory.recommendations;
      if (kept.scaleUpEvents !== memory.scaleUpEvents) kept.scaleUpEvents = memory.scaleUpEvents;
      if (kept.scaleDownEvents !== memory.scaleDownEvents)
        kept.scaleDownEvents = memory.scaleDownEvents;
      if (kept.events !== events) kept.events = events;
      if (kept.conditions !== conditions) kept.conditions = conditions;
      if (kept.memory !== memory) kept.memory = memory;
      kept.byPosition = byPosition;
      if (kept.replicaCalc !== byName) kept.replicaCalc = byName;
      kept.calibration = calibration;
      kept.reuse = reuse;
      return kept;
    }
  } else events = objectList();
  const a: HorizontalController = {
    config,
    now,
    recommendations: memory.recommendations,
    scaleUpEvents: memory.scaleUpEvents,
    scaleDownEvents: memory.scaleDownEvents,
    events,
    conditions,
    memory,
    byPosition,
    replicaCalc: byName,
    scratch,
    calibration,
    reuse,
  };
  if (reuse) scratch.reused.controller = a;
  return a;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The memory the next reconcile of this HPA starts from (the same object when unchanged). */
export function memoryOf(a: HorizontalController): ControllerMemory {
  const m = a.memory;
  if (
    a.recommendations === m.recommendations &&
    a.scaleUpEvents === m.scaleUpEvents &&
    a.scaleDownEvents === m.scaleDownEvents
  ) {
    return m;
  }
  return {
    recommendations: a.recommendations,
    scaleUpEvents: a.scaleUpEvents,
    scaleDownEvents: a.scaleDownEvents,
  };
}
