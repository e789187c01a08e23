// The seed proposal's control plane over time (shared/federation/README.md Part A). Every member
// cluster runs our HPA controller on its own pods within the bounds the control plane assigned;
// after the member syncs the control plane applies, in this order: failover (§A.10) and recovery
// (§A.3/§A.4 over the affinity set), Prioritized spill-over (§A.5) and scale-down (§A.6), the
// trigger optimisation of the other divided policies (§A.8), the periodic optimisation pass
// (§A.8), then scale from zero on a burst or else scale to zero, one cluster per sync (§A.9).
// The rules themselves are the pure functions of ../federation; this file only sequences them.

import {
  assign,
  divideByPolicy,
  failover,
  normalise,
  optimize,
  scaleFromZero,
  scaleToZero,
  type Bounds,
  type ClusterTraits,
} from '../federation/index.ts';
import { compareNames } from '../federation/order.ts';
import type { SyncStep } from '../simulation/cluster.ts';
import { SIMULATION_LIMITS } from '../simulation/limits.ts';
import type {
  ClusterChanges,
  ControlPlane,
  ControllerSync,
  PlaneSync,
  TraceLevel,
} from '../simulation/plane.ts';
import { explainPolicyDivision } from './explainDivision.ts';
import { Member, UNLIMITED_AVAILABLE, type MemberState, type PlaneContext } from './member.ts';
import type { ClusterEvent, ClusterEventKind } from './result.ts';

/** What a snapshot keeps of the proposal's control plane. */
interface ProposalState {
  members: MemberState[];
  pendingSince: [string, number][];
  doneScalingDown: string[];
  held: [string, number][];
  lastOptimize: number;
}

const fmt = (b: Bounds | null) => (b ? `${b.minReplicas}/${b.maxReplicas}` : 'no HPA');

/** The raw proposal of a member sync (before stabilization and clamps). */
function rawProposal(step: SyncStep): number {
  return step.r.trace.metricDesiredReplicas ?? step.r.desiredReplicas;
}

export class ProposalPlane implements ControlPlane {
  readonly members: Member[];
  readonly clocks = [];
  private readonly ctx: PlaneContext;
  private readonly fMin: number;
  private readonly fMax: number;
  /** when each cluster's Pending (unschedulable) pods were first seen, continuously (§A.5) */
  private pendingSince = new Map<string, number>();
  /** §A.6: clusters whose scale-down turn is over, and the counts the others are held at */
  private doneScalingDown = new Set<string>();
  private held = new Map<string, number>();
  private lastOptimize = 0;
  private k = 0;
  private t = 0;
  private readonly events: ClusterEvent[];

  /** `events`: where the plane's cluster events go (from the initial assignment on) */
  constructor(ctx: PlaneContext, events: ClusterEvent[]) {
    this.ctx = ctx;
    this.events = events;
    const { input, federation: f } = ctx;
    this.fMin = input.hpa.spec.minReplicas ?? 1;
    this.fMax = input.hpa.spec.maxReplicas;
    // At t = 0 nothing is placed: each cluster's free capacity is its size.
    const traits: ClusterTraits[] = f.clusters.map((c) => ({
      name: c.name,
      weight: c.weight,
      priority: c.priority,
      availableReplicas: c.capacityPods ?? UNLIMITED_AVAILABLE,
    }));
    // The workload's starting replicas, divided by the policy, stand for the previous binding.
    const start = divideByPolicy(f.policy, input.workload.initialReplicas, traits);
    const a = assign({
      policy: f.policy,
      federatedMinReplicas: this.fMin,
      federatedMaxReplicas: this.fMax,
      scalingToZero: f.scalingToZero,
      clusters: traits,
      resourceBinding: traits.map((c, i) => ({ name: c.name, replicas: start[i]! })),
    });
    const bounds = new Map(a.clusters.map((b) => [b.name, b]));
    this.members = f.clusters.map(
      (c, i) =>
        new Member(
          input,
          c,
          a.resourceBinding[i]!.replicas,
          bounds.get(c.name) ?? null,
          ctx.world,
          SIMULATION_LIMITS.maxPods,
        ),
    );
    events.push({
      time: 0,
      sync: 0,
      kind: 'initial',
      rule: `§A.3 ${f.policy} assignment, §A.4 binding`,
      clusters: this.members.map((m) => m.name),
      message: `member HPAs ${this.members.map((m) => `${m.name} ${fmt(m.bounds)}`).join(', ')}; replicas ${this.members.map((m) => `${m.name} ${m.replicas}`).join(', ')}`,
      steps: this.assignSteps(traits),
    });
  }

