// The ReplicaSet controller's deletion order (pkg/controller/controller_utils.go v1.35,
// ActivePodsWithRanks with LogarithmicScaleDown on; pkg/controller/replicaset/replica_set.go
// getPodsToDelete). `activePodsWithRanksLess` is the comparison as upstream writes it;
// `rankForDeletion` sorts with the very same comparison, its inputs computed once per pod
// instead of once per comparison (a state lookup and two log₂ per call were most of a
// scale-down). The comparison is not a strict weak order (pods with equal Ready and creation
// times tie, yet each is ordered against a third by UID), so the result is whatever the sort
// algorithm makes of it: the fast path runs V8's Array.prototype.sort algorithm (TimSort, written
// out in timSort.ts, so the comparison is inlined rather than called out of the builtin) over the
// same input order with the same answers, hence the same result (deletionRank.test.ts checks it
// against the plain sort), and every engine, not only V8, orders alike.

import { timSort } from './timSort.ts';

/** What the ranking reads of a pod (workload.ts SimPod; declared here so neither imports the other). */
export interface RankedPod {
  index: number;
  createdAt: number;
}

/** A pod's state at t and its Ready time (workload.ts Workload). */
export interface PodStates<P extends RankedPod> {
  stateAt(p: P, t: number): keyof typeof STATE_RANK;
  readyAt(p: P): number | null;
}

// controller_utils.go podPhaseToOrdinal and the readiness key: unassigned < Pending < Running
// not Ready < Ready. Failed pods are never candidates (they are not active).
const STATE_RANK = {
  failed: -1,
  unscheduled: 0,
  starting: 1,
  running: 2,
  ready: 3,
  terminating: 4,
  gone: 5,
} as const;
const READY = STATE_RANK.ready;
/** RankKeys.key's weight of the state: above any Ready rank + 1 (a log₂ of nanoseconds, ≤ 64) */
const STATE_WEIGHT = 128;

/** A stable stand-in for a pod's UID, the random tie-break of the logarithmic comparison. */
function uid(index: number): number {
  let h = Math.imul(index ^ 0x9e3779b9, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

// upstream: controller_utils.go logarithmicRankDiff (one side of it)
/** Durations since each time compared as floor(log2(nanoseconds)): pods within 2× tie. */
function logRank(now: number, time: number): number {
  const d = (now - time) * 1e9;
  return d > 0 ? Math.floor(Math.log2(d)) : -1;
}

// upstream: controller_utils.go ActivePodsWithRanks.Less
/**
 * Negative when `a` goes before `b`: unassigned before assigned, Pending before Running, not
 * Ready before Ready, Ready for less time first (log₂ buckets, then the UID), newer first (log₂
 * buckets, then the UID). Pod deletion cost, the co-location rank and restart counts are equal
 * for every simulated pod.
 */
export function activePodsWithRanksLess<P extends RankedPod>(
  a: P,
  b: P,
  t: number,
  w: PodStates<P>,
): number {
  const sa: number = STATE_RANK[w.stateAt(a, t)];
  const sb: number = STATE_RANK[w.stateAt(b, t)];
  if (sa !== sb) return sa - sb;
  if (sa === READY) {
    const ra = w.readyAt(a)!;
    const rb = w.readyAt(b)!;
    if (ra !== rb) {
      const diff = logRank(t, ra) - logRank(t, rb);
      return diff !== 0 ? diff : uid(a.index) - uid(b.index);
    }
  }
  if (a.createdAt !== b.createdAt) {
    const diff = logRank(t, a.createdAt) - logRank(t, b.createdAt);
    return diff !== 0 ? diff : uid(a.index) - uid(b.index);
  }
  return 0;
}

/** Per-pod inputs of the comparison, reused from one scale-down to the next (a workload's own). */
export class RankKeys {
  /**
   * The comparison's first two steps in one number: state × STATE_WEIGHT, plus the Ready rank + 1
   * for a Ready pod. Keys that differ answer as the state, or the Ready ranks of two Ready pods
   * (whose Ready times then differ), would: the same sign.
   */
  key = new Int32Array(0);
  state = new Float64Array(0);
  readyAt = new Float64Array(0);
  createdAt = new Float64Array(0);
  createdRank = new Float64Array(0);
  uid = new Float64Array(0);
  /** the positions the sort orders (its first n entries), reused */
  order: number[] = [];

  /** The comparison over the keys (activePodsWithRanksLess's, by position), made once. */
  readonly compare = (a: number, b: number): number => {
    const key = this.key;
    const ka = key[a]!;
    const kb = key[b]!;
    if (ka !== kb) return ka - kb;
    // the same state, and for Ready pods the same Ready rank
    const ids = this.uid;
    if (this.state[a] === READY) {
      const readyAt = this.readyAt;
      if (readyAt[a] !== readyAt[b]) return ids[a]! - ids[b]!;
    }
    const createdAt = this.createdAt;
    if (createdAt[a] !== createdAt[b]) {
      const diff = this.createdRank[a]! - this.createdRank[b]!;
      return diff !== 0 ? diff : ids[a]! - ids[b]!;
    }
    return 0;
  };

  fill<P extends RankedPod>(active: P[], t: number, w: PodStates<P>): void {
    const n = active.length;
    if (this.uid.length < n) {
      const cap = Math.max(n, 2 * this.uid.length);
      this.key = new Int32Array(cap);
      this.state = new Float64Array(cap);
      this.readyAt = new Float64Array(cap);
      this.createdAt = new Float64Array(cap);
      this.createdRank = new Float64Array(cap);
      this.uid = new Float64Array(cap);
    }
    // Pods made in one batch share their creation and Ready times, and come one after another:
    // a time equal to the last one's has its rank (one log₂ per distinct time, not per pod).
    let lastReady = NaN;
    let lastReadyRank = 0;
    let lastCreated = NaN;
    let lastCreatedRank = 0;
    for (let i = 0; i < n; i++) {
      const p = active[i]!;
      const s = STATE_RANK[w.stateAt(p, t)];
      this.state[i] = s;
      if (s === READY) {
        const r = w.readyAt(p)!;
        this.readyAt[i] = r;
        if (r !== lastReady) {
          lastReady = r;
          lastReadyRank = logRank(t, r);
        }
        this.key[i] = s * STATE_WEIGHT + lastReadyRank + 1;
      } else {
        this.key[i] = s * STATE_WEIGHT;
      }
      const c = p.createdAt;
      this.createdAt[i] = c;
      if (c !== lastCreated) {
        lastCreated = c;
        lastCreatedRank = logRank(t, c);
      }
      this.createdRank[i] = lastCreatedRank;
      this.uid[i] = uid(p.index);
    }
  }
}

/**
 * `active` in deletion order: activePodsWithRanksLess's, by the same sort (the file's head):
 * V8's TimSort written out (timSort.ts), which makes the builtin's comparisons and moves.
 * `count`: only the first that many (a scale-down's victims), the whole order sorted all the same.
 */
export function rankForDeletion<P extends RankedPod>(
  active: P[],
  t: number,
  w: PodStates<P>,
  keys = new RankKeys(),
  count = active.length,
): P[] {
  const n = active.length;
  keys.fill(active, t, w);
  // the keys' array, sorted over its first n entries (timSort reads no further)
  const order = keys.order;
  for (let i = 0; i < n; i++) order[i] = i;
  timSort(order, n, keys.compare);
  const k = Math.min(count, n);
  const out = new Array<P>(k);
  for (let i = 0; i < k; i++) out[i] = active[order[i]!]!;
  return out;
}
