// One cluster: the scaled workload and its pods, the metrics pipeline that reports their usage,
// and what the HPA controller remembers between syncs (its memory and the HPA status). `tick`
// is one metrics-server scrape; `sync` is one controller reconcile and its effect on the scale.
// All state is owned here (no module-level scratch), so clusters can run side by side.

import {
  ByPositionScratch,
  objectList,
  reconcileAutoscaler,
  type ControllerMemory,
  type HorizontalPodAutoscaler,
  type HPACondition,
  type Observation,
  type ReconcileOptions,
  type ReconcileResult,
} from '../controller/index.ts';
import type { SimulationInput } from './input.ts';
import {
  externalSamples,
  MetricsPipeline,
  objectSamples,
  podWorkCap,
  type PerPodLoad,
  type ScrapeContext,
} from './metricsPipeline.ts';
import { scrapeSchedule, type ScrapeSchedule } from './scrapes.ts';
import type { SyncRecord } from './result.ts';
import type { ClusterSnapshot, TimedChange } from './state.ts';
import { ObservedPods } from './observedPods.ts';
import { PodMetricsView } from './podMetricsView.ts';
import { IntervalWork } from './intervalWork.ts';
import { StaggerWork } from './staggerWork.ts';
import type { PieceLog } from './overload.ts';
import { samplesPerScrape } from './substeps.ts';
import { conflictMessage, InformerLag, statusKey, type CachedStatus } from './informerLag.ts';
import { zeroCounts, type WorkCounts } from './meter.ts';
import { Workload } from './workload.ts';
import { METRICS_SERVER_DOWN, type World } from './world.ts';

/** Initial pods started this long before t = 0, so they are past every start-up rule. */
const INITIAL_POD_AGE_SECONDS = 3600;

/** What one sync did, for the recorder. */
export interface SyncStep {
  time: number;
  /** spec.replicas before the sync */
  before: number;
  r: ReconcileResult;
  /** the scrape the controller read */
  lastScrape: number;
  /**
   * The sync did not reconcile: its own status write of this time was not yet in the informer
   * cache (StaleControllerConsistencyHPA); `r` is then the previous reconcile's, unchanged
   */
  skipped?: { writtenAt: number };
  /** the writes of others (HPA edits, kubectl scale) since the previous sync, or null */
  changes?: readonly TimedChange[] | null;
  /** a rollout in progress after the sync: pods of the old ReplicaSets and of the new one */
  rollout?: RolloutPods;
  /**
   * There was no HPA to reconcile (KEDA deleted it: a paused ScaledObject); `r` holds nothing
   * the controller decided: the scale as it stands, no trace, no events
   */
  noHpa?: true;
}

/** Pods of a rollout in progress; `waiting`: old pods a Recreate's new ReplicaSet waits for. */
export interface RolloutPods {
  old: number;
  new: number;
  waiting?: number;
}

/** The Deployment's controller as the cluster calls it (../deployment/plane.ts). */
export interface RolloutHook {
  /** spec.replicas written at t: a Deployment sync */
  write(replicas: number, t: number): void;
  /** old and new pods at t while a rollout is in progress, else null */
  inProgress(t: number): RolloutPods | null;
}

/**
 * What one scrape brings a cluster, computed once by the loop for every cluster: the world's
 * demand over the interval (sampled ahead, demandAhead.ts), this cluster's share of it, and
 * whether the metrics APIs answer. The loop rewrites one object per scrape.
 */
export interface ScrapeFeed {
  /** the world's demand at the scrape (sampled ahead in batches), at `at` */
  values: Float64Array;
  at: number;
  /** the share of the world's demand routed to this cluster (1: all of it) */
  share: number;
  serverDown: boolean;
  unavailable: Set<string> | null;
  /** this scrape is also an adapter poll (Pods metrics) */
  poll: boolean;
}

/** One serving pod's share of demand d: ready pods split it, each up to its capacity. */
function perPodShare(d: number, ready: number, cap: number): number {
  return ready === 0 ? 0 : Math.min(d, ready * cap) / ready;
}

