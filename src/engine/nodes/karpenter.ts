// Karpenter as the provisioner: pending pods open a batch that closes after batchIdleDuration
// without a new one (1 s) or batchMaxDuration (10 s); the batch's pods are packed onto new
// NodeClaims (one node shape here), which turn Ready after their launch delay. The disruption
// controller consolidates: every 10 s, nodes that have been consolidatable for consolidateAfter
// (empty, or with pods that fit on the other nodes) are deleted or drained, within the budget.
// upstream: kubernetes-sigs/karpenter v1 (pkg/controllers/provisioning/batcher.go,
// provisioner.go, pkg/controllers/disruption/{controller,emptiness,singlenodeconsolidation}.go).

import type { KarpenterInput, NodesInput } from '../simulation/nodesInput.ts';
import type { PlaneClock } from '../simulation/plane.ts';
import type { Workload } from '../simulation/workload.ts';
import { estimate } from './clusterAutoscaler.ts';
import { provisioningDelay } from './delay.ts';
import type { NodeEvent } from './events.ts';
import type { NodePool, SimNode } from './pool.ts';

/** The disruption controller's polling period (pkg/controllers/disruption controller.go). */
const DISRUPTION_POLL_SECONDS = 10;

export interface KarpenterSnapshot {
  lastClose: number;
  atMax: boolean;
}

export class Karpenter {
  readonly clocks: PlaneClock[];
  private readonly cfg: KarpenterInput;
  private readonly nodes: NodesInput;
  private readonly pool: NodePool;
  private readonly workload: Workload;
  private readonly events: NodeEvent[];
  /** the last batch's close: pods created after it open the next one */
  private lastClose = -Infinity;
  private atMax = false;
  /**
   * next()'s memo: the workload's version, the pool's version and the last close it was computed
   * for (a close that launched nothing changes neither version: without `lc` the memo gave the
   * same instant again and the clock fired forever at it)
   */
  private memo = { wv: -1, pv: -1, lc: -Infinity, at: Infinity };

  constructor(
    cfg: KarpenterInput,
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
    this.clocks = [
      { first: 0, period: 0, next: () => this.batchCloses(), fire: (_n, t) => this.provision(t) },
      { first: 0, period: DISRUPTION_POLL_SECONDS, fire: (_n, t) => this.disrupt(t) },
    ];
  }

  // upstream: provisioning/batcher.go Wait — the window opens at the first trigger (a pending
  // pod), each new one resets the idle timer, and it closes at idle or max, whichever first.
  private batchCloses(): number {
    const w = this.workload;
    if (w.unscheduledCount === 0) return Infinity;
    const m = this.memo;
    if (m.wv === w.version && m.pv === this.pool.version && m.lc === this.lastClose) return m.at;
    let first = Infinity;
    let last = -Infinity;
    for (const p of w.pods) {
      if (p.scheduledAt !== null || p.deletedAt !== null || p.createdAt <= this.lastClose) continue;
      if (first === Infinity) first = last = p.createdAt;
      else if (p.createdAt <= last + this.cfg.batchIdleSeconds) last = Math.max(last, p.createdAt);
    }
    const at =
      first === Infinity
        ? Infinity
        : Math.min(first + this.cfg.batchMaxSeconds, last + this.cfg.batchIdleSeconds);
    this.memo = { wv: w.version, pv: this.pool.version, lc: this.lastClose, at };
    return at;
  }

  // upstream: provisioning/provisioner.go Schedule and CreateNodeClaims — pods that fit no
  // existing or in-flight node go on new NodeClaims, first fit, within the NodePool's limits.
  private provision(t: number): void {
    const w = this.workload;
    w.advance(t);
    this.lastClose = t;
    const pool = this.pool;
    const pending = w.unscheduledCount;
    if (pending === 0) return;
    if (pool.slots === 0) {
      this.log(
        t,
        'no-fit',
        [],
        pending,
        `${pending} pods Pending for good: a pod requests more than a node of this shape holds; Karpenter launches no node for it`,
      );
      return;
    }
    let free = 0;
    for (const n of pool.live) if (n.cordonedAt === null) free += pool.slots - n.pods;
    const remaining = pending - free;
    if (remaining <= 0) return;
    const needed = estimate(remaining, pool.slots);
    const size = pool.liveCount();
    const n = Math.min(needed, this.nodes.max - size);
    if (n <= 0) {
      if (!this.atMax) {
        this.atMax = true;
        this.log(
          t,
          'max-size',
          [],
          remaining,
          `${remaining} pods unschedulable and the NodePool is at its limit (${this.nodes.max} nodes): they wait`,
        );
      }
      return;
    }
    this.atMax = n < needed;
    const made: SimNode[] = [];
    for (let i = 0; i < n; i++)
      made.push(pool.add(t, t + provisioningDelay(this.cfg.provisioningDelay, pool.nodes.length)));
    const d = made.map((m) => m.readyAt - t);
    const lo = Math.min(...d);
    const hi = Math.max(...d);
    this.log(
      t,
      'scale-up',
      made.map((m) => m.name),
      remaining,
      `Karpenter: batch of ${remaining} pending pod${remaining === 1 ? '' : 's'} closed; ${n} NodeClaim${n === 1 ? '' : 's'} launched (${size} → ${size + n})${n < needed ? ` (limit ${this.nodes.max}; ${needed} needed)` : ''}: ${made.map((m) => m.name).join(', ')} Ready in ${lo === hi ? `${lo} s` : `${lo}–${hi} s`}`,
    );
  }

