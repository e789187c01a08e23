// The demand sampled scrapes ahead is the demand sampled scrape by scrape: the same times, the same
// values bit for bit, whatever order the intervals are asked for in.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileCurve, type Curve } from './curves/index.ts';
import { DemandAhead, intervalTimes, type DemandSource } from './demandAhead.ts';
import type { ScrapeSchedule } from './scrapes.ts';

const TRAFFIC: Curve = {
  type: 'noise',
  seed: 7,
  amplitude: 0.1,
  of: {
    type: 'sum',
    of: [
      { type: 'sine', base: 600, amplitude: 400, periodSeconds: 3600, peakAtSeconds: 900 },
      { type: 'spikes', base: 0, spikes: [{ at: 700, durationSeconds: 90, height: 800 }] },
      {
        type: 'ramp',
        points: [
          { at: 0, value: 0 },
          { at: 2000, value: 300 },
        ],
      },
    ],
  },
};

function schedule(first: number, resolution: number, count: number): ScrapeSchedule {
  return {
    resolution,
    first,
    count,
    pollEvery: 1,
    timeOf: (k) => first + k * resolution,
    lastAtOrBefore: (t) => first + Math.floor((t - first) / resolution + 1e-9) * resolution,
  };
}

/** A source that counts its batches and their samples. */
function source(): DemandSource & { batches: number; samples: number } {
  const curve = compileCurve(TRAFFIC);
  const s = {
    batches: 0,
    samples: 0,
    demandInto(times: Float64Array, out: Float64Array, n: number) {
      s.batches++;
      s.samples += n;
      curve.sampleInto(times, out, n);
    },
  };
  return s;
}

/** The values intervalTimes' samples of (prev, s] take, one curve call per sample. */
function pointwise(prev: number, s: number): number[] {
  const curve = compileCurve(TRAFFIC);
  const times = new Float64Array(61);
  const n = intervalTimes(prev, s, times, 0);
  return Array.from(times.subarray(0, n), (t) => curve.valueAt(t));
}

describe('demand sampled ahead', () => {
  it('gives every scrape of the schedule its own samples, in few batches', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 90 }),
        fc.integer({ min: 0, max: 89 }),
        fc.integer({ min: 1, max: 400 }),
        (resolution, phase, count) => {
          const sc = schedule((phase % resolution) - 2 * resolution, resolution, count);
          const src = source();
          const ahead = new DemandAhead(sc);
          let prev = NaN;
          for (let k = 0; k < count; k++) {
            const s = sc.timeOf(k);
            const at = ahead.at(prev, s, src);
            const want = pointwise(prev, s);
            const got = Array.from(ahead.values.subarray(at, at + want.length));
            expect(got).toEqual(want);
            prev = s;
          }
          // each sample once: batched, not re-sampled
          expect(src.samples).toBe(
            Array.from({ length: count }, (_, k) =>
              pointwise(k === 0 ? NaN : sc.timeOf(k - 1), sc.timeOf(k)),
            ).reduce((a, v) => a + v.length, 0),
          );
          expect(src.batches).toBeLessThanOrEqual(Math.ceil(src.samples / 900) + 1);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('samples afresh for an interval it did not sample ahead (a restore, an odd time)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 300 }), fc.boolean(), fc.boolean()), {
          minLength: 1,
          maxLength: 60,
        }),
        (asks) => {
          const sc = schedule(-23, 15, 320);
          const src = source();
          const ahead = new DemandAhead(sc);
          for (const [k, offGrid, first] of asks) {
            const s = sc.timeOf(k) + (offGrid ? 0.25 : 0);
            const prev = first ? NaN : sc.timeOf(k - 1);
            const at = ahead.at(prev, s, src);
            const want = pointwise(prev, s);
            expect(Array.from(ahead.values.subarray(at, at + want.length))).toEqual(want);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('uses a block sampled ahead only for the very interval it was sampled for', () => {
    const sc = schedule(-23, 15, 320);
    const src = source();
    const ahead = new DemandAhead(sc);
    const check = (prev: number, s: number) => {
      const at = ahead.at(prev, s, src);
      const want = pointwise(prev, s);
      expect(Array.from(ahead.values.subarray(at, at + want.length))).toEqual(want);
    };
    check(sc.timeOf(4), sc.timeOf(5));
    expect(src.batches).toBe(1);
    // the next scrape on the schedule, but after no scrape / after another one: not the block
    check(NaN, sc.timeOf(6));
    check(sc.timeOf(6) - 1, sc.timeOf(7));
    expect(src.batches).toBe(3);
    // on the schedule again: the batch just sampled holds it
    check(sc.timeOf(7), sc.timeOf(8));
    expect(src.batches).toBe(3);
  });

  it("gives the scrape's own demand, and the same block when asked again", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 90 }),
        fc.integer({ min: 1, max: 300 }),
        (res, count) => {
          const sc = schedule(7 - 2 * res, res, count);
          const src = source();
          const ahead = new DemandAhead(sc);
          const curve = compileCurve(TRAFFIC);
          let prev = NaN;
          for (let k = 0; k < count; k++) {
            const s = sc.timeOf(k);
            expect(ahead.atScrape(prev, s, src)).toBe(curve.valueAt(s < 0 ? 0 : s));
            const batches = src.batches;
            const at = ahead.at(prev, s, src);
            expect(ahead.at(prev, s, src)).toBe(at);
            expect(src.batches).toBe(batches);
            const want = pointwise(prev, s);
            expect(Array.from(ahead.values.subarray(at, at + want.length))).toEqual(want);
            prev = s;
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
