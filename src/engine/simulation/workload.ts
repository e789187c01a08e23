// The scaled workload: a ReplicaSet-like owner of pods. Pods move Pending (unscheduled) →
// Pending (scheduled: startTime set, image pull) → Running, not Ready → Ready → Terminating → gone,
// with exact timestamps, because those are what the controller's unready-pod rules read.
// Pods are created and deleted through kube-controller-manager's rate-limited client, and Ready
// follows the kubelet's readiness probe ticks (readiness.ts).

import { objectList, recordCopy, type PodObservation } from '../controller/index.ts';
import { DEFAULT_REPLICA_SET, type ReplicaSetModel, type WorkloadModel } from './input.ts';
import type { PodMetricsState, PodSnapshot, WorkloadSnapshot } from './state.ts';
import { zeroCounts, type WorkCounts } from './meter.ts';
import { probeReadyAt } from './readiness.ts';
import { startupDelay } from './startupDelays.ts';
import { addLife } from './podLives.ts';
import { ApiWriter, slowStartBatch } from './replicaSet.ts';
import { RankKeys, rankForDeletion } from './deletionRank.ts';
import { PodFields } from './podFields.ts';
import { NO_GROUP } from './podRows.ts';

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
  /** when the container runs and when Ready turns True, fixed once scheduled (NaN: not yet) */
  runFrom: number;
  readyFrom: number;
  /** `obs` holds its final phase and readiness (Ready or Failed, not deleted): observe skips it */
  obsSettled: boolean;
  /**
   * Its row in the pod store's columns (MetricsPipeline's counters and stored points): a slot
   * no listed pod holds, taken from the free list at creation and given back when it is gone.
   */
  slot: number;
  /**
   * The pipeline's group it is in (its counters and report are that row: GROUP_ROW, the steady
   * group, or BURST_ROW, the burst group; podRows.ts), NO_GROUP (-1): none.
   */
  group: number;
  /** the node it is bound to (a node pool's index, ../nodes/), -1: none or no node pool */
  node: number;
  /** its ReplicaSet: the Deployment's revision that made it (0: the starting one; ../deployment/) */
  rs: number;
}

/**
 * Where pods go when a node pool runs under the cluster (../nodes/pool.ts); without one only
 * `maxPods` limits scheduling. `place` binds the pod to a node with room for its requests, or
 * says none has room (the pod stays Pending, Unschedulable); `release` frees the room of a pod
 * that is gone.
 */
export interface PodPlacer {
  place(p: SimPod, t: number): boolean;
  /** some node has room at t (else no pod is placed: the pass over the pods is skipped) */
  hasRoom(t: number): boolean;
  release(p: SimPod): void;
  /** a pod deleted at t while it still waited for a node */
  abandoned(p: SimPod, t: number): void;
  /** nodes registered and not gone at t (metrics-server's node list; any past t) */
  nodesListedAt(t: number): number;
}

/** A pod's counters as a snapshot keeps them (a copy), from the pipeline that owns them. */
export type MetricsOf = (p: SimPod) => PodMetricsState | null;

/** A pod as a snapshot keeps it (fields added, not spread: a spread per pod was slow). */
function podSnapshot(p: SimPod, metricsOf: MetricsOf): PodSnapshot {
  const q: PodSnapshot = {
    index: p.index,
    createdAt: p.createdAt,
    scheduledAt: p.scheduledAt,
    deletedAt: p.deletedAt,
    failed: p.failed,
    noMetrics: p.noMetrics,
    metrics: metricsOf(p),
  };
  // Only with a node pool, so a snapshot without one keeps its shape; the rollout's tag likewise.
  if (p.node >= 0) q.node = p.node;
  if (p.rs !== 0) q.rs = p.rs;
  return q;
}

/** How many pods are in each state at one instant (pending = unscheduled or starting). */
export interface PodCounts {
  ready: number;
  running: number;
  pending: number;
  terminating: number;
  /** ReplicaSet "active": not Failed, no deletion timestamp */
  active: number;
}

