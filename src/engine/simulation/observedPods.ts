// The controller's pod list, with the pipeline's steady group folded into one entry. Pods in the
// steady group that are Ready, Running, not deleting and past cpuInitializationPeriod since they
// started are the same pod to the controller (replica_calculator.go groupPods counts each as
// ready with the one shared sample, and a trace never names a ready pod), so they go in as one
// PodObservation with a `count`; the controller's fast path weighs it, its plain path expands it
// (expandPodGroups). The entry takes the place of the first such pod, so the list keeps creation
// order for everything else. Beside the list, each entry's row in the pod store and the owner the
// row must hold (podRows.ts), which the list's PodMetricsView reads the metrics from.

import type { PodObservation } from '../controller/index.ts';
import { GROUP_OWNER, GROUP_ROW } from './podRows.ts';
import type { SimPod, Workload } from './workload.ts';

type GroupEntry = PodObservation & { count: number };

export class ObservedPods {
  private list: PodObservation[] = [];
  private version = -1;
  private groupVersion = -1;
  /** the list holds until a member crosses its cpuInitializationPeriod (or pods change) */
  private validUntil = -Infinity;
  /** per entry of the list: its pod store row, and that row's owner while it holds its state */
  rows = new Int32Array(0);
  owners = new Int32Array(0);
  /** per entry: the pods it stands for (its `count`, 1 for a pod of its own) */
  weights = new Int32Array(0);

  constructor(private readonly cpuInitializationPeriodSeconds: number) {}

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
    }
    const rows = this.rows;
    const owners = this.owners;
    const weights = this.weights;
    let entry: GroupEntry | null = null;
    let first = -1;
    let until = Infinity;
    for (const p of pods) {
      const o = p.obs;
      const start = o.startTime;
      const steady =
        p.inGroup && o.ready === true && o.phase === 'Running' && !o.deleting && start != null;
      if (steady && start + init <= t) {
        if (first < 0) {
          first = list.length;
          rows[first] = GROUP_ROW;
          owners[first] = GROUP_OWNER;
          weights[first] = 1;
          list.push(o);
        } else {
          if (entry === null) list[first] = entry = groupEntry(list[first]!);
          entry.count++;
          weights[first] = entry.count;
        }
        continue;
      }
      if (steady) until = Math.min(until, start + init);
      rows[list.length] = p.inGroup ? GROUP_ROW : p.slot + 1;
      owners[list.length] = p.inGroup ? GROUP_OWNER : p.index;
      weights[list.length] = 1;
      list.push(o);
    }
    this.list = list;
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
