import { describe, expect, it } from 'vitest';
import { KpiAccumulator, maxOf } from './kpis.ts';
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
    const input = buildInput({ workload: { podCapacity: 100 }, durationSeconds: 1_200_000 });
    const kpis = new KpiAccumulator(input);
    // One tick overloaded (demand 200 > served 100), one not, 300,000 times.
    for (let i = 0; i < 600_000; i++) kpis.tick(i, 1, 1, 1, 200, i % 2 === 0 ? 100 : 200, true);
    const series = allocateSeries(1, 0, {
      metricInfo: [],
      minReplicas: 1,
      maxReplicas: 1,
      tolerance: { scaleUp: 0.1, scaleDown: 0.1 },
    });
    const k = kpis.build(series);
    expect(k.recovery).toEqual({
      basis: 'overload',
      count: 300_000,
      maxSeconds: 1,
      meanSeconds: 1,
    });
    expect(k.overloadSeconds).toBe(300_000);
  });
});
