import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importCurve } from './importCurve.ts';
import { MAX_POINTS, MAX_VALUE, MIN_PERIOD_SECONDS } from './limits.ts';
import { compactGrid } from './seriesCurve.ts';
import { validateCurve } from './validate.ts';

describe('importCurve', () => {
  it('bounds the compact grid: at most MAX_POINTS values, never under MIN_PERIOD_SECONDS apart', () => {
    const far = [0, 0.0005, 1e6, 1e6 + 0.0005].map((at) => ({ at, value: 1 }));
    const grid = compactGrid(far);
    expect(grid.raised).toBe('max-values');
    expect(grid.count).toBeLessThanOrEqual(MAX_POINTS);
    expect(grid.stepSeconds * (grid.count - 1)).toBeGreaterThanOrEqual(1e6 * 0.999);
    const close = compactGrid([0, 0.0001, 0.0002].map((at) => ({ at, value: 1 })));
    expect(close).toMatchObject({ stepSeconds: MIN_PERIOD_SECONDS, raised: 'min-period' });
    // A timestamp's binary noise is not a step: 1699999985.001 − 1699999985.
    const noisy = compactGrid([0, 1699999985.001 - 1699999985].map((at) => ({ at, value: 1 })));
    expect(noisy).toMatchObject({ stepSeconds: 0.001, raised: null });
  });

  it('refuses values the curve cannot hold, naming the scale', () => {
    const r = importCurve([{ at: 0, value: 9 }], { scale: 1e15, scaleName: '--scale' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0]!.message).toContain('use a smaller --scale');
    expect(importCurve([{ at: 0, value: MAX_VALUE }]).ok).toBe(true);
    expect(importCurve([{ at: 0, value: 1 }], { scale: Infinity }).ok).toBe(false);
    const many = Array.from({ length: MAX_POINTS + 1 }, (_, i) => ({ at: i, value: 1 }));
    expect(importCurve(many, { form: 'points' }).ok).toBe(false);
    expect(importCurve(many).ok).toBe(true);
  });

  it('whatever the points and options: a curve that validates, or errors', () => {
    const at = fc.oneof(
      fc.constantFrom(0, 0.0001, 0.0005, 1, 60, 1e6, 3e8, 4e8),
      fc.double({ min: 0, max: 4e8, noNaN: true }),
    );
    const value = fc.oneof(
      fc.constantFrom(0, 1, MAX_VALUE, MAX_VALUE / 3),
      fc.double({ min: 0, max: MAX_VALUE, noNaN: true }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(at, value), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(0, 0.5, 1, 3, 1e6, 1e300),
        fc.constantFrom('compact', 'points') as fc.Arbitrary<'compact' | 'points'>,
        fc.constantFrom(0, 30, 3e8),
        (raw, scale, form, offsetSeconds) => {
          const sorted = raw.map(([a, v]) => ({ at: a, value: v })).sort((x, y) => x.at - y.at);
          const points = sorted.map((p) => ({ at: p.at - sorted[0]!.at, value: p.value }));
          const r = importCurve(points, { scale, form, offsetSeconds });
          if (r.ok) expect(validateCurve(r.curve)).toEqual([]);
          else expect(r.errors.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
