// cluster-autoscaler's loop over one node group, as RunOnce runs it every --scan-interval:
// pods the scheduler could not place ask for nodes (scale-up), nodes whose pods fit elsewhere
// and whose requests are under the threshold for --scale-down-unneeded-time go (scale-down).
// upstream: kubernetes/autoscaler cluster-autoscaler 1.32 (core/, estimator/, simulator/);
// each function names the Go function it follows.

import type { ClusterAutoscalerInput, NodesInput } from '../simulation/nodesInput.ts';
import type { Workload } from '../simulation/workload.ts';
import { provisioningDelay } from './delay.ts';
import { bestOption, type ExpansionOption } from './expander.ts';
import type { NodeEvent } from './events.ts';
import type { NodePool, SimNode } from './pool.ts';

export interface AutoscalerSnapshot {
  lastScaleUpTime: number;
  lastScaleDownDeleteTime: number;
  atMax: boolean;
  noFit: boolean;
}

const NEVER = -Infinity;

export class ClusterAutoscaler {
  private readonly cfg: ClusterAutoscalerInput;
  private readonly nodes: NodesInput;
  private readonly pool: NodePool;
  private readonly workload: Workload;
  private readonly events: NodeEvent[];
  private lastScaleUpTime = NEVER;
  private lastScaleDownDeleteTime = NEVER;
  /** per group: the most pods a node under the utilization threshold holds */
  private readonly maxPodsUnder: number[];
  /** several node groups (`spec.nodes.groups`): the expander chooses, messages name groups */
  private readonly several: boolean;
  /** the pool's version at the last unneeded pass: unchanged, the pass would find the same */
  private seenVersion = -1;
  /**
   * The earliest instant any node's unneeded time can pass (min unneededSince + the unneeded
   * time; -Infinity: not known, look): before it startDeletion has nothing to look at. Only
   * updateUnneeded sets an unneededSince, and it recomputes this; clearing one only raises it.
   */
  private nextRemovable = -Infinity;
  /** a max-size / no-fit event was logged for the current episode */
  private atMax = false;
  private noFit = false;

  constructor(
    cfg: ClusterAutoscalerInput,
    nodes: NodesInput,
    pool: NodePool,
    workload: Workload,
    events: NodeEvent[],
  ) {
    this.cfg = cfg;
    this.nodes = nodes;
    this.pool = pool;
    this.workload = workload;
    this.events = events;
    this.several = pool.groups.length > 1;
    this.maxPodsUnder = pool.groups.map((_g, gi) => this.podsUnder(gi));
  }

  // upstream: core/static_autoscaler.go RunOnce — scale-up for unschedulable pods, then the
  // unneeded nodes are updated every loop, and removed when scale-down is not in cooldown.
  runOnce(t: number): void {
    this.workload.advance(t);
    this.settleDrained(t);
    const pending = this.workload.unscheduledCount;
    if (pending > 0) this.scaleUp(t, pending);
    else this.atMax = this.noFit = false;
    this.updateUnneeded(t);
    if (!this.isScaleDownInCooldown(t) && !this.isNonEmptyNodeDeleteInProgress())
      this.startDeletion(t);
  }

  /** A cordoned node whose pods are all gone is deleted (the actuator's last step). */
  settleDrained(t: number): void {
    if (!this.isNonEmptyNodeDeleteInProgress()) return;
    for (const n of this.pool.live.slice())
      if (n.cordonedAt !== null && n.pods === 0) this.pool.remove(n, t);
  }

