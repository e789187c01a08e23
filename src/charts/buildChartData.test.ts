import { describe, expect, it } from 'vitest';
import { presetRun } from '../explain/testing/presets.ts';
import {
  buildChartData,
  buildMarkers,
  DEFAULT_MAX_POINTS,
  decidedRuns,
  indexRange,
  pointsForWidth,
  replicasScale,
} from './buildChartData.ts';
import type { ChartData, ChartSeries } from './types.ts';

/** The drawn rows as objects, as a tooltip gets them (`ChartRows.row`). */
const rowsOf = (d: ChartData) => Array.from({ length: d.rows.length }, (_, k) => d.rows.row(k));

function tinySeries(n: number, over: Partial<ChartSeries> = {}): ChartSeries {
  const f = (v: (i: number) => number) => Float64Array.from({ length: n }, (_, i) => v(i));
  return {
    time: f((i) => i * 15),
    desiredReplicas: f(() => 3),
    specReplicas: f(() => 3),
    readyReplicas: f(() => 3),
    pendingReplicas: f(() => 0),
    terminatingReplicas: f(() => 0),
    demand: f(() => NaN),
    served: f(() => NaN),
    capacity: f(() => NaN),
    rescaled: new Uint8Array(n),
    metrics: [f((i) => (i === 2 ? NaN : 50))],
    metricInfo: [
      { label: 'cpu utilization', unit: '% of request', target: 60, key: 'resource/cpu' },
    ],
    ratios: [f((i) => (i === 2 ? NaN : 50 / 60))],
    minReplicas: 1,
    maxReplicas: 10,
    tolerance: { scaleUp: 0.1, scaleDown: 0.05 },
    ...over,
  };
}

describe('buildChartData', () => {
  it('keeps every sync of a short run and turns NaN into gaps (null)', () => {
    const d = buildChartData(tinySeries(5), 100);
    expect(rowsOf(d).map((r) => r.i)).toEqual([0, 1, 2, 3, 4]);
    expect(rowsOf(d)[2]!.m0).toBeNull();
    expect(rowsOf(d)[1]!.m0).toBe(50);
    expect(d.hasDemand).toBe(false);
    expect(d.hasCapacity).toBe(false);
    expect(d.xDomain).toEqual([0, 60]);
  });

  it('shades the tolerance band as target × [1 − down, 1 + up]', () => {
    const [lane] = buildChartData(tinySeries(5), 100).metrics;
    expect(lane!.band![0]).toBeCloseTo(57);
    expect(lane!.band![1]).toBeCloseTo(66);
    expect(lane!.valueScale.domain[1]).toBeGreaterThanOrEqual(66);
    expect(lane!.ratioScale.domain[1]).toBeGreaterThanOrEqual(1.1);
    expect(lane!.valueScale.ticks.at(-1)).toBe(lane!.valueScale.domain[1]);
    expect(lane!.decided).toEqual([]);
  });

  it('downsamples a day-long run to the budget and maps rows back to syncs', () => {
    const run = presetRun('default');
    const s = run.payload.series;
    const d = buildChartData(s, 500);
    expect(s.time.length).toBe(5761);
    expect(d.rows.length).toBeLessThanOrEqual(500);
    expect(rowsOf(d)[0]!.i).toBe(0);
    expect(rowsOf(d).at(-1)!.i).toBe(5760);
    rowsOf(d).forEach((r, k) => {
      expect(r.i).toBe(d.indices[k]);
      expect(r.t).toBe(s.time[r.i]);
      expect(r.spec).toBe(s.specReplicas[r.i]);
    });
    expect(d.hasDemand).toBe(true);
    expect(d.hasCapacity).toBe(true);
    expect(d.xDomain).toEqual([0, 86_400]);
  });

  it('aggregates rescale markers without losing any rescale', () => {
    const run = presetRun('flapping');
    const s = run.payload.series;
    const syncs = run.result.syncs;
    const ups = syncs.filter((x) => x.rescaled && x.replicas > x.currentReplicas).length;
    const downs = syncs.filter((x) => x.rescaled && x.replicas < x.currentReplicas).length;
    for (const budget of [2_000, 40]) {
      const d = buildChartData(s, budget);
      expect(d.markers.reduce((a, m) => a + m.ups, 0)).toBe(ups);
      expect(d.markers.reduce((a, m) => a + m.downs, 0)).toBe(downs);
      for (const m of d.markers) expect(s.rescaled[m.i]).toBe(1);
    }
    expect(buildChartData(s, 2_000).rescaleIndices).toHaveLength(ups + downs);
  });

  it('marks where each metric decided when there are several', () => {
    const d = buildChartData(presetRun('cpu-and-object-metric').payload.series);
    expect(d.metrics).toHaveLength(2);
    const covered = d.metrics.reduce(
      (a, m) => a + m.decided.reduce((b, r) => b + (r.to - r.from), 0),
      0,
    );
    expect(covered).toBeGreaterThan(0);
    expect(d.metrics[1]!.decided.length).toBeGreaterThan(0);
  });
});