export type PodState =
  'unscheduled' | 'starting' | 'running' | 'ready' | 'failed' | 'terminating' | 'gone';

export class Workload {
  readonly model: WorkloadModel;
  readonly namePrefix: string;
  /** every pod not yet gone, in creation order */
  pods: SimPod[] = [];
  private nextIndex = 0;
  /** slots given back by pods that are gone, reused before a new one (SimPod.slot) */
  private freeSlots: number[] = [];
  /** slots ever handed out: every slot is below it */
  private slotCount = 0;
  /** pods waiting for a node (skip scheduling work when none) */
  private unscheduled = 0;
  /** earliest time a terminating pod disappears (skip the sweep before it) */
  private nextGoneAt = Infinity;
  private obsList: PodObservation[] | null = null;
  /** creation times of pods the ReplicaSet decided to create, not yet through the client */
  private creating: number[] = [];
  /** the ReplicaSet of each of `creating` (parallel; empty when only revision 0 ever created) */
  private creatingRs: number[] = [];
  private readonly rs: ReplicaSetModel;
  private writer: ApiWriter;
  /**
   * The pod template's containers as the controller reads them, one copy shared by every pod
   * (nothing writes them): each pod's requests then sit in one place in memory, not one per pod.
   */
  private readonly podSpec: Pick<PodObservation, 'containers' | 'podRequests'> & {
    sidecars: NonNullable<PodObservation['initContainers']>;
  };
  /** the deletion ranking's per-pod keys, reused every scale-down */
  private readonly rankKeys = new RankKeys();
  /**
   * countsAt's memo: the counts at `from`, valid until `until` (the next instant any pod changes
   * state) while no pod is added, bound, deleted or dropped (`touch` clears `valid`).
   */
  private readonly counts: PodCounts & { from: number; until: number; valid: boolean } = {
    ready: 0,
    running: 0,
    pending: 0,
    terminating: 0,
    active: 0,
    from: NaN,
    until: NaN,
    valid: false,
  };
  /** every pod's observation is settled (observe has nothing to rewrite) */
  private allSettled = false;
  /** bumped whenever a pod is added, bound, deleted or dropped (for memos outside) */
  version = 0;
  /** the run's work meter: pods created and deleted */
  meter: WorkCounts = zeroCounts();
  /** each slot's pod's observed phase, deletion, readiness and start, as observe writes them */
  readonly fields = new PodFields();
  /** the node pool that binds pods (../nodes/), null: none */
  placer: PodPlacer | null = null;
  /** pod-seconds and Ready pod-seconds from t = 0 of the pods already dropped (podLives.ts) */
  lived: [number, number] = [0, 0];

  constructor(model: WorkloadModel, namePrefix: string, initialReadyAgeSeconds: number) {
    this.model = model;
    this.namePrefix = namePrefix;
    this.rs = model.replicaSet ?? DEFAULT_REPLICA_SET;
    this.writer = new ApiWriter(this.rs.apiQps, this.rs.apiBurst);
    // Lists by push and records by recordCopy, not `map` and spreads: the classes V8 gives
    // those depend on how hot the code is and on what it saw before (plainData.ts `copy`,
    // objectList.ts `recordCopy`), and the controller reads these at every sync.
    const containers: PodObservation['containers'] = [];
    // Sidecars are restartable init containers: the controller adds their requests.
    const sidecars: NonNullable<PodObservation['initContainers']> = [];
    for (const c of model.containers)
      if (c.sidecar)
        sidecars.push({ name: c.name, requests: recordCopy(c.requests), restartPolicy: 'Always' });
      else containers.push({ name: c.name, requests: recordCopy(c.requests) });
    this.podSpec = {
      containers,
      sidecars,
      ...(model.podRequests ? { podRequests: recordCopy(model.podRequests) } : {}),
    };
    // Initial pods have been running long enough to be past every start-up rule.
    const created = -initialReadyAgeSeconds;
    for (let i = 0; i < model.initialReplicas; i++) {
      const p = this.addPod(created, created);
      p.failed = i < model.failedPods;
      p.noMetrics = !p.failed && i < model.failedPods + model.podsWithoutMetrics;
    }
  }