  sync(k: number, t: number, changes: ClusterChanges, trace: TraceLevel): PlaneSync {
    this.k = k;
    this.t = t;
    const f = this.ctx.federation;
    for (const i of changes.failed) this.failover(this.members[i]!);
    if (changes.recovered.length > 0) this.recover(changes.recovered.map((i) => this.members[i]!));

    // The rules below read each member's proposals and usage ratios: at least a lean trace.
    const level = trace === false ? 'lean' : trace;
    const steps = new Map<Member, SyncStep>();
    const before = new Map<Member, number>();
    const ran: (ControllerSync | null)[] = this.members.map(() => null);
    this.members.forEach((m, i) => {
      if (m.failed || !m.bounds) return;
      before.set(m, m.replicas);
      const c = m.reconcile(t, this.ctx.world, this.held.get(m.name) ?? null, level);
      steps.set(m, c.step);
      ran[i] = c;
    });

    if (f.scaleAssist && f.policy === 'Prioritized') {
      this.spillOver();
      this.priorityScaleDown(steps, before);
    } else if (f.scaleAssist && f.policy !== 'Duplicated') {
      this.triggerOptimize();
    }
    if (f.scaleAssist && f.optimizePeriodSeconds !== null && t > 0) {
      if (t - this.lastOptimize >= f.optimizePeriodSeconds) {
        this.lastOptimize = t;
        this.optimizePass();
      }
    }
    if (f.scaleAssist && f.scalingToZero && f.policy !== 'Duplicated') this.zeroing(steps, before);
    return { members: ran, central: null };
  }

  snapshot(): ProposalState {
    return {
      members: this.members.map((m) => m.snapshot()),
      pendingSince: [...this.pendingSince],
      doneScalingDown: [...this.doneScalingDown],
      held: [...this.held],
      lastOptimize: this.lastOptimize,
    };
  }

  restore(state: unknown): void {
    const s = state as ProposalState;
    this.members.forEach((m, i) => m.restore(s.members[i]!));
    this.pendingSince = new Map(s.pendingSince);
    this.doneScalingDown = new Set(s.doneScalingDown);
    this.held = new Map(s.held);
    this.lastOptimize = s.lastOptimize;
  }

  private live(): Member[] {
    return this.members.filter((m) => !m.failed);
  }

  private emit(
    kind: ClusterEventKind,
    rule: string,
    clusters: string[],
    message: string,
    steps: string[] = [],
  ) {
    this.events.push({ time: this.t, sync: this.k, kind, rule, clusters, message, steps });
  }

  private assignSteps(traits: ClusterTraits[]): string[] {
    const policy = this.ctx.federation.policy;
    return [
      `max: ${policy} division of F_max ${this.fMax}`,
      ...explainPolicyDivision(policy, this.fMax, traits).map((l) => `  ${l}`),
      `min: ${policy} division of F_min ${this.fMin}`,
      ...explainPolicyDivision(policy, this.fMin, traits).map((l) => `  ${l}`),
      'then Normalise: max 0 → no HPA; min ≤ max; min ≥ 1 (MinBump)',
    ];
  }

  /** §A.4's binding rule for one cluster under new bounds. */
  private rebind(m: Member, b: Bounds | null): void {
    const old = m.replicas;
    m.setBounds(b);
    if (!b) return m.setReplicas(0, this.t);
    const zero = this.ctx.federation.scalingToZero;
    m.setReplicas(
      old === 0
        ? zero
          ? 0
          : b.minReplicas
        : Math.min(Math.max(old, b.minReplicas), b.maxReplicas),
      this.t,
    );
  }

