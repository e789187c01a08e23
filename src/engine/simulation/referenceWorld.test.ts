// The fast world (pods with equal metrics state scraped once as a group, grouped observations)
// against the plain per-pod world it stands for: every record of every sync must be the same.

import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { podNamesDistinct } from '../controller/podNames.ts';
import { parseScenario } from '../../scenario/index.ts';
import { drawInput, timingDraws } from './draws.ts';
import type { SimulationInput } from './input.ts';
import { WorkMeter } from './meter.ts';
import { createSimulation, isFullResult, simulate } from './simulate.ts';
import type { FullSimulationResult, SimulationResult } from './result.ts';
import { buildInput } from './testing/buildInput.ts';
import { worldArb } from './testing/worldArb.ts';

function full(input: SimulationInput, reference: boolean): FullSimulationResult {
  const out = simulate(input, { record: 'full', reference });
  if (!out.ok || !isFullResult(out.result)) throw new Error(out.ok ? 'no records' : out.error);
  return out.result;
}

function compact(input: SimulationInput, reference: boolean): SimulationResult {
  const out = simulate(input, { reference });
  if (!out.ok) throw new Error(out.error);
  return out.result;
}

/**
 * Full records (every pod observed by name) and compact runs (the steady group observed as one
 * entry) of the fast world, against the reference's full records.
 */
function expectSameAsReference(input: SimulationInput): void {
  const reference = full(input, true);
  const fast = full(input, false);
  expect(fast.series).toEqual(reference.series);
  expect(fast.events).toEqual(reference.events);
  expect(fast.kpis).toEqual(reference.kpis);
  expect(fast.syncs).toEqual(reference.syncs);
  const lean = compact(input, false);
  expect(lean.series).toEqual(reference.series);
  expect(lean.events).toEqual(reference.events);
  expect(lean.kpis).toEqual(reference.kpis);
  const leanReference = compact(input, true);
  expect(leanReference.series).toEqual(reference.series);
}