  runningAt(p: SimPod): number | null {
    return p.scheduledAt === null ? null : p.runFrom;
  }

  /** When the Ready condition turns True (the probe's first passing tick), null: never. */
  readyAt(p: SimPod): number | null {
    return p.scheduledAt === null ? null : p.readyFrom;
  }

  /** Something about the pods changed: the memos of counts and observations are stale. */
  private touch(): void {
    this.version++;
    this.counts.valid = false;
    this.allSettled = false;
  }

  /**
   * Pods by state at t. States change only at a pod's scheduled, running, Ready, deletion and
   * gone instants, so one pass also finds the next such instant, and until then (with no pod
   * added or changed) the same counts hold: between scale events no pass is needed.
   */
  countsAt(t: number): PodCounts {
    const c = this.counts;
    if (c.valid && t >= c.from && t < c.until) return c;
    let ready = 0;
    let running = 0;
    let pending = 0;
    let terminating = 0;
    let active = 0;
    let until = Infinity;
    const term = this.model.terminationSeconds;
    const pods = this.pods;
    for (let i = 0; i < pods.length; i++) {
      const p = pods[i]!;
      const st = this.stateAt(p, t);
      if (st === 'ready') ready++;
      else if (st === 'running') running++;
      else if (st === 'unscheduled' || st === 'starting') pending++;
      else if (st === 'terminating') terminating++;
      if (st !== 'failed' && st !== 'terminating' && st !== 'gone' && !p.failed) active++;
      // The next instant this pod's state can change (a later one is no change before it).
      const d = p.deletedAt;
      if (d !== null) {
        if (d > t) until = Math.min(until, d);
        else if (d + term > t) until = Math.min(until, d + term);
      }
      if (p.scheduledAt !== null) {
        if (p.scheduledAt > t) until = Math.min(until, p.scheduledAt);
        else if (p.runFrom > t) until = Math.min(until, p.runFrom);
        else if (p.readyFrom > t) until = Math.min(until, p.readyFrom);
      }
    }
    c.ready = ready;
    c.running = running;
    c.pending = pending;
    c.terminating = terminating;
    c.active = active;
    c.from = t;
    c.until = until;
    c.valid = true;
    return c;
  }

  /** Bind a pod at `at` (null: unbind); its start and Ready times follow and are kept. */
  private setScheduled(p: SimPod, at: number | null): void {
    this.touch();
    p.scheduledAt = at;
    p.stateTime = NaN; // the memo is stale once the pod changes
    p.obsSettled = false;
    if (at === null) {
      p.runFrom = NaN;
      p.readyFrom = NaN;
      return;
    }
    const startup = this.model.startup;
    const r = at + startupDelay(startup, 'starting', p.index);
    const probe = startup.readinessProbe;
    p.runFrom = r;
    p.readyFrom = probe
      ? probeReadyAt(at, r, probe)
      : r + startupDelay(startup, 'readinessDelay', p.index);
  }

  /** When the pod starts receiving traffic (it is an endpoint once Ready); null: never. */
  servingFrom(p: SimPod): number | null {
    return p.failed ? null : this.readyAt(p);
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
    if (t < p.runFrom) return 'starting';
    return t < p.readyFrom ? 'running' : 'ready';
  }

  /**
   * Pod-seconds and Ready pod-seconds within [0, end) of every pod so far: those dropped, those
   * listed, and creates still queued in the client (alive from their creation, not yet Ready).
   */
  livedSeconds(end: number): [number, number] {
    const acc: [number, number] = [this.lived[0], this.lived[1]];
    const term = this.model.terminationSeconds;
    for (const p of this.pods) addLife(p, term, end, acc);
    for (const t of this.creating) if (t < end) acc[0] += end - Math.max(t, 0);
    return acc;
  }

