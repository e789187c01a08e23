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
  private readonly so: KedaScaledObject;
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
    // The HPA plane's clocks (edits during the run) first, then KEDA's polling loop.
    const pushing = this.so.triggers.some((tr) => tr.type === 'external-push');
    this.clocks = [
      ...this.inner.clocks,
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

  /** Every trigger metric read live at t (one read per instant, shared by the loop and the HPA). */
  private readsAt(t: number): Reads {
    if (t === this.readsTime) return this.reads;
    const out: Record<string, ScalerRead> = {};
    for (const trigger of this.so.triggers)
      for (const spec of trigger.metrics) {
        const milli = this.world.externalNow(spec.name, t);
        if (milli === null) {
          out[spec.name] = { error: readError(spec.name) };
          continue;
        }
        const value = milli / 1000;
        const cron = this.run.crons[spec.name];
        const active = cron
          ? this.cronActive(spec.name, cron, t)
          : value > (this.run.activations[spec.name] ?? 0);
        out[spec.name] = { values: [generateMetricInMili(value, this.run.version)], active };
      }
    this.readsTime = t;
    this.reads = out;
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

  private fallbackWorld(t: number): FallbackWorld {
    return {
      currentReplicas: this.cluster.specReplicas,
      readyReplicas: this.cluster.podCounts(t).ready,
    };
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

  private phase(): KedaPhase {
    const c = this.status.conditions;
    if (getCondition(c, 'Paused').status === 'True') return 'paused';
    if (getCondition(c, 'Fallback').status === 'True') return 'fallback';
    const active = getCondition(c, 'Active');
    if (active.status === 'True') return 'active';
    return active.reason === 'ScalerCooldown' ? 'cooldown' : 'inactive';
  }

  snapshot(): KedaPlaneState {
    return {
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
    this.status = s.status;
    this.cache = s.cache;
    this.check = s.check;
    this.checksSince = s.checksSince;
    this.writes = s.writes.slice();
    this.events = s.events.slice();
    this.pushed = s.pushed;
    this.readsTime = NaN;
    this.last = null;
  }
}

/** The KEDA plane of a simulation, or null when it runs without KEDA. */
export function kedaPlaneOf(plane: ControlPlane): KedaPlane | null {
  return plane instanceof KedaPlane ? plane : null;
}
