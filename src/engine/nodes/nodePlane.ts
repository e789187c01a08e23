// The node plane: a control plane (../simulation/plane.ts) under one cluster, stacked beside its
// HPA. Two clocks of its own: the provisioner's scan (cluster-autoscaler's --scan-interval) and
// the scheduler's reaction to a node turning Ready or a pod leaving one (kube-scheduler moves
// unschedulable pods back to its active queue on a Node add or a Pod delete event): a clock
// without a period that fires at the next such instant.
// It writes no scale: it decides which Pending pods get a node, and when nodes come and go.

import type { Cluster } from '../simulation/cluster.ts';
import { nodeGroupsOf, type NodesInput } from '../simulation/nodesInput.ts';
import type { ControlPlane, PlaneClock, PlaneSync } from '../simulation/plane.ts';
import type { Workload } from '../simulation/workload.ts';
import { ClusterAutoscaler, type AutoscalerSnapshot } from './clusterAutoscaler.ts';
import { Karpenter, type KarpenterSnapshot } from './karpenter.ts';
import type { NodeEvent } from './events.ts';
import { NodePool, podRequests, type PoolSnapshot } from './pool.ts';

/** Initial nodes and pods are this old at t = 0 (as the cluster's initial pods are). */
const INITIAL_AGE_SECONDS = 3600;

interface NodePlaneSnapshot {
  pool: PoolSnapshot;
  autoscaler: AutoscalerSnapshot | KarpenterSnapshot;
  lastBind: number;
  events: number;
}

export class NodePlane implements ControlPlane {
  readonly clocks: readonly PlaneClock[];
  readonly pool: NodePool;
  readonly input: NodesInput;
  /** the plane's timeline; a restore drops what came after the snapshot */
  readonly events: NodeEvent[] = [];
  private readonly workload: Workload;
  private readonly autoscaler: ClusterAutoscaler | Karpenter;
  /** the binder's last check: nodes Ready after it have not been announced */
  private lastBind = -Infinity;
  /** the earliest Ready instant not yet announced (Infinity: none), kept between ticks */
  private due = Infinity;
  private readonly out: PlaneSync = { members: [null], central: null };

  constructor(input: NodesInput, cluster: Cluster) {
    this.input = input;
    this.workload = cluster.workload;
    const w = this.workload;
    const groups = nodeGroupsOf(input);
    this.pool = new NodePool(groups, podRequests(w.model));
    const prov = input.provisioner;
    this.autoscaler =
      prov.kind === 'karpenter'
        ? new Karpenter(prov, input, this.pool, w, this.events)
        : new ClusterAutoscaler(prov, input, this.pool, w, this.events);
    const born = -INITIAL_AGE_SECONDS;
    groups.forEach((g, gi) => {
      for (let i = 0; i < g.initial; i++) this.pool.add(born, born, gi);
    });
    // The starting pods are on the starting nodes as far as they fit; the rest wait (Pending).
    w.placer = this.pool;
    for (const p of w.pods) {
      if (p.failed || p.scheduledAt === null) continue;
      if (!this.pool.place(p, p.createdAt)) w.unbind(p);
    }
    this.lastBind = 0;
    this.clocks = [
      {
        first: 0,
        period: 0,
        // Only while pods wait: a node turning Ready, or a pod leaving a node, may place them.
        next: () => (w.unscheduledCount > 0 ? Math.min(this.due, w.nextGone) : this.due),
        fire: (_n, t) => this.bind(t),
      },
      // The provisioner's clocks; after each, the nodes it asked for are due to turn Ready.
      ...this.provisionerClocks(),
    ];
  }

  private provisionerClocks(): PlaneClock[] {
    const a = this.autoscaler;
    const after = (c: PlaneClock): PlaneClock => ({
      first: c.first,
      period: c.period,
      ...(c.next ? { next: c.next } : {}),
      fire: (n, t) => {
        c.fire(n, t);
        this.due = this.nextReady();
      },
    });
    if (a instanceof Karpenter) return a.clocks.map(after);
    const scan =
      this.input.provisioner.kind === 'cluster-autoscaler'
        ? this.input.provisioner.scanIntervalSeconds
        : 10;
    return [after({ first: 0, period: scan, fire: (_n, t) => a.runOnce(t) })];
  }

  /** The scheduler at t: bind waiting pods to nodes Ready by now, and free the gone pods' room. */
  private bind(t: number): void {
    const w = this.workload;
    w.advance(t);
    this.autoscaler.settleDrained(t);
    w.schedule(t);
    const bound = this.pool.takeBound();
    for (const n of this.pool.live) {
      if (n.readyAt <= this.lastBind || n.readyAt > t) continue;
      const b = bound.get(n.index);
      const waited = b
        ? `; ${b.pods} waiting pod${b.pods === 1 ? '' : 's'} bound to it (the longest waited ${Math.round(b.maxWait)} s)`
        : '; no pod waited for it';
      this.events.push({
        time: t,
        kind: 'node-ready',
        nodes: [n.name],
        pods: b?.pods ?? 0,
        message: `${n.name} Ready ${Math.round(n.readyAt - n.createdAt)} s after ${this.input.provisioner.kind === 'karpenter' ? 'Karpenter launched' : 'cluster-autoscaler asked for'} it${waited}`,
      });
    }
    this.lastBind = t;
    // A node that turned Ready changes what cluster-autoscaler finds unneeded.
    this.pool.version++;
    this.due = this.nextReady();
  }

  /** The earliest Ready instant not yet announced (Infinity: none). */
  private nextReady(): number {
    let next = Infinity;
    for (const n of this.pool.live)
      if (n.readyAt > this.lastBind && n.readyAt < next) next = n.readyAt;
    return next;
  }

  sync(): PlaneSync {
    return this.out;
  }

  snapshot(): NodePlaneSnapshot {
    return {
      pool: this.pool.snapshot(),
      autoscaler: this.autoscaler.snapshot(),
      lastBind: this.lastBind,
      events: this.events.length,
    };
  }

  restore(state: unknown): void {
    const s = state as NodePlaneSnapshot;
    this.pool.restore(s.pool);
    // The snapshot came from this plane's own provisioner.
    this.autoscaler.restore(s.autoscaler as never);
    this.lastBind = s.lastBind;
    this.due = this.nextReady();
    this.events.length = Math.min(this.events.length, s.events);
  }
}
