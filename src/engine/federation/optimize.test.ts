import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { optimize, type OptimizeCluster } from './optimize.ts';
import { SEED_POLICIES } from './types.ts';

const c = (
  name: string,
  currentReplicas: number,
  maxReplicas: number,
  t: Partial<OptimizeCluster> = {},
): OptimizeCluster => ({
  name,
  weight: 0,
  priority: 0,
  availableReplicas: 0,
  currentReplicas,
  maxReplicas,
  ...t,
});

describe('optimize (§A.8)', () => {
  it('StaticWeighted 2:1:1, current 6/6/6, max 7/8/7 → 8/7/7', () => {
    const r = optimize('StaticWeighted', [
      c('m1', 6, 7, { weight: 2 }),
      c('m2', 6, 8, { weight: 1 }),
      c('m3', 6, 7, { weight: 1 }),
    ]);
    expect(r.map((x) => x.maxReplicas)).toEqual([8, 7, 7]);
  });

  it('Prioritized fills headroom in priority order up to availability → 7/7/5', () => {
    const r = optimize('Prioritized', [
      c('m1', 5, 6, { priority: 3, availableReplicas: 2 }),
      c('m2', 5, 8, { priority: 2, availableReplicas: 5 }),
      c('m3', 5, 5, { priority: 1, availableReplicas: 9 }),
    ]);
    expect(r.map((x) => x.maxReplicas)).toEqual([7, 7, 5]);
  });

  it('is a no-op for Duplicated, whose max is F_max rather than a share', () => {
    const input = [c('a', 2, 10, { weight: 5 }), c('b', 9, 10)];
    expect(optimize('Duplicated', input)).toEqual([
      { name: 'a', maxReplicas: 10 },
      { name: 'b', maxReplicas: 10 },
    ]);
  });

  it('with no headroom sets every max to its current replicas', () => {
    const r = optimize('Aggregated', [c('a', 3, 3, { availableReplicas: 9 }), c('b', 4, 4)]);
    expect(r.map((x) => x.maxReplicas)).toEqual([3, 4]);
  });

  it('DynamicWeighted with every availability 0 shares the headroom equally, names first', () => {
    const r = optimize('DynamicWeighted', [c('b', 1, 3), c('a', 1, 2)]);
    // H = 3; equal weights, CeilShare(3, 1:1) in name order: a 2, b 1.
    expect(r).toEqual([
      { name: 'b', maxReplicas: 2 },
      { name: 'a', maxReplicas: 3 },
    ]);
  });

  it('keeps Σmax and never drops a max below current replicas', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...SEED_POLICIES),
        fc.array(fc.tuple(fc.nat(20), fc.nat(10), fc.nat(5), fc.nat(3), fc.nat(12)), {
          minLength: 1,
          maxLength: 6,
        }),
        (policy, rows) => {
          const clusters = rows.map(([cur, head, w, p, a], i) =>
            c(`c${i}`, cur, cur + head, { weight: w, priority: p, availableReplicas: a }),
          );
          const r = optimize(policy, clusters);
          const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
          expect(sum(r.map((x) => x.maxReplicas))).toBe(sum(clusters.map((x) => x.maxReplicas)));
          r.forEach((x, i) =>
            expect(x.maxReplicas).toBeGreaterThanOrEqual(clusters[i]!.currentReplicas),
          );
        },
      ),
    );
  });
});
