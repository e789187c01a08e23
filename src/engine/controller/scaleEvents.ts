// Scale-event bookkeeping of the behavior path: storeScaleEvent, markScaleEventsOutdated and
// getLongestPolicyPeriod of pkg/controller/podautoscaler/horizontal.go, kubernetes v1.35.0, in
// upstream's order (upstream interleaves them with the normalization functions).

import { objectList } from './objectList.ts';
import type { HorizontalController } from './horizontalController.ts';
import type {
  DefaultedBehavior,
  DefaultedScalingRules,
  HorizontalPodAutoscalerBehavior,
  TimestampedScaleEvent,
} from './types.ts';

// upstream: horizontal.go storeScaleEvent
/**
 * Stores a scale event, overwriting the last one markScaleEventsOutdated marked, else appending.
 * Upstream writes into its map; here the receiver gets a new list.
 */
export function storeScaleEvent(
  a: HorizontalController,
  behavior: HorizontalPodAutoscalerBehavior | null | undefined,
  prevReplicas: number,
  newReplicas: number,
): void {
  if (!behavior) return; // without behavior nothing would ever read the events
  const rules = behavior as DefaultedBehavior;
  let oldSampleIndex = 0;
  let foundOldSample = false;
  if (newReplicas > prevReplicas) {
    const longestPolicyPeriod = getLongestPolicyPeriod(rules.scaleUp);
    const events = markScaleEventsOutdated(a.scaleUpEvents, longestPolicyPeriod, a.now);
    const replicaChange = newReplicas - prevReplicas;
    for (let i = 0; i < events.length; i++) {
      if (events[i]!.outdated) {
        foundOldSample = true;
        oldSampleIndex = i;
      }
    }
    const newEvent = { timestamp: a.now, replicaChange, outdated: false };
    if (foundOldSample) events[oldSampleIndex] = newEvent;
    else events.push(newEvent);
    a.scaleUpEvents = events;
  } else {
    const longestPolicyPeriod = getLongestPolicyPeriod(rules.scaleDown);
    const events = markScaleEventsOutdated(a.scaleDownEvents, longestPolicyPeriod, a.now);
    const replicaChange = prevReplicas - newReplicas;
    for (let i = 0; i < events.length; i++) {
      if (events[i]!.outdated) {
        foundOldSample = true;
        oldSampleIndex = i;
      }
    }
    const newEvent = { timestamp: a.now, replicaChange, outdated: false };
    if (foundOldSample) events[oldSampleIndex] = newEvent;
    else events.push(newEvent);
    a.scaleDownEvents = events;
  }
}

// upstream: horizontal.go markScaleEventsOutdated
/**
 * Marks the events older than the longest policy period, for reuse by storeScaleEvent. The mark
 * is permanent. Returns a new list; marked entries are new objects, the others are shared.
 */
export function markScaleEventsOutdated(
  scaleEvents: TimestampedScaleEvent[],
  longestPolicyPeriod: number,
  now: number,
): TimestampedScaleEvent[] {
  const cutoff = now - longestPolicyPeriod;
  const marked = objectList<TimestampedScaleEvent>();
  for (const e of scaleEvents) {
    // a literal like storeScaleEvent's: one object shape for every event
    marked.push(
      e.timestamp < cutoff && !e.outdated
        ? { timestamp: e.timestamp, replicaChange: e.replicaChange, outdated: true }
        : e,
    );
  }
  return marked;
}

// upstream: horizontal.go getLongestPolicyPeriod
export function getLongestPolicyPeriod(scalingRules: DefaultedScalingRules): number {
  let longestPolicyPeriod = 0;
  for (const policy of scalingRules.policies) {
    if (policy.periodSeconds > longestPolicyPeriod) longestPolicyPeriod = policy.periodSeconds;
  }
  return longestPolicyPeriod;
}
