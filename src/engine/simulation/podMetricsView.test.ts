// The view's one-call read (PodMetricsView.readAll, the by-position port's fast path) against its
// per-position reads (listed, usage, timestamp, window): the same samples, in the same order, at
// every sync of random worlds, the churn bench (no pod shares a state) and the presets with two
// containers or memory; and the pods' fields as columns (Observation.podFields) against the pods.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../scenario/index.ts';
import {
  phaseCode,
  readyCode,
  type Observation,
  type PodMetricsColumns,
} from '../controller/index.ts';
import type { SimulationInput } from './input.ts';
import { MetricsPipeline } from './metricsPipeline.ts';
import { createSimulation } from './simulate.ts';
import { buildInput } from './testing/buildInput.ts';
import { worldArb } from './testing/worldArb.ts';

type Sample = [number, number, number, number, number];

/** What the port's per-position loop sets, or 'no container' at the first null usage. */
function perPosition(
  c: PodMetricsColumns,
  resource: string,
  container: string,
  count: number,
  weight: (i: number) => number,
): { items: number; samples: Sample[] } | 'no container' {
  const samples: Sample[] = [];
  let items = 0;
  for (let i = 0; i < count; i++) {
    if (!c.listed(i)) continue;
    items++;
    const v = c.usage(i, resource, container);
    if (v === null) return 'no container';
    if (v !== undefined) samples.push([i, v, c.timestamp(i), c.window(i), weight(i)]);
  }
  return { items, samples };
}

/** Observation.podFields holds each listed entry's fields (podFields.ts, ObservedPods.fields). */
function expectFieldsAsPods(obs: Observation): void {
  const f = obs.podFields!;
  const pods = obs.pods;
  const columns = pods.map((_, i) => {
    const c = f.at[i]!;
    return [
      f.phase[c],
      f.deleting[c],
      f.ready[c],
      f.startTime[c],
      f.readyTransitionTime[c],
      f.settledStart![c],
    ];
  });
  const fields = pods.map((p) => [
    phaseCode(p.phase),
    p.deleting === true ? 1 : 0,
    readyCode(p.ready),
    p.startTime ?? NaN,
    p.readyTransitionTime ?? NaN,
    p.phase === 'Running' && p.deleting !== true && p.ready === true ? (p.startTime ?? NaN) : NaN,
  ]);
  expect(columns).toEqual(fields);
  const shared = pods.every(
    (p) =>
      p.containers === pods[0]!.containers &&
      p.initContainers === pods[0]!.initContainers &&
      p.podRequests === pods[0]!.podRequests,
  );
  expect(f.sharedRequests).toBe(shared);
}

function expectReadAllAsPerPosition(input: SimulationInput, every = 1): number {
  const created = createSimulation(input);
  if (!created.ok) throw new Error(created.error);
  const sim = created.simulation;
  const period = input.controller.syncPeriodSeconds;
  const containers = input.workload.containers.map((c) => c.name);
  let compared = 0;
  for (let t = 0; t <= input.durationSeconds; t += every * period) {
    sim.stepTo(t);
    const obs = sim.cluster.observation(t, sim.world, true);
    const columns = obs.podMetrics!;
    const count = obs.pods.length;
    expectFieldsAsPods(obs);
    for (const resource of ['cpu', 'memory', 'gpu'])
      for (const container of ['', ...containers, 'nope']) {
        const samples: Sample[] = [];
        const sink = {
          set: (i: number, v: number, ts: number, w: number, weight: number) =>
            samples.push([i, v, ts, w, weight]),
        };
        const items = columns.readAll!(resource, container, sink, count);
        const want = perPosition(
          columns,
          resource,
          container,
          count,
          (i) => obs.pods[i]!.count ?? 1,
        );
        // −1: the caller reads position by position (a container no pod has)
        if (items < 0) {
          expect(container).toBe('nope');
          continue;
        }
        expect(want).not.toBe('no container');
        expect({ items, samples }).toEqual(want);
        compared += samples.length;
      }
  }
  return compared;
}

describe('PodMetricsView.readAll', () => {
  it('reads what the per-position reads give, on random worlds', () => {
    fc.assert(
      fc.property(worldArb, (input) => {
        expectReadAllAsPerPosition(input);
      }),
      { numRuns: 25, seed: 20261127 },
    );
  });

  const root = resolve(import.meta.dirname, '../../..');
  for (const file of [
    'bench/scenarios/churn.yaml',
    'src/presets/default.yaml',
    'src/presets/memory-never-scales-down.yaml',
    'src/presets/startup-cpu-burst.yaml',
  ])
    it(`reads what the per-position reads give, on ${file}`, () => {
      const input = parseScenario(readFileSync(resolve(root, file), 'utf8')).input!;
      expect(expectReadAllAsPerPosition(input, 7)).toBeGreaterThan(0);
    });
});

// Rows built by hand: equal points over different windows (a fresh container's next to a full
// interval's), zero and negative-zero windows, rows their entry does not own, unlisted rows. The
// one-call read reuses a reading only for the same point over the same window.
describe('MetricsPipeline.readReports', () => {
  it('reads each row as usage() does, whatever its neighbours hold', () => {
    const input = buildInput();
    const load = { kind: 'resource' as const, resource: 'cpu', perPodMilli: 20, perUnitMilli: 1 };
    const pipeline = new MetricsPipeline(input, [
      { load: { ...load, demand: null }, demand: null, slot: 0 },
    ]);
    const rows = pipeline.rows;
    const stride = rows.stride;
    const LAST = 1;
    const pointArb = fc.record({
      x: fc.constantFrom(0, -0, 1500, 1500.5, 7, 1e-7),
      last: fc.constantFrom(30, 45, -0, 0),
      window: fc.constantFrom(15, 5, 10, 0, -0, NaN),
      own: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(pointArb, { minLength: 1, maxLength: 12 }), (points) => {
        rows.clear();
        rows.ensure(points.length + 1);
        const rowOf = new Int32Array(points.length);
        const owners = new Int32Array(points.length);
        const weights = new Int32Array(points.length).fill(1);
        points.forEach((pt, i) => {
          const r = i + 1;
          rows.init(r, pt.own ? 100 + i : 7);
          rows.v[r * stride + LAST] = pt.x;
          rows.lastT[r] = pt.last;
          rows.prevT[r] = pt.last - pt.window;
          rowOf[i] = r;
          owners[i] = 100 + i;
        });
        const got: Sample[] = [];
        const sink = {
          set: (i: number, v: number, ts: number, w: number, weight: number) =>
            got.push([i, v, ts, w, weight]),
        };
        const col = pipeline.reportColumn('cpu', '');
        const items = pipeline.readReports(col, points.length, rowOf, owners, weights, sink);
        const want: Sample[] = [];
        let listed = 0;
        points.forEach((pt, i) => {
          const r = i + 1;
          if (!pt.own || Number.isNaN(rows.prevT[r]!)) return;
          listed++;
          const v = pipeline.usage(r, 'cpu', '')!;
          want.push([i, v, rows.lastT[r]!, rows.lastT[r]! - rows.prevT[r]!, 1]);
        });
        expect(items).toBe(listed);
        expect(got).toEqual(want);
      }),
      { numRuns: 400, seed: 20261127 },
    );
  });
});
