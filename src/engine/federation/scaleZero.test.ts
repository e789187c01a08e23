import { describe, expect, it } from 'vitest';
import { scaleFromZero } from './scaleFromZero.ts';
import { scaleToZero, type ZeroingCluster } from './scaleToZero.ts';
import { SEED_POLICIES } from './types.ts';

const c = (
  name: string,
  min: number,
  max: number,
  replicas: number,
  t: Partial<ZeroingCluster> = {},
): ZeroingCluster => ({
  name,
  weight: 0,
  priority: 0,
  availableReplicas: 0,
  minReplicas: min,
  maxReplicas: max,
  replicas,
  ...t,
});

describe('scaleToZero (§A.9)', () => {
  it('StaticWeighted 1:2:3 at mins 1/1/1, F_min 2: zeroes m1, then Σmin = F_min stops', () => {
    const r = scaleToZero('StaticWeighted', 2, [
      c('m1', 1, 1, 1, { weight: 1 }),
      c('m2', 1, 4, 1, { weight: 2 }),
      c('m3', 1, 5, 1, { weight: 3 }),
    ]);
    expect(r).toEqual(['m1']);
  });

  it('Prioritized zeroes the lowest priority first', () => {
    const r = scaleToZero('Prioritized', 8, [
      c('m1', 8, 23, 8, { priority: 2 }),
      c('m2', 1, 1, 1, { priority: 1 }),
    ]);
    expect(r).toEqual(['m2']);
  });

  it('picks each policy’s own candidate', () => {
    const clusters = [
      c('a', 1, 5, 3, { weight: 9, availableReplicas: 1, priority: 9 }),
      c('b', 1, 5, 1, { weight: 1, availableReplicas: 9, priority: 5 }),
      c('d', 1, 5, 2, { weight: 5, availableReplicas: 5, priority: 1 }),
    ];
    // F_min 2 of Σmin 3: exactly one cluster goes.
    expect(scaleToZero('Aggregated', 2, clusters)).toEqual(['b']); // fewest replicas
    expect(scaleToZero('StaticWeighted', 2, clusters)).toEqual(['b']); // smallest weight
    expect(scaleToZero('DynamicWeighted', 2, clusters)).toEqual(['a']); // least available
    expect(scaleToZero('Prioritized', 2, clusters)).toEqual(['d']); // lowest priority
  });

  it('considers only the candidate: if it fails the guard nothing is zeroed', () => {
    // Σmin 5 > 3; the smallest weight (a, min 3) would leave 2 < 3, though b alone would pass.
    const r = scaleToZero('StaticWeighted', 3, [
      c('a', 3, 6, 3, { weight: 1 }),
      c('b', 1, 4, 1, { weight: 2 }),
      c('c', 1, 4, 1, { weight: 3 }),
    ]);
    expect(r).toEqual([]);
  });

  it('zeroes one cluster per sync until Σmin reaches F_min, ties by name', () => {
    const r = scaleToZero('Aggregated', 3, [
      c('f', 0, 0, 0),
      c('a', 3, 8, 3),
      c('c', 1, 8, 1),
      c('b', 1, 8, 1),
      c('d', 1, 7, 1),
    ]);
    expect(r).toEqual(['b', 'c', 'd']);
  });

  it('ignores clusters without an HPA or already at 0, and compares names by code unit', () => {
    const r = scaleToZero('DynamicWeighted', 1, [
      c('alpha', 1, 2, 1, { availableReplicas: 4 }),
      c('Beta', 1, 2, 1, { availableReplicas: 4 }),
      c('zero', 1, 7, 0),
      c('none', 0, 0, 0),
    ]);
    expect(r).toEqual(['Beta']);
  });

  it('never zeroes under Duplicated, and stops at once when Σmin ≤ F_min', () => {
    const two = [c('a', 3, 10, 3), c('b', 3, 10, 3)];
    expect(scaleToZero('Duplicated', 3, two)).toEqual([]);
    expect(scaleToZero('StaticWeighted', 6, two)).toEqual([]);
    expect(scaleToZero('StaticWeighted', 1, [])).toEqual([]);
  });

  it('never lets Σmin of the active clusters drop below F_min', () => {
    for (const policy of SEED_POLICIES) {
      const clusters = [c('a', 2, 9, 2), c('b', 3, 9, 3), c('c', 1, 9, 1), c('d', 4, 9, 4)];
      const zeroed = scaleToZero(policy, 4, clusters);
      const left = clusters.filter((x) => !zeroed.includes(x.name));
      expect(left.reduce((s, x) => s + x.minReplicas, 0)).toBeGreaterThanOrEqual(4);
    }
  });
});

describe('scaleFromZero (§A.9)', () => {
  const clusters = [
    c('m1', 6, 20, 20, { priority: 3 }),
    c('m2', 1, 4, 0, { priority: 2 }),
    c('m3', 3, 9, 0, { priority: 2 }),
    c('m4', 0, 0, 0, { priority: 9 }),
  ];

  it('restarts every zeroed cluster at max(1, min) for the divided policies', () => {
    for (const policy of ['StaticWeighted', 'DynamicWeighted', 'Aggregated'] as const) {
      expect(scaleFromZero(policy, clusters)).toEqual([
        { name: 'm2', replicas: 1 },
        { name: 'm3', replicas: 3 },
      ]);
    }
  });

  it('Prioritized restarts only the highest-priority zeroed cluster (ties by name)', () => {
    expect(scaleFromZero('Prioritized', clusters)).toEqual([{ name: 'm2', replicas: 1 }]);
  });

  it('restarts nothing under Duplicated, or when no cluster is zeroed', () => {
    expect(scaleFromZero('Duplicated', clusters)).toEqual([]);
    expect(scaleFromZero('Aggregated', [c('a', 1, 3, 2), c('b', 0, 0, 0)])).toEqual([]);
  });
});