describe('buildMarkers', () => {
  it('gives each rescale a direction and merges markers closer than the merge distance', () => {
    const s = tinySeries(6, {
      specReplicas: Float64Array.from([3, 5, 5, 4, 4, 6]),
      readyReplicas: Float64Array.from([3, 3, 5, 4, 4, 4]),
      rescaled: Uint8Array.from([0, 1, 0, 1, 0, 1]),
    });
    const all = Int32Array.from([0, 1, 2, 3, 4, 5]);
    expect(buildMarkers(s, all).map((m) => [m.i, m.direction, m.y])).toEqual([
      [1, 'up', 5],
      [3, 'down', 4],
      [5, 'up', 6],
    ]);
    const merged = buildMarkers(s, all, 0, 40);
    expect(merged.map((m) => [m.direction, m.ups, m.downs])).toEqual([
      ['mixed', 1, 1],
      ['up', 1, 0],
    ]);
    // A downsampled row stands for the rescales since the previous row.
    expect(buildMarkers(s, Int32Array.from([0, 4, 5])).map((m) => [m.t, m.ups, m.downs])).toEqual([
      [60, 1, 1],
      [75, 1, 0],
    ]);
  });

  it('marks a rescale from a count someone else wrote in between (kubectl scale to 0, then 0→4)', () => {
    const s = tinySeries(3, {
      specReplicas: Float64Array.from([4, 4, 4]),
      currentReplicas: Float64Array.from([4, 0, 4]),
      rescaled: Uint8Array.from([0, 1, 0]),
    });
    expect(buildMarkers(s, Int32Array.from([0, 1, 2])).map((m) => [m.i, m.direction])).toEqual([
      [1, 'up'],
    ]);
  });
});

describe('replicasScale', () => {
  it('does not let a far-away maxReplicas flatten the chart', () => {
    const [, top] = replicasScale(tinySeries(5, { maxReplicas: 1000 })).domain;
    expect(top).toBeLessThan(20);
  });

  it('includes maxReplicas when it is close to the data', () => {
    const [, top] = replicasScale(tinySeries(5, { maxReplicas: 4 })).domain;
    expect(top).toBeGreaterThanOrEqual(4);
  });

  it('clips a huge raw recommendation at twice the rest', () => {
    const s = tinySeries(5, {
      rawReplicas: Float64Array.from([3, 3, 2000, 3, 3]),
      stabilizedReplicas: Float64Array.from([3, 3, 3, 3, 3]),
    });
    const [, top] = replicasScale(s, true).domain;
    expect(top).toBeLessThanOrEqual(10);
  });
});

describe('zoom', () => {
  it('downsamples only the zoomed slice, so zooming in shows every sync', () => {
    const s = presetRun('default').payload.series;
    const d = buildChartData(s, 500, [3600, 7200]);
    expect(d.zoomed).toBe(true);
    expect(d.xDomain).toEqual([3600, 7200]);
    // 241 syncs in the hour (plus the neighbours just outside, so lines reach the edges)
    expect(d.rows.length).toBeLessThanOrEqual(243);
    expect(rowsOf(d)[0]!.t).toBeLessThanOrEqual(3600);
    expect(rowsOf(d).at(-1)!.t).toBeGreaterThanOrEqual(7200);
    expect(rowsOf(d).map((r) => r.i)).toEqual(
      Array.from({ length: d.rows.length }, (_, k) => rowsOf(d)[0]!.i + k),
    );
  });

  it('maps a time range to the syncs inside it and one either side', () => {
    const time = [0, 15, 30, 45, 60, 75];
    expect(indexRange(time, null)).toEqual([0, 5]);
    expect(indexRange(time, [20, 50])).toEqual([1, 4]);
    expect(indexRange(time, [30, 45])).toEqual([2, 3]);
    expect(indexRange([], null)).toEqual([0, -1]);
  });
});

describe('decidedRuns', () => {
  it('turns per-sync decisions into time runs, merging small gaps and capping the count', () => {
    const time = [0, 15, 30, 45, 60, 75, 90];
    const deciding = [0, 0, 1, 0, 0, 1, 1];
    expect(decidedRuns(time, deciding, 0, 0)).toEqual([
      { from: 0, to: 30 },
      { from: 45, to: 75 },
    ]);
    expect(decidedRuns(time, deciding, 0, 15)).toEqual([{ from: 0, to: 75 }]);
    expect(decidedRuns(time, deciding, 1, 0)).toEqual([
      { from: 30, to: 45 },
      { from: 75, to: 90 },
    ]);
    expect(decidedRuns(time, deciding, 0, 0, 1)).toEqual([{ from: 0, to: 75 }]);
  });
});

