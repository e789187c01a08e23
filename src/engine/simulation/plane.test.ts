import { describe, expect, it } from 'vitest';
import { Cluster } from './cluster.ts';
import { HpaPlane } from './hpaPlane.ts';
import type { SimulationInput } from './input.ts';
import { SIMULATION_LIMITS } from './limits.ts';
import { Simulation, type LoopObserver } from './loop.ts';
import {
  stackPlanes,
  type ClusterChanges,
  type ControlPlane,
  type PlaneClock,
  type PlaneSync,
  type TraceLevel,
} from './plane.ts';
import { buildInput } from './testing/buildInput.ts';
import { World } from './world.ts';

/**
 * A plane of the kind a KEDA plane will be: it wraps the HPA plane (calls its sync itself), runs
 * a clock of its own, may write the scale on that clock (as `kubectl scale` at a time would),
 * and logs every event it sees, with the loop's scrapes and polls.
 */
class TickerPlane implements ControlPlane {
  readonly clocks: PlaneClock[];
  ticks = 0;

  constructor(
    private readonly inner: ControlPlane,
    private readonly sim: () => Simulation,
    private readonly log: string[],
    clock: { first: number; period: number; name: string; scaleAt?: [number, number] },
    /** log the loop's scrapes and syncs too (one plane of a stack does) */
    private readonly logLoop = true,
  ) {
    this.clocks = [
      {
        first: clock.first,
        period: clock.period,
        fire: (n, t) => {
          this.ticks = n + 1;
          this.log.push(`${clock.name} ${t}`);
          const [at, replicas] = clock.scaleAt ?? [NaN, 0];
          if (t === at) this.sim().cluster.writeScale(replicas, t);
        },
      },
    ];
  }

  scraped(s: number): void {
    if (!this.logLoop) return;
    const sc = this.sim().scrapes;
    const poll = Math.round((s - sc.first) / sc.resolution) % sc.pollEvery === 0;
    this.log.push(`scrape ${s}`);
    if (poll) this.log.push(`poll ${s}`);
  }

  sync(k: number, t: number, changes: ClusterChanges, trace: TraceLevel): PlaneSync {
    if (this.logLoop) this.log.push(`sync ${t}`);
    return this.inner.sync(k, t, changes, trace);
  }

  snapshot(): unknown {
    return { ticks: this.ticks, inner: this.inner.snapshot() };
  }

  restore(state: unknown): void {
    const s = state as { ticks: number; inner: unknown };
    this.ticks = s.ticks;
    this.inner.restore(s.inner);
  }
}

const input: SimulationInput = buildInput({
  // scrapes at 15 s steps on the sync grid (from −30 s), every second one an adapter poll
  metricsPipeline: { resolutionSeconds: 15, offsetSeconds: 0, adapterIntervalSeconds: 30 },
  durationSeconds: 60,
  traffic: { type: 'constant', value: 1500 },
});

function build(
  log: string[],
  clocks: { first: number; period: number; name: string; scaleAt?: [number, number] }[],
) {
  const world = new World(input);
  const cluster = new Cluster(input, world, SIMULATION_LIMITS.maxPods);
  let sim: Simulation | null = null;
  const hpa = new HpaPlane(cluster, world, input.hpa);
  // The first clock's plane wraps the HPA; the others are siblings stacked beside it.
  const planes = clocks.map(
    (c, i) => new TickerPlane(i === 0 ? hpa : emptyPlane(), () => sim!, log, c, i === 0),
  );
  sim = new Simulation({ input, world, clusters: [cluster], plane: stackPlanes(planes) });
  return sim;
}

function emptyPlane(): ControlPlane {
  return {
    clocks: [],
    sync: () => ({ members: [], central: null }),
    snapshot: () => null,
    restore: () => {},
  };
}

const observer = (log: string[]): LoopObserver => ({
  tick: (s) => log.push(`record ${s}`),
});

