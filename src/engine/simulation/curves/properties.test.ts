/** Properties over generated valid curves: sampling, order independence, ranges, monotonicity. */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { evaluateCurve, sampleCurve } from './evaluate.ts';
import { compileCurve } from './compile.ts';
import { curveShape, curveShapeOrNull, shiftedShape } from './breaks.ts';
import { validateCurve } from './validate.ts';
import type { Curve, CurvePoint } from './types.ts';

const value = fc.oneof(
  fc.integer({ min: 0, max: 1000 }),
  fc.double({ min: 0, max: 1e6, noNaN: true }),
);
const time = fc.oneof(
  fc.integer({ min: 0, max: 10_000 }),
  fc.double({ min: 0, max: 1e5, noNaN: true }),
);
const period = fc.double({ min: 1, max: 1e5, noNaN: true });

const points = fc
  .array(fc.record({ at: time, value }), { minLength: 1, maxLength: 12 })
  .map((list) => [...list].sort((a, b) => a.at - b.at));

const spikes = fc
  .array(
    fc.tuple(
      fc.double({ min: 0, max: 500, noNaN: true }),
      fc.double({ min: 0.5, max: 300, noNaN: true }),
      value,
      fc.boolean(),
    ),
    { maxLength: 6 },
  )
  .map((items) => {
    let cursor = 0;
    return items.map(([gap, durationSeconds, level, absolute]) => {
      const at = cursor + gap;
      cursor = at + durationSeconds;
      return absolute
        ? { at, durationSeconds, value: level }
        : { at, durationSeconds, height: level };
    });
  });

const leaf: fc.Arbitrary<Curve> = fc.oneof(
  value.map((v): Curve => ({ type: 'constant', value: v })),
  points.map((steps): Curve => ({ type: 'steps', steps })),
  points.map((p): Curve => ({ type: 'ramp', points: p })),
  fc
    .tuple(points, fc.constantFrom('step' as const, 'linear' as const))
    .map(([p, interpolation]): Curve => ({ type: 'series', points: p, interpolation })),
  fc
    .record({ base: value, amplitude: value, periodSeconds: period })
    .map((r): Curve => ({ type: 'sine', ...r })),
  fc.record({ base: value, spikes }).map((r): Curve => ({ type: 'spikes', ...r })),
);

const { curve } = fc.letrec<{ curve: Curve }>((tie) => ({
  curve: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc
      .record({
        of: tie('curve'),
        seed: fc.integer({ min: 0, max: 0xffffffff }),
        relative: fc.boolean(),
        amplitude: fc.double({ min: 0, max: 1, noNaN: true }),
        intervalSeconds: fc.double({ min: 0.5, max: 120, noNaN: true }),
        interpolation: fc.constantFrom('step' as const, 'linear' as const),
      })
      .map(({ relative, amplitude, ...r }): Curve => ({
        type: 'noise',
        mode: relative ? 'relative' : 'absolute',
        amplitude: relative ? amplitude : amplitude * 100,
        ...r,
      })),
    fc
      .array(tie('curve'), { minLength: 1, maxLength: 3 })
      .map((of): Curve => ({ type: 'sum', of })),
    fc
      .record({ factor: fc.double({ min: 0, max: 10, noNaN: true }), of: tie('curve') })
      .map((r): Curve => ({ type: 'scale', ...r })),
    fc
      .record({ min: value, of: tie('curve') })
      .map((r): Curve => ({ type: 'clamp', max: r.min + 50, ...r })),
    fc
      .record({ bySeconds: fc.double({ min: -1e4, max: 1e4, noNaN: true }), of: tie('curve') })
      .map((r): Curve => ({ type: 'shift', ...r })),
    fc
      .record({ periodSeconds: period, of: tie('curve') })
      .map((r): Curve => ({ type: 'repeat', ...r })),
  ),
}));

const grid = fc.record({
  start: fc.double({ min: -1e4, max: 1e5, noNaN: true }),
  step: fc.double({ min: 0.01, max: 600, noNaN: true }),
  count: fc.integer({ min: 0, max: 2500 }), // crosses the 1024-sample chunk boundary
});