  /** `metricsOf`: each pod's counters (the metrics pipeline keeps them; none: no counters). */
  snapshot(metricsOf: MetricsOf = () => null): WorkloadSnapshot {
    // appended to an objects' list, not `map`: map's result had one elements kind from the
    // builtin and another once inlined in optimised code, and drive, which reads the snapshots'
    // pod lists, was deoptimised at the change (objectList.ts)
    const pods = objectList<PodSnapshot>();
    for (const p of this.pods) pods.push(podSnapshot(p, metricsOf));
    return {
      pods,
      nextIndex: this.nextIndex,
      unscheduled: this.unscheduled,
      nextGoneAt: this.nextGoneAt,
      creating: this.creating.slice(),
      ...(this.creatingRs.length > 0 ? { creatingRs: this.creatingRs.slice() } : {}),
      writer: this.writer.snapshot(),
      lived: [this.lived[0], this.lived[1]],
    };
  }

  /**
   * Back to a snapshot's pods. Observations start empty: `observe` rewrites their phase and
   * readiness before every sync, and the caller hands the pods' counters (`s.pods[i].metrics`)
   * to the metrics pipeline. Slots are handed out afresh, pod i in slot i.
   */
  restore(s: WorkloadSnapshot): void {
    this.freeSlots = [];
    this.slotCount = 0;
    this.pods = s.pods.map((q) => {
      const p = this.newPod(q.index, q.createdAt, q.scheduledAt);
      p.deletedAt = q.deletedAt;
      p.failed = q.failed;
      p.noMetrics = q.noMetrics;
      p.node = q.node ?? -1;
      p.rs = q.rs ?? 0;
      return p;
    });
    this.nextIndex = s.nextIndex;
    this.unscheduled = s.unscheduled;
    this.nextGoneAt = s.nextGoneAt;
    this.creating = s.creating.slice();
    this.creatingRs = s.creatingRs?.slice() ?? [];
    this.writer.restore(s.writer);
    this.lived = [s.lived[0], s.lived[1]];
    this.obsList = null;
    this.touch();
  }

  private addPod(createdAt: number, scheduledAt: number | null, rs = 0): SimPod {
    const pod = this.newPod(this.nextIndex++, createdAt, scheduledAt);
    pod.rs = rs;
    this.meter.podWrites++;
    if (scheduledAt === null) this.unscheduled++;
    this.pods.push(pod);
    this.obsList = null;
    this.touch();
    return pod;
  }

  private newPod(index: number, createdAt: number, scheduledAt: number | null): SimPod {
    const { containers, sidecars, podRequests } = this.podSpec;
    const name = `${this.namePrefix}-${index}`;
    const pod: SimPod = {
      name,
      index,
      createdAt,
      scheduledAt,
      deletedAt: null,
      // Every field present from the start, in one order: the engine then sees one object shape.
      obs:
        sidecars.length === 0 && podRequests === undefined
          ? // the usual template: the literal below without its spreads (same keys, same order),
            // which cost two empty objects and two copies per pod (7,100 pods a churn run)
            {
              name,
              phase: 'Pending',
              deleting: false,
              ready: null,
              readyTransitionTime: null,
              startTime: null,
              containers,
              resourceMetrics: null,
              customMetrics: undefined,
            }
          : {
              name,
              phase: 'Pending',
              deleting: false,
              ready: null,
              readyTransitionTime: null,
              startTime: null,
              containers,
              ...(sidecars.length > 0 ? { initContainers: sidecars } : {}),
              ...(podRequests ? { podRequests } : {}),
              resourceMetrics: null,
              customMetrics: undefined,
            },
      slot: this.freeSlots.length > 0 ? this.freeSlots.pop()! : this.slotCount++,
      group: NO_GROUP,
      node: -1,
      rs: 0,
      failed: false,
      noMetrics: false,
      stateTime: NaN,
      stateValue: 'unscheduled',
      runFrom: NaN,
      readyFrom: NaN,
      obsSettled: false,
    };
    this.setScheduled(pod, scheduledAt);
    this.fields.write(pod.slot, pod.obs);
    return pod;
  }

