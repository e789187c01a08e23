// The deployment controller run by the world: the Deployment's ReplicaSets (one per rollout),
// each sync's decision (rollout.ts, ported from sync.go and rolling.go) and its effect on the
// pods (each ReplicaSet's manageReplicas on its own pods, workload.ts manageReplicaSet).
// upstream: kubernetes/kubernetes v1.35 pkg/controller/deployment/deployment_controller.go
// syncDeployment, sync.go getNewReplicaSet; pkg/controller/replicaset/replica_set.go
// calculateStatus (availableReplicas: active pods Ready for minReadySeconds).

import type { RolloutPods } from '../simulation/cluster.ts';
import type { RolloutStrategy } from '../simulation/input.ts';
import type { SimPod, Workload } from '../simulation/workload.ts';
import { rolloutRecreate, type PodPhase } from './recreate.ts';
import {
  isScalingEvent,
  newRSNewReplicas,
  rolloutRolling,
  scale,
  scaleReplicaSet,
  type DeploymentView,
  type ReplicaSetView,
} from './rollout.ts';

/** 25 % / 25 %: the apps/v1 defaults (pkg/apis/apps/v1/defaults.go SetDefaults_Deployment). */
export const DEFAULT_STRATEGY: RolloutStrategy = {
  maxSurge: '25%',
  maxUnavailable: '25%',
  minReadySeconds: 0,
};

/** Plain data: the ReplicaSets and the strategy in force. */
export interface DeploymentSnapshot {
  sets: ReplicaSetView[];
  strategy: RolloutStrategy;
  lastSync: number;
  /** the Deployment's spec.replicas at the last sync */
  replicas: number;
}

/** One controller sync's fixed point is reached within this many steps (each moves a count). */
const MAX_STEPS = 16;

export class DeploymentController {
  /** every ReplicaSet, oldest first; the last is the Deployment's current template */
  sets: ReplicaSetView[];
  strategy: RolloutStrategy;
  /** the last sync's instant: the availability clock looks past it */
  lastSync = -Infinity;
  private readonly view: DeploymentView;

  constructor(
    private readonly workload: Workload,
    replicas: number,
    strategy: RolloutStrategy,
  ) {
    this.strategy = strategy;
    this.view = {
      type: strategy.type,
      replicas,
      maxSurge: strategy.maxSurge,
      maxUnavailable: strategy.maxUnavailable,
      statusReplicas: replicas,
    };
    // The starting ReplicaSet, annotated as the controller left it (scaleReplicaSet).
    const first: ReplicaSetView = {
      revision: 0,
      replicas,
      available: replicas,
      desiredAnnotation: null,
      maxAnnotation: null,
    };
    scaleReplicaSet(first, replicas, this.view);
    this.sets = [first];
  }

  get newRS(): ReplicaSetView {
    return this.sets[this.sets.length - 1]!;
  }

  /** Old ReplicaSets still holding pods: a rollout is in progress. */
  get rollingOut(): boolean {
    const n = this.sets.length - 1;
    for (let i = 0; i < n; i++) if (this.sets[i]!.replicas > 0) return true;
    return this.newRS.replicas !== this.view.replicas;
  }

  /**
   * A new pod template at t (`kubectl set image`, a `rollout restart`): a new ReplicaSet with the
   * strategy then in force; the previous new one becomes old (a rollout during a rollout: the
   * newest template supersedes, every older ReplicaSet scales down, oldest first).
   * upstream: sync.go getNewReplicaSet (create with NewRSNewReplicas, annotations set).
   */
  rollout(t: number, strategy: RolloutStrategy, replicas: number): void {
    this.strategy = strategy;
    this.view.type = strategy.type;
    this.view.maxSurge = strategy.maxSurge;
    this.view.maxUnavailable = strategy.maxUnavailable;
    this.view.replicas = replicas;
    this.refresh(t);
    const rs: ReplicaSetView = {
      revision: this.newRS.revision + 1,
      replicas: 0,
      available: 0,
      desiredAnnotation: null,
      maxAnnotation: null,
    };
    // Recreate makes its new ReplicaSet only once the old pods are gone (recreate.go): until
    // then it stays at 0 here, unannotated, which no rule tells apart from not existing.
    if (strategy.type !== 'Recreate')
      scaleReplicaSet(rs, newRSNewReplicas(this.view, [...this.sets, rs], rs), this.view);
    this.sets.push(rs);
    this.sync(t, replicas);
  }

