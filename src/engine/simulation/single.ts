// One cluster under kube-controller-manager's HPA over its own world: the simulation every
// single-cluster run, replay and playback steps through. A ScaledObject's run (input.keda) wraps
// the HPA in KEDA's plane.

import { Cluster } from './cluster.ts';
import type { CurveCompiler } from './curves/tape.ts';
import { HpaPlane } from './hpaPlane.ts';
import { KedaPlane } from '../keda/plane.ts';
import type { SimulationInput } from './input.ts';
import { SIMULATION_LIMITS } from './limits.ts';
import { Simulation } from './loop.ts';
import type { WorkMeter } from './meter.ts';
import { World } from './world.ts';
import { NodePlane } from '../nodes/nodePlane.ts';
import { stackPlanes, type ControlPlane } from './plane.ts';
import { DeploymentPlane } from '../deployment/plane.ts';

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
  // KEDA wraps the HPA plane when the scenario is a ScaledObject.
  const top = input.keda
    ? new KedaPlane(cluster, world, input, input.keda)
    : new HpaPlane(
        cluster,
        world,
        input.hpa,
        input.changes ?? [],
        input.controller,
        input.informerLagSeconds ?? 0,
      );
  // The Deployment's controller runs beside it only when the run rolls out a template, and a
  // node pool under the same cluster only when the scenario has one.
  const planes: ControlPlane[] = [top];
  if (input.changes?.some((c) => c.rollout))
    planes.push(new DeploymentPlane(cluster, input.changes));
  if (input.nodes) planes.push(new NodePlane(input.nodes, cluster));
  return new Simulation({
    input,
    world,
    clusters: [cluster],
    plane: stackPlanes(planes),
    ...(meter ? { meter } : {}),
  });
}