export class Cluster {
  readonly workload: Workload;
  private readonly pipeline: MetricsPipeline;
  private readonly input: SimulationInput;
  private readonly perPodLoads: PerPodLoad[];
  private readonly maxPods: number;
  memory: ControllerMemory = {
    recommendations: null,
    scaleUpEvents: objectList(),
    scaleDownEvents: objectList(),
  };
  conditions: HPACondition[] = [];
  desiredReplicas: number;
  lastScaleTime: number | null = null;
  /** status.observedGeneration as last written (v1.37+ with HPAGeneration), else null */
  observedGeneration: number | null = null;
  specReplicas: number;
  /** the HPA as stored now: the scenario's, or the last edit's (setHpa) */
  hpa: HorizontalPodAutoscaler;
  /** writes of others applied since the last sync (read and cleared by the next sync) */
  private changed: TimedChange[] | null = null;
  /** the informer's lag behind the API server; null: none (every sync reads its last write) */
  private readonly lagged: InformerLag | null;
  /** ready pods and work served at the last scrape */
  readyCount = 0;
  served = 0;
  /** the demand routed to this cluster at its last scrape (its share of the world's) */
  demandNow = 0;
  /** unreachable (multi-cluster): not scraped, runs no pods, serves nothing (the loop sets it) */
  failed = false;
  /** the run's work meter (the loop hands every cluster the run's: useMeter) */
  private meter: WorkCounts = zeroCounts();
  private perPodWork: Float64Array;
  private lastScrape = NaN;
  /** the share of the world's demand routed here at the current scrape */
  private tickShare = 1;
  /** the controller's working arrays, reused every sync of this cluster */
  private readonly scratch = new ByPositionScratch();
  /** the options of every reconcile (the controller only reads them); `trace` set per sync */
  private readonly reconcileOptions: ReconcileOptions = { trace: true, scratch: this.scratch };
  /** sync0's step without a rollout, refilled while the reconcile reuses its result */
  private keptStep: SyncStep | null = null;
  readonly scrapes: ScrapeSchedule;
  /** most work one pod serves: podCapacity, or less when CPU throttling stops it first */
  private readonly workCap: number;
  private readonly ctx: ScrapeContext;
  /**
   * What the controller reads, one object rewritten every sync: the controller never keeps it
   * (it copies the conditions and returns new memory), and building it afresh was a large share
   * of a sync's allocation. The HPA's fields one by one, never `{ ...input.hpa }` (spreading the
   * parsed manifest every sync cost a quarter of a run once).
   */
  private readonly obs: Observation;
  private readonly hasObjectMetrics: boolean;
  private readonly hasExternalMetrics: boolean;
  /** the controller's pod list with the steady group as one entry; null: the reference world */
  private readonly grouped: ObservedPods | null;
  /** the grouped list's PodMetrics items, read from the pod store (null: the reference world) */
  private readonly podMetrics: PodMetricsView | null;
  /** a load's own curve read at the scrape: its one sample time and value */
  private readonly sampleTimes = new Float64Array(1);
  private readonly sampleValues = new Float64Array(1);
  /** the world's traffic integrated between scrapes (null: no traffic, no work) */
  private readonly trafficWork: IntervalWork | null;
  /** per load slot: its own demand curve integrated between scrapes (null: the world's) */
  private readonly loadWork: (IntervalWork | null)[];
  /**
   * The exact KPIs' pieces of the world's traffic over the last interval they integrated (the
   * recorder hands them after each scrape, Recorder.tick): the next scrape's pods' work reads
   * them when they are its very interval and share. Null: none (always integrated afresh).
   */
  trafficPieces: PieceLog | null = null;

