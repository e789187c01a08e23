// The controller's pod list, with each of the pipeline's groups (the steady group, the burst group)
// folded into one entry. Pods of one group that are Ready, Running, not deleting and past
// cpuInitializationPeriod since they started are the same pod to the controller (replica_calculator.go groupPods counts each as
// ready with the one shared sample, and a trace never names a ready pod), so they go in as one
// PodObservation with a `count`; the controller's fast path weighs it, its plain path expands it
// (expandPodGroups). An entry takes the place of its group's first such pod, so the list keeps creation
// order for everything else. Beside the list, each entry's row in the pod store and the owner the
// row must hold (podRows.ts), which the list's PodMetricsView reads the metrics from.

import type { PodFieldColumns, PodObservation } from '../controller/index.ts';
import { GROUP_ROW, groupOwner, NO_GROUP, POD_ROW } from './podRows.ts';
import type { SimPod, Workload } from './workload.ts';

type GroupEntry = PodObservation & { count: number };

export class ObservedPods {
  private list: PodObservation[] = [];
  private version = -1;
  private groupVersion = -1;
  /**
   * the list holds until a member crosses its cpuInitializationPeriod or its deletion time comes
   * (or pods change)
   */
  private validUntil = -Infinity;
  /** per entry of the list: its pod store row, and that row's owner while it holds its state */
  rows = new Int32Array(0);
  owners = new Int32Array(0);
  /** per entry: the pods it stands for (its `count`, 1 for a pod of its own) */
  weights = new Int32Array(0);
  /** per entry: its pod's slot (a group entry: its first pod's), the fields' column (podFields.ts) */
  slots = new Int32Array(0);
  /** every entry holds the same containers, initContainers and podRequests objects */
  sharedRequests = false;
  /**
   * The burst group's entry's pods beyond the first (its count − 1; 0: none): the entries the
   * list would hold without that group, which the work meter counts (budgets stop where they did).
   */
  burstFolded = 0;

  /** the list's fields as the controller reads them (`fields`) */
  private readonly view: PodFieldColumns = {
    at: this.slots,
    phase: new Uint8Array(0),
    deleting: new Uint8Array(0),
    ready: new Uint8Array(0),
    startTime: new Float64Array(0),
    readyTransitionTime: new Float64Array(0),
    settledStart: new Float64Array(0),
    sharedRequests: false,
  };

  constructor(private readonly cpuInitializationPeriodSeconds: number) {}

  /**
   * The list's fields (Observation.podFields): the workload's columns (podFields.ts), each entry
   * at its pod's slot; a group entry's are its first pod's, which it copied (both settled: Ready,
   * Running, not deleting, until a change rebuilds the list).
   */
  fields(w: Workload): PodFieldColumns {
    const f = this.view;
    const c = w.fields;
    f.at = this.slots;
    f.phase = c.phase;
    f.deleting = c.deleting;
    f.ready = c.ready;
    f.startTime = c.startTime;
    f.readyTransitionTime = c.readyTransitionTime;
    f.settledStart = c.settledStart;
    f.sharedRequests = this.sharedRequests;
    return f;
  }

  /** The pod list for a sync at t (after workload.observe(t)). */
  at(w: Workload, groupVersion: number, t: number): PodObservation[] {
    if (w.version === this.version && groupVersion === this.groupVersion && t < this.validUntil)
      return this.list;
    this.rebuild(w.pods, t);
    this.version = w.version;
    this.groupVersion = groupVersion;
    return this.list;
  }

  private rebuild(pods: SimPod[], t: number): void {
    const init = this.cpuInitializationPeriodSeconds;
    const list: PodObservation[] = [];
    if (this.rows.length < pods.length) {
      this.rows = new Int32Array(Math.max(pods.length, 2 * this.rows.length));
      this.owners = new Int32Array(this.rows.length);
      this.weights = new Int32Array(this.rows.length);
      this.slots = new Int32Array(this.rows.length);
    }
    const rows = this.rows;
    const owners = this.owners;
    const weights = this.weights;
    const slots = this.slots;
    let shared = true;
    // per group (the steady group's row 0, the burst group's 1): its entry's position and entry
    let entry: GroupEntry | null = null;
    let first = -1;
    let burstEntry: GroupEntry | null = null;
    let burstFirst = -1;
    let until = Infinity;
    const o0 = pods.length > 0 ? pods[0]!.obs : null;
    for (const p of pods) {
      const o = p.obs;
      if (
        o.containers !== o0!.containers ||
        o.initContainers !== o0!.initContainers ||
        o.podRequests !== o0!.podRequests
      )
        shared = false;
      const start = o.startTime;
      const g = p.group;
      const steady =
        g !== NO_GROUP && o.ready === true && o.phase === 'Running' && !o.deleting && start != null;
      if (steady && start + init <= t) {
        const at = g === GROUP_ROW ? first : burstFirst;
        if (at < 0) {
          const k = list.length;
          if (g === GROUP_ROW) first = k;
          else burstFirst = k;
          rows[k] = g;
          owners[k] = groupOwner(g);
          weights[k] = 1;
          slots[k] = p.slot;
          list.push(o);
        } else if (g === GROUP_ROW) {
          if (entry === null) list[at] = entry = groupEntry(list[at]!);
          entry.count++;
          weights[at] = entry.count;
        } else {
          if (burstEntry === null) list[at] = burstEntry = groupEntry(list[at]!);
          burstEntry.count++;
          weights[at] = burstEntry.count;
        }
        // a deletion the API will make later: the pod leaves the group then (deleting)
        if (p.deletedAt !== null) until = Math.min(until, p.deletedAt);
        continue;
      }
      if (steady) until = Math.min(until, start + init);
      rows[list.length] = g !== NO_GROUP ? g : p.slot + POD_ROW;
      owners[list.length] = g !== NO_GROUP ? groupOwner(g) : p.index;
      weights[list.length] = 1;
      slots[list.length] = p.slot;
      list.push(o);
    }
    this.list = list;
    this.burstFolded = burstEntry === null ? 0 : burstEntry.count - 1;
    this.sharedRequests = shared;
    this.validUntil = until;
  }
}

/**
 * `{ ...pod, count: 1 }`, built field by field. A spread of a pod's observation took V8's slow
 * clone, which gave every entry a map of its own: the controller's reads of pod fields (isIgnored,
 * groupPodsByPosition, the requests) then met a new shape at every rebuild and went megamorphic.
 * Object.assign adds the same fields in the same order along shared transitions.
 */
function groupEntry(pod: PodObservation): GroupEntry {
  const entry = Object.assign({}, pod) as GroupEntry;
  entry.count = 1;
  return entry;
}
