// The clock: metrics-server scrapes every resolution on its own phase (scrapes.ts); the controller
// syncs every sync period on what the last scrape reported. Every scrape up to and including a
// sync's instant happens before that sync. The loop drives the World and the Cluster; observers
// record what they need (scrapes before t = 0 only warm the pipeline up and are not observed).

import type { ReconcileOptions } from '../controller/index.ts';
import { Cluster, type ClusterSnapshot, type SyncStep } from './cluster.ts';
import type { CurveCompiler } from './curves/tape.ts';
import type { SimulationInput } from './input.ts';
import { World, type WorldSnapshot } from './world.ts';

export interface LoopObserver {
  /** after the scrape at s ≥ 0 (it stands for the interval [s, s + resolution)) */
  tick?(s: number, cluster: Cluster, demandNow: number): void;
  /** after sync number k */
  sync?(k: number, step: SyncStep, cluster: Cluster): void;
}

export interface LoopSnapshot {
  /** the index of the next sync to run */
  nextSync: number;
  nextTick: number;
  prevTickTime: number;
  world: WorldSnapshot;
  cluster: ClusterSnapshot;
}

export class Simulation {
  readonly world: World;
  readonly cluster: Cluster;
  readonly syncCount: number;
  readonly tickCount: number;
  private readonly syncPeriod: number;
  /** index of the next sync to run */
  nextSync = 0;
  private nextTick = 0;
  private prevTickTime = NaN;

  /** `reference`: the plain per-pod world (see SimulateOptions.reference); `curves`: world.ts */
  constructor(input: SimulationInput, maxPods: number, reference = false, curves?: CurveCompiler) {
    this.syncPeriod = input.controller.syncPeriodSeconds;
    this.syncCount = Math.floor(input.durationSeconds / this.syncPeriod) + 1;
    this.world = new World(input, curves);
    this.cluster = new Cluster(input, this.world, maxPods, reference);
    this.tickCount = this.cluster.scrapes.count;
  }

  /** Run every sync at or before t (seconds). */
  stepTo(t: number, observer: LoopObserver = {}): void {
    while (this.nextSync < this.syncCount && this.nextSync * this.syncPeriod <= t)
      this.runSync(observer);
  }

  /**
   * Run the next sync (and the scrapes before it). `trace`: how much of the reconcile's trace
   * the observer reads (true: all, for full records; 'lean': the series numbers; false: none).
   */
  runSync(observer: LoopObserver = {}, trace: ReconcileOptions['trace'] = true): SyncStep {
    const k = this.nextSync++;
    const t = k * this.syncPeriod;
    const { world, cluster } = this;
    const scrapes = cluster.scrapes;
    while (this.nextTick < this.tickCount && scrapes.timeOf(this.nextTick) <= t) {
      const s = scrapes.timeOf(this.nextTick);
      const prev = this.prevTickTime;
      // The curve is sampled scrapes ahead (demandAhead.ts); the world keeps this scrape's value.
      const demandNow = cluster.scrapeDemand(prev, s, world);
      world.knowDemandFrom(s, demandNow);
      // Queues drain from t = 0; the adapters poll before it so the first sync has values.
      world.advanceQueues(
        s,
        Number.isNaN(prev) || s <= 0 ? 0 : s - Math.max(prev, 0),
        demandNow,
        cluster.readyCount,
      );
      cluster.tick(s, prev, world, this.nextTick % scrapes.pollEvery === 0);
      if (s >= 0) observer.tick?.(s, cluster, demandNow);
      this.prevTickTime = s;
      this.nextTick++;
    }
    const step = cluster.sync(t, world, trace);
    observer.sync?.(k, step, cluster);
    return step;
  }

  snapshot(): LoopSnapshot {
    return {
      nextSync: this.nextSync,
      nextTick: this.nextTick,
      prevTickTime: this.prevTickTime,
      world: this.world.snapshot(),
      cluster: this.cluster.snapshot(),
    };
  }

  restore(s: LoopSnapshot): void {
    this.nextSync = s.nextSync;
    this.nextTick = s.nextTick;
    this.prevTickTime = s.prevTickTime;
    this.world.restore(s.world);
    this.cluster.restore(s.cluster, this.world);
  }
}
