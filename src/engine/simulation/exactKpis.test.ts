// The overload and cost KPIs are exact integrals (overload.ts, podLives.ts), not values sampled at
// the scrapes: a burst between two scrapes counts, and any piecewise traffic integrates to what a
// brute-force integration of the curve gives.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileCurve, type Curve } from './curves/index.ts';
import { simulate } from './simulate.ts';
import { buildInput } from './testing/buildInput.ts';

/** A run whose ready pods never change: `pods` pods serving `podCapacity` each. */
function fixed(traffic: Curve, pods: number, podCapacity: number, durationSeconds = 600) {
  const input = buildInput({
    spec: { minReplicas: pods, maxReplicas: pods },
    workload: { initialReplicas: pods, podCapacity },
    traffic,
    durationSeconds,
  });
  const out = simulate(input);
  if (!out.ok) throw new Error(out.error);
  return out.result.kpis;
}

/** ∫ max(0, d − capacity) over [0, end), by the midpoint rule at `step` seconds. */
function bruteUnmet(curve: Curve, capacity: number, end: number, step: number) {
  const c = compileCurve(curve);
  let unmet = 0;
  let demand = 0;
  let over = 0;
  for (let t = 0; t < end; t += step) {
    const d = c.valueAt(t + step / 2);
    demand += d * step;
    unmet += Math.max(0, d - capacity) * step;
    if (d > capacity) over += step;
  }
  return { unmet, demand, over };
}

describe('exact unmet demand (issue 25)', () => {
  it('counts a 10 s burst between two scrapes in full: 4,000/s over capacity is 40,000', () => {
    // Scrapes fall at 7 + 15k s: 292 and 307 frame a burst over [294, 304).
    const traffic: Curve = {
      type: 'spikes',
      base: 1000,
      spikes: [{ at: 294, durationSeconds: 10, height: 4000 }],
    };
    const k = fixed(traffic, 2, 500);
    expect(k.unmetDemand).toBe(40_000);
    expect(k.overloadSeconds).toBe(10);
    expect(k.recovery).toMatchObject({ basis: 'overload', count: 1, maxSeconds: 10 });
    expect(k.demand).toBe(1000 * 600 + 40_000);
    expect(k.servedDemand).toBe(1000 * 600);
  });

  it('a ramp that crosses the capacity between scrapes integrates as a triangle', () => {
    // 0 → 2,000 over [0, 600): above 1,000 from 300 s on; unmet = ½ · 300 s · 1,000.
    const traffic: Curve = {
      type: 'ramp',
      points: [
        { at: 0, value: 0 },
        { at: 600, value: 2000 },
      ],
    };
    const k = fixed(traffic, 2, 500);
    expect(k.unmetDemand).toBe(150_000);
    expect(k.overloadSeconds).toBe(300);
    expect(k.recovery).toMatchObject({ count: 1, openAtEnd: true, maxSeconds: 300 });
  });

  it('agrees with a brute-force integration on any piecewise traffic', () => {
    const level = fc.integer({ min: 0, max: 3000 });
    const at = fc.integer({ min: 0, max: 5990 }).map((x) => x / 10);
    const points = fc
      .array(fc.record({ at, value: level }), { minLength: 1, maxLength: 8 })
      .map((ps) => ps.sort((a, b) => a.at - b.at));
    const curve: fc.Arbitrary<Curve> = fc.oneof(
      points.map((steps) => ({ type: 'steps', steps }) as Curve),
      points.map((ps) => ({ type: 'ramp', points: ps }) as Curve),
      fc
        .tuple(points, level)
        .map(([ps, max]) => ({ type: 'clamp', max, of: { type: 'ramp', points: ps } }) as Curve),
    );
    fc.assert(
      fc.property(curve, fc.integer({ min: 1, max: 4 }), (traffic, pods) => {
        const k = fixed(traffic, pods, 400);
        const want = bruteUnmet(traffic, pods * 400, 600, 0.01);
        // the brute force is off by at most a 0.01 s sliver per break (3,000/s at most)
        const slack = 8 * 3 * 0.01 * 3000 + 1e-6;
        expect(Math.abs(k.unmetDemand - want.unmet)).toBeLessThanOrEqual(slack);
        expect(Math.abs(k.demand - want.demand)).toBeLessThanOrEqual(slack);
        expect(Math.abs(k.overloadSeconds - want.over)).toBeLessThanOrEqual(8 * 3 * 0.01 + 1e-3);
      }),
      { numRuns: 40, seed: 25 },
    );
  });
});

describe('exact pod-hours (issue 25)', () => {
  it('a run that ends between scrapes costs its own length, not a whole scrape more', () => {
    // Scrapes at 7 … 97 stood for 7 × 15 s = 105 s per pod; the run is 100 s.
    const k = fixed({ type: 'constant', value: 100 }, 2, 500, 100);
    expect(k.podHours).toBe(Math.round((2 * 100 * 1000) / 3600) / 1000);
    expect(k.readyPodHours).toBe(k.podHours);
  });
});

describe('exact unmet demand on a curve that is not straight (issue 25)', () => {
  it('a sine is cut until straight or a second long: within 0.01 % of a fine brute force', () => {
    const traffic: Curve = { type: 'sine', base: 1000, amplitude: 800, periodSeconds: 240 };
    const k = fixed(traffic, 2, 600);
    const want = bruteUnmet(traffic, 1200, 600, 0.001);
    expect(want.unmet).toBeGreaterThan(10_000);
    expect(Math.abs(k.unmetDemand - want.unmet)).toBeLessThan(1e-4 * want.unmet);
    expect(Math.abs(k.overloadSeconds - want.over)).toBeLessThan(0.01);
  });
});