  /** `reference`: scrape and observe every pod one by one (SimulateOptions.reference) */
  constructor(input: SimulationInput, world: World, maxPods: number, reference = false) {
    this.input = input;
    this.maxPods = maxPods;
    this.perPodLoads = world.perPodLoads;
    this.workload = new Workload(
      input.workload,
      input.hpa.spec.scaleTargetRef.name || 'pod',
      INITIAL_POD_AGE_SECONDS,
    );
    this.pipeline = new MetricsPipeline(input, this.perPodLoads, !reference);
    this.grouped = reference
      ? null
      : new ObservedPods(input.controller.cpuInitializationPeriodSeconds);
    this.podMetrics =
      this.grouped === null ? null : new PodMetricsView(this.pipeline, this.grouped);
    this.perPodWork = new Float64Array(this.perPodLoads.length);
    this.scrapes = scrapeSchedule(input);
    this.workCap = Math.min(
      input.workload.podCapacity ?? Infinity,
      podWorkCap(this.pipeline, this.perPodLoads),
    );
    const n = this.perPodLoads.length;
    const duration = input.durationSeconds;
    this.trafficWork =
      input.traffic === null ? null : new IntervalWork(input.traffic, duration, null);
    this.loadWork = this.perPodLoads.map((l) =>
      l.demand !== null && l.load.demand !== null
        ? new IntervalWork(l.load.demand, duration, l.demand)
        : null,
    );
    this.ctx = {
      prev: NaN,
      meanWork: new Float64Array(n),
      workNow: new Float64Array(n),
      serverDown: false,
      poll: false,
      unavailable: null,
      index: 0,
      nodesAt: null,
      workOver: null,
    };
    if (input.metricsPipeline.stagger && input.nodes) {
      // A timing draw's per-node scrape stagger (scrapeStagger.ts): each node's interval apart.
      const work = new StaggerWork(input, this.perPodLoads);
      this.ctx.nodesAt = (t) => this.workload.placer?.nodesListedAt(t) ?? 0;
      this.ctx.workOver = (from, to, mean, now) =>
        work.fill(from, to, this.readyCount, this.workCap, this.tickShare, mean, now);
    }
    this.desiredReplicas = input.workload.initialReplicas;
    this.specReplicas = input.workload.initialReplicas;
    const hpa = input.hpa;
    this.hpa = hpa;
    const metrics = hpa.spec.metrics ?? [];
    this.hasObjectMetrics = metrics.some((m) => m.type === 'Object');
    this.hasExternalMetrics = metrics.some((m) => m.type === 'External');
    const lag = input.informerLagSeconds ?? 0;
    this.lagged =
      lag > 0
        ? new InformerLag(
            lag,
            (input.changes ?? []).filter((c) => c.hpa !== null).map((c) => c.atSeconds),
            {
              desiredReplicas: this.desiredReplicas,
              conditions: [],
              lastScaleTime: null,
              observedGeneration: null,
              key: '',
            },
          )
        : null;
    this.obs = {
      hpa: {
        apiVersion: hpa.apiVersion,
        kind: hpa.kind,
        metadata: hpa.metadata,
        spec: hpa.spec,
        status: { desiredReplicas: 0, conditions: [], lastScaleTime: null },
      },
      currentReplicas: 0,
      statusReplicas: 0,
      pods: [],
      resourceMetricsError: null,
      objectMetrics: [],
      externalMetrics: [],
      podMetrics: null,
      podFields: null,
      podNamesDistinct: false,
    };
  }

  /** Pods whose metrics are stepped once for all (the pipeline's steady group). */
  get steadyGroupSize(): number {
    return this.pipeline.groupSize;
  }

  /** Pods whose start-up burst is on, stepped once for all (the pipeline's burst group). */
  get burstGroupSize(): number {
    return this.pipeline.burstGroupSize;
  }

  /** The most work a pod serves (podCapacity or CPU throttling); null = unlimited. */
  get podWorkCap(): number | null {
    return Number.isFinite(this.workCap) ? this.workCap : null;
  }

  /** Count this cluster's work (scrapes, pods read, pods written) on the run's meter. */
  useMeter(counts: WorkCounts): void {
    this.meter = counts;
    this.workload.meter = counts;
    // The starting pods are written too (before the run: the workload made them).
    counts.podWrites += this.workload.pods.length;
  }

  /** Ready pods at s (0 while unreachable): the count the loop splits the demand by. */
  readyAt(s: number): number {
    if (this.failed) return 0;
    const w = this.workload;
    w.advance(s);
    // The workload's memoized counts: the same pass tick makes, not a second one.
    return w.countsAt(s).ready;
  }

