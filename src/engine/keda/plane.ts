/**
 * The KEDA plane: KEDA's operator around the HPA it creates, on the engine's one loop. It wraps
 * the HPA plane and adds one clock, the polling loop (startScaleLoop: the first checkScalers at
 * the start, then every pollingInterval seconds), which reads every trigger live, runs the
 * executor (activation, cooldown to zero or idle, min restore, paused-replicas) and writes the
 * target's scale itself. At each HPA sync it is KEDA's metrics server: the HPA's External reads go
 * through GetScaledObjectMetrics (live, or the loop's record with useCachedMetrics), so every
 * failed read counts towards the fallback. Every rule is a pure function of this folder; the plane
 * only feeds them the world and keeps KEDA's status between calls (kedacore/keda v2.20.2).
 */
import type { Cluster } from '../simulation/cluster.ts';
import { HpaPlane } from '../simulation/hpaPlane.ts';
import type { SimulationInput } from '../simulation/input.ts';
import type {
  ClusterChanges,
  ControlPlane,
  ControllerSync,
  PlaneClock,
  PlaneSync,
  TraceLevel,
} from '../simulation/plane.ts';
import type { World } from '../simulation/world.ts';
import { checkScalers, DEFAULT_POLLING_INTERVAL } from './checkScalers.ts';
import { getCondition, getInitializedConditions } from './conditions.ts';
import { cronSpan } from './cron.ts';
import {
  DEFAULT_COOLDOWN_PERIOD,
  DEFAULT_INITIAL_COOLDOWN_PERIOD,
  handlePause,
  requestScale,
} from './executor.ts';
import type { FallbackWorld } from './fallback.ts';
import { isFormulaError, type Program } from './formula.ts';
import { validateAndCompileScalingModifiers } from './modifiers.ts';
import { PAUSED } from './annotations.ts';
import { hpaDeleted, loopStopped, reconcilePause } from './pause.ts';
import { generateMetricInMili } from './quantity.ts';
import { getScaledObjectMetrics, triggerNameOf, type Reads } from './scaleHandler.ts';
import type {
  KedaCheck,
  KedaPhase,
  KedaRunInput,
  KedaSyncRecord,
  KedaTriggerRead,
  KedaWrite,
} from './step.ts';
import type { KedaScaledObject, KedaStatus, MetricsRecord, ScalerRead } from './types.ts';

/** What a snapshot keeps of the plane (plain data; restore copies what it will push to). */
interface KedaPlaneState {
  /** the ScaledObject as it stands (a change may set or remove its pause annotation) */
  so: KedaScaledObject;
  status: KedaStatus;
  cache: Readonly<Record<string, MetricsRecord>>;
  check: KedaCheck | null;
  checksSince: number;
  writes: KedaWrite[];
  events: KedaSyncRecord['events'];
  pushed: Record<string, boolean>;
}

/**
 * How often an external-push trigger's stream is looked at: the server streams IsActive when it
 * likes; modelled as a push whenever the trigger's activity changes, seen to the second.
 */
const PUSH_PERIOD = 1;

/** The message a scaler's failed read carries here (the world's outage of its metric). */
const readError = (metric: string) =>
  `error getting metric ${metric}: the metric source is unavailable (an outage in the scenario)`;

