import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assign, type AssignInput } from './assign.ts';
import { SEED_POLICIES, type ClusterTraits } from './types.ts';

const cluster = (name: string, t: Partial<ClusterTraits> = {}): ClusterTraits => ({
  name,
  weight: 0,
  priority: 0,
  availableReplicas: 0,
  ...t,
});

function run(p: Partial<AssignInput> & Pick<AssignInput, 'policy' | 'clusters'>) {
  return assign({
    federatedMinReplicas: 2,
    federatedMaxReplicas: 10,
    scalingToZero: false,
    resourceBinding: [],
    ...p,
  });
}

describe('assign (§A.3)', () => {
  it('gives every Duplicated member the federated bounds', () => {
    const r = run({
      policy: 'Duplicated',
      federatedMinReplicas: 3,
      clusters: [cluster('m1'), cluster('m2')],
    });
    expect(r.clusters).toEqual([
      { name: 'm1', minReplicas: 3, maxReplicas: 10 },
      { name: 'm2', minReplicas: 3, maxReplicas: 10 },
    ]);
  });

  it('StaticWeighted 1:2:3, F 2/10: max 1/4/5, mins bumped to 1', () => {
    const r = run({
      policy: 'StaticWeighted',
      clusters: [1, 2, 3].map((w) => cluster(`m${w}`, { weight: w })),
    });
    expect(r.clusters.map((c) => [c.minReplicas, c.maxReplicas])).toEqual([
      [1, 1],
      [1, 4],
      [1, 5],
    ]);
  });

  it('StaticWeighted gives a weight-0 cluster no HPA, and a zero binding entry', () => {
    const r = run({
      policy: 'StaticWeighted',
      clusters: [cluster('a', { weight: 0 }), cluster('b', { weight: 1 })],
      resourceBinding: [{ name: 'a', replicas: 4 }],
    });
    expect(r.clusters.map((c) => c.name)).toEqual(['b']);
    expect(r.resourceBinding).toEqual([
      { name: 'a', replicas: 0 },
      { name: 'b', replicas: 2 },
    ]);
  });

  it('DynamicWeighted divides by availability: 1/5/2, F 8/24 → 1/3, 5/15, 2/6', () => {
    const r = run({
      policy: 'DynamicWeighted',
      federatedMinReplicas: 8,
      federatedMaxReplicas: 24,
      clusters: [1, 5, 2].map((a, i) => cluster(`m${i + 1}`, { availableReplicas: a })),
    });
    expect(r.clusters.map((c) => [c.minReplicas, c.maxReplicas])).toEqual([
      [1, 3],
      [5, 15],
      [2, 6],
    ]);
  });

  it('Aggregated gives the leftover to the most available cluster (erratum 1: 20/2/2, not 18)', () => {
    const r = run({
      policy: 'Aggregated',
      federatedMinReplicas: 8,
      federatedMaxReplicas: 24,
      clusters: [8, 2, 2].map((a, i) => cluster(`m${i + 1}`, { availableReplicas: a })),
    });
    expect(r.clusters.map((c) => c.maxReplicas)).toEqual([20, 2, 2]);
    expect(r.clusters.map((c) => c.minReplicas)).toEqual([8, 1, 1]);
  });

  it('Prioritized: higher priority first, leftover to the top cluster (23/1, min 8/1)', () => {
    const r = run({
      policy: 'Prioritized',
      federatedMinReplicas: 8,
      federatedMaxReplicas: 24,
      clusters: [
        cluster('m2', { priority: 1, availableReplicas: 1 }),
        cluster('m1', { priority: 2, availableReplicas: 20 }),
      ],
    });
    expect(r.clusters).toEqual([
      { name: 'm2', minReplicas: 1, maxReplicas: 1 },
      { name: 'm1', minReplicas: 8, maxReplicas: 23 },
    ]);
  });

  it('with every availability 0, the first cluster in name order takes all; the rest get no HPA', () => {
    for (const policy of ['Aggregated', 'Prioritized'] as const) {
      const r = run({ policy, clusters: [cluster('b'), cluster('a'), cluster('c')] });
      expect(r.clusters).toEqual([{ name: 'a', minReplicas: 2, maxReplicas: 10 }]);
    }
  });

  it('gives nothing to an empty affinity set', () => {
    expect(run({ policy: 'StaticWeighted', clusters: [] })).toEqual({
      clusters: [],
      resourceBinding: [],
    });
  });
});

