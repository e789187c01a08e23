import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { downsampleIndices, lttb } from './lttb.ts';

function range(n: number): Float64Array {
  return Float64Array.from({ length: n }, (_, i) => i * 15);
}

function isStrictlyIncreasing(a: Int32Array): boolean {
  for (let i = 1; i < a.length; i++) if (!(a[i]! > a[i - 1]!)) return false;
  return true;
}

describe('downsampleIndices', () => {
  it('returns every index when the input fits', () => {
    const x = range(5);
    expect(Array.from(downsampleIndices(x, [x], 5))).toEqual([0, 1, 2, 3, 4]);
    expect(Array.from(downsampleIndices(x, [x], 100))).toEqual([0, 1, 2, 3, 4]);
  });

  it('handles empty and single-point input', () => {
    expect(downsampleIndices(new Float64Array(0), [], 10).length).toBe(0);
    expect(
      Array.from(downsampleIndices(new Float64Array([3]), [new Float64Array([1])], 10)),
    ).toEqual([0]);
  });

  it('keeps a single spike in a long flat series', () => {
    const n = 10_000;
    const x = range(n);
    const y = new Float64Array(n).fill(5);
    y[6_543] = 50;
    const out = downsampleIndices(x, [y], 100);
    expect(out.length).toBeLessThanOrEqual(100);
    expect(Array.from(out)).toContain(6_543);
  });

  it('keeps a spike that only one of several series has (shared x positions)', () => {
    const n = 5_000;
    const x = range(n);
    const a = Float64Array.from({ length: n }, (_, i) => Math.sin(i / 300) * 10);
    const b = new Float64Array(n).fill(1);
    b[1_234] = 2;
    const out = Array.from(downsampleIndices(x, [a, b], 200));
    expect(out).toContain(1_234);
  });

  it('picks the textbook LTTB point in each bucket', () => {
    // 0..9 with one point per bucket of two: the peak at index 4 must win its bucket.
    const x = range(10);
    const y = new Float64Array([0, 1, 0, 1, 9, 1, 0, 1, 0, 0]);
    const out = Array.from(downsampleIndices(x, [y], 5));
    expect(out[0]).toBe(0);
    expect(out[out.length - 1]).toBe(9);
    expect(out).toContain(4);
    expect(out.length).toBe(5);
  });

  it('keeps gaps: the last finite point, a NaN and the first finite point after it', () => {
    const n = 2_000;
    const x = range(n);
    const y = Float64Array.from({ length: n }, (_, i) => (i >= 700 && i < 900 ? NaN : i % 7));
    const out = Array.from(downsampleIndices(x, [y], 50));
    expect(out).toContain(699);
    expect(out).toContain(700);
    expect(out).toContain(900);
    expect(out.length).toBeLessThanOrEqual(50);
  });

  it('never selects NaN inside a finite stretch because of a NaN-poisoned average', () => {
    const n = 300;
    const x = range(n);
    const y = Float64Array.from({ length: n }, (_, i) => (i % 50 === 49 ? NaN : Math.sin(i)));
    const out = downsampleIndices(x, [y], 60);
    // Every NaN that appears must be a gap marker, i.e. its neighbours are finite points kept too.
    for (const i of out) {
      if (Number.isNaN(y[i]!)) {
        expect(Array.from(out)).toContain(i - 1);
        if (i + 1 < n) expect(Array.from(out)).toContain(i + 1);
      }
    }
  });

  it('averages the next bucket over its finite values only (NaN does not poison the choice)', () => {
    // Too many one-sync gaps to anchor them all: buckets contain NaN, the peak must still win.
    const n = 1_000;
    const y = Float64Array.from({ length: n }, (_, i) => (i % 7 === 3 ? NaN : 0));
    y[500] = 100;
    expect(Array.from(downsampleIndices(range(n), [y], 50))).toContain(500);
  });

  it('keeps important points given as flags or indices', () => {
    const n = 4_000;
    const x = range(n);
    const y = new Float64Array(n).fill(3);
    const flags = new Uint8Array(n);
    flags[17] = 1;
    flags[3_001] = 1;
    expect(Array.from(downsampleIndices(x, [y], 20, flags))).toEqual(
      expect.arrayContaining([0, 17, 3_001, n - 1]),
    );
    expect(Array.from(downsampleIndices(x, [y], 20, [2_222, 5]))).toEqual(
      expect.arrayContaining([0, 5, 2_222, n - 1]),
    );
  });

  it('thins important points evenly when there are more than the budget', () => {
    const n = 1_000;
    const x = range(n);
    const flags = new Uint8Array(n).fill(1);
    const out = downsampleIndices(x, [x], 10, flags);
    expect(out.length).toBe(10);
    expect(out[0]).toBe(0);
    expect(out[9]).toBe(n - 1);
    expect(isStrictlyIncreasing(out)).toBe(true);
  });
});