export class KedaPlane implements ControlPlane {
  readonly clocks: readonly PlaneClock[];
  readonly syncsAt?: readonly number[];
  readonly run: KedaRunInput;
  private so: KedaScaledObject;
  private readonly inner: HpaPlane;
  private readonly cluster: Cluster;
  private readonly world: World;
  private readonly program: Program | null;
  private status: KedaStatus;
  private cache: Readonly<Record<string, MetricsRecord>> = {};
  private check: KedaCheck | null = null;
  private checksSince = 0;
  private writes: KedaWrite[] = [];
  private events: KedaSyncRecord['events'] = [];
  private served: KedaSyncRecord['served'] = [];
  private readsTime = NaN;
  private reads: Reads = {};
  /** per trigger metric (in trigger order): the world's value and activity of its last read */
  private lastRaw: { milli: number | null; active: boolean; read: ScalerRead }[] = [];
  /** the record of the last instant whose reads were built (null: none since a restore) */
  private readsGrouped: Reads | null = null;
  /** the conditions the last phase was read from, and that phase (a memo: lists are immutable) */
  private phaseOf: KedaStatus['conditions'] | null = null;
  private lastPhase: KedaPhase = 'inactive';
  /** what the fallback reads of the cluster, when it reads it (fallbackWorld) */
  private readonly fbWorld: ClusterFallbackWorld;
  /** per cron metric: an interval of Unix seconds over which its activity is known (a memo) */
  /** The last activity each external-push trigger streamed (by trigger index). */
  private pushed: Record<string, boolean> = {};
  private readonly cronSpans = new Map<string, { from: number; until: number; active: boolean }>();
  /** KEDA's part of the last sync (read by the observers before the next one) */
  last: KedaSyncRecord | null = null;

  constructor(cluster: Cluster, world: World, input: SimulationInput, run: KedaRunInput) {
    this.cluster = cluster;
    this.world = world;
    this.run = run;
    this.fbWorld = new ClusterFallbackWorld(cluster);
    this.so = run.scaledObject;
    this.inner = new HpaPlane(
      cluster,
      world,
      input.hpa,
      input.changes ?? [],
      input.controller,
      input.informerLagSeconds ?? 0,
    );
    this.status = {
      lastActiveTime: null,
      health: {},
      conditions: getInitializedConditions(),
      pausedReplicaCount: null,
    };
    let program: Program | null = null;
    if (this.so.scalingModifiers) {
      const p = validateAndCompileScalingModifiers(this.so);
      // The scenario refuses a formula KEDA's webhook refuses; a run never sees one.
      if (!('field' in p) && !isFormulaError(p)) program = p;
    }
    this.program = program;
    const period = Math.max(1, this.so.pollingInterval ?? DEFAULT_POLLING_INTERVAL);
    // The HPA plane's clocks (edits during the run) first, then the ScaledObject's own changes,
    // then KEDA's polling loop.
    const pushing = this.so.triggers.some((tr) => tr.type === 'external-push');
    const annotate = (input.changes ?? []).flatMap((c) =>
      c.keda ? [{ at: c.atSeconds, paused: c.keda.paused }] : [],
    );
    this.clocks = [
      ...this.inner.clocks,
      ...annotate.map((c) => ({
        first: c.at,
        period: Infinity,
        fire: (_n: number, t: number) => this.annotate(c.paused, t),
      })),
      { first: this.so.creationTime, period, fire: (_n, t) => this.poll(t) },
      ...(pushing
        ? [
            {
              first: this.so.creationTime,
              period: PUSH_PERIOD,
              fire: (_n: number, t: number) => this.push(t),
            },
          ]
        : []),
    ];
    this.syncsAt = this.inner.syncsAt;
    cluster.externalSource = (metric, t) => this.serve(metric, t);
  }

