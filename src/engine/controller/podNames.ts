// Not in upstream: the gate for the by-position fast path of replicaCalculator.ts.
//
// Upstream keys every per-pod map by pod name (PodMetricsInfo, the requests map, the pod-group
// sets). When every name in an observation is distinct — the listed pods and the samples of pods
// outside the list together — "keyed by name" and "indexed by position" describe the same maps,
// so the calculation can run over arrays without building any map. With a repeated name the
// by-name semantics are not positional (a later sample overwrites an earlier one, two listed pods
// share one sample and one request), and the Map-based port runs instead.

import type { Observation } from './types.ts';

/**
 * The names of the last observation found distinct (ByPositionScratch.lastDistinct). A Set over
 * 1,000 names costs more than the whole positional calculation, while a simulation asks about the
 * same pod list sync after sync; comparing against this copy element by element is a few pointer
 * comparisons per pod. It is a memo of a pure function of the names (not state that can change a
 * result): a hit requires the very same names in the very same order.
 */
export interface DistinctNamesMemo {
  lastDistinct: readonly string[];
}

/**
 * True when no two names among `obs.pods` and `obs.unmatchedPodMetrics` are equal. Without a
 * memo every call builds the Set.
 */
export function podNamesDistinct(
  obs: Observation,
  memo: DistinctNamesMemo = { lastDistinct: [] },
): boolean {
  const pods = obs.pods;
  const unmatched = obs.unmatchedPodMetrics;
  const podCount = pods.length;
  const total = podCount + (unmatched?.length ?? 0);
  if (sameNames(memo.lastDistinct, obs, total)) return true;
  const seen = new Set<string>();
  const names = new Array<string>(total);
  for (let i = 0; i < podCount; i++) {
    const name = pods[i]!.name;
    if (seen.has(name)) return false;
    seen.add(name);
    names[i] = name;
  }
  for (let j = podCount; j < total; j++) {
    const name = unmatched![j - podCount]!.name;
    if (seen.has(name)) return false;
    seen.add(name);
    names[j] = name;
  }
  memo.lastDistinct = names;
  return true;
}

function sameNames(last: readonly string[], obs: Observation, total: number): boolean {
  if (last.length !== total) return false;
  const pods = obs.pods;
  const podCount = pods.length;
  for (let i = 0; i < podCount; i++) if (pods[i]!.name !== last[i]) return false;
  const unmatched = obs.unmatchedPodMetrics;
  for (let j = podCount; j < total; j++)
    if (unmatched![j - podCount]!.name !== last[j]) return false;
  return true;
}
