// The one loop: one World, N Clusters and one ControlPlane per run. Clocks: metrics-server scrapes
// every resolution on its own phase (scrapes.ts), every adapterInterval of them also an adapter
// poll; the controller syncs every sync period from 0 on what the last scrape reported (and at the
// instants a plane asks for between them: an HPA edit's immediate reconcile); a plane may add
// clocks of its own. Every event up to and including a sync's instant happens before
// that sync, and events at one instant run in one order (../README.md "The loop"):
//
//   health → scrape (queues, every cluster) → adapter poll → plane.scraped → plane clocks
//   → observers' tick  …  health → plane.sync → observers' sync
//
// At each scrape the world's demand is split over the ready pods of every reachable cluster;
// a cluster fails and recovers at the first scrape or sync at or after its instant. Observers
// record what they need (scrapes before t = 0 only warm the pipeline up and are not observed).

import type { Cluster, ScrapeFeed } from './cluster.ts';
import { DemandAhead } from './demandAhead.ts';
import type { SimulationInput } from './input.ts';
import { WorkMeter } from './meter.ts';
import type {
  ClusterChanges,
  ControlPlane,
  ControllerSync,
  PlaneClock,
  PlaneSync,
  TraceLevel,
} from './plane.ts';
import type { ScrapeSchedule } from './scrapes.ts';
import { scrapeSchedule } from './scrapes.ts';
import type { SimulationSnapshot } from './state.ts';
import type { World } from './world.ts';

export interface LoopObserver {
  /**
   * After the scrape at s ≥ 0 and every event at s (it stands for the interval [s, s +
   * resolution)); `demand` is the world's at s.
   */
  tick?(s: number, demand: number): void;
  /** After sync number k at t: what the control plane did. */
  sync?(k: number, t: number, did: PlaneSync): void;
}

/** When a cluster becomes unreachable and when it is back (seconds; null: never). */
export interface ClusterHealth {
  failAtSeconds: number | null;
  recoverAtSeconds: number | null;
}

export interface SimulationParts {
  /** the run's input: its duration, sync period and scrape schedule */
  input: SimulationInput;
  world: World;
  clusters: Cluster[];
  plane: ControlPlane;
  /** per cluster: its failure and recovery (multi-cluster); absent: always reachable */
  health?: (ClusterHealth | null)[];
  /** counts the run's work, and stops it past its budget (default: a meter without budget) */
  meter?: WorkMeter;
}

export class Simulation {
  readonly world: World;
  readonly clusters: readonly Cluster[];
  readonly plane: ControlPlane;
  readonly syncCount: number;
  readonly tickCount: number;
  readonly scrapes: ScrapeSchedule;
  readonly meter: WorkMeter;
  private readonly syncPeriod: number;
  private readonly duration: number;
  /** every sync's instant when a plane asked for syncs off the grid; null: k × syncPeriod */
  private readonly syncTimes: Float64Array | null;
  /**
   * the meter has a budget: check it after every scrape and sync (false under drive's
   * `coarseBudget`, which checks it itself)
   */
  private checking: boolean;
  private readonly health: (ClusterHealth | null)[] | null;
  private readonly clocks: readonly PlaneClock[];
  /** the plane acts after every scrape (looked up once: most planes do not) */
  private readonly hasScraped: boolean;
  /** per plane clock: the index of its next firing */
  private clockNext: number[];
  /** the world's demand at the sample times of the scrapes ahead, shared by every cluster */
  private readonly ahead: DemandAhead;
  /** what each scrape hands every cluster (one object, rewritten per scrape and cluster) */
  private readonly feed: ScrapeFeed;
  /** each cluster's ready pods at the current scrape */
  private readonly readyNow: Float64Array;
  /** clusters that failed or recovered since the last sync */
  private readonly changes: ClusterChanges = { failed: [], recovered: [] };
  /** index of the next sync to run */
  nextSync = 0;
  private nextTick = 0;
  private prevTickTime = NaN;

  constructor(parts: SimulationParts) {
    const { input, world, clusters, plane } = parts;
    this.world = world;
    this.clusters = clusters;
    this.plane = plane;
    this.syncPeriod = input.controller.syncPeriodSeconds;
    this.duration = input.durationSeconds;
    this.syncTimes = syncTimes(input.durationSeconds, this.syncPeriod, plane.syncsAt ?? []);
    this.syncCount =
      this.syncTimes?.length ?? Math.floor(input.durationSeconds / this.syncPeriod) + 1;
    this.meter = parts.meter ?? new WorkMeter();
    this.checking = this.meter.budget !== Infinity;
    for (const c of clusters) c.useMeter(this.meter.counts);
    this.scrapes = scrapeSchedule(input);
    this.tickCount = this.scrapes.count;
    this.health = parts.health?.some((h) => h !== null) ? parts.health : null;
    this.clocks = plane.clocks;
    this.hasScraped = plane.scraped !== undefined;
    for (const c of this.clocks)
      if (c.next === undefined && (!(c.period > 0) || !Number.isFinite(c.first)))
        throw new RangeError(`a plane clock needs a finite phase and a period > 0`);
    this.clockNext = this.clocks.map(() => 0);
    this.ahead = new DemandAhead(this.scrapes, this.meter.counts, world.traffic?.nodes ?? 0);
    this.readyNow = new Float64Array(clusters.length);
    this.feed = {
      values: this.ahead.values,
      at: 0,
      share: 1,
      serverDown: false,
      unavailable: null,
      poll: false,
    };
  }