  private forget(m: Member): void {
    this.pendingSince.delete(m.name);
    this.held.delete(m.name);
    this.doneScalingDown.delete(m.name);
  }

  /** §A.10: the failed cluster's HPA and binding go; its share goes to the survivors. */
  private failover(failed: Member): void {
    const f = this.ctx.federation;
    const survivors = this.live();
    const lost = failed.bounds;
    const bounds = failover({
      policy: f.policy,
      federatedMinReplicas: this.fMin,
      federatedMaxReplicas: this.fMax,
      clusters: [...survivors, failed].map((m) => ({
        ...m.traits(this.t),
        minReplicas: m.bounds?.minReplicas ?? 0,
        maxReplicas: m.bounds?.maxReplicas ?? 0,
      })),
      failedCluster: failed.name,
    });
    const next = new Map(bounds.map((b) => [b.name, b]));
    const was = survivors.map((m) => `${m.name} ${fmt(m.bounds)}`);
    failed.setBounds(null);
    failed.forgetController();
    this.forget(failed);
    for (const m of survivors) this.rebind(m, next.get(m.name) ?? null);
    const traits = survivors.map((m) => m.traits(this.t));
    const recompute = f.policy === 'StaticWeighted' || f.policy === 'Prioritized';
    const steps =
      f.policy === 'Duplicated'
        ? ['Duplicated: nothing to reassign; the survivors keep F_min/F_max']
        : recompute
          ? [`recompute: the §A.3 assignment over the survivors only`, ...this.assignSteps(traits)]
          : [
              `incremental: the failed cluster's bounds ${fmt(lost)} are divided over the survivors by current availability and added`,
              `max +`,
              ...explainPolicyDivision(f.policy, lost?.maxReplicas ?? 0, traits).map(
                (l) => `  ${l}`,
              ),
              `min +`,
              ...explainPolicyDivision(f.policy, lost?.minReplicas ?? 0, traits).map(
                (l) => `  ${l}`,
              ),
            ];
    this.emit(
      'failover',
      `§A.10 failover (${f.policy})`,
      [failed.name, ...survivors.map((m) => m.name)],
      `${failed.name} failed (it had ${fmt(lost)}); survivors ${was.join(', ')} → ${survivors.map((m) => `${m.name} ${fmt(m.bounds)} at ${m.replicas}`).join(', ')}`,
      steps,
    );
  }

  /** A recovered cluster rejoins the affinity set: the assignment is recomputed (§A.3, §A.4). */
  private recover(recovered: Member[]): void {
    const f = this.ctx.federation;
    const live = this.live();
    // Reading: the workload's own pods are what is being re-divided, so each cluster's
    // availability here is its whole size (as at t = 0), not what this workload left free.
    const traits = live.map((m) => ({
      ...m.traits(this.t),
      availableReplicas: m.spec.capacityPods ?? UNLIMITED_AVAILABLE,
    }));
    const a = assign({
      policy: f.policy,
      federatedMinReplicas: this.fMin,
      federatedMaxReplicas: this.fMax,
      scalingToZero: f.scalingToZero,
      clusters: traits,
      resourceBinding: live.map((m) => ({ name: m.name, replicas: m.replicas })),
    });
    const bounds = new Map(
      a.clusters.map((b) => [b.name, { minReplicas: b.minReplicas, maxReplicas: b.maxReplicas }]),
    );
    live.forEach((m, i) => {
      m.setBounds(bounds.get(m.name) ?? null);
      m.setReplicas(a.resourceBinding[i]!.replicas, this.t);
      this.forget(m);
    });
    this.held.clear();
    this.doneScalingDown.clear();
    for (const m of recovered) m.forgetController();
    this.emit(
      'recovery',
      `§A.3 ${f.policy} assignment over the affinity set, §A.4 binding`,
      live.map((m) => m.name),
      `${recovered.map((m) => m.name).join(', ')} recovered; member HPAs ${live.map((m) => `${m.name} ${fmt(m.bounds)} at ${m.replicas}`).join(', ')}`,
      this.assignSteps(traits),
    );
  }

