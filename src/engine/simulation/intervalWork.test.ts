// The pods' CPU counters count the work served between two scrapes exactly (intervalWork.ts): a
// burst between the one-second midpoints the counters were once averaged at still reaches them,
// the integral equals a brute-force one, and the KPIs' pieces give the same value bit for bit as
// integrating afresh.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileCurve, type Curve } from './curves/index.ts';
import { IntervalWork } from './intervalWork.ts';
import { shapeOf } from './kpis.ts';
import { DemandIntegral, PieceLog, servedOver, servedOverPieces } from './overload.ts';
import { simulate } from './simulate.ts';
import { buildInput } from './testing/buildInput.ts';

/** Two pods that never change, uncapped: each sync's CPU utilization. */
function utilizations(traffic: Curve): number[] {
  const input = buildInput({
    spec: { minReplicas: 2, maxReplicas: 2 },
    workload: { initialReplicas: 2 },
    traffic,
    durationSeconds: 600,
  });
  const out = simulate(input);
  if (!out.ok) throw new Error(out.error);
  return Array.from(out.result.series.metrics[0]!);
}

/** ∫ min(share · d, capacity) over (a, b] by the midpoint rule at `step` (d before 0: d(0)). */
function brute(curve: Curve, a: number, b: number, capacity: number, share: number, step: number) {
  const c = compileCurve(curve);
  let sum = 0;
  for (let t = a; t < b - step / 2; t += step) {
    const x = t + step / 2;
    sum += Math.min(share * c.valueAt(x < 0 ? 0 : x), capacity) * step;
  }
  return sum;
}

describe("the pods' work between scrapes is integrated exactly", () => {
  it('a 0.8 s burst between two midpoints reaches the CPU counters', () => {
    // Scrapes at 7 + 15k s: (292, 307] once sampled at 292.5, 293.5 …; the burst is
    // [293.6, 294.4): 0.8 s × 30,000/s = 24,000 units, 12,000 per pod, all of it counted.
    const base: Curve = { type: 'constant', value: 100 };
    const burst: Curve = {
      type: 'spikes',
      base: 100,
      spikes: [{ at: 293.6, durationSeconds: 0.8, height: 30_000 }],
    };
    const without = utilizations(base);
    const withBurst = utilizations(burst);
    let extra = 0;
    for (let k = 0; k < without.length; k++) extra += withBurst[k]! - without[k]!;
    // 12,000 m·s of CPU per pod (1 m per unit) over a 30 s window on 1,000 m requested: +40
    // points at each of the syncs that read a window holding it (rounded to whole percent)
    expect(extra).toBeGreaterThan(40);
  });

  it('equals a brute-force integral, before 0 and after, at any capacity and share', () => {
    const curve: Curve = {
      type: 'noise',
      seed: 3,
      amplitude: 0.2,
      intervalSeconds: 7,
      of: { type: 'sine', base: 800, amplitude: 600, periodSeconds: 300 },
    };
    fc.assert(
      fc.property(
        fc.integer({ min: -40, max: 500 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.constantFrom(1, 0.5, 0.25),
        (a, len, capacity, share) => {
          const work = new IntervalWork(curve, 600, null);
          const got = work.served(a, a + len, capacity, share, null);
          const want = brute(curve, a, a + len, capacity, share, 0.0005);
          // a noise step falls inside a 0.0005 s sliver of the brute force at most 2 × 10 times
          expect(Math.abs(got - want)).toBeLessThan(1e-5 * Math.abs(want) + 20 * 0.0005 * 1500);
        },
      ),
      { numRuns: 60, seed: 21 },
    );
  });

  it("reads the KPIs' pieces of the same interval and share, bit for bit as afresh", () => {
    const curve: Curve = { type: 'sine', base: 900, amplitude: 700, periodSeconds: 500 };
    const kpis = new DemandIntegral(compileCurve(curve), shapeOf(curve, 600));
    const log = (kpis.log = new PieceLog());
    const sums = { demand: 0, unmet: 0, overloadSeconds: 0 };
    for (const [a, b, share] of [
      [22, 37, 1],
      [37, 52, 0.4],
      [130, 145, 1],
    ] as const) {
      kpis.add(a, b, 1000, sums, null, share);
      for (const capacity of [0, 300, 1000, 1e9, Infinity]) {
        const shared = new IntervalWork(curve, 600, null).served(a, b, capacity, share, log);
        const afresh = new IntervalWork(curve, 600, null).served(a, b, capacity, share, null);
        expect(shared).toBe(afresh);
        // the sums kept at the KPIs' own capacity are the pieces summed again
        expect(servedOver(log, capacity)).toBe(servedOverPieces(log, capacity));
        // another interval's or share's pieces are not used
        const other = new IntervalWork(curve, 600, null);
        expect(other.served(a, b + 1, capacity, share, log)).toBe(
          new IntervalWork(curve, 600, null).served(a, b + 1, capacity, share, null),
        );
      }
    }
  });
});