  /** Leave the budget's checks to the caller (drive's `coarseBudget`): none after each event. */
  leaveBudgetChecks(): void {
    this.checking = false;
  }

  /** The first cluster: the only one of a single-cluster run. */
  get cluster(): Cluster {
    return this.clusters[0]!;
  }

  /** The instant of sync k (seconds). */
  syncTime(k: number): number {
    return this.syncTimes === null ? k * this.syncPeriod : this.syncTimes[k]!;
  }

  /**
   * The time sync k stands for, until the next one (the sync period on the grid; the last sync
   * too, the run's end cuts it).
   */
  intervalAfter(k: number): number {
    const times = this.syncTimes;
    if (times === null || k + 1 >= times.length) return this.syncPeriod;
    return times[k + 1]! - times[k]!;
  }

  /** Run every sync at or before t (seconds). */
  stepTo(t: number, observer: LoopObserver = {}): void {
    while (this.nextSync < this.syncCount && this.syncTime(this.nextSync) <= t)
      this.runSync(observer);
  }

  /**
   * Run the next sync and every event before it. `trace`: how much of the reconciles' trace the
   * observer reads (true: all, for full records; 'lean': the series numbers; false: none). The
   * answer is the plane's: valid until the next sync.
   */
  runSync(observer: LoopObserver = {}, trace: TraceLevel = true): PlaneSync {
    const k = this.nextSync++;
    const t = this.syncTime(k);
    const scrapes = this.scrapes;
    if (this.clocks.length === 0) {
      while (this.nextTick < this.tickCount && scrapes.timeOf(this.nextTick) <= t)
        this.scrape(observer);
    } else {
      for (;;) {
        const s = this.nextTick < this.tickCount ? scrapes.timeOf(this.nextTick) : Infinity;
        // Plane clocks due before the next scrape (and by the sync) fire first.
        this.fireClocks(Math.min(s, t), s <= t);
        if (s > t) break;
        this.scrape(observer);
      }
    }
    const health = this.health !== null;
    if (health) for (let i = 0; i < this.clusters.length; i++) this.checkHealth(i, t);
    const did = this.plane.sync(k, t, this.changes, trace);
    if (health) {
      this.changes.failed.length = 0;
      this.changes.recovered.length = 0;
    }
    for (let i = 0; i < did.members.length; i++) {
      const m = did.members[i];
      if (m) this.countReconcile(m, trace);
    }
    if (did.central !== null) this.countReconcile(did.central, trace);
    observer.sync?.(k, t, did);
    if (this.checking) this.meter.check(t, this.duration);
    return did;
  }

  /** A reconcile's work: the sync, its metrics, the stored history it scanned, its record. */
  private countReconcile(c: ControllerSync, trace: TraceLevel): void {
    const counts = this.meter.counts;
    const memory = c.step.r.memory;
    counts.syncs++;
    counts.metricSyncs += c.hpa.spec.metrics?.length ?? 0;
    // Each sync scans and copies the stored list; a long list costs more per entry (its copy
    // no longer fits the young generation): n (1 + n / 4096), as measured.
    const n = memory.recommendations?.length ?? 0;
    counts.recommendations += n + (n * n) / 4096;
    counts.scaleEvents += memory.scaleUpEvents.length + memory.scaleDownEvents.length;
    if (trace === true) counts.records++;
  }

  /**
   * Fire the plane clocks due by `until`: strictly before it when `strict` (a scrape is at
   * `until` and goes first), else at it too. Earliest first; on ties, the plane's order.
   */
  private fireClocks(until: number, strict: boolean): void {
    const clocks = this.clocks;
    for (;;) {
      let best = -1;
      let bestT = Infinity;
      for (let i = 0; i < clocks.length; i++) {
        const c = clocks[i]!;
        const n = this.clockNext[i]!;
        // A clock that fires once has period Infinity (0 × Infinity would be NaN); a clock with
        // `next` fires when its plane says.
        const at = c.next !== undefined ? c.next() : n === 0 ? c.first : c.first + n * c.period;
        if (at < bestT) {
          bestT = at;
          best = i;
        }
      }
      if (best < 0 || bestT > until || (strict && bestT === until)) return;
      const n = this.clockNext[best]!++;
      clocks[best]!.fire(n, bestT);
    }
  }

