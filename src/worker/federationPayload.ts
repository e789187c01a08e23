// A multi-cluster run → the plain data of the cluster lanes (protocol.ts FederationPayload). The
// arrays are copies: the run service caches each model's run for the kept input, and transferring
// its own buffers would detach them there.

import type { SimulationInput } from '../engine/simulation/index.ts';
import type { FederationRun } from '../engine/multicluster/index.ts';
import { runFederated } from '../run/index.ts';
import type { FederationModelPayload, FederationPayload } from './protocol.ts';

/** Each member's share of the demand at each sync (NaN where there is none to share). */
function shareOf(member: Float64Array, total: Float64Array): Float64Array {
  const out = new Float64Array(member.length);
  for (let k = 0; k < member.length; k++)
    out[k] = total[k]! > 0 && Number.isFinite(member[k]!) ? member[k]! / total[k]! : NaN;
  return out;
}

export function federationModelPayload(
  input: SimulationInput,
  run: FederationRun,
): FederationModelPayload {
  const f = input.federation!;
  const t = run.total.series;
  return {
    model: run.model,
    policy: run.model === 'proposal' ? f.policy : f.strategy,
    time: t.time.slice(),
    clusters: run.members.map((m) => {
      const c = f.clusters.find((x) => x.name === m.name);
      const s = m.result.series;
      return {
        name: m.name,
        capacityPods: c?.capacityPods ?? null,
        weight: c?.weight ?? 0,
        priority: c?.priority ?? 0,
        specReplicas: s.specReplicas.slice(),
        readyReplicas: s.readyReplicas.slice(),
        pendingReplicas: s.pendingReplicas.slice(),
        unschedulable: m.unschedulable.slice(),
        minReplicas: m.minReplicas.slice(),
        maxReplicas: m.maxReplicas.slice(),
        failed: m.failed.slice(),
        demandShare: shareOf(s.demand, t.demand),
        kpis: m.result.kpis,
      };
    }),
    total: {
      specReplicas: t.specReplicas.slice(),
      readyReplicas: t.readyReplicas.slice(),
      pendingReplicas: t.pendingReplicas.slice(),
      demand: t.demand.slice(),
      served: t.served.slice(),
      capacity: t.capacity.slice(),
      kpis: run.total.kpis,
    },
    events: run.events.map((e) => ({ ...e, clusters: [...e.clusters], steps: [...e.steps] })),
  };
}

/**
 * Every model of a multi-cluster input, or an error. The models were simulated for the runs
 * already (the run service caches them per input), so this reads, it does not simulate again.
 */
export function federationPayload(
  input: SimulationInput,
  shouldStop?: () => boolean,
): { ok: true; payload: FederationPayload } | { ok: false; error: string } {
  const models: FederationModelPayload[] = [];
  for (const model of input.federation?.models ?? []) {
    const outcome = runFederated(input, model, shouldStop);
    if (!outcome.ok) return { ok: false, error: outcome.error };
    models.push(federationModelPayload(input, outcome.run));
  }
  return { ok: true, payload: { models } };
}

/** Every typed-array buffer of a federation payload. */
export function federationArrays(p: FederationPayload): ArrayBufferView[] {
  const out: ArrayBufferView[] = [];
  for (const m of p.models) {
    out.push(m.time, ...Object.values(m.total).filter((v) => ArrayBuffer.isView(v)));
    for (const c of m.clusters)
      out.push(...Object.values(c).filter((v): v is ArrayBufferView => ArrayBuffer.isView(v)));
  }
  return out;
}