  // upstream: core/scaleup/orchestrator/orchestrator.go ScaleUp — upcoming nodes (asked for,
  // not yet Ready) count as if they were there, so a pod is not asked for twice; one option per
  // node group below its max (ComputeExpansionOption: the estimate capped at max − size), the
  // expander picks one, and only that group grows this loop.
  private scaleUp(t: number, pending: number): void {
    const pool = this.pool;
    const slotsOf = pool.slotsOf;
    if (slotsOf.every((k) => k === 0)) {
      if (!this.noFit) {
        this.noFit = true;
        this.log(t, 'no-fit', [], pending, this.noFitMessage(pending));
      }
      return;
    }
    let free = 0;
    for (const n of pool.live) if (n.cordonedAt === null) free += slotsOf[n.group]! - n.pods;
    const remaining = pending - free;
    if (remaining <= 0) return;
    const options: ExpansionOption[] = [];
    const neededOf: number[] = [];
    for (let g = 0; g < slotsOf.length; g++) {
      const slots = slotsOf[g]!;
      neededOf.push(estimate(remaining, slots));
      const room = pool.groups[g]!.max - pool.groupSize(g);
      if (slots === 0 || room <= 0) continue;
      const nodeCount = Math.min(neededOf[g]!, room);
      options.push({ group: g, nodeCount, pods: Math.min(remaining, nodeCount * slots) });
    }
    if (options.length === 0) {
      if (!this.atMax) {
        this.atMax = true;
        const max = this.several
          ? 'every node group that fits the pod is at its max size'
          : `the node group is at its max size (${this.nodes.max})`;
        this.log(
          t,
          'max-size',
          [],
          remaining,
          `${remaining} pod${remaining === 1 ? '' : 's'} unschedulable and ${max}: they wait for room`,
        );
      }
      return;
    }
    const best = bestOption(
      this.cfg.expander,
      options,
      { groups: pool.groups, pod: pool.pod, seed: this.cfg.provisioningDelay.seed },
      t,
    )!;
    const g = best.group;
    const group = pool.groups[g]!;
    const needed = neededOf[g]!;
    const n = best.nodeCount;
    const size = pool.groupSize(g);
    const made: SimNode[] = [];
    for (let i = 0; i < n; i++) {
      const index = pool.nodes.length;
      made.push(pool.add(t, t + provisioningDelay(this.cfg.provisioningDelay, index), g));
    }
    const delays = made.map((m) => m.readyAt - t);
    const lo = Math.min(...delays);
    const hi = Math.max(...delays);
    const which = this.several
      ? `node group ${group.name} (expander ${this.cfg.expander}, of ${options.length} option${options.length === 1 ? '' : 's'})`
      : 'node group';
    this.log(
      t,
      'scale-up',
      made.map((m) => m.name),
      remaining,
      `cluster-autoscaler: ${remaining} pod${remaining === 1 ? '' : 's'} unschedulable; ${which} ${size} → ${size + n}${n < needed ? ` (capped at max ${group.max}; ${needed} needed)` : ''}: ${made.map((m) => m.name).join(', ')} Ready in ${lo === hi ? `${lo} s` : `${lo}–${hi} s`}`,
    );
    if (n < needed && options.length === 1) this.atMax = true;
    this.lastScaleUpTime = t;
  }

  // upstream: core/static_autoscaler.go isScaleDownInCooldown
  private isScaleDownInCooldown(t: number): boolean {
    return (
      this.lastScaleUpTime + this.cfg.scaleDownDelayAfterAddSeconds > t ||
      this.lastScaleDownDeleteTime + this.cfg.scaleDownDelayAfterDeleteSeconds > t
    );
  }

  // upstream: core/scaledown/actuation NodeDeletionTracker.IsNonEmptyNodeDeleteInProgress
  private isNonEmptyNodeDeleteInProgress(): boolean {
    return this.pool.cordoned > 0;
  }

  // upstream: core/scaledown/eligibility/eligibility.go unremovableReasonAndNodeUtilization and
  // simulator/cluster.go FindNodesToRemove — a Ready node under the utilization threshold whose
  // pods all fit on the other nodes (after the pods of nodes already found removable moved
  // there); core/scaledown/unneeded/nodes.go Update — a node keeps the time it was first found
  // unneeded for as long as it stays unneeded. Marked on the nodes (no list built per scan).
  private updateUnneeded(t: number): void {
    const pool = this.pool;
    if (pool.version === this.seenVersion) return;
    this.seenVersion = pool.version;
    const slotsOf = pool.slotsOf;
    const live = pool.live;
    let free = 0;
    for (const n of live) if (pool.schedulable(n, t)) free += slotsOf[n.group]! - n.pods;
    let moved = 0;
    let freed = 0;
    let since = Infinity;
    for (const n of live) {
      let unneeded = false;
      const slots = slotsOf[n.group]!;
      if (n.pods <= this.maxPodsUnder[n.group]! && pool.schedulable(n, t)) {
        // Room left on the nodes that stay: every free slot but this node's and the removed
        // ones', less what the removed ones' pods already took.
        const room = free - (slots - n.pods) - freed - moved;
        if (n.pods <= room) {
          unneeded = true;
          moved += n.pods;
          freed += slots - n.pods;
        }
      }
      if (!unneeded) n.unneededSince = null;
      else if (n.unneededSince === null) n.unneededSince = t;
      if (n.unneededSince !== null && n.unneededSince < since) since = n.unneededSince;
    }
    this.nextRemovable = since + this.cfg.scaleDownUnneededSeconds;
  }

  // upstream: simulator/utilization/info.go Calculate — the larger of cpu and memory requested
  // over allocatable, daemonset pods included (--ignore-daemonsets-utilization=false).
  utilization(pods: number, group = 0): number {
    const s = this.pool.groups[group]!.shape;
    const p = this.pool.pod;
    const cpu = s.cpuMilli > 0 ? (s.overheadCpuMilli + pods * p.cpu) / s.cpuMilli : 0;
    const mem = s.memoryMilli > 0 ? (s.overheadMemoryMilli + pods * p.memory) / s.memoryMilli : 0;
    return Math.max(cpu, mem);
  }

