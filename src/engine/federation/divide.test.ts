import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { divideReplicas, type DivisionCluster, type DivisionInput } from './divide.ts';

const c = (name: string, t: Partial<DivisionCluster> = {}): DivisionCluster => ({
  name,
  weight: 0,
  availableReplicas: 0,
  previousReplicas: 0,
  ...t,
});

function divide(
  strategy: DivisionInput['strategy'],
  replicas: number,
  clusters: DivisionCluster[],
  tieBreak: DivisionInput['tieBreak'] = 'ascending',
) {
  const r = divideReplicas({ strategy, replicas, clusters, tieBreak });
  return r.unschedulable
    ? 'unschedulable'
    : Object.fromEntries(r.clusters.map((x) => [x.name, x.replicas]));
}

describe('divideReplicas (§B.4)', () => {
  it('Duplicated gives every candidate R and ignores weights and capacity', () => {
    expect(divide('Duplicated', 3, [c('a', { weight: 5 }), c('b')])).toEqual({ a: 3, b: 3 });
    expect(divide('Duplicated', 0, [c('a'), c('b')])).toEqual({});
  });

  it('StaticWeight 3:2:1 gives 6/4/2, 7/4/2, 7/5/2 for 12, 13, 14', () => {
    const cl = [c('m1', { weight: 3 }), c('m2', { weight: 2 }), c('m3', { weight: 1 })];
    expect([12, 13, 14].map((r) => divide('StaticWeight', r, cl))).toEqual([
      { m1: 6, m2: 4, m3: 2 },
      { m1: 7, m2: 4, m3: 2 },
      { m1: 7, m2: 5, m3: 2 },
    ]);
  });

  it('StaticWeight drops weight-0 clusters, and weighs all equally when every weight is 0', () => {
    expect(divide('StaticWeight', 5, [c('a'), c('b', { weight: 2 })])).toEqual({ b: 5 });
    expect(divide('StaticWeight', 12, [c('a'), c('b'), c('c')])).toEqual({ a: 4, b: 4, c: 4 });
  });

  it('StaticWeight ignores previous replicas and capacity: never unschedulable', () => {
    const cl = [c('a', { weight: 1, previousReplicas: 9 }), c('b', { weight: 1 })];
    expect(divide('StaticWeight', 4, cl)).toEqual({ a: 2, b: 2 });
  });

  it('DynamicWeight first schedule: Webster by available replicas (20/12/6 → 6/4/2)', () => {
    const cl = [20, 12, 6].map((a, i) => c(`m${i + 1}`, { availableReplicas: a }));
    expect(divide('DynamicWeight', 12, cl)).toEqual({ m1: 6, m2: 4, m3: 2 });
  });

  it('DynamicWeight scale-down is proportional to the current assignment (2/4/6 → 1/2/3)', () => {
    const cl = [2, 4, 6].map((p, i) => c(`m${i + 1}`, { previousReplicas: p }));
    expect(divide('DynamicWeight', 6, cl)).toEqual({ m1: 1, m2: 2, m3: 3 });
  });

  it('DynamicWeight scale-up only adds the difference, split by free capacity', () => {
    const cl = [
      c('A', { previousReplicas: 4, availableReplicas: 2 }),
      c('B', { previousReplicas: 2, availableReplicas: 6 }),
    ];
    expect(divide('DynamicWeight', 10, cl)).toEqual({ A: 5, B: 5 });
    // delta 4 over 1:3: B, then a tie 1/1 = 3/3 won by A (fewer seats), then B, B → +1/+3.
    const tight = [
      c('A', { previousReplicas: 1, availableReplicas: 1 }),
      c('B', { availableReplicas: 3 }),
    ];
    expect(divide('DynamicWeight', 5, tight)).toEqual({ A: 2, B: 3 });
  });

  it('is unschedulable when the free capacity cannot hold the scale-up', () => {
    const cl = [2, 4, 6].map((p, i) =>
      c(`m${i + 1}`, { previousReplicas: p, availableReplicas: 1 }),
    );
    expect(divide('DynamicWeight', 24, cl)).toBe('unschedulable');
    expect(divide('Aggregated', 24, cl)).toBe('unschedulable');
    expect(divide('DynamicWeight', 3, [])).toBe('unschedulable');
  });

  it('keeps the assignment when R equals the assigned total', () => {
    const cl = [c('a', { previousReplicas: 3 }), c('b', { previousReplicas: 0 })];
    expect(divide('DynamicWeight', 3, cl)).toEqual({ a: 3 });
    expect(divide('Aggregated', 3, cl)).toEqual({ a: 3 });
  });

  it('re-places an evicted cluster’s replicas as a scale-up over the survivors', () => {
    const cl = [
      c('m1', { previousReplicas: 5, availableReplicas: 6 }),
      c('m2', { previousReplicas: 3, availableReplicas: 2 }),
    ];
    expect(divide('DynamicWeight', 12, cl)).toEqual({ m1: 8, m2: 4 });
  });

  it('Aggregated scale-down keeps the shortest head of the largest holders', () => {
    const cl = [c('m1', { previousReplicas: 4 }), c('m2', { previousReplicas: 8 })];
    expect(divide('Aggregated', 6, cl)).toEqual({ m2: 6 });
    expect(divide('Aggregated', 9, cl)).toEqual({ m1: 3, m2: 6 });
    expect(divide('Aggregated', 0, cl)).toEqual({});
  });

  it('Aggregated scale-up puts holders first and uses the shortest prefix that fits', () => {
    const cl = [
      c('m1', { previousReplicas: 4, availableReplicas: 6 }),
      c('m2', { previousReplicas: 8, availableReplicas: 6 }),
      c('m3', { availableReplicas: 20 }),
    ];
    expect(divide('Aggregated', 24, cl)).toEqual({ m1: 10, m2: 14 });
    const fresh = [8, 2, 2].map((a, i) => c(`m${i + 1}`, { availableReplicas: a }));
    expect(divide('Aggregated', 9, fresh)).toEqual({ m1: 7, m2: 2 });
  });

  it('Aggregated breaks equal availability by name order, not input order', () => {
    const cl = [c('east-2', { availableReplicas: 5 }), c('east-10', { availableReplicas: 5 })];
    expect(divide('Aggregated', 4, cl)).toEqual({ 'east-10': 4 });
  });

  it('the tie-break only decides exact Webster ties', () => {
    const cl = [c('m1', { weight: 1 }), c('m2', { weight: 1 })];
    expect(divide('StaticWeight', 7, cl, 'ascending')).toEqual({ m1: 4, m2: 3 });
    expect(divide('StaticWeight', 7, cl, 'descending')).toEqual({ m1: 3, m2: 4 });
    const uneven = [c('m1', { weight: 1 }), c('m2', { weight: 2 })];
    expect(divide('StaticWeight', 3, uneven, 'descending')).toEqual(
      divide('StaticWeight', 3, uneven, 'ascending'),
    );
  });

  it('always places exactly R when schedulable (Duplicated: R per cluster)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('StaticWeight', 'DynamicWeight', 'Aggregated') as fc.Arbitrary<
          DivisionInput['strategy']
        >,
        fc.nat(60),
        fc.array(fc.tuple(fc.nat(5), fc.nat(20), fc.nat(15)), { minLength: 1, maxLength: 6 }),
        (strategy, replicas, rows) => {
          const clusters = rows.map(([w, a, p], i) =>
            c(`c${i}`, { weight: w, availableReplicas: a, previousReplicas: p }),
          );
          const r = divideReplicas({ strategy, replicas, clusters, tieBreak: 'ascending' });
          if (r.unschedulable) {
            expect(strategy).not.toBe('StaticWeight');
            return;
          }
          expect(r.clusters.reduce((s, x) => s + x.replicas, 0)).toBe(replicas);
          r.clusters.forEach((x) => expect(x.replicas).toBeGreaterThan(0));
        },
      ),
    );
  });
});