  /**
   * The clusters whose Pending (unschedulable) pods have persisted for the delay; the timer
   * restarts whenever the condition clears (§A.5 continuity).
   */
  private pendingPastDelay(m: Member): boolean {
    if (m.unschedulable(this.t) === 0) {
      this.pendingSince.delete(m.name);
      return false;
    }
    const since = this.pendingSince.get(m.name) ?? this.t;
    this.pendingSince.set(m.name, since);
    return this.t - since >= this.ctx.federation.autoscaleMultiClusterDelaySeconds;
  }

  /**
   * What "actually runs" in a cluster (§A.5's ready_i): its pods that got a node. Reading: pods
   * still starting count, so capping a cluster only removes its unschedulable pods.
   */
  private running(m: Member): number {
    // Pods the ReplicaSet is still deleting (its deletes are rate-limited) are Pending too, so
    // right after the binding is lowered they can outnumber it: never fewer than none run.
    return Math.max(0, m.replicas - m.unschedulable(this.t));
  }

  private byPriority(ms: Member[]): Member[] {
    return ms
      .slice()
      .sort((a, b) => b.spec.priority - a.spec.priority || compareNames(a.name, b.name));
  }

  /** §A.5: quota that cannot be placed moves to the next cluster down in priority. */
  private spillOver(): void {
    const order = this.byPriority(this.live());
    order.forEach((m, i) => {
      if (!m.bounds) return;
      if (!this.pendingPastDelay(m)) return;
      const j = order[i + 1];
      if (!j) return;
      const ready = this.running(m);
      const freed = m.bounds.maxReplicas - ready;
      this.pendingSince.delete(m.name);
      if (freed <= 0) return;
      const was = `${m.name} ${fmt(m.bounds)}, ${j.name} ${fmt(j.bounds)}`;
      const oldMax = m.bounds.maxReplicas;
      m.setBounds(normalise(m.bounds.minReplicas, ready));
      m.setReplicas(Math.min(m.replicas, ready), this.t);
      j.setBounds(normalise(j.bounds?.minReplicas ?? 0, (j.bounds?.maxReplicas ?? 0) + freed));
      if (j.replicas === 0) j.setReplicas(1, this.t);
      this.emit(
        'spill-over',
        '§A.5 priority spill-over',
        [m.name, j.name],
        `${m.name}'s Pending pods outlasted autoscaleMultiClusterDelay: ${freed} replica(s) of quota move to ${j.name} (${was} → ${m.name} ${fmt(m.bounds)}, ${j.name} ${fmt(j.bounds)})`,
        [
          `${m.name}: freed = max ${oldMax} − running ${ready} = ${freed}`,
          `${m.name}: max ← ${ready}, the pods that got a node (its Pending pods go)`,
          `${j.name} (next in priority order): max + ${freed}${j.replicas === 1 ? '; started at 1 replica if it was empty' : ''}`,
        ],
      );
    });
  }