  /**
   * Every trigger metric read live at t (one read per instant, shared by the loop and the HPA).
   * A metric whose world value and activity are those of its last read keeps that read (reads
   * are immutable), and when none changed the instant keeps the last instant's record: the
   * quantisation and the objects are paid only when the world moves.
   */
  private readsAt(t: number): Reads {
    if (t === this.readsTime) return this.reads;
    const last = this.lastRaw;
    let out: Record<string, ScalerRead> | null = null;
    let i = 0;
    for (const trigger of this.so.triggers)
      for (const spec of trigger.metrics) {
        const milli = this.world.externalNow(spec.name, t);
        const cron = this.run.crons[spec.name];
        const active =
          milli === null
            ? false
            : cron
              ? this.cronActive(spec.name, cron, t)
              : milli / 1000 > (this.run.activations[spec.name] ?? 0);
        const prev = last[i];
        let read: ScalerRead;
        if (prev !== undefined && prev.milli === milli && prev.active === active) read = prev.read;
        else {
          read =
            milli === null
              ? { error: readError(spec.name) }
              : { values: [generateMetricInMili(milli / 1000, this.run.version)], active };
          last[i] = { milli, active, read };
          out ??= this.copyOfReads(i);
        }
        if (out !== null) out[spec.name] = read;
        i++;
      }
    // Nothing moved since the last instant: its record stands (also its activity groups).
    if (out === null && this.readsGrouped !== null) {
      this.readsTime = t;
      this.reads = this.readsGrouped;
      return this.reads;
    }
    out ??= this.copyOfReads(i);
    // A scaler answering one activity for several metrics: each reads active when any is.
    const groups = this.run.activityGroups;
    if (groups)
      for (const [name, group] of Object.entries(groups)) {
        const read = out[name];
        if (read?.values && group.some((n) => out[n]?.active === true))
          out[name] = { ...read, active: true };
      }
    this.readsTime = t;
    this.reads = out;
    this.readsGrouped = out;
    return out;
  }

  /** A new record of the first `n` metrics' last reads (in trigger order). */
  private copyOfReads(n: number): Record<string, ScalerRead> {
    const out: Record<string, ScalerRead> = {};
    let i = 0;
    for (const trigger of this.so.triggers)
      for (const spec of trigger.metrics) {
        if (i >= n) return out;
        out[spec.name] = this.lastRaw[i]!.read;
        i++;
      }
    return out;
  }

  /** The cron window's activity at t, from a span [from, until) it is known to hold over. */
  private cronActive(metric: string, cron: KedaRunInput['crons'][string], t: number): boolean {
    const now = cron.startEpoch + t;
    const known = this.cronSpans.get(metric);
    if (known && now >= known.from && now < known.until) return known.active;
    const span = cronSpan(cron.window, now);
    this.cronSpans.set(metric, { from: now, until: span.until, active: span.active });
    return span.active;
  }

  /** The cluster as the fallback sees it at t: read only when a rule asks (most never do). */
  private fallbackWorld(t: number): FallbackWorld {
    this.fbWorld.t = t;
    return this.fbWorld;
  }

  // upstream: kedacore/keda v2.20.2 pkg/scaling/scale_handler.go startScaleLoop (one tick)
  /**
   * One pass of the polling loop at t: the controller's pause first (a paused object's loop is
   * stopped), then paused-replicas (2.20), else checkScalers.
   */
  private poll(t: number): void {
    this.status = reconcilePause(this.so, this.status);
    if (loopStopped(this.so)) {
      this.check = null;
      return;
    }
    const from = this.cluster.specReplicas;
    const paused = handlePause(this.so, this.status, from, this.run.version);
    const reads = this.readsAt(t);
    let write: number | null;
    let writer: KedaCheck['writer'];
    let state: ReturnType<typeof checkScalers>['state'] | null = null;
    let error: string | null = null;
    if (paused) {
      this.status = paused.status;
      write = paused.write;
      writer = paused.writer;
    } else {
      const r = checkScalers(
        this.so,
        this.status,
        reads,
        this.cache,
        this.fallbackWorld(t),
        t,
        this.program,
      );
      this.status = r.status;
      this.cache = r.cache;
      state = r.state;
      error = r.state.error;
      write = r.scale?.write ?? null;
      writer = r.scale?.writer ?? null;
      for (const e of r.scale?.events ?? []) this.events.push({ time: t, ...e });
    }
    if (write !== null && writer !== null) {
      this.cluster.writeScale(write, t);
      this.writes.push({ time: t, from, to: write, writer });
    }
    this.check = {
      time: t,
      reads: this.triggerReads(reads),
      isActive: state?.isActive ?? false,
      isError: state?.isError ?? false,
      activeTriggers: state?.activeTriggers ?? [],
      composite: this.so.scalingModifiers
        ? (state?.metrics.find((m) => m.metricName === 'composite-metric')?.milli ?? NaN) / 1000
        : null,
      from,
      write,
      writer,
      cooldownLeft: this.cooldownLeft(t),
      error,
    };
    if (this.check.composite !== null && Number.isNaN(this.check.composite))
      this.check.composite = null;
    this.checksSince++;
  }