describe('variants over the HPA (overlays)', () => {
  const base = () => tinySeries(6);
  const variant = (spec: number[], cpu: number[], key = 'resource/cpu') => {
    const s = tinySeries(spec.length);
    return {
      key: 'fast-down',
      name: 'fast-down',
      colour: '#dc2626',
      series: {
        time: s.time,
        specReplicas: Float64Array.from(spec),
        metrics: [Float64Array.from(cpu)],
        ratios: [Float64Array.from(cpu.map((v) => v / 60))],
        metricInfo: [{ ...s.metricInfo[0]!, key }],
      },
    };
  };

  it('adds nothing without variants: the HPA rows and axes stay as they were', () => {
    const d = buildChartData(base(), 100);
    expect(d.overlays).toEqual([]);
    expect(Object.keys(rowsOf(d)[0]!).some((k) => k.startsWith('o'))).toBe(false);
  });

  it('gives each variant its replicas and metric values on the shared rows', () => {
    const d = buildChartData(base(), 100, null, [
      variant([3, 4, 5, 6, 7, 8], [50, 60, 70, 80, 90, 95]),
    ]);
    expect(d.overlays).toHaveLength(1);
    const [o] = d.overlays;
    expect(o!.legendKey).toBe('run:fast-down');
    expect(rowsOf(d).map((r) => r[o!.specKey])).toEqual([3, 4, 5, 6, 7, 8]);
    const keys = o!.metricKeys[0]!;
    expect(rowsOf(d)[5]![keys.valueKey]).toBe(95);
    expect(rowsOf(d)[5]![keys.ratioKey]).toBeCloseTo(95 / 60);
    // The lane's axes cover the variant (the HPA alone stays at 50).
    expect(d.metrics[0]!.valueScale.domain[1]).toBeGreaterThanOrEqual(95);
    expect(d.metrics[0]!.ratioScale.domain[1]).toBeGreaterThanOrEqual(95 / 60);
  });

  it('fits the replicas axis to a shown variant and drops it when hidden', () => {
    const s = base();
    const v = variant([3, 3, 9, 9, 9, 3], [50, 50, 50, 50, 50, 50]);
    const d = buildChartData(s, 100, null, [v]);
    expect(d.replicasScale.domain[1]).toBeGreaterThanOrEqual(9);
    const overlays = [{ legendKey: 'run:fast-down', specReplicas: v.series.specReplicas }];
    const shown = replicasScale(s, false, d.range, { overlays });
    const hidden = replicasScale(s, false, d.range, {
      overlays,
      hidden: new Set(['run:fast-down']),
    });
    expect(shown.domain[1]).toBeGreaterThanOrEqual(9);
    expect(hidden.domain[1]).toBeLessThan(9);
  });

  it('skips a run on another sync grid and a lane whose metric the variant lacks', () => {
    const d = buildChartData(base(), 100, null, [
      variant([3, 3, 3], [1, 2, 3]),
      { ...variant([3, 3, 3, 3, 3, 3], [1, 2, 3, 4, 5, 6], 'resource/memory'), key: 'mem' },
    ]);
    expect(d.overlays.map((o) => o.key)).toEqual(['mem']);
    expect(d.overlays[0]!.metricKeys).toEqual([null]);
    expect(d.metrics[0]!.valueScale.domain[1]).toBeLessThan(100);
  });

  it('keeps a variant’s short spike through downsampling', () => {
    const run = presetRun('default');
    const s = run.payload.series;
    const spec = Float64Array.from(s.specReplicas);
    const at = Math.floor(spec.length / 3);
    spec[at] = 500;
    const d = buildChartData(s, 200, null, [
      {
        key: 'v',
        name: 'v',
        colour: '#000',
        series: { ...s, specReplicas: spec },
      },
    ]);
    expect(d.rows.length).toBeLessThanOrEqual(200);
    expect(rowsOf(d).some((r) => r.o0 === 500)).toBe(true);
  });
});

describe('pointsForWidth', () => {
  it('is about 1.5 points per pixel, in steps of 100, between 300 and the default', () => {
    expect(pointsForWidth(500)).toBe(800);
    expect(pointsForWidth(466)).toBe(700);
    expect(pointsForWidth(100)).toBe(300);
    expect(pointsForWidth(2000)).toBe(DEFAULT_MAX_POINTS);
    // not measured yet (0, or no layout in tests): the default
    expect(pointsForWidth(0)).toBe(DEFAULT_MAX_POINTS);
    expect(pointsForWidth(NaN)).toBe(DEFAULT_MAX_POINTS);
  });

  it('is one point per pixel during a drag (perPixel 1)', () => {
    expect(pointsForWidth(760)).toBe(DEFAULT_MAX_POINTS);
    expect(pointsForWidth(760, 1)).toBe(800);
    expect(pointsForWidth(100, 1)).toBe(300);
  });
});

