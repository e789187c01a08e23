import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { cosTurns } from './trig.ts';

describe('cosTurns', () => {
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
