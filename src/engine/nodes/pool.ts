// The nodes under one cluster and what the scheduler binds to them. Every pod of the workload
// asks for the same requests, so kube-scheduler's filter (NodeResourcesFit: requests + the
// node's requested ≤ allocatable, pods < allocatable pods) is a slot count per node, and its
// choice among feasible nodes is taken as the first (lowest-numbered) one: a first fit.
// upstream: kubernetes pkg/scheduler/framework/plugins/noderesources/fit.go fitsRequest (v1.35).

import type { WorkloadModel } from '../simulation/input.ts';
import type { NodeGroupInput, NodeShapeInput } from '../simulation/nodesInput.ts';
import type { PodPlacer, SimPod } from '../simulation/workload.ts';

export interface SimNode {
  name: string;
  index: number;
  /** its node group (index into the pool's groups; 0 with one group) */
  group: number;
  /** the cloud call that made it (billing starts) */
  createdAt: number;
  /** Ready: the scheduler may bind pods to it */
  readyAt: number;
  /** cordoned for removal (cluster-autoscaler's ToBeDeleted taint): no new pods */
  cordonedAt: number | null;
  /** deleted (billing stops); null: still there */
  goneAt: number | null;
  /** pods bound to it (not yet gone) */
  pods: number;
  /** since when cluster-autoscaler has found it unneeded (null: it is needed) */
  unneededSince: number | null;
}

/** A node pool's plain-data state (a snapshot). */
export interface PoolSnapshot {
  nodes: SimNode[];
  nodeSeconds: number;
  waits: WaitStats;
}

/** How long pods waited for a node: the ones that found none when created. */
export interface WaitStats {
  pods: number;
  totalSeconds: number;
  maxSeconds: number;
}

/** A pod's requests as kube-scheduler sums them (pod-level requests win, v1.34+). */
export function podRequests(w: WorkloadModel): { cpu: number; memory: number } {
  if (w.podRequests) return { cpu: w.podRequests.cpu ?? 0, memory: w.podRequests.memory ?? 0 };
  // Sidecars (restartable init containers) run beside the app, so their requests add up.
  let cpu = 0;
  let memory = 0;
  for (const c of w.containers) {
    cpu += c.requests.cpu ?? 0;
    memory += c.requests.memory ?? 0;
  }
  return { cpu, memory };
}

/** How many such pods an empty node holds (0: the pod fits no node). */
export function podsPerNode(shape: NodeShapeInput, pod: { cpu: number; memory: number }): number {
  const free = (cap: number, over: number, ask: number) =>
    ask <= 0 ? Infinity : Math.floor(Math.max(0, cap - over) / ask);
  return Math.max(
    0,
    Math.min(
      free(shape.cpuMilli, shape.overheadCpuMilli, pod.cpu),
      free(shape.memoryMilli, shape.overheadMemoryMilli, pod.memory),
      shape.pods - shape.overheadPods,
    ),
  );
}

export class NodePool implements PodPlacer {
  /** the first group's shape (the only one without `spec.nodes.groups`) */
  readonly shape: NodeShapeInput;
  readonly groups: readonly NodeGroupInput[];
  readonly pod: { cpu: number; memory: number };
  /** slots per node of the first group (the only one without `spec.nodes.groups`) */
  readonly slots: number;
  /** slots per node for the workload's pods, per group */
  readonly slotsOf: readonly number[];
  /** every node ever made, by index (gone ones kept: their hours are billed) */
  nodes: SimNode[] = [];
  /** the nodes not gone, by index: what every pass walks (a week's run makes hundreds) */
  live: SimNode[] = [];
  /** live nodes cordoned for removal (a drain in progress) */
  cordoned = 0;
  /** bumped whenever a node or a binding changes (memos outside: nothing moved, same answer) */
  version = 0;
  /** node-seconds of nodes already gone (the live ones are added up when asked) */
  private nodeSeconds = 0;
  waits: WaitStats = { pods: 0, totalSeconds: 0, maxSeconds: 0 };
  /** pods bound to a node at their node's Ready instant, since the last `takeBound` */
  private bound = new Map<number, { pods: number; maxWait: number }>();

  constructor(groups: readonly NodeGroupInput[], pod: { cpu: number; memory: number }) {
    this.groups = groups;
    this.shape = groups[0]!.shape;
    this.pod = pod;
    this.slotsOf = groups.map((g) => podsPerNode(g.shape, pod));
    this.slots = this.slotsOf[0]!;
  }

  add(createdAt: number, readyAt: number, group = 0): SimNode {
    const index = this.nodes.length;
    // One group keeps the names it always had; several name the group (as a cloud's ASG does).
    const prefix = this.groups.length > 1 ? this.groups[group]!.name : 'node';
    const node: SimNode = {
      name: `${prefix}-${index + 1}`,
      index,
      group,
      createdAt,
      readyAt,
      cordonedAt: null,
      goneAt: null,
      pods: 0,
      unneededSince: null,
    };
    this.nodes.push(node);
    this.live.push(node);
    this.version++;
    return node;
  }

  /** The node takes new pods at t: Ready, not cordoned, not gone. */
  schedulable(n: SimNode, t: number): boolean {
    return n.goneAt === null && n.cordonedAt === null && n.readyAt <= t;
  }