  // upstream: disruption/controller.go Reconcile (every 10 s), emptiness.go and
  // singlenodeconsolidation.go — a node is a candidate once consolidatable for consolidateAfter;
  // empty ones are deleted (as many as the budget allows), then one non-empty node whose pods
  // fit on the others is drained (WhenEmptyOrUnderutilized only).
  private disrupt(t: number): void {
    const pool = this.pool;
    this.workload.advance(t);
    this.settleDrained(t);
    if (pool.cordoned > 0) return;
    const slots = pool.slots;
    let free = 0;
    for (const n of pool.live) if (pool.schedulable(n, t)) free += slots - n.pods;
    for (const n of pool.live) {
      const fits =
        n.pods === 0 ||
        (this.cfg.consolidationPolicy === 'WhenEmptyOrUnderutilized' &&
          n.pods <= free - (slots - n.pods));
      if (!pool.schedulable(n, t) || !fits || this.workload.unscheduledCount > 0)
        n.unneededSince = null;
      else if (n.unneededSince === null) n.unneededSince = t;
    }
    let size = pool.liveCount();
    let budget = Math.max(1, Math.floor((size * this.cfg.budgetPercent) / 100));
    const due = (n: SimNode) =>
      n.unneededSince !== null && n.unneededSince + this.cfg.consolidateAfterSeconds <= t;
    const empty = pool.live.filter((n) => n.pods === 0 && due(n));
    const gone: SimNode[] = [];
    for (const n of empty) {
      if (budget <= 0 || size <= this.nodes.min) break;
      gone.push(n);
      budget--;
      size--;
    }
    for (const n of gone) {
      n.unneededSince = null;
      pool.remove(n, t);
    }
    if (gone.length > 0) {
      this.log(
        t,
        'scale-down',
        gone.map((n) => n.name),
        0,
        `Karpenter: consolidation deleted empty node${gone.length === 1 ? '' : 's'} ${gone.map((n) => n.name).join(', ')}`,
      );
      return;
    }
    if (budget <= 0 || size <= this.nodes.min) return;
    // The emptiest candidate first: its pods are the fewest to move.
    const busy = pool.live
      .filter((n) => n.pods > 0 && due(n))
      .sort((a, b) => a.pods - b.pods || a.index - b.index);
    const n = busy[0];
    if (!n) return;
    n.unneededSince = null;
    pool.cordon(n, t);
    const victims = this.workload.pods.filter((p) => p.node === n.index && p.deletedAt === null);
    this.workload.evict(victims, t);
    this.log(
      t,
      'drain',
      [n.name],
      victims.length,
      `Karpenter: consolidation drains ${n.name}: its ${victims.length} pod${victims.length === 1 ? '' : 's'} fit on the other nodes`,
    );
  }

  settleDrained(t: number): void {
    if (this.pool.cordoned === 0) return;
    for (const n of this.pool.live.slice())
      if (n.cordonedAt !== null && n.pods === 0) this.pool.remove(n, t);
  }

  private log(t: number, kind: NodeEvent['kind'], nodes: string[], pods: number, message: string) {
    this.events.push({ time: t, kind, nodes, pods, message });
  }

  snapshot(): KarpenterSnapshot {
    return { lastClose: this.lastClose, atMax: this.atMax };
  }

  restore(s: KarpenterSnapshot): void {
    this.lastClose = s.lastClose;
    this.atMax = s.atMax;
    this.memo = { wv: -1, pv: -1, lc: -Infinity, at: Infinity };
  }
}