  /**
   * One scrape at s (the previous one at `prev`): pods settle, serving pods share this cluster's
   * part of the demand, each pod's counters integrate its usage since `prev`, and metrics-server
   * stores the point.
   */
  tick(s: number, prev: number, feed: ScrapeFeed): void {
    const w = this.workload;
    const cap = this.workCap;
    w.advance(s);
    const ready = w.countsAt(s).ready;
    this.readyCount = ready;
    const share = feed.share;
    this.tickShare = share;
    const ctx = this.ctx;
    const world = feed.values;
    const at = feed.at;
    // With no ready pod the cluster is routed nothing (all of it is unmet).
    const demandNow = ready === 0 ? 0 : share === 1 ? world[at]! : world[at]! * share;
    this.demandNow = demandNow;
    this.served = ready === 0 ? 0 : Math.min(demandNow, ready * cap);
    // The counters integrate the work served over (prev, s] exactly (intervalWork.ts); the first
    // scrape has no interval behind it and counts the work at s.
    const dt = Number.isNaN(prev) ? 0 : s - prev;
    const capacity = ready === 0 ? 0 : ready * cap;
    // the work budget prices a scrape's curve reads as it always has (substeps.ts)
    const samples = samplesPerScrape(dt);
    for (const l of this.perPodLoads) {
      // A load with its own curve is not split over clusters; the world's demand is.
      const own = this.loadWork[l.slot]!;
      let vNow: number;
      let f = share;
      if (own !== null) {
        f = 1;
        this.sampleTimes[0] = s < 0 ? 0 : s;
        l.demand!.sampleInto(this.sampleTimes, this.sampleValues, 1);
        vNow = this.sampleValues[0]!;
        this.meter.curveNodes += samples * l.demand!.nodes;
      } else vNow = world[at]!;
      const now = perPodShare(f === 1 ? vNow : vNow * f, ready, cap);
      this.perPodWork[l.slot] = now;
      ctx.workNow[l.slot] = now;
      let mean = now;
      if (dt > 0) {
        // a load's own curve is read at every interval (a search's tape sees the same calls)
        const served =
          own !== null
            ? own.served(prev, s, capacity, 1, null)
            : ready === 0 || this.trafficWork === null
              ? 0
              : this.trafficWork.served(prev, s, capacity, f, this.trafficPieces);
        mean = ready === 0 ? 0 : served / (ready * dt);
      }
      ctx.meanWork[l.slot] = mean;
    }
    ctx.prev = Number.isNaN(prev) ? s : prev;
    ctx.serverDown = feed.serverDown;
    ctx.poll = feed.poll;
    ctx.unavailable = feed.unavailable;
    ctx.index = Math.round((s - this.scrapes.first) / this.scrapes.resolution);
    const meter = this.meter;
    meter.scrapes++;
    meter.podScrapes += this.pipeline.scrape(w, s, ctx);
    this.lastScrape = s;
  }

  /**
   * The cluster becomes unreachable at s: its pods stop serving (they are deleted, so it comes
   * back empty) and none is ready to a client until it scrapes again after recovery.
   */
  fail(s: number): void {
    this.failed = true;
    this.demandNow = 0;
    this.readyCount = 0;
    this.served = 0;
    this.writeScale(0, s);
  }

  /**
   * An edit of the HPA at t (`kubectl apply`): the controller reads the new object from its next
   * sync on and keeps its memory (the same key: recommendations and scale events stay). The
   * metric list keeps its keys (RunChange), so the metrics pipeline is unchanged.
   */
  setHpa(hpa: HorizontalPodAutoscaler, t: number, description: string, madeAt = t): void {
    this.hpa = hpa;
    this.obs.hpa.metadata = hpa.metadata;
    this.obs.hpa.spec = hpa.spec;
    this.noteChange(madeAt, description, true, t);
  }

  /**
   * Say at the next sync what someone else wrote at t (`edit`: the HPA; else its target), seen
   * by the controller at `seen`.
   */
  noteChange(t: number, description: string, edit = false, seen = t): void {
    (this.changed ??= []).push(
      seen === t ? { time: t, description, edit } : { time: t, description, edit, seen },
    );
  }