  // upstream: kedacore/keda v2.20.2 controllers/keda/scaledobject_controller.go Reconcile (an
  // annotation change of the ScaledObject is reconciled at once)
  /**
   * `kubectl annotate` of autoscaling.keda.sh/paused at t: the controller reconciles the pause
   * (pause.ts). Removed: Paused=False, the HPA is created again (the next sync runs it, its state
   * fresh since the syncs without it forgot the key) and requestScaleLoop starts a new loop, whose
   * first check is at once (startScaleLoop); later checks stay on the loop's grid here.
   */
  private annotate(paused: boolean, t: number): void {
    const was = loopStopped(this.so);
    const annotations = { ...this.so.annotations };
    if (paused) annotations[PAUSED] = 'true';
    else delete annotations[PAUSED];
    this.so = { ...this.so, annotations };
    this.status = reconcilePause(this.so, this.status);
    if (was && !loopStopped(this.so)) this.poll(t);
  }

  // upstream: kedacore/keda v2.20.2 pkg/scaling/scale_handler.go startPushScalers (one receive)
  /**
   * An external-push trigger's StreamIsActive: each activity it streams goes straight to
   * RequestScale (isError false, no active-trigger list), between the polling loop's checks.
   */
  private push(t: number): void {
    const reads = this.readsAt(t);
    for (const trigger of this.so.triggers) {
      if (trigger.type !== 'external-push') continue;
      const active = trigger.metrics.some((m) => reads[m.name]?.active === true);
      const key = String(trigger.index);
      if (this.pushed[key] === active) continue;
      this.pushed = { ...this.pushed, [key]: active };
      const from = this.cluster.specReplicas;
      const r = requestScale(this.so, this.status, active, false, [], from, t);
      this.status = r.status;
      for (const e of r.events) this.events.push({ time: t, ...e });
      if (r.write !== null && r.writer !== null) {
        this.cluster.writeScale(r.write, t);
        this.writes.push({ time: t, from, to: r.write, writer: r.writer });
      }
    }
  }

  /** Seconds until the cooldown (or initial cooldown) passes, while KEDA says ScalerCooldown. */
  private cooldownLeft(t: number): number | null {
    const active = getCondition(this.status.conditions, 'Active');
    if (active.reason !== 'ScalerCooldown') return null;
    const last = this.status.lastActiveTime;
    return last === null
      ? this.so.creationTime +
          (this.so.initialCooldownPeriod ?? DEFAULT_INITIAL_COOLDOWN_PERIOD) -
          t
      : last + (this.so.cooldownPeriod ?? DEFAULT_COOLDOWN_PERIOD) - t;
  }

  private triggerReads(reads: Reads): KedaTriggerRead[] {
    const out: KedaTriggerRead[] = [];
    const fb = this.so.fallback;
    for (const trigger of this.so.triggers)
      for (const spec of trigger.metrics) {
        const read = reads[spec.name]!;
        const failures = this.status.health[spec.name]?.numberOfFailures ?? 0;
        out.push({
          trigger: triggerNameOf(trigger),
          metric: spec.name,
          value: read.values ? read.values[0]! / 1000 : null,
          activation: this.run.activations[spec.name] ?? 0,
          scalerActive: read.active === true,
          error: read.error ?? null,
          failures,
          fallback: fb !== null && read.error !== undefined && failures > fb.failureThreshold,
        });
      }
    return out;
  }

