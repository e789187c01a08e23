// simulateFederation(): run a multi-cluster scenario in each model it asks for, each over its own
// copy of the world (the same traffic and loads), so the models can be compared side by side.
// One loop drives every model (../simulation/loop.ts): its N member clusters under the model's
// control plane (proposal.ts, shipped.ts). `record: 'full'` also keeps every controller decision;
// the default keeps the series, KPIs and events, and snapshots a decision is replayed from
// (syncDetail.ts), so a long run stays light.

import { countSeries, drive, replayIndex, runError } from '../simulation/drive.ts';
import type { FederationInput, FederationModel } from '../simulation/federationInput.ts';
import type { SimulationInput } from '../simulation/input.ts';
import { Simulation } from '../simulation/loop.ts';
import type { WorkMeter, WorkOverrun } from '../simulation/meter.ts';
import { meterOf, refusal } from '../simulation/simulate.ts';
import { World } from '../simulation/world.ts';
import { stackPlanes, type ControlPlane } from '../simulation/plane.ts';
import type { Member } from './member.ts';
import { memberNodePlane } from './memberNodes.ts';
import { ProposalPlane } from './proposal.ts';
import { FederationRecorder } from './record.ts';
import type { ClusterEvent, FederationRun } from './result.ts';
import { ShippedPlane } from './shipped.ts';

export type FederationOutcome =
  | { ok: true; run: FederationRun }
  /** `overrun`: the run passed its work budget (../simulation/meter.ts), where and on what */
  | { ok: false; error: string; overrun?: WorkOverrun };

export interface FederationOptions {
  shouldStop?: () => boolean;
  record?: 'compact' | 'full';
  /** as SimulateOptions.workBudget and .meter: the model's run counts its work and stops past it */
  workBudget?: number;
  meter?: WorkMeter;
}

/** One model's simulation: its world, its members and its control plane in the one loop. */
export interface FederationSimulation {
  simulation: Simulation;
  members: Member[];
}

/**
 * The simulation of one model of a multi-cluster input (no limit checks: simulateFederation
 * makes them). `events` receives the plane's cluster events, from the initial assignment on.
 */
export function federationSimulation(
  input: SimulationInput,
  federation: FederationInput,
  model: FederationModel,
  events: ClusterEvent[],
  meter?: WorkMeter,
): FederationSimulation {
  const world = new World(input);
  const ctx = { input, federation, world };
  const plane =
    model === 'proposal' ? new ProposalPlane(ctx, events) : new ShippedPlane(ctx, events);
  const members = plane.members;
  // Each member's own node plane beside the federation's (none without spec.nodes).
  const planes: ControlPlane[] = [plane];
  for (const m of members) {
    m.nodes = memberNodePlane(m.spec.nodes, m.cluster, m.spec.name);
    if (m.nodes) planes.push(m.nodes);
  }
  const simulation = new Simulation({
    input,
    world,
    clusters: members.map((m) => m.cluster),
    plane: stackPlanes(planes),
    health: members.map((m) => m.spec),
    ...(meter ? { meter } : {}),
  });
  return { simulation, members };
}

export function simulateFederation(
  input: SimulationInput,
  model: FederationModel,
  options: FederationOptions = {},
): FederationOutcome {
  const federation = input.federation;
  if (!federation) return { ok: false, error: 'the scenario declares no member clusters' };
  const why = refusal(input);
  if (why !== null) return { ok: false, error: why };
  try {
    const full = options.record === 'full';
    const events: ClusterEvent[] = [];
    const { simulation: sim, members } = federationSimulation(
      input,
      federation,
      model,
      events,
      meterOf(options),
    );
    countSeries(sim, input.hpa.spec.metrics?.length ?? 0, members.length + 1);
    const recorder = new FederationRecorder(input, sim.world, members, sim.syncCount, full);
    const replay = full
      ? null
      : replayIndex(sim.syncCount, { kind: 'federation', model, member: null });
    drive(sim, recorder, {
      trace: full ? true : 'lean',
      shouldStop: options.shouldStop,
      replay,
    });
    return { ok: true, run: recorder.finish(model, events, replay) };
  } catch (e) {
    return runError(e);
  }
}
