// DemandIntegral reads each interval's pieces in one batch (CompiledCurve.sampleInto); the sums
// and episodes must be bit for bit those of reading every piece's values one by one (valueAt),
// which is how the integral was written first. The reference below is that first form.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { curveShape } from './curves/breaks.ts';
import { compileCurve, type CompiledCurve, type Curve } from './curves/index.ts';
import { above, DemandIntegral, Episodes, type OverloadSums } from './overload.ts';

/** The integral as first written: every read a valueAt, in the piece's own order. */
class OneByOne {
  constructor(
    private readonly curve: CompiledCurve,
    private readonly breaks: Float64Array,
    private readonly linear: boolean,
  ) {}

  add(a: number, b: number, c: number, sums: OverloadSums, ep: Episodes, f: number): void {
    if (!(b > a) || f <= 0) return;
    const br = this.breaks;
    let i = 0;
    while (i < br.length && br[i]! <= a) i++;
    let x = a;
    while (x < b) {
      const next = i < br.length && br[i]! < b ? br[i++]! : b;
      this.piece(x, next, c, f, sums, ep, 0);
      x = next;
    }
  }

  private piece(
    x0: number,
    x1: number,
    c: number,
    f: number,
    sums: OverloadSums,
    ep: Episodes,
    depth: number,
  ): void {
    const h = x1 - x0;
    const q1 = f * this.curve.valueAt(x0 + h / 4);
    const q3 = f * this.curve.valueAt(x0 + (3 * h) / 4);
    const curved = !this.linear;
    if (depth < 24 && (!curved || h > 1)) {
      const slope = (q3 - q1) / (h / 2);
      const eps = h * 1e-9;
      const v0 = f * this.curve.valueAt(x0);
      const v1 = f * this.curve.valueAt(x1 - eps);
      const mid = f * this.curve.valueAt(x0 + h / 2);
      const tol =
        (curved ? 1e-6 : 1e-9) * Math.max(1, Math.abs(q1), Math.abs(q3), Math.abs(slope) * h);
      if (
        Math.abs(mid - (q1 + q3) / 2) > tol ||
        Math.abs(v0 - (q1 - (slope * h) / 4)) > tol ||
        Math.abs(v1 - (q3 + slope * (h / 4 - eps))) > tol
      ) {
        const m = x0 + h / 2;
        this.piece(x0, m, c, f, sums, ep, depth + 1);
        this.piece(m, x1, c, f, sums, ep, depth + 1);
        return;
      }
    }
    const quarter = (q3 - q1) / 2;
    const y0 = q1 - quarter;
    const y1 = q3 + quarter;
    sums.demand += above(y0, y1, 0, h);
    sums.unmet += above(y0, y1, c, h);
    const limit = c + 1e-9 * Math.max(1, c);
    const p = y0 - limit;
    const q = y1 - limit;
    let u0 = 0;
    let u1 = 0;
    if (p > 0 && q > 0) u1 = 1;
    else if (!(p <= 0 && q <= 0)) {
      const u = p / (p - q);
      if (p > 0) u1 = u;
      else [u0, u1] = [u, 1];
    }
    if (u1 > u0) {
      sums.overloadSeconds += (u1 - u0) * h;
      ep.mark(x0 + u0 * h, x0 + u1 * h);
    }
    if (u1 < 1) ep.close();
  }
}

const point = fc.record({
  at: fc.integer({ min: 0, max: 900 }),
  value: fc.double({ min: 0, max: 5000, noNaN: true }),
});
const points = fc
  .array(point, { minLength: 1, maxLength: 12 })
  .map((ps) => ps.sort((x, y) => x.at - y.at));
const leaf: fc.Arbitrary<Curve> = fc.oneof(
  fc
    .double({ min: 0, max: 3000, noNaN: true })
    .map((value): Curve => ({ type: 'constant', value })),
  points.map((steps): Curve => ({ type: 'steps', steps })),
  points.map((ps): Curve => ({ type: 'ramp', points: ps })),
  fc
    .record({
      base: fc.double({ min: 0, max: 3000, noNaN: true }),
      amplitude: fc.double({ min: 0, max: 3000, noNaN: true }),
      periodSeconds: fc.integer({ min: 30, max: 86_400 }),
    })
    .map((s): Curve => ({ type: 'sine', ...s })),
  fc
    .record({
      at: fc.integer({ min: 0, max: 800 }),
      durationSeconds: fc.integer({ min: 1, max: 90 }),
    })
    .map((s): Curve => ({ type: 'spikes', base: 100, spikes: [{ ...s, height: 4000 }] })),
);
const curve: fc.Arbitrary<Curve> = fc.oneof(
  leaf,
  fc.tuple(leaf, leaf).map(([a, b]): Curve => ({ type: 'sum', of: [a, b] })),
  fc
    .record({
      of: leaf,
      seed: fc.integer({ min: 0, max: 1000 }),
      amplitude: fc.double({ min: 0, max: 0.5, noNaN: true }),
      interpolation: fc.constantFrom('step' as const, 'linear' as const),
    })
    .map((n): Curve => ({ type: 'noise', ...n })),
  fc
    .tuple(leaf, fc.double({ min: 0, max: 2000, noNaN: true }))
    .map(([of, max]): Curve => ({ type: 'clamp', of, max })),
);

/** Both integrals over [0, end) in scrape intervals of `step` from `phase`, at `capacity`. */
function both(c: Curve, end: number, step: number, phase: number, capacity: number, share: number) {
  const shape = curveShape(c, 0, end);
  const batched = new DemandIntegral(compileCurve(c), shape);
  const plain = new OneByOne(compileCurve(c), shape.breaks, shape.linear);
  const sums = [0, 1].map(() => ({ demand: 0, unmet: 0, overloadSeconds: 0 }));
  const eps = [new Episodes(), new Episodes()];
  for (let s = phase, first = true; s < end; s += step, first = false) {
    const from = first ? 0 : s;
    const to = Math.min(s + step, end);
    batched.add(from, to, capacity, sums[0]!, eps[0]!, share);
    plain.add(from, to, capacity, sums[1]!, eps[1]!, share);
  }
  for (const e of eps) e.close();
  return {
    batched: { ...sums[0]!, episodes: eps[0]!.closed },
    plain: { ...sums[1]!, episodes: eps[1]!.closed },
  };
}

describe('the batched demand integral', () => {
  it('gives the one-by-one sums and episodes bit for bit on random curves', () => {
    fc.assert(
      fc.property(
        curve,
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 3000, noNaN: true }),
        fc.constantFrom(1, 0.37),
        (c, step, phaseUnit, capacity, share) => {
          const { batched, plain } = both(c, 900, step, phaseUnit * step, capacity, share);
          expect(Object.is(batched.demand, plain.demand)).toBe(true);
          expect(Object.is(batched.unmet, plain.unmet)).toBe(true);
          expect(Object.is(batched.overloadSeconds, plain.overloadSeconds)).toBe(true);
          expect(batched.episodes).toEqual(plain.episodes);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('takes an interval with more pieces than one batch holds (a 1 s series)', () => {
    const values = Array.from({ length: 600 }, (_, i) => String((i * 37) % 1000)).join(' ');
    const c: Curve = { type: 'series', values, stepSeconds: 1, interpolation: 'linear' };
    const { batched, plain } = both(c, 600, 600, 0, 400, 1);
    expect(batched.unmet).toBeGreaterThan(0);
    expect(batched).toEqual(plain);
    expect(Object.is(batched.unmet, plain.unmet)).toBe(true);
  });
});
