// simulateFederation(): run a multi-cluster scenario in each model it asks for, each over its own
// copy of the world (the same traffic and loads), so the models can be compared side by side.
// `record: 'full'` also keeps every controller decision (what an explanation reads); the default
// keeps the series, KPIs and events only, so a long run stays light.

import type { SimulationInput } from '../simulation/input.ts';
import type { FederationModel } from '../simulation/federationInput.ts';
import { ProposalPlane } from './proposal.ts';
import type { ClusterEvent, FederationRun } from './result.ts';
import { runContext, runFederation, StoppedError } from './runner.ts';
import { ShippedPlane } from './shipped.ts';

export type FederationOutcome = { ok: true; run: FederationRun } | { ok: false; error: string };

export function simulateFederation(
  input: SimulationInput,
  model: FederationModel,
  options: { shouldStop?: () => boolean; record?: 'compact' | 'full' } = {},
): FederationOutcome {
  const federation = input.federation;
  if (!federation) return { ok: false, error: 'the scenario declares no member clusters' };
  try {
    const ctx = runContext(input, federation, options.record === 'full');
    const events: ClusterEvent[] = [];
    const plane =
      model === 'proposal' ? new ProposalPlane(ctx, events) : new ShippedPlane(ctx, events);
    return { ok: true, run: runFederation(ctx, model, plane, events, options.shouldStop) };
  } catch (e) {
    if (e instanceof StoppedError) return { ok: false, error: 'cancelled' };
    return { ok: false, error: `simulation failed: ${(e as Error).message}` };
  }
}
