// Scale-event bookkeeping of the behavior path (storeScaleEvent in horizontal.go).

import type { DefaultedScalingRules, TimestampedScaleEvent } from './types.ts';

/** getLongestPolicyPeriod */
export function getLongestPolicyPeriod(rules: DefaultedScalingRules): number {
  let longest = 0;
  for (const p of rules.policies) if (p.periodSeconds > longest) longest = p.periodSeconds;
  return longest;
}

/** markScaleEventsOutdated: the mark is permanent and only decides which entry may be reused. */
export function markScaleEventsOutdated(
  events: TimestampedScaleEvent[],
  longestPolicyPeriod: number,
  now: number,
): TimestampedScaleEvent[] {
  const cutoff = now - longestPolicyPeriod;
  return events.map((e) => (e.timestamp < cutoff && !e.outdated ? { ...e, outdated: true } : e));
}

/** Store one event: overwrite the last outdated entry, else append. Returns a new list. */
export function storeScaleEvent(
  events: TimestampedScaleEvent[],
  rules: DefaultedScalingRules,
  replicaChange: number,
  now: number,
): TimestampedScaleEvent[] {
  const marked = markScaleEventsOutdated(events, getLongestPolicyPeriod(rules), now);
  let oldSampleIndex = -1;
  marked.forEach((e, i) => {
    if (e.outdated) oldSampleIndex = i;
  });
  const event = { timestamp: now, replicaChange, outdated: false };
  if (oldSampleIndex >= 0) marked[oldSampleIndex] = event;
  else marked.push(event);
  return marked;
}