  /**
   * Who answers the HPA's External metric requests (milli-units; null: no value), when not the
   * adapter's last poll: a plane serving its own metrics (KEDA's metrics server).
   */
  externalSource: ((metric: string, t: number) => number | null) | null = null;

  /** The scale subresource's spec.replicas written by someone other than this HPA (a plane). */
  writeScale(n: number, t: number): void {
    if (n === this.specReplicas) return;
    this.specReplicas = n;
    this.manage(t);
  }

  /**
   * Who brings the pods to spec.replicas: the Deployment's controller when a rollout runs
   * (../deployment/plane.ts sets it), else the one ReplicaSet.
   */
  deployment: RolloutHook | null = null;

  private manage(t: number): void {
    if (this.deployment !== null) this.deployment.write(this.specReplicas, t);
    else this.workload.manageReplicas(this.specReplicas, t);
  }

  /**
   * What the controller reads at a sync at t: the HPA status, pods, and the metrics APIs.
   * `grouped`: the steady group's pods as one entry (the same decision and the same trace, even
   * a full one: the group is always Ready, and a trace names only unready, missing and ignored
   * pods; referenceWorld.test.ts compares full records). Every sync asks for it.
   */
  observation(t: number, world: World, grouped = false): Observation {
    const w = this.workload;
    w.advance(t);
    w.observe(t);
    const unavailable = world.unavailableAt(t);
    const obs = this.obs;
    const status = obs.hpa.status!;
    status.desiredReplicas = this.desiredReplicas;
    status.conditions = this.conditions;
    status.lastScaleTime = this.lastScaleTime;
    status.observedGeneration = this.observedGeneration;
    obs.currentReplicas = this.specReplicas;
    obs.statusReplicas = w.activeCount(t);
    // the burst group's pods beyond its entry's first, counted one by one as before the group
    // folded them (so a budget stops where it did; meter.ts)
    let folded = 0;
    if (grouped && this.grouped !== null) {
      obs.pods = this.grouped.at(w, this.pipeline.groupVersion, t);
      folded = this.grouped.burstFolded;
      // The controller reads the pods' metrics from the pod store, through the view.
      this.podMetrics!.pods = obs.pods;
      obs.podMetrics = this.podMetrics;
      // and the pods' phase, readiness and start from the workload's columns
      obs.podFields = this.grouped.fields(w);
      // Names are `${prefix}-${index}`, one index per pod: distinct, and never a group's copy
      // name (what follows a name's last "#" holds its "-"), so the controller need not check.
      obs.podNamesDistinct = true;
    } else {
      obs.pods = w.observedPods();
      // A plain list is read as objects: write the reports the scrapes left in the store.
      this.pipeline.materializeAll(w);
      obs.podMetrics = null;
      obs.podFields = null;
      obs.podNamesDistinct = false;
    }
    this.meter.podEntries += obs.pods.length + folded;
    obs.resourceMetricsError = world.metricsApiUnavailable(t) ? METRICS_SERVER_DOWN : null;
    if (this.hasObjectMetrics)
      obs.objectMetrics = objectSamples(this.hpa.spec.metrics ?? [], (m) =>
        world.metricValue('object', m, unavailable, t),
      );
    if (this.hasExternalMetrics)
      obs.externalMetrics = externalSamples(this.hpa.spec.metrics ?? [], (m) =>
        this.externalSource !== null
          ? this.externalSource(m, t)
          : world.metricValue('external', m, unavailable, t),
      );
    return obs;
  }

  /**
   * One controller sync at t: observe, reconcile, resize the workload. `trace` is how much of
   * the reconcile's trace the caller reads (ReconcileOptions.trace); the decision is the same.
   */
  sync(t: number, world: World, trace: ReconcileOptions['trace'] = true): SyncStep {
    if (this.lagged !== null) return this.syncLagged(this.lagged, t, world, trace);
    return this.sync0(t, world, trace);
  }