  // upstream: kedacore/keda v2.20.2 pkg/scaling/scale_handler.go GetScaledObjectMetrics
  /** The HPA asks KEDA's metrics server for `metric` at t: the value in milli, or null. */
  private serve(metric: string, t: number): number | null {
    const r = getScaledObjectMetrics(
      this.so,
      this.status,
      metric,
      this.readsAt(t),
      this.cache,
      this.fallbackWorld(t),
      this.program,
    );
    this.status = r.status;
    const fb = this.so.fallback;
    const fallback =
      fb !== null &&
      Object.values(r.status.health).some(
        (h) => h.status === 'Failing' && h.numberOfFailures > fb.failureThreshold,
      );
    if (r.answer.error !== undefined) {
      this.served.push({ metric, value: null, fallback: false, error: r.answer.error });
      return null;
    }
    let milli = 0;
    for (const v of r.answer.values) milli += v.milli;
    this.served.push({ metric, value: milli / 1000, fallback, error: null });
    return milli;
  }

  /** A sync while KEDA has deleted the HPA (scaledobject_controller.go: paused). */
  private syncWithoutHpa(t: number): PlaneSync {
    const step = this.cluster.syncWithoutHpa(t);
    const member: ControllerSync = { step, hpa: this.cluster.hpa };
    return { members: [member], central: null };
  }

  sync(k: number, t: number, changes: ClusterChanges, trace: TraceLevel): PlaneSync {
    this.served = [];
    const deleted = hpaDeleted(this.so, this.status, this.run.version);
    const did = deleted ? this.syncWithoutHpa(t) : this.inner.sync(k, t, changes, trace);
    this.last = {
      phase: this.phase(),
      check: this.check,
      checksSince: this.checksSince,
      writes: this.writes,
      events: this.events,
      conditions: this.status.conditions,
      health: this.status.health,
      lastActiveTime: this.status.lastActiveTime,
      served: this.served,
      ...(deleted ? { noHpa: true as const } : {}),
    };
    this.checksSince = 0;
    this.writes = [];
    this.events = [];
    return did;
  }

  /** KEDA's phase, from its conditions (the same list, unchanged since the last sync: the same phase). */
  private phase(): KedaPhase {
    const c = this.status.conditions;
    if (c === this.phaseOf) return this.lastPhase;
    this.phaseOf = c;
    this.lastPhase = this.phaseFrom(c);
    return this.lastPhase;
  }

  private phaseFrom(c: KedaStatus['conditions']): KedaPhase {
    if (getCondition(c, 'Paused').status === 'True') return 'paused';
    if (getCondition(c, 'Fallback').status === 'True') return 'fallback';
    const active = getCondition(c, 'Active');
    if (active.status === 'True') return 'active';
    return active.reason === 'ScalerCooldown' ? 'cooldown' : 'inactive';
  }

  snapshot(): KedaPlaneState {
    return {
      so: this.so,
      status: this.status,
      cache: this.cache,
      check: this.check,
      checksSince: this.checksSince,
      writes: this.writes.slice(),
      events: this.events.slice(),
      pushed: this.pushed,
    };
  }

  restore(state: unknown): void {
    const s = state as KedaPlaneState;
    this.so = s.so;
    this.status = s.status;
    this.cache = s.cache;
    this.check = s.check;
    this.checksSince = s.checksSince;
    this.writes = s.writes.slice();
    this.events = s.events.slice();
    this.pushed = s.pushed;
    this.readsTime = NaN;
    this.lastRaw = [];
    this.readsGrouped = null;
    this.last = null;
  }
}

/**
 * FallbackWorld over the cluster at one instant: the target's spec.replicas and its ready pods,
 * each read when the rule reads it (a pod count costs a pass over the pods, and only a Value
 * target's fallback needs it). Nothing writes the cluster while a rule reads it.
 */
class ClusterFallbackWorld implements FallbackWorld {
  t = 0;
  constructor(private readonly cluster: Cluster) {}
  get currentReplicas(): number {
    return this.cluster.specReplicas;
  }
  get readyReplicas(): number {
    return this.cluster.podCounts(this.t).ready;
  }
}

/** The KEDA plane of a simulation, or null when it runs without KEDA. */
export function kedaPlaneOf(plane: ControlPlane): KedaPlane | null {
  return plane instanceof KedaPlane ? plane : null;
}