  // controller_utils.go IsPodActive: not Succeeded or Failed, no deletion timestamp.
  private isActive(p: SimPod, t: number): boolean {
    return !p.failed && (p.deletedAt === null || p.deletedAt > t);
  }

  /** Pods that count for the scale's status.replicas (ReplicaSet "active" pods) at t. */
  activePods(t: number): SimPod[] {
    return this.pods.filter((p) => this.isActive(p, t));
  }

  /** How many pods are active at t, without building the list. */
  activeCount(t: number): number {
    return this.countsAt(t).active;
  }

  /** The controller's pod list (the observation objects), rebuilt only when pods come or go. */
  observedPods(): PodObservation[] {
    if (this.obsList === null) this.obsList = this.pods.map((p) => p.obs);
    return this.obsList;
  }

  /**
   * The ReplicaSet's manageReplicas at t for `replicas` (pkg/controller/replicaset/replica_set.go,
   * v1.35): creates in slow-start batches of at most burstReplicas per call, deletes the
   * lowest-ranked active pods; every call waits on the client's token bucket. Pods it has
   * decided to create but not yet created count as active (its expectations). Failed pods are
   * not active, so the first call (right after the sync at t = 0) replaces the initial ones.
   */
  manageReplicas(replicas: number, t: number): void {
    this.advance(t);
    const activeCount = this.activeCount(t);
    const diff = activeCount + this.creating.length - replicas;
    if (diff < 0) {
      this.createInBursts(-diff, t, null);
      this.materialize(t);
    } else if (diff > 0) {
      // Creates not yet made are cancelled first (the ReplicaSet lowers its expectations).
      const cancel = Math.min(diff, this.creating.length);
      this.creating.length -= cancel;
      if (this.creatingRs.length > this.creating.length)
        this.creatingRs.length = this.creating.length;
      // Past burstReplicas the ReplicaSet re-syncs at once (as for creates): only the rate binds.
      const remove = Math.min(diff - cancel, activeCount);
      if (remove > 0)
        this.deletePods(rankForDeletion(this.activePods(t), t, this, this.rankKeys, remove), t);
    }
    this.schedule(t);
  }

  /**
   * manageReplicas for one ReplicaSet of a Deployment (`rs`, its revision) while several run
   * (a rollout, ../deployment/): only its own pods and its own pending creates count, new pods
   * carry its tag, a scale-down ranks only its own active pods (replica_set.go getPodsToDelete
   * over the ReplicaSet's filteredPods). The client and its token bucket are kube-controller-
   * manager's one, shared by every ReplicaSet.
   */
  manageReplicaSet(rs: number, replicas: number, t: number): void {
    this.advance(t);
    // Creates queued before the first rollout belong to the starting ReplicaSet.
    while (this.creatingRs.length < this.creating.length) this.creatingRs.unshift(0);
    const own = this.activePods(t).filter((p) => p.rs === rs);
    let pending = 0;
    for (const r of this.creatingRs) if (r === rs) pending++;
    const diff = own.length + pending - replicas;
    if (diff < 0) {
      this.createInBursts(-diff, t, rs);
      this.materialize(t);
    } else if (diff > 0) {
      // Its latest creates not yet made are cancelled first (the ReplicaSet lowers its expectations).
      let cancel = Math.min(diff, pending);
      const removed = cancel;
      for (let i = this.creating.length - 1; i >= 0 && cancel > 0; i--) {
        if (this.creatingRs[i] !== rs) continue;
        this.creating.splice(i, 1);
        this.creatingRs.splice(i, 1);
        cancel--;
      }
      const remove = Math.min(diff - removed, own.length);
      if (remove > 0) this.deletePods(rankForDeletion(own, t, this, this.rankKeys, remove), t);
    }
    this.schedule(t);
  }