  /** The reconcile and its effect, on the status the cluster holds. */
  private sync0(t: number, world: World, trace: ReconcileOptions['trace']): SyncStep {
    const obs = this.observation(t, world, true);
    const options = this.reconcileOptions;
    options.trace = trace;
    // Nothing of a result is kept past the next sync unless a full record or the informer's
    // cache holds it; snapshot() copies what it keeps.
    options.reuse = trace !== true && this.lagged === null;
    const r = reconcileAutoscaler(obs, this.memory, t, this.input.controller, options);
    this.memory = r.memory;
    this.conditions = r.conditions;
    this.desiredReplicas = r.desiredReplicas;
    this.lastScaleTime = r.lastScaleTime;
    if (r.observedGeneration !== undefined) this.observedGeneration = r.observedGeneration;
    const before = this.specReplicas;
    if (r.rescaled) this.specReplicas = Math.min(r.replicas, this.maxPods);
    // The ReplicaSet reconciles after every write it sees; at t = 0 it also replaces Failed pods.
    this.manage(t);
    const changes = this.changed;
    this.changed = null;
    const lastScrape = this.scrapes.lastAtOrBefore(t);
    const rollout = this.deployment?.inProgress(t) ?? null;
    const kept = options.reuse ? this.keptStep : null;
    if (kept !== null && rollout === null) {
      // with reuse the result is read before the next sync only, and so is its step: refilled
      kept.time = t;
      kept.before = before;
      kept.r = r;
      kept.lastScrape = lastScrape;
      kept.changes = changes;
      return kept;
    }
    const step: SyncStep = { time: t, before, r, lastScrape, changes };
    if (rollout !== null) step.rollout = rollout;
    else if (options.reuse) this.keptStep = step;
    return step;
  }

  /**
   * The sync at t with no HPA object (KEDA deleted it while its ScaledObject is paused):
   * horizontal.go reconcileKey finds none, forgets the key's recommendations and scale events and
   * reconciles nothing; the ReplicaSet still does. The HPA's status went with the object, so one
   * re-created later starts empty (no conditions, no lastScaleTime, no stabilization window).
   */
  syncWithoutHpa(t: number): SyncStep {
    this.workload.advance(t);
    this.memory = {
      recommendations: null,
      scaleUpEvents: objectList(),
      scaleDownEvents: objectList(),
    };
    this.conditions = [];
    this.lastScaleTime = null;
    this.observedGeneration = null;
    const before = this.specReplicas;
    this.desiredReplicas = before;
    this.manage(t);
    const tolerance = this.input.controller.tolerance;
    const r: ReconcileResult = {
      replicas: before,
      desiredReplicas: before,
      rescaled: false,
      lastScaleTime: null,
      conditions: [],
      memory: this.memory,
      trace: { path: 'metrics', tolerances: { scaleDown: tolerance, scaleUp: tolerance } },
      events: [],
    };
    const changes = this.changed;
    this.changed = null;
    const lastScrape = this.scrapes.lastAtOrBefore(t);
    return { time: t, before, r, lastScrape, changes, noHpa: true };
  }

  /**
   * One sync whose HPA comes from a lagging informer (informerLag.ts): skipped while its own last
   * status write is unseen (StaleControllerConsistencyHPA), else a reconcile on the cached status
   * whose status write (when the status changed) succeeds or conflicts.
   */
  private syncLagged(
    lag: InformerLag,
    t: number,
    world: World,
    trace: ReconcileOptions['trace'],
  ): SyncStep {
    const cached = lag.advance(t);
    const before = this.specReplicas;
    const unseen =
      this.input.controller.featureGates.StaleControllerConsistencyHPA === true
        ? lag.unseenWrite(t)
        : null;
    const last = lag.state.last;
    if (unseen !== null && last !== null) {
      // Nothing was computed: the previous status, no trace of its own (a replay's warm-up ran
      // the previous reconcile without one).
      const trace = { path: last.trace.path, tolerances: last.trace.tolerances };
      const r = { ...last, replicas: before, rescaled: false, events: [], trace };
      this.manage(t);
      const changes = this.changed;
      this.changed = null;
      return {
        time: t,
        before,
        r,
        lastScrape: this.scrapes.lastAtOrBefore(t),
        changes,
        skipped: { writtenAt: unseen },
      };
    }
    this.desiredReplicas = cached.desiredReplicas;
    this.conditions = cached.conditions;
    this.lastScaleTime = cached.lastScaleTime;
    this.observedGeneration = cached.observedGeneration;
    // The status written is compared field by field: the metric values need a trace.
    const step = this.sync0(t, world, trace === false ? 'lean' : trace);
    const { r } = step;
    lag.state.last = r;
    const status: CachedStatus = {
      desiredReplicas: r.desiredReplicas,
      conditions: r.conditions,
      lastScaleTime: r.lastScaleTime,
      observedGeneration: r.observedGeneration ?? null,
      key: statusKey(r, before),
    };
    if (status.key !== cached.key) {
      if (lag.conflicts(t)) {
        const message = conflictMessage(this.hpa.metadata?.name ?? '');
        step.r = {
          ...r,
          events: [...r.events, { type: 'Warning', reason: 'FailedUpdateStatus', message }],
        };
      } else lag.wrote(t, status);
    }
    return step;
  }

