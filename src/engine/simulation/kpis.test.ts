import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileCurve } from './curves/index.ts';
import { KpiAccumulator, costOf, maxOf, nthCounted, percentile, selectKth } from './kpis.ts';
import { allocateSeries } from './seriesShape.ts';
import { buildInput } from './testing/buildInput.ts';

describe('KPIs over user-sized data', () => {
  it('maxOf takes the largest of a list far past the call-stack argument limit', () => {
    const big = Array.from({ length: 1_000_000 }, (_, i) => (i * 7919) % 1_000_003);
    expect(() => Math.max(...big)).toThrow(RangeError); // what the old code did
    expect(maxOf(big)).toBe(1_000_002);
    expect(maxOf([])).toBe(0);
    expect(maxOf([-3, -1, -2])).toBe(-1);
  });

  it('builds the recovery figures of 300,000 overload episodes (issue 15: a 70-hour run)', () => {
    const input = buildInput({
      workload: { podCapacity: 100 },
      traffic: { type: 'constant', value: 200 },
      metricsPipeline: { resolutionSeconds: 1, windowSeconds: 30 },
      durationSeconds: 600_000,
    });
    const kpis = new KpiAccumulator(input, compileCurve(input.traffic!));
    // One second overloaded (demand 200 > capacity 100), one not, 300,000 times.
    for (let i = 0; i < 600_000; i++) kpis.tick(i, i % 2 === 0 ? 100 : 200);
    const series = allocateSeries(1, 0, {
      metricInfo: [],
      minReplicas: 1,
      maxReplicas: 1,
      tolerance: { scaleUp: 0.1, scaleDown: 0.1 },
    });
    const k = kpis.build(series, [0, 0]);
    expect(k.recovery).toEqual({
      basis: 'overload',
      count: 300_000,
      openAtEnd: false,
      maxSeconds: 1,
      meanSeconds: 1,
    });
    expect(k.overloadSeconds).toBe(300_000);
  });
});

describe('time above target (issue 11: 615 s in a 600 s run)', () => {
  const above = {
    path: 'normal',
    tolerances: { scaleUp: 0.1, scaleDown: 0.1 },
    metrics: [{ type: 'External', usageRatio: 2 }],
  } as never;
  const below = {
    path: 'normal',
    tolerances: { scaleUp: 0.1, scaleDown: 0.1 },
    metrics: [{ type: 'External', usageRatio: 1 }],
  } as never;
  const series = allocateSeries(0, 0, {
    metricInfo: [],
    minReplicas: 1,
    maxReplicas: 1,
    tolerance: { scaleUp: 0.1, scaleDown: 0.1 },
  });

  it('counts each sync until the next one, and the sync at the end of the run for nothing', () => {
    const kpis = new KpiAccumulator(buildInput({ durationSeconds: 60 }), null);
    for (const t of [0, 15, 30, 45, 60]) kpis.sync(t, above, 15);
    const k = kpis.build(series, [0, 0]);
    expect(k.timeAboveTargetSeconds).toBe(60);
    expect(k.recovery).toMatchObject({
      basis: 'aboveTarget',
      count: 1,
      openAtEnd: true,
      maxSeconds: 60,
    });
  });

  it('a run that ends short of a whole sync period counts only the part inside the run', () => {
    const kpis = new KpiAccumulator(buildInput({ durationSeconds: 50 }), null);
    for (const t of [0, 15, 30, 45]) kpis.sync(t, t === 15 ? below : above, 15);
    const k = kpis.build(series, [0, 0]);
    expect(k.timeAboveTargetSeconds).toBe(15 + 15 + 5);
    expect(k.recovery).toMatchObject({ count: 2, openAtEnd: true, maxSeconds: 15 });
  });

  it('an episode that ended is not open', () => {
    const kpis = new KpiAccumulator(buildInput({ durationSeconds: 30 }), null);
    for (const t of [0, 15, 30]) kpis.sync(t, t === 0 ? above : below, 15);
    expect(kpis.build(series, [0, 0]).recovery).toMatchObject({
      count: 1,
      openAtEnd: false,
      maxSeconds: 15,
    });
  });
});

