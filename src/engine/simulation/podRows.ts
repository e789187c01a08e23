// The pod store's columns: every pod's counters and metrics-server's stored points as rows of
// typed arrays, indexed by the pod's slot (row slot + 2; rows 0 and 1 are the groups'), instead of
// one PodMetricsState object and one Float64Array per pod. A scrape's integrate, store and report
// then run over arrays: a churn run's per-pod cost was the chain of objects each pod's numbers
// sat behind (SimPod → metrics → v → its buffer, obs → resourceMetrics → containers → usage).
// Snapshots keep PodMetricsState objects (state.ts), copied in and out here.

import type { PodMetricsState } from './state.ts';

/** The row of the pipeline's steady group (its one shared state). */
export const GROUP_ROW = 0;
/** The row of the pipeline's burst group (pods whose start-up burst is on: one shared state). */
export const BURST_ROW = 1;
/** A pod's own row is its slot + POD_ROW. */
export const POD_ROW = 2;
/** SimPod.group of a pod in no group (else the group's row). */
export const NO_GROUP = -1;
/** `owner` of a row that holds no state (the pod is not in the kubelet's answer). */
export const NO_OWNER = -1;
/** `owner` of the steady group's row while the group has members. */
export const GROUP_OWNER = -2;
/** `owner` of the burst group's row while it has members. */
export const BURST_OWNER = -3;

/** The owner a group's row (GROUP_ROW or BURST_ROW) holds while the group has members. */
export function groupOwner(row: number): number {
  return row === GROUP_ROW ? GROUP_OWNER : BURST_OWNER;
}

export class PodRows {
  /** values per row: BLOCKS blocks of loads × containers (metricsPipeline.ts ACC, LAST, …) */
  v: Float64Array;
  lastT: Float64Array;
  prevT: Float64Array;
  pollT: Float64Array;
  /**
   * The pod (SimPod.index) whose state the row holds, NO_OWNER when none: a slot is reused by a
   * later pod, whose row starts empty until its first scrape, whatever the last owner left.
   */
  owner: Int32Array;
  private rows = 0;

  constructor(readonly stride: number) {
    this.v = new Float64Array(0);
    this.lastT = new Float64Array(0);
    this.prevT = new Float64Array(0);
    this.pollT = new Float64Array(0);
    this.owner = new Int32Array(0);
  }

  /** Room for rows below `n` (new rows hold no state). */
  ensure(n: number): void {
    if (n <= this.rows) return;
    const cap = Math.max(n, 2 * this.rows, 16);
    const grow = <T extends Float64Array | Int32Array>(a: T, make: (k: number) => T, k: number) => {
      const b = make(k);
      b.set(a);
      return b;
    };
    this.v = grow(this.v, (k) => new Float64Array(k), cap * this.stride);
    this.lastT = grow(this.lastT, (k) => new Float64Array(k), cap);
    this.prevT = grow(this.prevT, (k) => new Float64Array(k), cap);
    this.pollT = grow(this.pollT, (k) => new Float64Array(k), cap);
    const owner = grow(this.owner, (k) => new Int32Array(k), cap);
    owner.fill(NO_OWNER, this.rows);
    this.owner = owner;
    this.rows = cap;
  }

  /** A fresh state for `owner` in row r: zero counters, no stored point, no poll. */
  init(r: number, owner: number): void {
    const base = r * this.stride;
    this.v.fill(0, base, base + this.stride);
    this.lastT[r] = NaN;
    this.prevT[r] = NaN;
    this.pollT[r] = NaN;
    this.owner[r] = owner;
  }

  /** Row `to` becomes a copy of row `from`, held by `owner`. */
  copy(from: number, to: number, owner: number): void {
    const s = this.stride;
    this.v.copyWithin(to * s, from * s, from * s + s);
    this.lastT[to] = this.lastT[from]!;
    this.prevT[to] = this.prevT[from]!;
    this.pollT[to] = this.pollT[from]!;
    this.owner[to] = owner;
  }

  /** Every number of the two rows equal (NaN equal to NaN): their reports are equal and stay so. */
  same(a: number, b: number): boolean {
    if (!same(this.lastT[a]!, this.lastT[b]!)) return false;
    if (!same(this.prevT[a]!, this.prevT[b]!) || !same(this.pollT[a]!, this.pollT[b]!))
      return false;
    const v = this.v;
    const s = this.stride;
    for (let k = 0; k < s; k++) if (!same(v[a * s + k]!, v[b * s + k]!)) return false;
    return true;
  }

  /** The row as a snapshot keeps it (a copy). */
  toState(r: number): PodMetricsState {
    const s = this.stride;
    // a loop, not slice(): the builtin's species lookup cost more than a row's few numbers
    const v = new Float64Array(s);
    const from = this.v;
    for (let k = 0; k < s; k++) v[k] = from[r * s + k]!;
    return {
      v,
      lastT: this.lastT[r]!,
      prevT: this.prevT[r]!,
      pollT: this.pollT[r]!,
    };
  }

  /** Row r takes a snapshot's state, held by `owner`. */
  fromState(r: number, m: PodMetricsState, owner: number): void {
    this.ensure(r + 1);
    this.v.set(m.v.subarray(0, this.stride), r * this.stride);
    this.lastT[r] = m.lastT;
    this.prevT[r] = m.prevT;
    this.pollT[r] = m.pollT;
    this.owner[r] = owner;
  }

  /** No row holds a state. */
  clear(): void {
    this.owner.fill(NO_OWNER);
  }
}

const same = (a: number, b: number) => a === b || (a !== a && b !== b);