describe('the fast world equals the plain per-pod world', () => {
  it('on random scenarios', () => {
    fc.assert(
      fc.property(worldArb, (input) => expectSameAsReference(input)),
      { numRuns: 60, seed: 20261123 },
    );
  });

  const presetDir = resolve(import.meta.dirname, '../../presets');
  for (const file of readdirSync(presetDir).filter((f) => f.endsWith('.yaml')))
    it(`on preset ${file}`, () => {
      const input = parseScenario(readFileSync(join(presetDir, file), 'utf8')).input!;
      expectSameAsReference(input);
    });

  it('vouches for distinct pod names only where they are (Observation.podNamesDistinct)', () => {
    fc.assert(
      fc.property(worldArb, (input) => {
        const created = createSimulation(input);
        if (!created.ok) throw new Error(created.error);
        const sim = created.simulation;
        const period = input.controller.syncPeriodSeconds;
        for (let t = 0; t <= input.durationSeconds; t += 4 * period) {
          sim.stepTo(t);
          const obs = sim.cluster.observation(t, sim.world, true);
          expect(obs.podNamesDistinct).toBe(true);
          expect(podNamesDistinct(obs)).toBe(true);
        }
      }),
      { numRuns: 20, seed: 20261127 },
    );
  });

  // A timing draw of a scenario with nodes samples each node at its own instant (scrapeStagger.ts):
  // no pod shares the group's state then, and the fast world must still be the reference.
  for (const file of ['nodes-wait.yaml', 'nodes-karpenter.yaml'])
    it(`on preset ${file} under timing draws (per-node scrape stagger)`, () => {
      const input = parseScenario(readFileSync(join(presetDir, file), 'utf8')).input!;
      for (const draw of timingDraws(input, 3, 5).slice(1)) {
        const drawn = drawInput(input, draw);
        expect(drawn.metricsPipeline.stagger).toBeDefined();
        expectSameAsReference(drawn);
      }
    });

  it('groups most pods of a long steady run (the speed it exists for)', () => {
    const input = buildInput({
      spec: { minReplicas: 40, maxReplicas: 40 },
      workload: { initialReplicas: 40 },
      traffic: { type: 'sine', base: 20_000, amplitude: 5_000, periodSeconds: 3600 },
      durationSeconds: 1800,
    });
    const grouped = (reference: boolean) => {
      const created = createSimulation(input, { reference });
      if (!created.ok) throw new Error(created.error);
      const sim = created.simulation;
      sim.stepTo(input.durationSeconds);
      const t = input.durationSeconds;
      return {
        steady: sim.cluster.steadyGroupSize,
        // what every sync's controller reads, and the pods one by one
        entries: sim.cluster.observation(t, sim.world, true).pods.length,
        named: sim.cluster.observation(t, sim.world, false).pods.length,
      };
    };
    expect(grouped(false)).toEqual({ steady: 40, entries: 1, named: 40 });
    expect(grouped(true)).toEqual({ steady: 0, entries: 40, named: 40 });
    expectSameAsReference(input);
  });

  // Pods whose start-up burst is on share the burst group's state (metricsPipeline.ts BurstGroup)
  // while it lasts; when it ends they leave it, and once past it they share the steady group's.
  const burstRun = (burstSeconds: number, durationSeconds: number, reference: boolean) => {
    const input = buildInput({
      spec: { minReplicas: 40, maxReplicas: 40 },
      workload: {
        initialReplicas: 40,
        startupCpuBurst: { extraMilli: 100, durationSeconds: burstSeconds },
      },
      traffic: { type: 'sine', base: 20_000, amplitude: 5_000, periodSeconds: 3600 },
      durationSeconds,
    });
    const created = createSimulation(input, { reference });
    if (!created.ok) throw new Error(created.error);
    const sim = created.simulation;
    sim.stepTo(durationSeconds);
    return {
      input,
      counts: {
        burst: sim.cluster.burstGroupSize,
        steady: sim.cluster.steadyGroupSize,
        entries: sim.cluster.observation(durationSeconds, sim.world, true).pods.length,
        named: sim.cluster.observation(durationSeconds, sim.world, false).pods.length,
      },
    };
  };

  it('groups pods whose start-up burst outlasts the run (the burst group)', () => {
    expect(burstRun(48 * 3600, 1800, false).counts).toEqual({
      burst: 40,
      steady: 0,
      entries: 1,
      named: 40,
    });
    const { input, counts } = burstRun(48 * 3600, 1800, true);
    expect(counts).toEqual({ burst: 0, steady: 0, entries: 40, named: 40 });
    expectSameAsReference(input);
  });

  it("counts the burst group's pods one by one on the work meter (budgets stop alike)", () => {
    // no steady group forms in either world: the meters count the same pods
    const { input } = burstRun(48 * 3600, 1800, false);
    const counts = (reference: boolean) => {
      const meter = new WorkMeter();
      simulate(input, { meter, reference });
      return meter.counts;
    };
    expect(counts(false)).toEqual(counts(true));
  });

  it('lets the burst group go when the burst ends, to the steady group', () => {
    // the starting pods run from an hour before 0: their burst ends at ≈ 1,200 s
    expect(burstRun(4800, 600, false).counts).toEqual({
      burst: 40,
      steady: 0,
      entries: 1,
      named: 40,
    });
    const { input, counts } = burstRun(4800, 1800, false);
    expect(counts).toEqual({ burst: 0, steady: 40, entries: 1, named: 40 });
    expectSameAsReference(input);
  });

  it('on the churn bench (bench/scenarios/churn.yaml, its first six hours)', () => {
    const file = resolve(import.meta.dirname, '../../../bench/scenarios/churn.yaml');
    const input = parseScenario(readFileSync(file, 'utf8')).input!;
    expectSameAsReference({ ...input, durationSeconds: 6 * 3600 });
  });
});
