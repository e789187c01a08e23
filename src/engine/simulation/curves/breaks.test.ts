// curveShape's breaks are sorted and distinct whether the grammar gave them in order (one grid:
// the sort is skipped) or not (a sum of two grids or point lists: sorted). Checked against a
// plain sort of every break the parts have.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { curveShape } from './breaks.ts';
import type { Curve } from './types.ts';

/** Sorted, distinct, inside (from, to): what curveShape promises, computed the plain way. */
function plain(times: number[], from: number, to: number): number[] {
  return [...new Set(times.filter((t) => t > from && t < to))].sort((a, b) => a - b);
}

describe('curveShape breaks', () => {
  it('keeps a grid that comes in order as it is', () => {
    const c: Curve = { type: 'noise', seed: 1, amplitude: 0.1, of: { type: 'constant', value: 5 } };
    const { breaks } = curveShape(c, 7, 100);
    expect(Array.from(breaks)).toEqual([15, 30, 45, 60, 75, 90]);
  });

  it('sorts and dedupes the breaks of parts that come out of order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.integer({ min: 0, max: 500 }), { minLength: 1, maxLength: 12 }),
        (xs, ys) => {
          const steps = (ts: number[]): Curve => ({
            type: 'steps',
            steps: [...new Set(ts)].sort((a, b) => a - b).map((at) => ({ at, value: 1 })),
          });
          const c: Curve = { type: 'sum', of: [steps(xs), steps(ys)] };
          const { breaks } = curveShape(c, 0, 400);
          expect(Array.from(breaks)).toEqual(plain([...xs, ...ys], 0, 400));
        },
      ),
      { numRuns: 200 },
    );
  });
});