  /** Pods by state at t, as `kubectl get pods` would group them. */
  podCounts(t: number): SyncRecord['pods'] {
    const c = this.workload.countsAt(t);
    return { ready: c.ready, running: c.running, pending: c.pending, terminating: c.terminating };
  }

  snapshot(): ClusterSnapshot {
    return {
      workload: this.workload.snapshot((p) => this.pipeline.stateOf(p)),
      // Copies: with ReconcileOptions.reuse the next syncs update these lists in place.
      memory: copyMemory(this.memory),
      conditions: this.conditions.map((c) => ({ ...c })),
      desiredReplicas: this.desiredReplicas,
      lastScaleTime: this.lastScaleTime,
      observedGeneration: this.observedGeneration,
      // The scenario's own HPA is not kept: a multi-cluster member rewrites its bounds in place,
      // and a replay's fresh cluster must go on reading its own object.
      hpa: this.hpa === this.input.hpa ? null : this.hpa,
      changed: this.changed === null ? null : this.changed.slice(),
      specReplicas: this.specReplicas,
      readyCount: this.readyCount,
      served: this.served,
      perPodWork: this.perPodWork.slice(),
      lastScrape: this.lastScrape,
      demandNow: this.demandNow,
      failed: this.failed,
      ...(this.lagged ? { lag: this.lagged.state } : {}),
    };
  }

  restore(s: ClusterSnapshot, world: World): void {
    this.workload.restore(s.workload);
    this.memory = s.memory;
    this.conditions = s.conditions;
    this.desiredReplicas = s.desiredReplicas;
    this.lastScaleTime = s.lastScaleTime;
    this.observedGeneration = s.observedGeneration;
    const hpa = s.hpa ?? this.input.hpa;
    if (hpa !== this.hpa) {
      this.hpa = hpa;
      this.obs.hpa.metadata = hpa.metadata;
      this.obs.hpa.spec = hpa.spec;
    }
    this.changed = s.changed === null ? null : s.changed.slice();
    this.specReplicas = s.specReplicas;
    this.readyCount = s.readyCount;
    this.served = s.served;
    this.perPodWork = s.perPodWork.slice();
    this.lastScrape = s.lastScrape;
    this.demandNow = s.demandNow;
    this.failed = s.failed;
    // The state is replaced, never mutated (wrote and advance build new lists): share it.
    if (this.lagged && s.lag) this.lagged.state = { ...s.lag };
    // Every scrape rewrites every pod's metrics, so the last one determines them all.
    this.pipeline.restore(
      this.workload,
      s.workload.pods.map((q) => q.metrics),
      Number.isNaN(s.lastScrape) ? null : world.unavailableAt(s.lastScrape),
    );
  }
}

/** A memory whose lists and entries are its own (Cluster.snapshot). */
function copyMemory(m: ControllerMemory): ControllerMemory {
  return {
    recommendations:
      m.recommendations === null
        ? null
        : m.recommendations.map((r) => ({ timestamp: r.timestamp, replicas: r.replicas })),
    scaleUpEvents: m.scaleUpEvents.slice(),
    scaleDownEvents: m.scaleDownEvents.slice(),
  };
}
