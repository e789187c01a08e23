// Not in upstream: pod groups (PodObservation.count). A simulation holds most of its pods in a few
// cohorts that the controller cannot tell apart (same phase, readiness, times, requests and
// metrics sample), and hands each cohort over as one entry with a multiplicity. The Map-based port
// reads beside upstream and wants one entry per pod, so reconcileAutoscaler expands the groups for
// it (expandObservation); the by-position twins take them as they are, with work proportional to
// the entries (replicaCalculatorByPosition.ts). Either way the result is the one of the expanded
// list (groupedPods.properties.test.ts).

import type { Observation, PodObservation } from './types.ts';

/**
 * The most pods one observation may stand for. Far above any scenario (the workload's pod limit
 * is 5,000); it keeps a typo'd count from expanding into a list that exhausts memory.
 */
export const MAX_OBSERVED_PODS = 1_000_000;

/** The name of copy `k` of a group named `name` (copy 0 is `name` itself). */
export function groupMemberName(name: string, k: number): string {
  return k === 0 ? name : `${name}#${k}`;
}

/**
 * True when some entry stands for more than one pod. Checks every count on the way: one that is
 * not an integer ≥ 1, or a total past MAX_OBSERVED_PODS, throws a RangeError naming the entry.
 */
export function hasPodGroups(pods: readonly PodObservation[]): boolean {
  let grouped = false;
  let total = 0;
  for (let i = 0; i < pods.length; i++) {
    const count = pods[i]!.count;
    if (count === undefined || count === 1) {
      total++;
      continue;
    }
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
      throw new RangeError(
        `pods[${i}] (${pods[i]!.name}): count must be an integer ≥ 1, got ${String(count)}`,
      );
    }
    grouped = true;
    total += count;
    if (total > MAX_OBSERVED_PODS) {
      throw new RangeError(
        `pods[${i}] (${pods[i]!.name}): the pod counts add up to more than ${MAX_OBSERVED_PODS} pods`,
      );
    }
  }
  return grouped;
}

/**
 * The equivalent plain list: each group replaced in place by its `count` pods, the first under
 * the group's own name, copy k under `${name}#${k}`. The copies are shallow (they share the
 * group's containers, metrics and other nested objects, which the controller never mutates) and
 * carry no `count`. Without groups the list itself is returned.
 */
export function expandPodGroups(pods: PodObservation[]): PodObservation[] {
  if (!hasPodGroups(pods)) return pods;
  const out: PodObservation[] = [];
  for (const pod of pods) {
    const count = pod.count ?? 1;
    if (count === 1) {
      out.push(pod);
      continue;
    }
    const { count: _count, ...body } = pod;
    for (let k = 0; k < count; k++) out.push({ ...body, name: groupMemberName(pod.name, k) });
  }
  return out;
}

/** The observation with its pod groups expanded (expandPodGroups); itself when it has none. */
export function expandObservation(obs: Observation): Observation {
  const pods = expandPodGroups(obs.pods);
  return pods === obs.pods ? obs : { ...obs, pods };
}