describe('ResourceBinding update (§A.4)', () => {
  it('clamps existing replicas into the new bounds', () => {
    const r = run({
      policy: 'Duplicated',
      federatedMinReplicas: 3,
      clusters: [cluster('m1'), cluster('m2')],
      resourceBinding: [
        { name: 'm1', replicas: 11 },
        { name: 'm2', replicas: 11 },
      ],
    });
    expect(r.resourceBinding.map((e) => e.replicas)).toEqual([10, 10]);
  });

  it('raises to min, keeps, clamps, starts new clusters at min and drops clusters that left', () => {
    const r = run({
      policy: 'Duplicated',
      federatedMinReplicas: 3,
      clusters: ['m1', 'm2', 'm3', 'm5'].map((n) => cluster(n)),
      resourceBinding: [
        { name: 'm1', replicas: 1 },
        { name: 'm2', replicas: 4 },
        { name: 'm3', replicas: 20 },
        { name: 'm4', replicas: 5 },
      ],
    });
    expect(r.resourceBinding).toEqual([
      { name: 'm1', replicas: 3 },
      { name: 'm2', replicas: 4 },
      { name: 'm3', replicas: 10 },
      { name: 'm5', replicas: 3 },
    ]);
  });

  it('keeps new and empty clusters at 0 with ScalingToZero', () => {
    const input = {
      policy: 'Prioritized' as const,
      federatedMinReplicas: 8,
      federatedMaxReplicas: 24,
      clusters: [
        cluster('m1', { priority: 2, availableReplicas: 20 }),
        cluster('m2', { priority: 1, availableReplicas: 1 }),
      ],
      resourceBinding: [
        { name: 'm1', replicas: 15 },
        { name: 'm2', replicas: 0 },
      ],
    };
    expect(run({ ...input, scalingToZero: true }).resourceBinding).toEqual([
      { name: 'm1', replicas: 15 },
      { name: 'm2', replicas: 0 },
    ]);
    expect(run({ ...input, scalingToZero: false }).resourceBinding[1]).toEqual({
      name: 'm2',
      replicas: 1,
    });
  });
});

describe('assign properties', () => {
  const arbInput = fc.record({
    policy: fc.constantFrom(...SEED_POLICIES),
    fMin: fc.integer({ min: 1, max: 20 }),
    extra: fc.nat(30),
    scalingToZero: fc.boolean(),
    clusters: fc.uniqueArray(
      fc.record({
        name: fc.constantFrom('a', 'B', 'c', 'east-2', 'east-10', 'm1', 'm2'),
        weight: fc.nat(6),
        priority: fc.nat(3),
        availableReplicas: fc.nat(25),
      }),
      { selector: (c) => c.name, minLength: 1, maxLength: 6 },
    ),
    rb: fc.array(fc.nat(40), { minLength: 7, maxLength: 7 }),
  });

  it('for divided policies Σmax = F_max; bounds are valid; binding within bounds, 0 without HPA', () => {
    fc.assert(
      fc.property(arbInput, (p) => {
        const names = ['a', 'B', 'c', 'east-2', 'east-10', 'm1', 'm2'];
        const input: AssignInput = {
          policy: p.policy,
          federatedMinReplicas: p.fMin,
          federatedMaxReplicas: p.fMin + p.extra,
          scalingToZero: p.scalingToZero,
          clusters: p.clusters,
          resourceBinding: names.map((name, i) => ({ name, replicas: p.rb[i]! })),
        };
        const r = assign(input);
        if (p.policy !== 'Duplicated') {
          expect(r.clusters.reduce((s, c) => s + c.maxReplicas, 0)).toBe(p.fMin + p.extra);
        }
        for (const c of r.clusters) {
          expect(c.minReplicas).toBeGreaterThanOrEqual(1);
          expect(c.minReplicas).toBeLessThanOrEqual(c.maxReplicas);
        }
        expect(r.resourceBinding.map((e) => e.name)).toEqual(p.clusters.map((c) => c.name));
        for (const e of r.resourceBinding) {
          const b = r.clusters.find((c) => c.name === e.name);
          if (!b) expect(e.replicas).toBe(0);
          else if (e.replicas !== 0 || !p.scalingToZero) {
            expect(e.replicas).toBeGreaterThanOrEqual(b.minReplicas);
            expect(e.replicas).toBeLessThanOrEqual(b.maxReplicas);
          }
        }
        // Input order carries no meaning.
        const reversed = assign({ ...input, clusters: [...input.clusters].reverse() });
        expect(new Set(reversed.clusters.map((c) => JSON.stringify(c)))).toEqual(
          new Set(r.clusters.map((c) => JSON.stringify(c))),
        );
      }),
    );
  });
});