  /**
   * `want` creates queued as the ReplicaSet makes them: calls of at most burstReplicas, each in
   * slowStartBatch's batches; after each call it re-syncs as soon as its expectations are met,
   * with no API latency when the last create of the call returned. `rs` tags each create with
   * its ReplicaSet during a rollout (null: one ReplicaSet, no tags kept). The bucket hands out
   * times in order, so `creating` stays sorted across ReplicaSets.
   */
  private createInBursts(want: number, t: number, rs: number | null): void {
    let at = t;
    while (want > 0) {
      const n = Math.min(want, this.rs.burstReplicas);
      const times = slowStartBatch(n, at, this.writer);
      for (const c of times) {
        this.creating.push(c);
        if (rs !== null) this.creatingRs.push(rs);
      }
      at = times[times.length - 1] ?? at;
      want -= n;
    }
  }

  /** Pods a ReplicaSet has asked for and not yet created (its pending creates). */
  pendingCreates(rs: number): number {
    if (this.creatingRs.length === 0) return rs === 0 ? this.creating.length : 0;
    let n = 0;
    for (const r of this.creatingRs) if (r === rs) n++;
    return n;
  }

  /** The first pending create's time (Infinity: none). */
  get nextCreate(): number {
    return this.creating.length > 0 ? this.creating[0]! : Infinity;
  }

  /** Slots ever handed out: every pod's slot is below it (the pod store's rows). */
  get slots(): number {
    return this.slotCount;
  }

  /** Pods waiting for a node (created, not deleted, not bound). */
  get unscheduledCount(): number {
    return this.unscheduled;
  }

  /** When the next terminating pod is gone and frees its node's room (Infinity: none). */
  get nextGone(): number {
    return this.nextGoneAt;
  }

  /**
   * Evict pods at t (a drain: cluster-autoscaler's eviction API calls, not the ReplicaSet's
   * client): each is deleted at once and terminates as any deleted pod does; the ReplicaSet
   * replaces them at its next manageReplicas.
   */
  evict(victims: SimPod[], t: number): void {
    this.touch();
    this.meter.podWrites += victims.length;
    for (const p of victims) {
      p.deletedAt = t;
      p.stateTime = NaN;
      p.obsSettled = false;
      if (p.scheduledAt === null) this.unscheduled--;
      this.nextGoneAt = Math.min(this.nextGoneAt, t + this.model.terminationSeconds);
    }
  }

  /** Put a bound pod back to Pending, unbound (a starting pod the node pool has no room for). */
  unbind(p: SimPod): void {
    if (p.scheduledAt === null) return;
    this.setScheduled(p, null);
    this.unscheduled++;
  }

  /** Bring the workload to `replicas` at time t (kept for callers that resize directly). */
  scaleTo(replicas: number, t: number): void {
    this.manageReplicas(replicas, t);
  }

  private deletePods(victims: SimPod[], t: number): void {
    this.touch();
    this.meter.podWrites += victims.length;
    for (const p of victims) {
      p.deletedAt = this.writer.take(t);
      p.stateTime = NaN; // the memo is stale once the pod changes
      p.obsSettled = false;
      if (p.scheduledAt === null) {
        this.unscheduled--;
        this.placer?.abandoned(p, p.deletedAt);
      }
      this.nextGoneAt = Math.min(this.nextGoneAt, p.deletedAt + this.model.terminationSeconds);
    }
  }