describe('lttb', () => {
  it('returns the kept points with their indices', () => {
    const x = range(1_000);
    const y = Float64Array.from(x, (v) => Math.cos(v / 500));
    const r = lttb(x, y, 40);
    expect(r.indices.length).toBe(40);
    r.indices.forEach((i, k) => {
      expect(r.x[k]).toBe(x[i]);
      expect(r.y[k]).toBe(y[i]);
    });
  });
});

const seriesArb = fc.integer({ min: 0, max: 400 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    ys: fc.array(
      fc.array(
        fc.oneof(
          { weight: 8, arbitrary: fc.double({ min: -1e6, max: 1e6, noNaN: true }) },
          { weight: 1, arbitrary: fc.constant(NaN) },
        ),
        { minLength: n, maxLength: n },
      ),
      { minLength: 1, maxLength: 3 },
    ),
    important: fc.array(fc.integer({ min: 0, max: Math.max(0, n - 1) }), { maxLength: 6 }),
    maxPoints: fc.integer({ min: 2, max: 120 }),
  }),
);

describe('downsampleIndices properties', () => {
  it('returns a sorted subset of the input with both endpoints, within budget', () => {
    fc.assert(
      fc.property(seriesArb, ({ n, ys, important, maxPoints }) => {
        const x = range(n);
        const out = downsampleIndices(
          x,
          ys.map((y) => Float64Array.from(y)),
          maxPoints,
          important,
        );
        expect(isStrictlyIncreasing(out)).toBe(true);
        for (const i of out) expect(i >= 0 && i < n).toBe(true);
        if (n > 0) {
          expect(out[0]).toBe(0);
          expect(out[out.length - 1]).toBe(n - 1);
        }
        expect(out.length).toBeLessThanOrEqual(Math.max(2, maxPoints));
        if (n <= maxPoints) expect(out.length).toBe(n);
        else expect(out.length).toBeGreaterThanOrEqual(Math.min(n, 2));
      }),
    );
  });

  it('keeps every important point when they fit', () => {
    fc.assert(
      fc.property(seriesArb, ({ n, ys, important, maxPoints }) => {
        const unique = new Set(important.filter((i) => i > 0 && i < n - 1));
        fc.pre(unique.size + 2 <= maxPoints);
        const out = Array.from(
          downsampleIndices(
            range(n),
            ys.map((y) => Float64Array.from(y)),
            maxPoints,
            important,
          ),
        );
        for (const i of unique) expect(out).toContain(i);
      }),
    );
  });

  it('keeps every gap (a NaN and its finite neighbours) when the gaps fit in half the budget', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 50, max: 3_000 }),
        fc.array(
          fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 30 })),
          {
            maxLength: 5,
          },
        ),
        fc.integer({ min: 40, max: 200 }),
        (n, gapSpecs, maxPoints) => {
          const y = Float64Array.from({ length: n }, (_, i) => Math.sin(i / 13) * 100);
          for (const [pos, len] of gapSpecs) {
            const start = Math.floor(pos * (n - 1));
            for (let i = start; i < Math.min(n, start + len); i++) y[i] = NaN;
          }
          // Collect the actual maximal NaN runs.
          const gaps: [number, number][] = [];
          for (let i = 0; i < n;) {
            if (!Number.isNaN(y[i]!)) {
              i++;
              continue;
            }
            const s = i;
            while (i < n && Number.isNaN(y[i]!)) i++;
            gaps.push([s, i]);
          }
          fc.pre(gaps.length * 3 <= Math.floor((maxPoints - 2) / 2));
          const out = new Set(downsampleIndices(range(n), [y], maxPoints));
          for (const [s, e] of gaps) {
            expect(out.has(s)).toBe(true);
            if (s > 0) expect(out.has(s - 1)).toBe(true);
            if (e < n) expect(out.has(e)).toBe(true);
          }
        },
      ),
    );
  });
});
