// The scaled workload: a ReplicaSet-like owner of pods. Pods move Pending (unscheduled) →
// Pending (scheduled: startTime set, image pull) → Running, not Ready → Ready → Terminating → gone,
// with exact timestamps, because those are what the controller's unready-pod rules read.

import type { PodObservation } from '../controller/index.ts';
import type { WorkloadModel } from './input.ts';

export interface SimPod {
  name: string;
  index: number;
  createdAt: number;
  /** bound to a node (status.startTime); null while the cluster is full */
  scheduledAt: number | null;
  /** deletion requested (deletionTimestamp) */
  deletedAt: number | null;
  /** the observation object handed to the controller, updated in place each sync */
  obs: PodObservation;
  /** phase Failed: listed by the selector, never serves, never has metrics */
  failed: boolean;
  /** serves load but metrics-server never reports it */
  noMetrics: boolean;
  /** memo of stateAt: the instant it was computed for and the answer */
  stateTime: number;
  stateValue: PodState;
  /** metrics pipeline state (recent usage), owned by MetricsPipeline */
  usage: { values: Float64Array; count: number; pos: number } | null;
}

/** What a snapshot keeps of one pod: everything its future depends on (observations are rebuilt). */
export interface PodSnapshot {
  index: number;
  createdAt: number;
  scheduledAt: number | null;
  deletedAt: number | null;
  failed: boolean;
  noMetrics: boolean;
  usage: { values: Float64Array; count: number; pos: number } | null;
  /** the pod's customMetrics object existed (possibly emptied by an outage) */
  hasCustom: boolean;
}

export interface WorkloadSnapshot {
  pods: PodSnapshot[];
  nextIndex: number;
  unscheduled: number;
  nextGoneAt: number;
}

export type PodState =
  'unscheduled' | 'starting' | 'running' | 'ready' | 'failed' | 'terminating' | 'gone';

export class Workload {
  readonly model: WorkloadModel;
  readonly namePrefix: string;
  /** every pod not yet gone, in creation order */
  pods: SimPod[] = [];
  private nextIndex = 0;
  /** pods waiting for a node (skip scheduling work when none) */
  private unscheduled = 0;
  /** earliest time a terminating pod disappears (skip the sweep before it) */
  private nextGoneAt = Infinity;
  private obsList: PodObservation[] | null = null;

  constructor(model: WorkloadModel, namePrefix: string, initialReadyAgeSeconds: number) {
    this.model = model;
    this.namePrefix = namePrefix;
    // Initial pods have been running long enough to be past every start-up rule.
    const created = -initialReadyAgeSeconds;
    for (let i = 0; i < model.initialReplicas; i++) {
      const p = this.addPod(created, created);
      p.failed = i < model.failedPods;
      p.noMetrics = !p.failed && i < model.failedPods + model.podsWithoutMetrics;
    }
  }

  runningAt(p: SimPod): number | null {
    return p.scheduledAt === null ? null : p.scheduledAt + this.model.startup.startingSeconds;
  }

  readyAt(p: SimPod): number | null {
    const r = this.runningAt(p);
    return r === null ? null : r + this.model.startup.readinessDelaySeconds;
  }

  /** The pod's state at t (memoized per instant: every pass of one tick asks the same question). */
  stateAt(p: SimPod, t: number): PodState {
    if (p.stateTime === t) return p.stateValue;
    const v = this.computeState(p, t);
    p.stateTime = t;
    p.stateValue = v;
    return v;
  }

  private computeState(p: SimPod, t: number): PodState {
    if (p.deletedAt !== null && t >= p.deletedAt) {
      return t >= p.deletedAt + this.model.terminationSeconds ? 'gone' : 'terminating';
    }
    if (p.failed) return 'failed';
    if (p.scheduledAt === null || t < p.scheduledAt) return 'unscheduled';
    const running = p.scheduledAt + this.model.startup.startingSeconds;
    if (t < running) return 'starting';
    return t < running + this.model.startup.readinessDelaySeconds ? 'running' : 'ready';
  }

  snapshot(): WorkloadSnapshot {
    return {
      pods: this.pods.map((p) => ({
        index: p.index,
        createdAt: p.createdAt,
        scheduledAt: p.scheduledAt,
        deletedAt: p.deletedAt,
        failed: p.failed,
        noMetrics: p.noMetrics,
        usage: p.usage && {
          values: p.usage.values.slice(),
          count: p.usage.count,
          pos: p.usage.pos,
        },
        hasCustom: p.obs.customMetrics !== undefined,
      })),
      nextIndex: this.nextIndex,
      unscheduled: this.unscheduled,
      nextGoneAt: this.nextGoneAt,
    };
  }

  /**
   * Back to a snapshot's pods. Observations start empty: `observe` rewrites their phase and
   * readiness before every sync, and the caller rewrites their metrics from the usage rings.
   */
  restore(s: WorkloadSnapshot): void {
    this.pods = s.pods.map((q) => {
      const p = this.newPod(q.index, q.createdAt, q.scheduledAt);
      p.deletedAt = q.deletedAt;
      p.failed = q.failed;
      p.noMetrics = q.noMetrics;
      p.usage = q.usage && {
        values: q.usage.values.slice(),
        count: q.usage.count,
        pos: q.usage.pos,
      };
      if (q.hasCustom) p.obs.customMetrics = {};
      return p;
    });
    this.nextIndex = s.nextIndex;
    this.unscheduled = s.unscheduled;
    this.nextGoneAt = s.nextGoneAt;
    this.obsList = null;
  }