describe('the loop’s clocks and their one event order', () => {
  it('at one instant: scrape, adapter poll, plane clocks, recording, then the sync', () => {
    const log: string[] = [];
    const sim = build(log, [{ first: 0, period: 10, name: 'clock' }]);
    sim.stepTo(30, observer(log));
    expect(log).toEqual([
      // scrapes before t = 0 warm the pipeline up; the loop records none of them
      'scrape -30',
      'poll -30',
      'scrape -15',
      // t = 0: a scrape with a poll, the plane's clock, the recording, the sync
      'scrape 0',
      'poll 0',
      'clock 0',
      'record 0',
      'sync 0',
      'clock 10',
      'scrape 15',
      'record 15',
      'sync 15',
      'clock 20',
      // t = 30: every clock coincides
      'scrape 30',
      'poll 30',
      'clock 30',
      'record 30',
      'sync 30',
    ]);
  });

  it('a third clock off the grid interleaves by time; ties keep the planes’ order', () => {
    const log: string[] = [];
    const sim = build(log, [
      { first: -20, period: 25, name: 'keda' },
      { first: 5, period: 25, name: 'nodes' },
    ]);
    sim.stepTo(30);
    const events = log.filter((e) => !e.startsWith('poll'));
    expect(events).toEqual([
      'scrape -30',
      'keda -20',
      'scrape -15',
      'scrape 0',
      'sync 0',
      'keda 5',
      'nodes 5',
      'scrape 15',
      'sync 15',
      'scrape 30',
      'keda 30',
      'nodes 30',
      'sync 30',
    ]);
  });

  it('a clock may write the scale: the next sync reads it as the current replicas', () => {
    const log: string[] = [];
    const sim = build(log, [{ first: 0, period: 10, name: 'clock', scaleAt: [20, 7] }]);
    sim.stepTo(15);
    expect(sim.cluster.specReplicas).not.toBe(7);
    const did = sim.runSync();
    expect(did.members[0]!.step.before).toBe(7);
  });

  it('is deterministic, and a snapshot resumes every clock where it stood', () => {
    const run = () => {
      const log: string[] = [];
      const sim = build(log, [
        { first: 3, period: 7, name: 'a' },
        { first: 0, period: 20, name: 'b' },
      ]);
      sim.stepTo(20);
      const snap = sim.snapshot();
      const mark = log.length;
      sim.stepTo(60);
      return { log, tail: log.slice(mark), snap, replicas: sim.cluster.specReplicas };
    };
    const first = run();
    expect(run().log).toEqual(first.log);
    const log: string[] = [];
    const again = build(log, [
      { first: 3, period: 7, name: 'a' },
      { first: 0, period: 20, name: 'b' },
    ]);
    again.restore(first.snap);
    again.stepTo(60);
    expect(log).toEqual(first.tail);
    expect(again.cluster.specReplicas).toBe(first.replicas);
  });

  it('a clock without a period fires when its plane says, asked anew before each firing', () => {
    const log: string[] = [];
    const due = [7, 7.5, 31];
    const plane: ControlPlane = {
      ...emptyPlane(),
      clocks: [
        {
          first: 0,
          period: 0,
          next: () => due[0] ?? Infinity,
          fire: (n, t) => {
            log.push(`event ${n} ${t}`);
            due.shift();
          },
        },
      ],
      scraped: (s) => log.push(`scrape ${s}`),
      sync: (_k, t) => {
        log.push(`sync ${t}`);
        return { members: [null], central: null };
      },
    };
    const world = new World(input);
    const cluster = new Cluster(input, world, SIMULATION_LIMITS.maxPods);
    const sim = new Simulation({ input, world, clusters: [cluster], plane });
    sim.stepTo(30);
    expect(log.filter((e) => !e.startsWith('scrape -'))).toEqual([
      'scrape 0',
      'sync 0',
      'event 0 7',
      'event 1 7.5',
      'scrape 15',
      'sync 15',
      'scrape 30',
      'sync 30',
    ]);
    sim.stepTo(45);
    expect(log).toContain('event 2 31');
  });

  it('refuses a clock that would never advance', () => {
    const world = new World(input);
    const cluster = new Cluster(input, world, SIMULATION_LIMITS.maxPods);
    const plane = new TickerPlane(new HpaPlane(cluster, world, input.hpa), () => sim, [], {
      first: 0,
      period: 0,
      name: 'stuck',
    });
    let sim: Simulation;
    expect(() => (sim = new Simulation({ input, world, clusters: [cluster], plane }))).toThrow(
      /period > 0/,
    );
  });
});