describe('curve properties', () => {
  it("a shift's breaks read from its curve's wider shape equal curveShape's, bit for bit", () => {
    fc.assert(
      fc.property(
        curve,
        fc.double({ min: 1, max: 5e4, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (c, duration, at) => {
          const by = at * duration;
          const wide = curveShapeOrNull(c, -duration, duration);
          fc.pre(wide !== null);
          const direct = curveShape({ type: 'shift', bySeconds: by, of: c }, 0, duration);
          const derived = shiftedShape(wide!, by, 0, duration);
          expect(derived.linear).toBe(direct.linear);
          expect(Buffer.from(derived.breaks.buffer).equals(Buffer.from(direct.breaks.buffer))).toBe(
            true,
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('generated curves are valid', () => {
    fc.assert(
      fc.property(curve, (c) => {
        expect(validateCurve(c)).toEqual([]);
      }),
    );
  });

  it('sampleCurve equals pointwise evaluation bit for bit', () => {
    fc.assert(
      fc.property(curve, grid, (c, { start, step, count }) => {
        const samples = sampleCurve(c, start, step, count);
        const pointwise = compileCurve(c); // a separate instance: no shared lookup hints
        for (let i = 0; i < count; i++) {
          expect(Object.is(samples[i], pointwise.valueAt(start + i * step))).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('values do not depend on evaluation order (noise, repeat, lookups with hints)', () => {
    const times = fc.array(fc.double({ min: -1e5, max: 1e6, noNaN: true }), {
      minLength: 1,
      maxLength: 80,
    });
    fc.assert(
      fc.property(curve, times, fc.integer(), (c, ts, salt) => {
        const forward = ts.map((t) => compileCurve(c).valueAt(t)); // fresh state for each
        const order = ts
          .map((_, i) => i)
          .sort((a, b) => ((a * 7919 + salt) % 97) - ((b * 7919 + salt) % 97));
        const shared = compileCurve(c);
        for (const i of order)
          expect(Object.is(shared.valueAt(ts[i] as number), forward[i])).toBe(true);
        expect(Array.from(compileCurve(c).sampleAt(ts))).toEqual(forward);
        // sampleInto, called again and again on one instance with stale values past n
        const into = compileCurve(c);
        const out = new Float64Array(ts.length + 3).fill(-7);
        for (let round = 0; round < 2; round++) {
          into.sampleInto(Float64Array.from(ts), out, ts.length);
          for (let i = 0; i < ts.length; i++) expect(Object.is(out[i], forward[i])).toBe(true);
          expect(out[ts.length]).toBe(-7);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('sampleInto in time order equals valueAt at, just before and just after every knot', () => {
    const piecewise = fc.oneof(
      points.map((steps): Curve => ({ type: 'steps', steps })),
      points.map((p): Curve => ({ type: 'ramp', points: p })),
      fc
        .tuple(points, fc.constantFrom('step' as const, 'linear' as const))
        .map(([p, interpolation]): Curve => ({ type: 'series', points: p, interpolation })),
      fc.record({ base: value, spikes }).map((r): Curve => ({ type: 'spikes', ...r })),
    );
    const knotsOf = (c: Curve): number[] =>
      c.type === 'steps'
        ? c.steps.map((p) => p.at)
        : c.type === 'ramp' || c.type === 'series'
          ? (c.points ?? []).map((p) => p.at)
          : c.type === 'spikes'
            ? c.spikes.flatMap((k) => [k.at, k.at + k.durationSeconds])
            : [];
    fc.assert(
      fc.property(piecewise, fc.integer({ min: 1, max: 4 }), (c, repeat) => {
        // every knot, its neighbours one ulp away and midway to the next, in time order, some
        // of them repeated: runs of samples inside one segment and samples right on its ends
        const ts: number[] = [];
        for (const k of knotsOf(c)) {
          const up = k + Math.max(Number.EPSILON, Math.abs(k) * Number.EPSILON);
          const down = k - Math.max(Number.EPSILON, Math.abs(k) * Number.EPSILON);
          for (let r = 0; r < repeat; r++) ts.push(down, k, up, k + 0.5);
        }
        ts.sort((a, b) => a - b);
        const times = Float64Array.from(ts.filter((t) => t >= 0));
        const pointwise = compileCurve(c);
        const batch = compileCurve(c);
        const out = new Float64Array(times.length);
        batch.sampleInto(times, out, Math.min(times.length, 1024));
        for (let i = 0; i < Math.min(times.length, 1024); i++)
          expect(Object.is(out[i], pointwise.valueAt(times[i]!))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('results are finite and ≥ 0', () => {
    fc.assert(
      fc.property(curve, grid, (c, { start, step, count }) => {
        for (const v of sampleCurve(c, start, step, Math.min(count, 300))) {
          expect(Number.isFinite(v) && v >= 0).toBe(true);
        }
      }),
    );
  });

  it('ramp segments are monotone and stay between their end values', () => {
    fc.assert(
      fc.property(
        points,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 2, maxLength: 30 }),
        (p, fractions) => {
          const c: Curve = { type: 'ramp', points: p };
          for (let i = 0; i + 1 < p.length; i++) {
            const a = p[i] as CurvePoint;
            const b = p[i + 1] as CurvePoint;
            if (b.at === a.at) continue;
            const ts = fractions
              .map((f) => a.at + (b.at - a.at) * f)
              .filter((t) => t < b.at)
              .sort((x, y) => x - y);
            const vs = ts.map((t) => evaluateCurve(c, t));
            const lo = Math.min(a.value, b.value);
            const hi = Math.max(a.value, b.value);
            vs.forEach((v, k) => {
              expect(v).toBeGreaterThanOrEqual(lo);
              expect(v).toBeLessThanOrEqual(hi);
              if (k > 0) {
                if (b.value >= a.value) expect(v).toBeGreaterThanOrEqual(vs[k - 1] as number);
                else expect(v).toBeLessThanOrEqual(vs[k - 1] as number);
              }
            });
          }
        },
      ),
    );
  });

  it('steps give the value of the last step at or before t (first value before all)', () => {
    fc.assert(
      fc.property(
        points,
        fc.array(fc.double({ min: -10, max: 2e4, noNaN: true }), { maxLength: 40 }),
        (steps, ts) => {
          const c: Curve = { type: 'steps', steps };
          for (const t of ts) {
            const last = steps.filter((s) => s.at <= t).at(-1) ?? steps[0];
            expect(evaluateCurve(c, t)).toBe(last?.value);
          }
        },
      ),
    );
  });

  it('sine stays within base ± amplitude', () => {
    fc.assert(
      fc.property(
        value,
        value,
        period,
        fc.double({ min: -1e6, max: 1e7, noNaN: true }),
        (base, amplitude, periodSeconds, t) => {
          const v = evaluateCurve({ type: 'sine', base, amplitude, periodSeconds }, t, {
            allowNegative: true,
          });
          expect(v).toBeGreaterThanOrEqual(base - amplitude - 1e-9 * (base + amplitude));
          expect(v).toBeLessThanOrEqual(base + amplitude + 1e-9 * (base + amplitude));
        },
      ),
    );
  });
});
