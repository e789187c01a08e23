// Not in upstream: the gate for the by-position fast path of replicaCalculator.ts.
//
// Upstream keys every per-pod map by pod name (PodMetricsInfo, the requests map, the pod-group
// sets). When every name in an observation is distinct — the listed pods and the samples of pods
// outside the list together — "keyed by name" and "indexed by position" describe the same maps,
// so the calculation can run over arrays without building any map. With a repeated name the
// by-name semantics are not positional (a later sample overwrites an earlier one, two listed pods
// share one sample and one request), and the Map-based port runs instead. A pod group
// (PodObservation.count) stands for its expanded names (groupedPods.ts), which count too.

import { hasPodGroups } from './groupedPods.ts';
import type { Observation } from './types.ts';

/**
 * The names and counts of the last observation found distinct (ByPositionScratch). A Set over
 * 1,000 names costs more than the whole positional calculation, while a simulation asks about the
 * same pod list sync after sync; comparing against this copy element by element is a few pointer
 * comparisons per entry. It is a memo of a pure function of the names and counts (not state that
 * can change a result): a hit requires the very same names and counts in the very same order.
 */
export interface DistinctNamesMemo {
  lastDistinct: readonly string[];
  /** each listed entry's count (1 for a plain pod), parallel to the first entries of lastDistinct */
  lastCounts: readonly number[];
}

/**
 * True when no two names among `obs.pods` (groups expanded) and `obs.unmatchedPodMetrics` are
 * equal. Without a memo every call builds the Set. Throws on an invalid count (hasPodGroups).
 */
export function podNamesDistinct(
  obs: Observation,
  memo: DistinctNamesMemo = { lastDistinct: [], lastCounts: [] },
): boolean {
  const pods = obs.pods;
  const unmatched = obs.unmatchedPodMetrics;
  const podCount = pods.length;
  const total = podCount + (unmatched?.length ?? 0);
  if (sameNames(memo, obs, total)) return true;
  // the counts a memo hit repeats were checked here, on the miss
  const grouped = hasPodGroups(pods);
  const seen = new Set<string>();
  const names = new Array<string>(total);
  const counts = new Array<number>(podCount);
  let groups: Map<string, number> | null = null;
  for (let i = 0; i < podCount; i++) {
    const pod = pods[i]!;
    const name = pod.name;
    // one probe: the Set grows unless the name was there already
    const size = seen.size;
    if (seen.add(name).size === size) return false;
    names[i] = name;
    const count = pod.count ?? 1;
    counts[i] = count;
    if (grouped && count > 1) (groups ??= new Map()).set(name, count);
  }
  for (let j = podCount; j < total; j++) {
    const name = unmatched![j - podCount]!.name;
    const size = seen.size;
    if (seen.add(name).size === size) return false;
    names[j] = name;
  }
  if (groups !== null && !groupNamesFree(seen, groups)) return false;
  memo.lastDistinct = names;
  memo.lastCounts = counts;
  return true;
}

/**
 * Whether no name in `seen` is a copy name `${group}#${k}` (1 ≤ k < count) of a group. Two
 * groups' copy names never meet: the digits after the last "#" are k in both, so the groups'
 * names would be equal.
 */
function groupNamesFree(seen: Set<string>, groups: Map<string, number>): boolean {
  for (const name of seen) {
    const hash = name.lastIndexOf('#');
    if (hash < 0) continue;
    const suffix = name.slice(hash + 1);
    const k = Number(suffix);
    // only the canonical decimal spelling is a copy name ("#01", "#1e3", "#+1" are not)
    if (!(k >= 1) || String(k) !== suffix) continue;
    const count = groups.get(name.slice(0, hash));
    if (count !== undefined && k < count) return false;
  }
  return true;
}

function sameNames(memo: DistinctNamesMemo, obs: Observation, total: number): boolean {
  const last = memo.lastDistinct;
  if (last.length !== total) return false;
  const lastCounts = memo.lastCounts;
  const pods = obs.pods;
  const podCount = pods.length;
  for (let i = 0; i < podCount; i++) {
    const pod = pods[i]!;
    if (pod.name !== last[i] || (pod.count ?? 1) !== lastCounts[i]) return false;
  }
  const unmatched = obs.unmatchedPodMetrics;
  for (let j = podCount; j < total; j++)
    if (unmatched![j - podCount]!.name !== last[j]) return false;
  return true;
}