  /**
   * §A.6: while load falls, only the lowest-priority active cluster's HPA scales down; the others
   * are held at their count (here: their member HPA's min is raised to it, which keeps the same
   * replicas as rewriting their scale each sync). At its min, its unused quota goes to the top
   * cluster and the next one up is released.
   */
  private priorityScaleDown(steps: Map<Member, SyncStep>, before: Map<Member, number>): void {
    const active = this.byPriority(this.live().filter((m) => m.bounds && m.replicas > 0));
    const falling = active.some((m) => {
      const s = steps.get(m);
      return s !== undefined && rawProposal(s) < (before.get(m) ?? 0);
    });
    if (!falling || active.length < 2) {
      this.held.clear();
      this.doneScalingDown.clear();
      return;
    }
    const open = active.filter((m) => !this.doneScalingDown.has(m.name));
    const low = open[open.length - 1];
    if (low && open.length > 1) {
      const s = steps.get(low);
      const b = low.bounds!;
      if (low.replicas <= b.minReplicas && s) {
        const top = active[0]!;
        const unused = b.maxReplicas - low.replicas;
        if (unused > 0 && top !== low) {
          top.setBounds({ ...top.bounds!, maxReplicas: top.bounds!.maxReplicas + unused });
          low.setBounds(normalise(b.minReplicas, low.replicas));
        }
        this.doneScalingDown.add(low.name);
        const next = open[open.length - 2]!;
        this.emit(
          'priority-scale-down',
          '§A.6 priority scale-down',
          [low.name, top.name, next.name],
          `${low.name} reached its min ${b.minReplicas}: its unused quota ${unused} goes to ${top.name} (max ${top.bounds!.maxReplicas}); ${next.name} is released to scale down`,
          [
            `${low.name}: unused = max ${b.maxReplicas} − current ${low.replicas} = ${unused}; max ← ${low.replicas}`,
            `${top.name} (highest priority): max + ${unused}`,
          ],
        );
      }
    }
    const stillOpen = active.filter((m) => !this.doneScalingDown.has(m.name));
    this.held = new Map(stillOpen.slice(0, -1).map((m) => [m.name, m.replicas]));
  }

  /** §A.8 trigger optimisation: a cluster's unplaceable quota is divided over the others. */
  private triggerOptimize(): void {
    const policy = this.ctx.federation.policy;
    for (const m of this.live()) {
      if (!m.bounds || !this.pendingPastDelay(m)) continue;
      this.pendingSince.delete(m.name);
      const ready = this.running(m);
      const freed = m.bounds.maxReplicas - ready;
      const others = this.live().filter((o) => o !== m);
      const traits = others.map((o) => o.traits(this.t));
      // Reading: quota only moves to clusters with room; with every other cluster full it
      // would bounce between full clusters every sync and place nothing.
      if (freed <= 0 || traits.every((c) => c.availableReplicas === 0)) continue;
      const share = divideByPolicy(policy, freed, traits);
      const was = m.bounds;
      m.setBounds(normalise(m.bounds.minReplicas, ready));
      m.setReplicas(Math.min(m.replicas, ready), this.t);
      others.forEach((o, i) => {
        if (share[i]! > 0)
          o.setBounds(
            normalise(o.bounds?.minReplicas ?? 0, (o.bounds?.maxReplicas ?? 0) + share[i]!),
          );
        if (o.replicas === 0 && o.bounds && !this.ctx.federation.scalingToZero)
          o.setReplicas(o.bounds.minReplicas, this.t);
      });
      this.emit(
        'trigger-optimize',
        `§A.8 trigger optimisation (${policy})`,
        [m.name, ...others.map((o) => o.name)],
        `${m.name}'s Pending pods outlasted autoscaleMultiClusterDelay: max ${was.maxReplicas} → ${ready}, ${freed} replica(s) of quota divided over ${others.map((o) => `${o.name} (now ${fmt(o.bounds)})`).join(', ')}`,
        explainPolicyDivision(policy, freed, traits),
      );
    }
  }

