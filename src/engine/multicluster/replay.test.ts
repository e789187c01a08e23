import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../scenario/index.ts';
import type { DivisionStrategy, SeedPolicy } from '../federation/index.ts';
import type { FederationModel, MemberClusterInput } from '../simulation/federationInput.ts';
import type { SimulationInput } from '../simulation/input.ts';
import { snapshotSpacing } from '../simulation/replay.ts';
import { worldArb } from '../simulation/testing/worldArb.ts';
import { decisionAt, federationSyncDetail, simulateFederation } from './index.ts';
import type { FederationRun } from './index.ts';

function run(input: SimulationInput, model: FederationModel, record: 'compact' | 'full') {
  const o = simulateFederation(input, model, { record });
  if (!o.ok) throw new Error(o.error);
  return o.run;
}

/** A sample of syncs: the first ones, a stride, a random one, both sides of every snapshot, the last. */
function indices(n: number, pick = 0): number[] {
  const every = snapshotSpacing(n);
  const out = new Set<number>([0, 1, 2, pick % n, n - 2, n - 1]);
  for (let i = 0; i < n; i += 11) out.add(i);
  for (let b = every; b < n; b += every) for (const d of [-1, 0, 1]) out.add(b + d);
  return [...out].filter((i) => i >= 0 && i < n).sort((a, b) => a - b);
}

/**
 * A compact run of one model keeps no decision, yet rebuilds each one (every member HPA's and
 * the central FederatedHPA's) equal to the full recording, from its snapshots.
 */
function expectSameDecisions(input: SimulationInput, model: FederationModel, pick = 0) {
  const full = run(input, model, 'full');
  const compact = run(input, model, 'compact');
  expect(full.replay).toBeNull();
  expect(compact.members.map((m) => m.result.replay?.of)).toEqual(
    compact.members.map((m) => ({ kind: 'federation', model, member: m.name })),
  );
  expect(compact.total.kpis).toEqual(full.total.kpis);
  expect(compact.events).toEqual(full.events);
  const n = full.total.series.time.length;
  let decisions = 0;
  for (const k of indices(n, pick)) {
    for (const who of [null, ...full.members.map((m) => m.name)]) {
      const want = federationSyncDetail(input, full, who, k);
      const got = federationSyncDetail(input, compact, who, k);
      expect(got?.sync, `${model} ${who ?? 'central'} sync ${k}`).toEqual(want?.sync);
      expect(got?.hpa).toEqual(want?.hpa);
      if (want) decisions++;
      // The result alone names its decision too (what a run set's entry explains).
      const result =
        who === null ? compact.total : compact.members.find((m) => m.name === who)!.result;
      expect(decisionAt(input, result, k)?.sync).toEqual(want?.sync);
    }
  }
  return decisions;
}

const presetDir = resolve(import.meta.dirname, '../../presets/multicluster');
const presets = readdirSync(presetDir).filter((f) => f.endsWith('.yaml'));

describe('a compact multi-cluster run replays any decision exactly as a full recording keeps it', () => {
  for (const file of presets)
    it(file, () => {
      const input = parseScenario(readFileSync(join(presetDir, file), 'utf8')).input!;
      let decisions = 0;
      for (const model of input.federation!.models) decisions += expectSameDecisions(input, model);
      expect(decisions).toBeGreaterThan(0);
    });

  it('answers null out of range and for a controller that did not run', () => {
    const input = parseScenario(readFileSync(join(presetDir, 'failover.yaml'), 'utf8')).input!;
    const r: FederationRun = run(input, 'proposal', 'compact');
    for (const k of [-1, r.total.series.time.length, 1.5, NaN])
      expect(federationSyncDetail(input, r, 'east', k)).toBeNull();
    // The proposal has no central controller; a member that does not exist has no decision.
    expect(federationSyncDetail(input, r, null, 3)).toBeNull();
    expect(federationSyncDetail(input, r, 'nowhere', 3)).toBeNull();
    // east is failed from 10 m to 20 m: no HPA ran there.
    expect(federationSyncDetail(input, r, 'east', 50)).toBeNull();
    expect(federationSyncDetail(input, r, 'east', 30)).not.toBeNull();
  });
});

const clusterArb = fc.record({
  capacityPods: fc.option(fc.integer({ min: 1, max: 20 })),
  weight: fc.integer({ min: 0, max: 4 }),
  priority: fc.integer({ min: 0, max: 3 }),
  fail: fc.option(
    fc.record({
      at: fc.integer({ min: 0, max: 1500 }),
      len: fc.option(fc.integer({ min: 1, max: 900 })),
    }),
  ),
});

const federationArb = fc
  .record({
    base: worldArb,
    clusters: fc.array(clusterArb, { minLength: 1, maxLength: 3 }),
    policy: fc.constantFrom<SeedPolicy>(
      'Duplicated',
      'StaticWeighted',
      'DynamicWeighted',
      'Aggregated',
      'Prioritized',
    ),
    strategy: fc.constantFrom<DivisionStrategy>(
      'Duplicated',
      'StaticWeight',
      'DynamicWeight',
      'Aggregated',
    ),
    scalingToZero: fc.boolean(),
    delay: fc.constantFrom(0, 30, 120),
    optimize: fc.option(fc.constantFrom(60, 300)),
    minReplicas: fc.integer({ min: 1, max: 4 }),
  })
  .map(
    ({
      base,
      clusters,
      policy,
      strategy,
      scalingToZero,
      delay,
      optimize,
      minReplicas,
    }): SimulationInput => {
      const spec = base.hpa.spec;
      return {
        ...base,
        hpa: {
          ...base.hpa,
          spec: { ...spec, minReplicas: Math.min(minReplicas, spec.maxReplicas) },
        },
        workload: { ...base.workload, maxPods: null, failedPods: 0, podsWithoutMetrics: 0 },
        federation: {
          models: ['proposal', 'shipped'],
          policy,
          strategy,
          clusters: clusters.map((c, i): MemberClusterInput => ({
            name: `m${i}`,
            capacityPods: c.capacityPods,
            weight: c.weight,
            priority: c.priority,
            failAtSeconds: c.fail ? c.fail.at : null,
            recoverAtSeconds: c.fail && c.fail.len !== null ? c.fail.at + c.fail.len : null,
          })),
          scalingToZero,
          scaleAssist: true,
          autoscaleMultiClusterDelaySeconds: delay,
          optimizePeriodSeconds: optimize,
          tieBreak: 'ascending',
        },
      };
    },
  );

describe('federation replay property', () => {
  it('any decision of a random multi-cluster scenario replays equal to the full recording', () => {
    fc.assert(
      fc.property(federationArb, fc.nat(), (input, pick) => {
        for (const model of ['proposal', 'shipped'] as const)
          expectSameDecisions(input, model, pick);
      }),
      { numRuns: 10, seed: 20260502 },
    );
  });
});
