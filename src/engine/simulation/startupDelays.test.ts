import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../scenario/index.ts';
import { drawInput, timingDraws } from './draws.ts';
import type { PodStartupModel, SimulationInput } from './input.ts';
import { createSimulation, simulate } from './simulate.ts';
import { drawnStartupSeeds, startupDelay, withStartupSeeds } from './startupDelays.ts';

const fixed: PodStartupModel = {
  schedulingSeconds: 1,
  startingSeconds: 5,
  readinessDelaySeconds: 10,
};
const ranged: PodStartupModel = {
  ...fixed,
  ranges: { starting: { minSeconds: 5, maxSeconds: 40, seed: 3 } },
};

describe('start-up delays drawn per pod within the scenario’s range', () => {
  it('keeps a fixed delay fixed, and draws a range per pod within it', () => {
    for (let pod = 0; pod < 200; pod++) {
      expect(startupDelay(fixed, 'starting', pod)).toBe(5);
      expect(startupDelay(ranged, 'scheduling', pod)).toBe(1);
      const d = startupDelay(ranged, 'starting', pod);
      expect(d).toBeGreaterThanOrEqual(5);
      expect(d).toBeLessThanOrEqual(40);
      expect(Math.abs(Math.round(d * 1000) - d * 1000)).toBeLessThan(1e-6);
      expect(startupDelay(ranged, 'starting', pod)).toBe(d);
    }
    const all = Array.from({ length: 200 }, (_, pod) => startupDelay(ranged, 'starting', pod));
    expect(new Set(all).size).toBeGreaterThan(190);
    // spread over the range: both ends' quarters are hit
    expect(all.some((d) => d < 13.75)).toBe(true);
    expect(all.some((d) => d > 31.25)).toBe(true);
  });

  it('a draw draws them again; no range, nothing to draw', () => {
    expect(drawnStartupSeeds(fixed, 1, 2)).toBeUndefined();
    expect(withStartupSeeds(fixed, { starting: 9 })).toBe(fixed);
    // draw 0 keeps the scenario's seed
    expect(drawnStartupSeeds(ranged, 1, 0)).toEqual({ starting: 3 });
    const seeds = drawnStartupSeeds(ranged, 1, 2)!;
    expect(seeds.starting).not.toBe(3);
    expect(drawnStartupSeeds(ranged, 1, 2)).toEqual(seeds);
    const again = withStartupSeeds(ranged, seeds);
    expect(again.ranges!.starting).toEqual({ minSeconds: 5, maxSeconds: 40, seed: seeds.starting });
    const a = Array.from({ length: 20 }, (_, p) => startupDelay(ranged, 'starting', p));
    const b = Array.from({ length: 20 }, (_, p) => startupDelay(again, 'starting', p));
    expect(b).not.toEqual(a);
  });
});

const preset = readFileSync(resolve(import.meta.dirname, '../../presets/nodes-wait.yaml'), 'utf8');
const STARTUP = '    startup: { scheduling: 1s, starting: 10s, readinessDelay: 10s }';

function podTimes(input: SimulationInput, t: number) {
  const c = createSimulation(input, {});
  if (!c.ok) throw new Error(c.error);
  c.simulation.stepTo(t);
  return c.simulation.cluster.workload.pods
    .filter((p) => p.scheduledAt !== null && p.createdAt > 0)
    .map((p) => ({
      scheduled: p.scheduledAt!,
      run: p.runFrom - p.scheduledAt!,
      ready: p.readyFrom - p.runFrom,
    }));
}

describe('a scenario’s start-up ranges in a run, and in timing draws', () => {
  const text = preset.replace(
    STARTUP,
    '    startup: { scheduling: 1s, starting: { min: 5s, max: 40s, seed: 3 }, readinessDelay: { min: 2s, max: 12s } }',
  );
  const input = parseScenario(text).input!;

  it('each new pod starts and turns Ready after its own delays, within the ranges', () => {
    const pods = podTimes(input, 1800);
    expect(pods.length).toBeGreaterThan(5);
    for (const p of pods) {
      expect(p.run).toBeGreaterThanOrEqual(5);
      expect(p.run).toBeLessThanOrEqual(40);
      expect(p.ready).toBeGreaterThanOrEqual(2);
      expect(p.ready).toBeLessThanOrEqual(12);
    }
    expect(new Set(pods.map((p) => p.run)).size).toBe(pods.length);
    expect(podTimes(input, 1800)).toEqual(pods);
  });

  it('draw 0 is the scenario as written; a draw moves each pod’s delays and the nodes’ own', () => {
    const [d0, d1] = timingDraws(input, 2, 9);
    const r0 = simulate(drawInput(input, d0!), {});
    const asWritten = simulate(input, {});
    expect(r0.ok && asWritten.ok && r0.result.kpis).toEqual(asWritten.ok && asWritten.result.kpis);
    const drawn = drawInput(input, d1!);
    // each draw names the seeds it runs with (run --draws JSON): draw 0 the scenario's own
    expect(d0).toMatchObject({ nodeSeed: 7, startupSeeds: { starting: 3, readinessDelay: 1 } });
    expect(d1!.nodeSeed).not.toBe(7);
    expect(drawn.nodes!.provisioner.provisioningDelay.seed).toBe(d1!.nodeSeed);
    expect(drawn.workload.startup.ranges!.starting!.seed).toBe(d1!.startupSeeds!.starting);
    // the nodes plane's draws too: the same draw with the scenario's node seed differs
    const ownNodes = simulate({ ...drawn, nodes: input.nodes }, {});
    const reseeded = simulate(drawn, {});
    expect(ownNodes.ok && reseeded.ok).toBe(true);
    if (ownNodes.ok && reseeded.ok)
      expect(reseeded.result.nodes!.events).not.toEqual(ownNodes.result.nodes!.events);
    const a = podTimes(input, 1800).map((p) => p.run);
    const b = podTimes(drawn, 1800).map((p) => p.run);
    expect(b).not.toEqual(a);
    for (const x of b) expect(x >= 5 && x <= 40).toBe(true);
  });
});