describe("a rollout's pods on the replicas chart", () => {
  it('splits the pods by ReplicaSet in each row, only for a run with a rollout', () => {
    const s = tinySeries(4);
    const f = (a: number[]) => Float64Array.from(a);
    const data = buildChartData(s, DEFAULT_MAX_POINTS, null, [], null, {
      old: f([3, 2, 1, 0]),
      new: f([0, 2, 3, 3]),
    });
    expect(data.rollout).toBe(true);
    expect(rowsOf(data).map((r) => [r.oldPods, r.newPods])).toEqual([
      [3, 0],
      [2, 2],
      [1, 3],
      [0, 3],
    ]);
    const none = buildChartData(s);
    expect(none.rollout).toBe(false);
    expect(rowsOf(none)[0]!.oldPods).toBeUndefined();
  });
});

describe('the rows as columns (ColumnRows)', () => {
  // What a row object held before the rows became columns: every key in this order, each value
  // the series' at the row's sync, a non-finite number (or a missing series) null.
  const orNull = (v: number | undefined) => (v === undefined || !Number.isFinite(v) ? null : v);
  function rowObject(s: ChartSeries, i: number, keys: [string, ArrayLike<number> | undefined][]) {
    const row: Record<string, number | null> = { i, t: s.time[i]! };
    for (const [key, a] of keys) row[key] = orNull(a?.[i]);
    return row;
  }

  it('makes each row as the row objects were, every kind of series included', () => {
    const run = presetRun('default');
    const s0 = run.payload.series;
    const n = s0.time.length;
    const f = (v: (i: number) => number) => Float64Array.from({ length: n }, (_, i) => v(i));
    const s: ChartSeries = {
      ...s0,
      demand: f((i) => 100 + (i % 7)),
      served: f((i) => (i % 11 === 0 ? NaN : 90)),
      capacity: f((i) => (i % 13 === 0 ? Infinity : 120)),
      rawReplicas: f((i) => 3 + (i % 5)),
      stabilizedReplicas: f(() => 4),
      metrics: [s0.metrics[0]!, f((i) => i)],
      ratios: [s0.ratios[0]!],
      metricInfo: [s0.metricInfo[0]!, { ...s0.metricInfo[0]!, key: 'second' }],
    };
    const variant = {
      key: 'v',
      name: 'v',
      colour: '#000',
      series: { ...s, specReplicas: f((i) => 2 + (i % 3)), metrics: [f((i) => -i)], ratios: [] },
    };
    const band = { count: 3, lo: f(() => 1), hi: f((i) => (i % 17 === 0 ? NaN : 9)) };
    const rollout = { old: f((i) => i % 2), new: f(() => 5) };
    const d = buildChartData(s, 400, null, [variant], band, rollout);
    const keys: [string, ArrayLike<number> | undefined][] = [
      ['spec', s.specReplicas],
      ['ready', s.readyReplicas],
      ['desired', s.desiredReplicas],
      ['pending', s.pendingReplicas],
      ['terminating', s.terminatingReplicas],
      ['demand', s.demand],
      ['served', s.served],
      ['capacity', s.capacity],
      ['raw', s.rawReplicas],
      ['stabilized', s.stabilizedReplicas],
      ['m0', s.metrics[0]],
      ['r0', s.ratios[0]],
      ['m1', s.metrics[1]],
      ['r1', undefined],
      ['o0', variant.series.specReplicas],
      ['o0m0', variant.series.metrics[0]],
      ['o0r0', undefined],
      ['o0m1', undefined],
      ['o0r1', undefined],
      ['drawLo', band.lo],
      ['drawHi', band.hi],
      ['oldPods', rollout.old],
      ['newPods', rollout.new],
    ];
    expect(d.rows.length).toBeGreaterThan(300);
    for (let k = 0; k < d.rows.length; k++) {
      const want = rowObject(s, d.indices[k]!, keys);
      const row = d.rows.row(k);
      expect(Object.keys(row)).toEqual(Object.keys(want));
      expect(row).toEqual(want);
      expect(d.rows.t(k)).toBe(want.t);
      for (const [key] of keys) expect(d.rows.value(key)(k)).toBe(want[key]);
    }
    // A key no row has reads as undefined, as a row object's missing key did.
    expect(d.rows.value('nothing')(0)).toBeUndefined();
    expect(d.rows.row(0).nothing).toBeUndefined();
  });
});
