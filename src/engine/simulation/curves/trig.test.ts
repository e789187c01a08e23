import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { cosTurns } from './trig.ts';

// The form cosTurns unrolls: two small polynomials called per quarter (its first version).
const sinSmall = (x: number) => {
  const x2 = x * x;
  return (
    x *
    (1 +
      x2 *
        (-1 / 6 +
          x2 *
            (1 / 120 +
              x2 *
                (-1 / 5040 +
                  x2 *
                    (1 / 362880 +
                      x2 * (-1 / 39916800 + x2 * (1 / 6227020800 + x2 * (-1 / 1307674368000))))))))
  );
};
const cosSmall = (x: number) => {
  const x2 = x * x;
  return (
    1 +
    x2 *
      (-1 / 2 +
        x2 *
          (1 / 24 +
            x2 *
              (-1 / 720 +
                x2 *
                  (1 / 40320 +
                    x2 *
                      (-1 / 3628800 +
                        x2 *
                          (1 / 479001600 + x2 * (-1 / 87178291200 + x2 * (1 / 20922789888000))))))))
  );
};
function cosTurnsByParts(turns: number): number {
  const quarters = (turns - Math.floor(turns)) * 4;
  const k = Math.round(quarters);
  const x = (quarters - k) * 1.5707963267948966;
  switch (k & 3) {
    case 0:
      return cosSmall(x);
    case 1:
      return -sinSmall(x);
    case 2:
      return -cosSmall(x);
    default:
      return sinSmall(x);
  }
}

describe('cosTurns', () => {
  it('is bit for bit the two-polynomial form it unrolls (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e7, max: 1e7, noNaN: true }), (turns) => {
        expect(Object.is(cosTurns(turns), cosTurnsByParts(turns))).toBe(true);
      }),
      { numRuns: 20000 },
    );
    for (let i = -4000; i <= 4000; i++)
      expect(Object.is(cosTurns(i / 16), cosTurnsByParts(i / 16))).toBe(true);
  });

  it('is exact at quarter turns', () => {
    expect(cosTurns(0)).toBe(1);
    expect(cosTurns(0.5)).toBe(-1);
    expect(cosTurns(1)).toBe(1);
    expect(cosTurns(-0.5)).toBe(-1);
    expect(Math.abs(cosTurns(0.25))).toBe(0);
    expect(Math.abs(cosTurns(0.75))).toBe(0);
  });

  it('matches Math.cos within 1e-15 over many turns', () => {
    let worst = 0;
    for (let i = -20000; i <= 20000; i++) {
      const turns = i / 997;
      worst = Math.max(worst, Math.abs(cosTurns(turns) - Math.cos(2 * Math.PI * turns)));
    }
    // Math.cos(2π·turns) itself carries the rounding of 2π·turns, about 1e-15 at 20 turns.
    expect(worst).toBeLessThan(2e-14);
  });

  it('matches Math.cos closely on [0, 1) (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (f) => {
        expect(Math.abs(cosTurns(f) - Math.cos(2 * Math.PI * f))).toBeLessThan(1e-15);
      }),
    );
  });

  it('is periodic and even (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.integer({ min: 0, max: 4095 }),
        (k, j) => {
          const f = j / 4096; // exact, so k + f is exact
          expect(cosTurns(k + f)).toBe(cosTurns(f));
          expect(cosTurns(-f)).toBeCloseTo(cosTurns(f), 15);
        },
      ),
    );
  });

  it('stays within [-1, 1] (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), (x) => {
        const c = cosTurns(x);
        expect(c).toBeGreaterThanOrEqual(-1);
        expect(c).toBeLessThanOrEqual(1);
      }),
    );
  });
});
