import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { timSort } from './timSort.ts';

/** The element values 0..n-1 in the drawn order, and a comparison answering from `table`. */
function caseOf(order: number[], table: number[]) {
  const n = order.length;
  const cmp = (a: number, b: number) => table[(a * n + b) % table.length]!;
  return { cmp, n };
}

describe('timSort', () => {
  it('gives Array.prototype.sort’s order for any answers, inconsistent ones included', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }).chain((n) =>
          fc.tuple(
            fc.shuffledSubarray(
              Array.from({ length: n }, (_, i) => i),
              { minLength: n, maxLength: n },
            ),
            fc.array(fc.constantFrom(-1, 0, 1, -2.5, 3, NaN), { minLength: 1, maxLength: 4096 }),
          ),
        ),
        ([order, table]) => {
          const { cmp, n } = caseOf(order, table);
          const builtin = order.slice().sort(cmp);
          expect(timSort(order.slice(), n, cmp)).toEqual(builtin);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives Array.prototype.sort’s order for consistent comparisons with runs and ties', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 600 }),
        fc.boolean(),
        (keys, presorted) => {
          // long ascending or descending stretches exercise the runs, merges and galloping
          const k = presorted ? keys.slice().sort((a, b) => a - b) : keys;
          if (presorted && keys.length % 3 === 0) k.reverse();
          const order = k.map((_, i) => i);
          const cmp = (a: number, b: number) => k[a]! - k[b]!;
          const builtin = order.slice().sort(cmp);
          expect(timSort(order.slice(), order.length, cmp)).toEqual(builtin);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('sorts only the first n elements', () => {
    const a = [3, 1, 2, 0];
    expect(timSort(a, 3, (x, y) => x - y)).toEqual([1, 2, 3, 0]);
  });
});