  /** The next scrape: health, queues, every reachable cluster, the adapters, the planes. */
  private scrape(observer: LoopObserver): void {
    const s = this.scrapes.timeOf(this.nextTick);
    const prev = this.prevTickTime;
    const { world, clusters, feed } = this;
    if (this.health !== null) for (let i = 0; i < clusters.length; i++) this.checkHealth(i, s);
    // The world's demand at s (sampled ahead in batches).
    const at = this.ahead.at(prev, s, world);
    const demand = this.ahead.values[at]!;
    world.knowDemandFrom(s, demand);
    // Queues drain from t = 0 by the pods ready at the previous scrape (they served the
    // interval); the adapters poll after the scrape, so the first sync has values.
    const readyNow = this.readyNow;
    let serving = 0;
    let ready = 0;
    // Alone, a cluster gets all of the demand (its tick serves none of it without a ready pod).
    const alone = clusters.length === 1;
    for (let i = 0; i < clusters.length; i++) {
      const c = clusters[i]!;
      serving += c.failed ? 0 : c.readyCount;
      if (!alone) ready += readyNow[i] = c.readyAt(s);
    }
    world.advanceQueues(
      s,
      Number.isNaN(prev) || s <= 0 ? 0 : s - Math.max(prev, 0),
      demand,
      serving,
    );
    feed.at = at;
    feed.serverDown = world.metricsServerDown(s);
    feed.unavailable = world.unavailableAt(s);
    feed.poll = this.nextTick % this.scrapes.pollEvery === 0;
    for (let i = 0; i < clusters.length; i++) {
      const c = clusters[i]!;
      if (c.failed) continue;
      // Each cluster gets the demand in proportion to its ready pods (with none ready, nobody
      // is routed any: all of it is unmet).
      feed.share = alone ? 1 : ready === 0 ? 0 : readyNow[i]! / ready;
      c.tick(s, prev, feed);
    }
    if (feed.poll) world.poll(s, demand);
    if (this.hasScraped) this.plane.scraped!(s);
    if (this.clocks.length > 0) this.fireClocks(s, false);
    if (s >= 0) observer.tick?.(s, demand);
    this.prevTickTime = s;
    this.nextTick++;
    if (this.checking) this.meter.check(s, this.duration);
  }

  /** Failure and recovery happen at the first scrape or sync at or after their instant. */
  private checkHealth(i: number, s: number): void {
    const h = this.health![i];
    if (!h) return;
    const c = this.clusters[i]!;
    const { failAtSeconds: failAt, recoverAtSeconds: recoverAt } = h;
    const down = failAt !== null && s >= failAt && (recoverAt === null || s < recoverAt);
    if (down && !c.failed) {
      c.fail(s);
      this.changes.failed.push(i);
    } else if (!down && c.failed) {
      c.failed = false;
      this.changes.recovered.push(i);
    }
  }

  snapshot(): SimulationSnapshot {
    return {
      nextSync: this.nextSync,
      nextTick: this.nextTick,
      prevTickTime: this.prevTickTime,
      clocks: this.clockNext.slice(),
      world: this.world.snapshot(),
      clusters: this.clusters.map((c) => c.snapshot()),
      plane: this.plane.snapshot(),
    };
  }

  restore(s: SimulationSnapshot): void {
    this.nextSync = s.nextSync;
    this.nextTick = s.nextTick;
    this.prevTickTime = s.prevTickTime;
    this.clockNext = s.clocks.slice();
    this.world.restore(s.world);
    this.clusters.forEach((c, i) => c.restore(s.clusters[i]!, this.world));
    this.plane.restore(s.plane);
  }
}

/**
 * The sync instants when a plane asks for syncs off the grid (`extra`, any order): the grid
 * (k × period up to the duration) and each extra instant in (0, duration] not on it, ascending;
 * null when there is none (the grid alone, computed as k × period).
 */
export function syncTimes(
  duration: number,
  period: number,
  extra: readonly number[],
): Float64Array | null {
  const grid = Math.floor(duration / period) + 1;
  const off = [...new Set(extra)]
    .filter((e) => e > 0 && e <= duration && Math.round(e / period) * period !== e)
    .sort((a, b) => a - b);
  if (off.length === 0) return null;
  const times = new Float64Array(grid + off.length);
  let j = 0;
  let n = 0;
  for (let k = 0; k < grid; k++) {
    const g = k * period;
    while (j < off.length && off[j]! < g) times[n++] = off[j++]!;
    times[n++] = g;
  }
  while (j < off.length) times[n++] = off[j++]!;
  return times;
}
