import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { descendingOrder } from './order.ts';
import { capacityFill, ceilShare, divideByPolicy, normalise } from './shares.ts';

describe('ceilShare (§A.2)', () => {
  it('rounds up in weight order and gives the last cluster what is left', () => {
    expect(ceilShare(10, ['m1', 'm2', 'm3'], [1, 2, 3])).toEqual([1, 4, 5]);
    expect(ceilShare(10, ['m1', 'm2', 'm3'], [1, 1, 1])).toEqual([4, 4, 2]);
  });

  it('gives a zero-weight cluster nothing unless every weight is zero', () => {
    expect(ceilShare(7, ['a', 'b', 'c'], [0, 2, 0])).toEqual([0, 7, 0]);
    expect(ceilShare(7, ['a', 'b', 'c'], [0, 0, 0])).toEqual([3, 3, 1]);
  });

  it('breaks ties by UTF-16 name order, not locale or natural order', () => {
    // "Beta" < "alpha" and "east-10" < "east-2": the first of each pair is served first.
    expect(ceilShare(3, ['alpha', 'Beta'], [1, 1])).toEqual([1, 2]);
    expect(ceilShare(3, ['east-2', 'east-10'], [1, 1])).toEqual([1, 2]);
  });

  it('returns nothing for no clusters', () => {
    expect(ceilShare(5, [], [])).toEqual([]);
  });

  it('always hands out exactly the total, and no zero-weight cluster gets any', () => {
    fc.assert(
      fc.property(
        fc.nat(200),
        fc.array(fc.nat(30), { minLength: 1, maxLength: 8 }),
        (total, values) => {
          const names = values.map((_, i) => `c${i}`);
          const shares = ceilShare(total, names, values);
          expect(shares.reduce((s, x) => s + x, 0)).toBe(total);
          if (values.some((v) => v > 0)) {
            values.forEach((v, i) => v === 0 && expect(shares[i]).toBe(0));
          }
        },
      ),
    );
  });
});

describe('capacityFill (§A.2)', () => {
  it('fills in order up to capacity and puts the leftover on the first cluster', () => {
    const order = descendingOrder(['m1', 'm2'], [2, 1]);
    expect(capacityFill(24, order, [20, 1])).toEqual([23, 1]);
    expect(capacityFill(8, order, [20, 1])).toEqual([8, 0]);
  });

  it('gives everything to the first cluster when every capacity is zero', () => {
    expect(capacityFill(5, [2, 0, 1], [0, 0, 0])).toEqual([0, 0, 5]);
  });

  it('hands out nothing over an empty order', () => {
    expect(capacityFill(5, [], [])).toEqual([]);
  });
});

describe('normalise (§A.2)', () => {
  it('drops the HPA when max is 0, clamps min to max and bumps min to 1', () => {
    expect(normalise(3, 0)).toBeNull();
    expect(normalise(0, 0)).toBeNull();
    expect(normalise(3, 1)).toEqual({ minReplicas: 1, maxReplicas: 1 });
    expect(normalise(0, 4)).toEqual({ minReplicas: 1, maxReplicas: 4 });
    expect(normalise(2, 5)).toEqual({ minReplicas: 2, maxReplicas: 5 });
  });

  it('clamps a min share larger than its max share (weights 3:3:2, F 8/9)', () => {
    const clusters = ['a', 'b', 'c'].map((name, i) => ({
      name,
      weight: [3, 3, 2][i]!,
      priority: 0,
      availableReplicas: 0,
    }));
    const max = divideByPolicy('StaticWeighted', 9, clusters);
    const min = divideByPolicy('StaticWeighted', 8, clusters);
    expect({ min, max }).toEqual({ min: [3, 3, 2], max: [4, 4, 1] });
    expect(normalise(min[2]!, max[2]!)).toEqual({ minReplicas: 1, maxReplicas: 1 });
  });
});