  // upstream: pkg/scheduler/framework/plugins/noderesources/fit.go fitsRequest — with identical
  // pods, "requests fit" is "a slot is free".
  place(p: SimPod, t: number): boolean {
    const nodes = this.live;
    for (let j = 0; j < nodes.length; j++) {
      const n = nodes[j]!;
      if (n.pods >= this.slotsOf[n.group]! || !this.schedulable(n, t)) continue;
      const i = n.index;
      n.pods++;
      this.version++;
      p.node = i;
      const wait = t - Math.max(0, p.createdAt);
      // A pod bound when created did not wait; one bound later waited for this node's room.
      if (wait > 0) {
        this.waited(wait);
        const b = this.bound.get(i) ?? { pods: 0, maxWait: 0 };
        b.pods++;
        b.maxWait = Math.max(b.maxWait, wait);
        this.bound.set(i, b);
      }
      return true;
    }
    return false;
  }

  abandoned(p: SimPod, t: number): void {
    const from = Math.max(0, p.createdAt);
    if (t > from) this.waited(t - from);
  }

  /** A pod waited this long for a node (it was bound, deleted, or the run ended). */
  waited(seconds: number): void {
    const w = this.waits;
    w.pods++;
    w.totalSeconds += seconds;
    if (seconds > w.maxSeconds) w.maxSeconds = seconds;
  }

  hasRoom(t: number): boolean {
    for (const n of this.live)
      if (n.pods < this.slotsOf[n.group]! && this.schedulable(n, t)) return true;
    return false;
  }

  release(p: SimPod): void {
    const n = this.nodes[p.node];
    if (n) n.pods--;
    this.version++;
    p.node = -1;
  }

  /** Pods that waited and were bound since the last call, per node (for the event log). */
  takeBound(): Map<number, { pods: number; maxWait: number }> {
    const b = this.bound;
    if (b.size > 0) this.bound = new Map();
    return b;
  }

  remove(n: SimNode, t: number): void {
    if (n.cordonedAt !== null) this.cordoned--;
    n.goneAt = t;
    this.nodeSeconds += t - Math.max(0, n.createdAt);
    this.live = this.live.filter((m) => m !== n);
    this.version++;
  }

  /** Cordon a node at t: no new pods (cluster-autoscaler's ToBeDeleted taint). */
  cordon(n: SimNode, t: number): void {
    n.cordonedAt = t;
    this.cordoned++;
    this.version++;
  }

  /** Node-seconds billed from t = 0 to t (a node made before 0 counts from 0). */
  billedSeconds(t: number): number {
    let s = this.nodeSeconds;
    for (const n of this.live) s += Math.max(0, t - Math.max(0, n.createdAt));
    return s;
  }

  /**
   * Counts at t: Ready and schedulable, provisioning, cordoned (draining), pods bound; and the
   * cpu allocatable and taken by daemonsets on the nodes that are on (Ready or draining).
   */
  countsAt(t: number): {
    ready: number;
    provisioning: number;
    draining: number;
    bound: number;
    cpuMilli: number;
    overheadCpuMilli: number;
  } {
    let ready = 0;
    let provisioning = 0;
    let draining = 0;
    let bound = 0;
    let cpuMilli = 0;
    let overheadCpuMilli = 0;
    const groups = this.groups;
    for (const n of this.live) {
      bound += n.pods;
      if (n.cordonedAt !== null) draining++;
      else if (n.readyAt <= t) ready++;
      else {
        provisioning++;
        continue;
      }
      const s = groups[n.group]!.shape;
      cpuMilli += s.cpuMilli;
      overheadCpuMilli += s.overheadCpuMilli;
    }
    return { ready, provisioning, draining, bound, cpuMilli, overheadCpuMilli };
  }

  /** Live nodes of group g. */
  groupSize(g: number): number {
    let k = 0;
    for (const n of this.live) if (n.group === g) k++;
    return k;
  }

  /**
   * What the nodes cost from t = 0 to t at their group's price (null: a group without a
   * price had a node). A node made before 0 counts from 0.
   */
  costUntil(t: number): number | null {
    let cost = 0;
    for (const n of this.nodes) {
      const price = this.groups[n.group]!.price;
      const end = n.goneAt ?? t;
      const s = Math.max(0, end - Math.max(0, n.createdAt));
      if (s <= 0) continue;
      if (price === null) return null;
      cost += (s / 3600) * price;
    }
    return cost;
  }

  /**
   * Nodes in the API at t: registered (taken as at Ready) and not yet gone. Gone nodes are kept,
   * so any past instant is answered (the scrape stagger's bound, ../simulation/scrapeStagger.ts).
   */
  nodesListedAt(t: number): number {
    let n = 0;
    for (const node of this.nodes)
      if (node.readyAt <= t && (node.goneAt === null || node.goneAt > t)) n++;
    return n;
  }

  /** Live nodes (not gone). */
  liveCount(): number {
    return this.live.length;
  }

  snapshot(): PoolSnapshot {
    return {
      nodes: this.nodes.map((n) => ({ ...n })),
      nodeSeconds: this.nodeSeconds,
      waits: { ...this.waits },
    };
  }

  restore(s: PoolSnapshot): void {
    this.nodes = s.nodes.map((n) => ({ ...n }));
    this.live = this.nodes.filter((n) => n.goneAt === null);
    this.cordoned = this.live.filter((n) => n.cordonedAt !== null).length;
    this.version++;
    this.nodeSeconds = s.nodeSeconds;
    this.waits = { ...s.waits };
    this.bound = new Map();
  }
}
