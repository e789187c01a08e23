import { describe, expect, it } from 'vitest';
import { failover, type FailoverInput } from './failover.ts';

type C = FailoverInput['clusters'][number];
const c = (name: string, min: number, max: number, t: Partial<C> = {}): C => ({
  name,
  weight: 0,
  priority: 0,
  availableReplicas: 0,
  minReplicas: min,
  maxReplicas: max,
  ...t,
});

const run = (
  p: Omit<FailoverInput, 'federatedMinReplicas' | 'federatedMaxReplicas'> & {
    f?: [number, number];
  },
) =>
  failover({
    federatedMinReplicas: p.f?.[0] ?? 2,
    federatedMaxReplicas: p.f?.[1] ?? 10,
    ...p,
  });

describe('failover (§A.10)', () => {
  it('StaticWeighted recomputes over the survivors: m3 fails → m1 1/3, m2 2/7', () => {
    const r = run({
      policy: 'StaticWeighted',
      failedCluster: 'm3',
      clusters: [
        c('m1', 1, 1, { weight: 1 }),
        c('m2', 1, 4, { weight: 2 }),
        c('m3', 1, 5, { weight: 3 }),
      ],
    });
    expect(r).toEqual([
      { name: 'm1', minReplicas: 1, maxReplicas: 3 },
      { name: 'm2', minReplicas: 2, maxReplicas: 7 },
    ]);
  });

  it('Prioritized recomputes: the lone survivor gets the whole F (8/24), not 9/24', () => {
    const r = run({
      policy: 'Prioritized',
      f: [8, 24],
      failedCluster: 'm1',
      clusters: [
        c('m1', 8, 23, { priority: 2, availableReplicas: 20 }),
        c('m2', 1, 1, { priority: 1, availableReplicas: 1 }),
      ],
    });
    expect(r).toEqual([{ name: 'm2', minReplicas: 8, maxReplicas: 24 }]);
  });

  it('DynamicWeighted adds CeilShare of the failed bounds by current availability', () => {
    const r = run({
      policy: 'DynamicWeighted',
      f: [7, 21],
      failedCluster: 'f',
      clusters: [
        c('b', 1, 3, { availableReplicas: 3 }),
        c('e', 4, 10, { availableReplicas: 15 }),
        c('a', 1, 1, { availableReplicas: 19 }),
        c('f', 3, 7, { availableReplicas: 7 }),
      ],
    });
    // max share CeilShare(7, 3:15:19) = 0/3/4, min share CeilShare(3) = 0/1/2.
    expect(r).toEqual([
      { name: 'b', minReplicas: 1, maxReplicas: 3 },
      { name: 'e', minReplicas: 5, maxReplicas: 13 },
      { name: 'a', minReplicas: 3, maxReplicas: 5 },
    ]);
  });

  it('Aggregated adds CapacityFill of the failed bounds, leftover to the most available', () => {
    const r = run({
      policy: 'Aggregated',
      failedCluster: 'x',
      clusters: [c('x', 4, 12), c('a', 1, 2, { availableReplicas: 3 }), c('b', 0, 0)],
    });
    // max: a takes 3, b 0, leftover 9 to a → a 2+12 = 14; min: a takes 3, +1 leftover → 1+4.
    expect(r).toEqual([{ name: 'a', minReplicas: 5, maxReplicas: 14 }]);
  });

  it('a survivor without an HPA that receives a max share gets an HPA with min ≥ 1', () => {
    const r = run({
      policy: 'DynamicWeighted',
      failedCluster: 'x',
      clusters: [c('x', 1, 2), c('a', 0, 0, { availableReplicas: 5 })],
    });
    expect(r).toEqual([{ name: 'a', minReplicas: 1, maxReplicas: 2 }]);
  });

  it('incremental policies add nothing when the failed cluster had no HPA', () => {
    for (const policy of ['DynamicWeighted', 'Aggregated'] as const) {
      const r = run({
        policy,
        failedCluster: 'x',
        clusters: [c('x', 0, 0), c('a', 2, 5, { availableReplicas: 4 }), c('b', 0, 0)],
      });
      expect(r).toEqual([{ name: 'a', minReplicas: 2, maxReplicas: 5 }]);
    }
  });

  it('Duplicated survivors keep their bounds', () => {
    const r = run({
      policy: 'Duplicated',
      failedCluster: 'a',
      clusters: [c('a', 2, 10), c('b', 2, 10), c('c', 2, 10)],
    });
    expect(r).toEqual([
      { name: 'b', minReplicas: 2, maxReplicas: 10 },
      { name: 'c', minReplicas: 2, maxReplicas: 10 },
    ]);
  });

  it('returns nothing when no cluster survives', () => {
    for (const policy of ['Duplicated', 'StaticWeighted', 'Aggregated'] as const) {
      expect(run({ policy, failedCluster: 'a', clusters: [c('a', 2, 10)] })).toEqual([]);
    }
  });
});