  private addPod(createdAt: number, scheduledAt: number | null): SimPod {
    const pod = this.newPod(this.nextIndex++, createdAt, scheduledAt);
    if (scheduledAt === null) this.unscheduled++;
    this.pods.push(pod);
    this.obsList = null;
    return pod;
  }

  private newPod(index: number, createdAt: number, scheduledAt: number | null): SimPod {
    const containers = this.model.containers.map((c) => ({
      name: c.name,
      requests: { ...c.requests },
    }));
    const pod: SimPod = {
      name: `${this.namePrefix}-${index}`,
      index,
      createdAt,
      scheduledAt,
      deletedAt: null,
      // Every field present from the start, in one order: the engine then sees one object shape.
      obs: {
        name: `${this.namePrefix}-${index}`,
        phase: 'Pending',
        deleting: false,
        ready: null,
        readyTransitionTime: null,
        startTime: null,
        containers,
        resourceMetrics: null,
        customMetrics: undefined,
      },
      usage: null,
      failed: false,
      noMetrics: false,
      stateTime: NaN,
      stateValue: 'unscheduled',
    };
    return pod;
  }

  /** Pods that count for the scale's status.replicas (ReplicaSet "active" pods). */
  activePods(): SimPod[] {
    return this.pods.filter((p) => p.deletedAt === null);
  }

  /** How many pods are active, without building the list. */
  activeCount(): number {
    let n = 0;
    for (const p of this.pods) if (p.deletedAt === null) n++;
    return n;
  }

  /** The controller's pod list (the observation objects), rebuilt only when pods come or go. */
  observedPods(): PodObservation[] {
    if (this.obsList === null) this.obsList = this.pods.map((p) => p.obs);
    return this.obsList;
  }

  /** Bring the number of active pods to `replicas` at time t (the ReplicaSet controller's job). */
  scaleTo(replicas: number, t: number): void {
    const active = this.activePods();
    if (replicas > active.length) {
      for (let i = active.length; i < replicas; i++) this.addPod(t, null);
    } else if (replicas < active.length) {
      const victims = rankForDeletion(active, t, this).slice(0, active.length - replicas);
      for (const p of victims) {
        p.deletedAt = t;
        p.stateTime = NaN; // the memo is stale once the pod changes
        if (p.scheduledAt === null) this.unscheduled--;
      }
      this.nextGoneAt = Math.min(this.nextGoneAt, t + this.model.terminationSeconds);
    }
    this.schedule(t);
  }

  /** Bind unscheduled pods while the cluster has room, oldest first. */
  schedule(t: number): void {
    if (this.unscheduled === 0) return;
    const limit = this.model.maxPods;
    let placed = 0;
    for (const p of this.pods)
      if (p.scheduledAt !== null && this.stateAt(p, t) !== 'gone') placed++;
    for (const p of this.pods) {
      if (p.scheduledAt !== null || p.deletedAt !== null) continue;
      if (limit !== null && placed >= limit) break;
      p.scheduledAt = t + this.model.startup.schedulingSeconds;
      p.stateTime = NaN;
      this.unscheduled--;
      placed++;
    }
  }

  /** Drop pods whose termination finished, free their slots, and let waiting pods schedule. */
  advance(t: number): void {
    if (t < this.nextGoneAt) return;
    this.pods = this.pods.filter((p) => this.stateAt(p, t) !== 'gone');
    this.obsList = null;
    this.nextGoneAt = Infinity;
    for (const p of this.pods) {
      if (p.deletedAt !== null)
        this.nextGoneAt = Math.min(this.nextGoneAt, p.deletedAt + this.model.terminationSeconds);
    }
    this.schedule(t);
  }

  /** Refresh each pod's observation (phase, readiness, times) for a sync at time t. */
  observe(t: number): void {
    for (const p of this.pods) {
      const s = this.stateAt(p, t);
      const o = p.obs;
      o.deleting = s === 'terminating';
      o.startTime = p.scheduledAt !== null && t >= p.scheduledAt ? p.scheduledAt : null;
      const runningAt = this.runningAt(p);
      const isRunning = runningAt !== null && t >= runningAt;
      o.phase = p.failed ? 'Failed' : isRunning ? 'Running' : 'Pending';
      if (o.startTime === null) {
        o.ready = null;
        o.readyTransitionTime = null;
      } else {
        const readyAt = this.readyAt(p)!;
        const ready = t >= readyAt && p.deletedAt === null && !p.failed;
        o.ready = ready;
        // Ready=False is recorded when the kubelet starts the pod; True when the probe passes;
        // False again when deletion removes the pod from service.
        o.readyTransitionTime = ready
          ? readyAt
          : p.deletedAt !== null && t >= p.deletedAt && t >= readyAt
            ? p.deletedAt
            : p.scheduledAt;
      }
    }
  }
}

const STATE_RANK: Record<PodState, number> = {
  failed: -1,
  unscheduled: 0,
  starting: 1,
  running: 2,
  ready: 3,
  terminating: 4,
  gone: 5,
};

/**
 * The ReplicaSet controller's deletion order (ActivePodsWithRanks): unscheduled before scheduled,
 * Pending before Running, not ready before ready, ready for less time first, newest first.
 */
export function rankForDeletion(active: SimPod[], t: number, w: Workload): SimPod[] {
  return active.slice().sort((a, b) => {
    const sa = STATE_RANK[w.stateAt(a, t)];
    const sb = STATE_RANK[w.stateAt(b, t)];
    if (sa !== sb) return sa - sb;
    const ra = w.readyAt(a) ?? Infinity;
    const rb = w.readyAt(b) ?? Infinity;
    if (ra !== rb) return rb - ra;
    if (a.createdAt !== b.createdAt) return b.createdAt - a.createdAt;
    return b.index - a.index;
  });
}