  /**
   * One sync at t with the Deployment's spec.replicas: a scaling event (the HPA's write) shares
   * the change out proportionally (sync.go scale), else one step of the strategy (rolloutRolling,
   * rolloutRecreate); each
   * step's write wakes the controller again (the ReplicaSet update event), so steps repeat until
   * none moves a count. Then every ReplicaSet brings its pods to its spec.replicas.
   * upstream: deployment_controller.go syncDeployment.
   */
  sync(t: number, replicas: number): void {
    this.lastSync = t;
    this.view.replicas = replicas;
    for (let step = 0; step < MAX_STEPS; step++) {
      this.refresh(t);
      const oldRSs = this.sets.slice(0, -1);
      let moved: boolean;
      if (isScalingEvent(this.view, this.sets)) {
        const before = this.sets.map((r) => r.replicas);
        scale(this.view, this.newRS, oldRSs);
        moved = this.sets.some((r, i) => r.replicas !== before[i]);
      } else if (this.view.type === 'Recreate') {
        const step = rolloutRecreate(this.view, this.newRS, oldRSs, this.podMap());
        moved = step === 'scaled-down' || step === 'scaled-up';
      } else moved = rolloutRolling(this.view, this.newRS, oldRSs) !== 'none';
      this.apply(t);
      if (!moved) break;
    }
  }

  /** Each ReplicaSet's manageReplicas: its pods to its spec.replicas. */
  private apply(t: number): void {
    for (const rs of this.sets) this.workload.manageReplicaSet(rs.revision, rs.replicas, t);
  }

  /** status.availableReplicas of each ReplicaSet and the Deployment's status.replicas at t. */
  private refresh(t: number): void {
    const w = this.workload;
    w.advance(t);
    const minReady = this.strategy.minReadySeconds;
    for (const rs of this.sets) {
      rs.available = 0;
      rs.statusReplicas = 0;
    }
    let all = 0;
    for (const p of w.pods) {
      if (p.failed || p.deletedAt !== null) continue;
      all++;
      const rs = this.find(p.rs);
      if (rs) rs.statusReplicas!++;
      if (rs && availableAt(w, p, minReady) <= t) rs.available++;
    }
    this.view.statusReplicas = all;
  }

  /**
   * The Deployment's pods by ReplicaSet with their phase (getPodMapForDeployment): a pod not yet
   * gone is listed, terminating or not; a failed one is Failed. The world drops gone pods first.
   */
  private podMap(): Map<number, PodPhase[]> {
    const map = new Map<number, PodPhase[]>();
    for (const p of this.workload.pods) {
      let list = map.get(p.rs);
      if (!list) map.set(p.rs, (list = []));
      list.push(p.failed ? 'Failed' : 'Running');
    }
    return map;
  }

  private find(revision: number): ReplicaSetView | undefined {
    for (const rs of this.sets) if (rs.revision === revision) return rs;
    return undefined;
  }

  /**
   * The next instant after the last sync at which the controller has something to react to
   * while a rollout is in progress: a pod turning available (the ReplicaSet's status update) or
   * a queued create going through, and under Recreate a terminating pod gone (the pod delete
   * event: the wait for old pods ends) (Infinity: none, or no rollout in progress).
   */
  nextEvent(): number {
    if (!this.rollingOut) return Infinity;
    const w = this.workload;
    const after = this.lastSync;
    const minReady = this.strategy.minReadySeconds;
    let next = w.nextCreate > after ? w.nextCreate : Infinity;
    if (this.view.type === 'Recreate' && w.nextGone > after && w.nextGone < next) next = w.nextGone;
    for (const p of w.pods) {
      if (p.failed || p.deletedAt !== null) continue;
      const a = availableAt(w, p, minReady);
      if (a > after && a < next) next = a;
    }
    return next;
  }

  /**
   * Pods of the old ReplicaSets and of the new one at t (not terminating; for the charts).
   * Before the first rollout every pod is of the template about to be replaced: old.
   */
  podsBySet(t: number): RolloutPods {
    const newest = this.sets.length > 1 ? this.newRS.revision : -1;
    let old = 0;
    let fresh = 0;
    let terminating = 0;
    for (const p of this.workload.pods) {
      if (p.failed) continue;
      const s = this.workload.stateAt(p, t);
      if (s === 'gone') continue;
      if (s === 'terminating') {
        if (p.rs !== newest) terminating++;
        continue;
      }
      if (p.rs === newest) fresh++;
      else old++;
    }
    // Recreate: the old ReplicaSets are at 0 and the new one has not started (recreate.go waits)
    if (this.view.type === 'Recreate' && this.newRS.replicas === 0 && terminating > 0)
      return { old, new: fresh, waiting: terminating };
    return { old, new: fresh };
  }

  snapshot(): DeploymentSnapshot {
    return {
      sets: this.sets.map((r) => ({ ...r })),
      strategy: this.strategy,
      lastSync: this.lastSync,
      replicas: this.view.replicas,
    };
  }

  restore(s: DeploymentSnapshot): void {
    this.sets = s.sets.map((r) => ({ ...r }));
    this.strategy = s.strategy;
    this.view.type = s.strategy.type;
    this.view.maxSurge = s.strategy.maxSurge;
    this.view.maxUnavailable = s.strategy.maxUnavailable;
    this.lastSync = s.lastSync;
    this.view.replicas = s.replicas;
  }
}

/**
 * When a pod counts as available: Ready for minReadySeconds (podutil.IsPodAvailable);
 * Infinity while it is not bound to a node.
 */
function availableAt(w: Workload, p: SimPod, minReadySeconds: number): number {
  const ready = w.readyAt(p);
  return ready === null ? Infinity : ready + minReadySeconds;
}