  /** The most pods a node of group g may hold and be under the threshold (-1: none). */
  private podsUnder(g: number): number {
    const slots = this.pool.slotsOf[g]!;
    let k = -1;
    while (k < slots && this.utilization(k + 1, g) < this.cfg.scaleDownUtilizationThreshold) k++;
    return k;
  }

  // upstream: core/scaledown/unneeded/nodes.go RemovableAt (unneeded longer than
  // --scale-down-unneeded-time, strictly; verifyMinSize) and core/scaledown/planner NodesToDelete
  // with --max-scale-down-parallelism / --max-drain-parallelism; actuation StartDeletion deletes
  // empty nodes at once and drains the others (cordon, evict).
  private startDeletion(t: number): void {
    // No node unneeded for long enough (most scans): nothing below would be picked.
    if (!(this.nextRemovable < t)) return;
    const pool = this.pool;
    // verifyMinSize is per node group (sizes counted only once a node is removable: most
    // scans find none).
    let size: number[] | null = null;
    const empty: SimNode[] = [];
    const drain: SimNode[] = [];
    let budget = this.cfg.maxScaleDownParallelism;
    for (const n of pool.live) {
      const since = n.unneededSince;
      if (since === null || !(since + this.cfg.scaleDownUnneededSeconds < t)) continue;
      size ??= pool.groups.map((_g, gi) => pool.groupSize(gi));
      if (size[n.group]! <= pool.groups[n.group]!.min) continue;
      if (budget <= 0) break;
      if (n.pods === 0) empty.push(n);
      else if (drain.length < this.cfg.maxDrainParallelism) drain.push(n);
      else continue;
      size[n.group]!--;
      budget--;
    }
    if (empty.length === 0 && drain.length === 0) return;
    for (const n of empty) {
      n.unneededSince = null;
      pool.remove(n, t);
    }
    if (empty.length > 0)
      this.log(
        t,
        'scale-down',
        empty.map((n) => n.name),
        0,
        `cluster-autoscaler: removed empty node${empty.length === 1 ? '' : 's'} ${empty.map((n) => n.name).join(', ')} (unneeded for over ${this.cfg.scaleDownUnneededSeconds} s)`,
      );
    for (const n of drain) {
      n.unneededSince = null;
      pool.cordon(n, t);
      const victims = this.workload.pods.filter((p) => p.node === n.index && p.deletedAt === null);
      this.workload.evict(victims, t);
      this.log(
        t,
        'drain',
        [n.name],
        victims.length,
        `cluster-autoscaler: draining ${n.name} (${Math.round(this.utilization(n.pods, n.group) * 100)} % requested, under ${Math.round(this.cfg.scaleDownUtilizationThreshold * 100)} %): ${victims.length} pod${victims.length === 1 ? '' : 's'} evicted, to be recreated on other nodes`,
      );
    }
    this.lastScaleDownDeleteTime = t;
  }

  private noFitMessage(pending: number): string {
    if (this.several) {
      const p = this.pool.pod;
      const mi = (m: number) => Math.round(m / 1e3 / 1024 ** 2);
      return `${pending} pod${pending === 1 ? '' : 's'} Pending for good: a pod requests ${p.cpu}m cpu and ${mi(p.memory)}Mi memory, more than an empty node of any node group has (after daemonsets); cluster-autoscaler adds no node for it`;
    }
    const s = this.nodes.shape;
    const p = this.pool.pod;
    // Memory is in milli-bytes.
    const mi = (m: number) => Math.round(m / 1e3 / 1024 ** 2);
    return `${pending} pod${pending === 1 ? '' : 's'} Pending for good: a pod requests ${p.cpu}m cpu and ${mi(p.memory)}Mi memory, more than an empty node has (${s.cpuMilli - s.overheadCpuMilli}m cpu, ${mi(s.memoryMilli - s.overheadMemoryMilli)}Mi memory, ${s.pods - s.overheadPods} pods after daemonsets); cluster-autoscaler adds no node for it`;
  }

  private log(t: number, kind: NodeEvent['kind'], nodes: string[], pods: number, message: string) {
    this.events.push({ time: t, kind, nodes, pods, message });
  }

  snapshot(): AutoscalerSnapshot {
    return {
      lastScaleUpTime: this.lastScaleUpTime,
      lastScaleDownDeleteTime: this.lastScaleDownDeleteTime,
      atMax: this.atMax,
      noFit: this.noFit,
    };
  }

  restore(s: AutoscalerSnapshot): void {
    this.lastScaleUpTime = s.lastScaleUpTime;
    this.lastScaleDownDeleteTime = s.lastScaleDownDeleteTime;
    this.atMax = s.atMax;
    this.noFit = s.noFit;
    this.seenVersion = -1;
    this.nextRemovable = -Infinity;
  }
}

// upstream: estimator/binpacking_estimator.go Estimate — first fit decreasing over new nodes
// made from the group's template; with identical pods every new node takes `slots` of them.
export function estimate(pods: number, slots: number): number {
  return slots > 0 ? Math.ceil(pods / slots) : 0;
}
