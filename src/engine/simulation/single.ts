// One cluster under kube-controller-manager's HPA over its own world: the simulation every
// single-cluster run, replay and playback steps through.

import { Cluster } from './cluster.ts';
import type { CurveCompiler } from './curves/tape.ts';
import { HpaPlane } from './hpaPlane.ts';
import type { SimulationInput } from './input.ts';
import { SIMULATION_LIMITS } from './limits.ts';
import { Simulation } from './loop.ts';
import type { WorkMeter } from './meter.ts';
import { World } from './world.ts';

/**
 * One cluster under its HPA over its own world (no limit checks: createSimulation makes them).
 * `curves`: how the world compiles its curves (a search's tapes, curves/tape.ts; same values).
 */
export function singleSimulation(
  input: SimulationInput,
  reference = false,
  meter?: WorkMeter,
  curves?: CurveCompiler,
): Simulation {
  const world = new World(input, curves);
  const cluster = new Cluster(input, world, SIMULATION_LIMITS.maxPods, reference);
  return new Simulation({
    input,
    world,
    clusters: [cluster],
    plane: new HpaPlane(
      cluster,
      world,
      input.hpa,
      input.changes ?? [],
      input.controller,
      input.informerLagSeconds ?? 0,
    ),
    ...(meter ? { meter } : {}),
  });
}
