import { describe, expect, it } from 'vitest';
import { drawInput, timingDraws } from './draws.ts';
import { kpisAtPercentile, tailValue } from './drawStats.ts';
import { simulate } from './simulate.ts';
import { buildInput } from './testing/buildInput.ts';
import type { Kpis } from './result.ts';

const input = buildInput({
  spec: { minReplicas: 2, maxReplicas: 2 },
  workload: { initialReplicas: 2, podCapacity: 500 },
  // A 10 s burst: whether a scrape sees it depends on the phases; the integral does not.
  traffic: { type: 'spikes', base: 900, spikes: [{ at: 294, durationSeconds: 10, height: 4000 }] },
});

describe('timing draws (issue 25)', () => {
  it('draw 0 is the scenario as written; the others are fixed by the seed', () => {
    const a = timingDraws(input, 8, 42);
    expect(a[0]).toEqual({ index: 0, scrapeOffsetSeconds: 7, syncPhaseSeconds: 0 });
    expect(timingDraws(input, 8, 42)).toEqual(a);
    expect(timingDraws(input, 8, 43)).not.toEqual(a);
    for (const d of a) {
      expect(d.scrapeOffsetSeconds).toBeGreaterThanOrEqual(0);
      expect(d.scrapeOffsetSeconds).toBeLessThan(15);
      expect(d.syncPhaseSeconds).toBeGreaterThanOrEqual(0);
      expect(d.syncPhaseSeconds).toBeLessThan(15);
    }
    // the phases spread over the interval rather than sitting on one value
    expect(new Set(a.map((d) => d.scrapeOffsetSeconds)).size).toBe(8);
  });

  it('refuses 0 draws and more than the most', () => {
    expect(() => timingDraws(input, 0, 1)).toThrow(/from 1 to 256, got 0/);
    expect(() => timingDraws(input, 257, 1)).toThrow(RangeError);
    expect(() => timingDraws(input, 1.5, 1)).toThrow(RangeError);
  });

  it('a draw moves the world later by its sync phase and sets the scrape phase', () => {
    const d = { index: 3, scrapeOffsetSeconds: 2.5, syncPhaseSeconds: 4 };
    const moved = drawInput(input, d);
    expect(moved.metricsPipeline.offsetSeconds).toBe(2.5);
    expect(moved.traffic).toEqual({ type: 'shift', bySeconds: 4, of: input.traffic });
    const out = simulate(moved);
    if (!out.ok) throw new Error(out.error);
    // the burst is integrated whatever the phases: 4,000 + the base's 400 over capacity, for 10 s
    expect(out.result.kpis.unmetDemand).toBe(39_000);
  });

  it('the same draws give the same KPIs run after run', () => {
    const run = () =>
      timingDraws(input, 4, 7).map((d) => {
        const out = simulate(drawInput(input, d));
        if (!out.ok) throw new Error(out.error);
        return out.result.kpis;
      });
    expect(run()).toEqual(run());
  });
});

describe('KPIs over draws', () => {
  const k = (unmet: number, final: number) =>
    ({
      unmetDemandPercent: unmet,
      finalReplicas: final,
      recovery: { basis: 'overload', count: 0, openAtEnd: false, maxSeconds: 0, meanSeconds: 0 },
      p95UtilizationPercent: null,
      cost: null,
    }) as unknown as Kpis;
  const all = [k(3, 4), k(1, 2), k(2, 6), k(10, 5)];

  it('nearest rank: the median a value a draw had, p100 the worst', () => {
    expect(kpisAtPercentile(all, 50).unmetDemandPercent).toBe(2);
    expect(kpisAtPercentile(all, 100).unmetDemandPercent).toBe(10);
    expect(kpisAtPercentile(all, 75).unmetDemandPercent).toBe(3);
  });

  it('a figure bounded from below has its bad tail low', () => {
    expect(tailValue([4, 2, 6, 5], 100, 'min')).toBe(2);
    expect(tailValue([4, 2, 6, 5], 100, 'max')).toBe(6);
    expect(tailValue([4, 2, 6, 5], 50, 'min')).toBe(5);
    expect(() => tailValue([1], 0, 'max')).toThrow(RangeError);
    expect(() => tailValue([1], 101, 'max')).toThrow(RangeError);
  });
});