  /** Add the pods whose create call has gone through by t, each scheduled from its creation. */
  private materialize(t: number): void {
    let k = 0;
    const tags = this.creatingRs;
    while (k < this.creating.length && this.creating[k]! <= t) {
      const c = this.creating[k]!;
      this.addPod(c, null, tags.length > 0 ? tags[k]! : 0);
      k++;
      this.schedule(c);
    }
    if (k > 0) {
      this.creating.splice(0, k);
      if (tags.length > 0) tags.splice(0, k);
    }
  }

  /** Bind unscheduled pods while the cluster has room, oldest first. */
  schedule(t: number): void {
    if (this.unscheduled === 0) return;
    const placer = this.placer;
    if (placer !== null && !placer.hasRoom(t)) return;
    const limit = this.model.maxPods;
    if (limit === null && placer === null) {
      // Without a limit (or a node pool) every waiting pod binds now, whatever the order: newest first, as the one
      // waiting is nearly always the pod just created (no pass over every pod per creation).
      const pods = this.pods;
      for (let i = pods.length - 1; i >= 0 && this.unscheduled > 0; i--) {
        const p = pods[i]!;
        if (p.scheduledAt !== null || p.deletedAt !== null) continue;
        this.setScheduled(
          p,
          Math.max(t, p.createdAt) + startupDelay(this.model.startup, 'scheduling', p.index),
        );
        this.unscheduled--;
      }
      return;
    }
    let placed = 0;
    if (limit !== null)
      for (const p of this.pods)
        if (p.scheduledAt !== null && this.stateAt(p, t) !== 'gone') placed++;
    for (const p of this.pods) {
      if (p.scheduledAt !== null || p.deletedAt !== null) continue;
      if (limit !== null && placed >= limit) break;
      // Every pod asks for the same requests: when one finds no node, none after it does.
      if (placer !== null && !placer.place(p, Math.max(t, p.createdAt))) break;
      this.setScheduled(
        p,
        Math.max(t, p.createdAt) + startupDelay(this.model.startup, 'scheduling', p.index),
      );
      this.unscheduled--;
      placed++;
    }
  }

  /** Drop pods whose termination finished, free their slots, and let waiting pods schedule. */
  advance(t: number): void {
    if (this.creating.length > 0 && this.creating[0]! <= t) this.materialize(t);
    if (t < this.nextGoneAt) return;
    // apart: its closure over t would allocate a context on every call, the usual early return too
    this.dropGone(t);
  }

  /** advance's rare part: some terminating pod is gone by t. */
  private dropGone(t: number): void {
    const placer = this.placer;
    this.pods = this.pods.filter((p) => {
      if (this.stateAt(p, t) !== 'gone') return true;
      if (placer !== null && p.node >= 0) placer.release(p);
      addLife(p, this.model.terminationSeconds, Infinity, this.lived);
      this.freeSlots.push(p.slot);
      return false;
    });
    this.obsList = null;
    this.touch();
    this.nextGoneAt = Infinity;
    for (const p of this.pods) {
      if (p.deletedAt !== null)
        this.nextGoneAt = Math.min(this.nextGoneAt, p.deletedAt + this.model.terminationSeconds);
    }
    this.schedule(t);
  }

  /** Refresh each pod's observation (phase, readiness, times) for a sync at time t. */
  observe(t: number): void {
    if (this.allSettled) return;
    const fields = this.fields;
    let settled = true;
    for (const p of this.pods) {
      if (p.obsSettled) continue;
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
        // Ready=False is recorded when the kubelet starts the pod; True when the probe passes.
        // Deletion does not stop the readiness probe (pkg/kubelet/prober/worker.go), so a
        // terminating pod stays Ready until its containers exit.
        const ready = t >= readyAt && !p.failed;
        o.ready = ready;
        o.readyTransitionTime = ready ? readyAt : p.scheduledAt;
        // Past its Ready time and not deleted, nothing above changes until a deletion.
        p.obsSettled = t >= readyAt && p.deletedAt === null;
      }
      fields.write(p.slot, o);
      if (!p.obsSettled) settled = false;
    }
    this.allSettled = settled;
  }
}