describe('cost and utilization KPIs', () => {
  it('p95 is the nearest-rank value that occurred, null without values', () => {
    expect(percentile([], 0.95)).toBeNull();
    expect(percentile([7], 0.95)).toBe(7);
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100 … 1, unsorted
    expect(percentile(hundred, 0.95)).toBe(95);
    expect(
      percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 100], 0.95),
    ).toBe(19);
  });

  it('selects what a sort would put at rank k (duplicates, -0 and +0, NaN, any order)', () => {
    const value = fc.oneof(
      fc.integer({ min: -5, max: 5 }),
      fc.constantFrom(0, -0, NaN, Infinity, -Infinity),
      fc.double(),
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 300 }), fc.nat(), (xs, r) => {
        const k = r % xs.length;
        const want = Float64Array.from(xs).sort()[k]!;
        expect(Object.is(selectKth(Float64Array.from(xs), k), want)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('selects in sorted, reversed and all-equal inputs of a week of syncs', () => {
    const n = 40_321;
    const inputs = [
      Float64Array.from({ length: n }, (_, i) => i),
      Float64Array.from({ length: n }, (_, i) => n - i),
      new Float64Array(n).fill(60),
      Float64Array.from({ length: n }, (_, i) => i % 7),
    ];
    for (const a of inputs) {
      const want = a.slice().sort();
      for (const k of [0, 1, Math.floor(n / 2), Math.ceil(0.95 * n) - 1, n - 1])
        expect(selectKth(a.slice(), k)).toBe(want[k]);
    }
  });

  it('prices pod-hours and the requested vCPU and GiB, per run and per 730-hour month', () => {
    const input = buildInput({
      durationSeconds: 2 * 3600,
      workload: {
        containers: [
          { name: 'app', requests: { cpu: 500, memory: 1024 ** 3 * 1000 } },
          { name: 'sidecar', requests: { cpu: 250 } },
        ],
      },
      cost: { currency: 'USD', podHour: 0.01, vcpuHour: 0.04, gibHour: 0.005 },
    });
    // 3 pods for 2 h = 6 pod-hours = 4.5 vCPU-hours = 6 GiB-hours
    const cost = costOf(input, 6 * 3600)!;
    expect(cost.vcpuHours).toBe(4.5);
    expect(cost.gibHours).toBe(6);
    expect(cost.perRun).toBe(0.06 + 0.18 + 0.03);
    expect(cost.perMonth).toBe(Math.round(((0.27 * 730) / 2) * 100) / 100);
    expect(costOf(buildInput(), 3600)).toBeNull();
  });

  it('a run without a resource utilization metric has no p95 utilization', () => {
    const input = buildInput();
    const kpis = new KpiAccumulator(input, null);
    kpis.sync(
      0,
      {
        path: 'normal',
        tolerances: { scaleUp: 0.1, scaleDown: 0.1 },
        metrics: [{ type: 'External', usageRatio: 2 }],
      } as never,
      15,
    );
    kpis.sync(
      15,
      {
        path: 'normal',
        tolerances: { scaleUp: 0.1, scaleDown: 0.1 },
        metrics: [
          { type: 'Resource', currentUtilization: 80 },
          { type: 'Resource', currentUtilization: 120 },
        ],
      } as never,
      15,
    );
    const series = allocateSeries(0, 0, {
      metricInfo: [],
      minReplicas: 1,
      maxReplicas: 1,
      tolerance: { scaleUp: 0.1, scaleDown: 0.1 },
    });
    expect(kpis.build(series, [0, 0]).p95UtilizationPercent).toBe(120);
    expect(new KpiAccumulator(input, null).build(series, [0, 0]).p95UtilizationPercent).toBeNull();
  });

  it('p95 utilization counted per whole value equals the percentile of the list, whatever was read', () => {
    const series = allocateSeries(0, 0, {
      metricInfo: [],
      minReplicas: 1,
      maxReplicas: 1,
      tolerance: { scaleUp: 0.1, scaleDown: 0.1 },
    });
    // mostly whole percentages with many ties (the counted path), now and then a value it
    // cannot count (−0, a fraction, past the bins), which sends the run to the selection
    const value = fc.oneof(
      { weight: 30, arbitrary: fc.integer({ min: 0, max: 150 }) },
      { weight: 3, arbitrary: fc.integer({ min: 0, max: 5000 }) },
      { weight: 1, arbitrary: fc.constantFrom(-0, 0, 4095, 4096, 12.5, 0.25) },
    );
    const p95Of = (values: number[]) => {
      const kpis = new KpiAccumulator(buildInput(), null);
      values.forEach((v, i) =>
        kpis.sync(
          15 * i,
          {
            path: 'normal',
            tolerances: { scaleUp: 0.1, scaleDown: 0.1 },
            metrics: [{ type: 'Resource', currentUtilization: v }],
          } as never,
          15,
        ),
      );
      return kpis.build(series, [0, 0]).p95UtilizationPercent;
    };
    // −0 sorts before +0: a run whose 95th value is a −0 reports −0
    for (const values of [[-0], [-0, 0], [0, -0, 7], [4095, 4095], [4096], [12.5, 3]])
      expect(Object.is(p95Of(values), percentile(values, 0.95))).toBe(true);
    fc.assert(
      fc.property(fc.array(value, { maxLength: 300 }), (values) => {
        expect(Object.is(p95Of(values), percentile(values, 0.95))).toBe(true);
      }),
      { numRuns: 400 },
    );
    const bins = new Uint32Array(8);
    bins[2] = 3;
    bins[5] = 1;
    expect([0, 1, 2, 3].map((k) => nthCounted(bins, k))).toEqual([2, 2, 2, 5]);
    expect(() => nthCounted(bins, 4)).toThrow(RangeError);
  });
});