  /** §A.8: pool the unused headroom and re-divide it by the policy. */
  private optimizePass(): void {
    const policy = this.ctx.federation.policy;
    const part = this.live().filter((m) => m.bounds && m.replicas > 0);
    if (part.length === 0 || policy === 'Duplicated') return;
    const input = part.map((m) => ({
      ...m.traits(this.t),
      currentReplicas: Math.min(m.replicas, m.bounds!.maxReplicas),
      maxReplicas: m.bounds!.maxReplicas,
    }));
    const next = optimize(policy, input);
    const changed = next.some((n, i) => n.maxReplicas !== input[i]!.maxReplicas);
    if (!changed) return;
    const headroom = input.reduce((s, c) => s + c.maxReplicas - c.currentReplicas, 0);
    const was = part.map((m) => `${m.name} ${fmt(m.bounds)}`).join(', ');
    part.forEach((m, i) => m.setBounds(normalise(m.bounds!.minReplicas, next[i]!.maxReplicas)));
    this.emit(
      'optimize',
      `§A.8 optimisation pass (${policy})`,
      part.map((m) => m.name),
      `headroom ${headroom} pooled and re-divided: ${was} → ${part.map((m) => `${m.name} ${fmt(m.bounds)}`).join(', ')}`,
      [
        `H = Σ (max − current) = ${input.map((c) => `(${c.maxReplicas}−${c.currentReplicas})`).join(' + ')} = ${headroom}; every max ← current, then + its share`,
        ...explainPolicyDivision(policy, headroom, input),
      ],
    );
  }

  /** §A.9: on a burst, restart zeroed clusters; else zero one cluster per sync while allowed. */
  private zeroing(steps: Map<Member, SyncStep>, before: Map<Member, number>): void {
    const f = this.ctx.federation;
    const withHpa = this.live().filter((m) => m.bounds);
    const active = withHpa.filter((m) => m.replicas > 0);
    const view = withHpa.map((m) => ({
      ...m.traits(this.t),
      minReplicas: m.bounds!.minReplicas,
      maxReplicas: m.bounds!.maxReplicas,
      replicas: m.replicas,
    }));
    const burst = active.some((m) => {
      const s = steps.get(m);
      return (
        s !== undefined &&
        (rawProposal(s) > (before.get(m) ?? 0) || m.replicas >= m.bounds!.maxReplicas)
      );
    });
    if (burst) {
      const restarted = scaleFromZero(f.policy, view);
      if (restarted.length === 0) return;
      for (const r of restarted) {
        const m = this.members.find((x) => x.name === r.name)!;
        m.setReplicas(r.replicas, this.t);
      }
      this.emit(
        'scale-from-zero',
        `§A.9 scale from zero (${f.policy})`,
        restarted.map((r) => r.name),
        `burst: ${restarted.map((r) => `${r.name} restarts at ${r.replicas}`).join(', ')}`,
        [
          f.policy === 'Prioritized'
            ? 'Prioritized restarts only the highest-priority zeroed cluster'
            : 'the divided policies restart every zeroed cluster, each at max(1, min)',
        ],
      );
      return;
    }
    const sumMin = active.reduce((s, m) => s + m.bounds!.minReplicas, 0);
    const quiet =
      active.length > 0 &&
      sumMin > this.fMin &&
      active.every((m) => {
        const s = steps.get(m);
        if (!s || m.replicas !== m.bounds!.minReplicas) return false;
        const down = s.r.trace.tolerances.scaleDown ?? this.ctx.input.controller.tolerance;
        const metrics = s.r.trace.metrics ?? [];
        return (
          metrics.length > 0 &&
          metrics.every((x) => x.usageRatio !== undefined && x.usageRatio < 1 - down)
        );
      });
    if (!quiet) return;
    const name = scaleToZero(f.policy, this.fMin, view)[0];
    if (name === undefined) return;
    const m = this.members.find((x) => x.name === name)!;
    const min = m.bounds!.minReplicas;
    m.setReplicas(0, this.t);
    this.emit(
      'scale-to-zero',
      `§A.9 scale to zero (${f.policy})`,
      [name],
      `every active cluster sits at its min with load below target and Σmin ${sumMin} > F_min ${this.fMin}: ${name} is zeroed (Σmin of the active clusters becomes ${sumMin - min})`,
      [`the ${f.policy} candidate: ${candidateRule(f.policy)}; guard: Σmin − min ≥ F_min`],
    );
  }
}

function candidateRule(policy: string): string {
  switch (policy) {
    case 'Aggregated':
      return 'fewest current replicas';
    case 'StaticWeighted':
      return 'smallest weight';
    case 'DynamicWeighted':
      return 'smallest available replicas';
    default:
      return 'lowest priority';
  }
}
