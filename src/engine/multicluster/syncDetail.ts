// One decision of a multi-cluster run, as the single-cluster explanation reads it: a member
// HPA's sync (proposal model: its own pods, within the min/max the control plane had assigned
// when it ran) or the central FederatedHPA's (shipped model: the union of the Ready members'
// pods). The record, the HPA it was decided against, and the run whose kubectl events it logged.

import type { HorizontalPodAutoscaler } from '../controller/index.ts';
import type { SimulationInput } from '../simulation/input.ts';
import type { SimulationResult, SyncRecord } from '../simulation/result.ts';
import type { FederationRun } from './result.ts';

export interface FederationSyncDetail {
  sync: SyncRecord;
  hpa: HorizontalPodAutoscaler;
  /** the run whose event log holds this controller's kubectl events */
  result: SimulationResult;
  /** the member cluster, or null for the central FederatedHPA */
  member: string | null;
}

/**
 * `member` null: the central FederatedHPA (shipped model only). A member with no record at k (it
 * had no HPA, was failed, or the model is shipped) has no detail: null.
 */
export function federationSyncDetail(
  input: SimulationInput,
  run: FederationRun,
  member: string | null,
  k: number,
): FederationSyncDetail | null {
  if (member === null) {
    const sync = run.central?.[k];
    return sync ? { sync, hpa: input.hpa, result: run.total, member: null } : null;
  }
  const m = run.members.find((x) => x.name === member);
  const sync = m?.syncs[k];
  const hpa = m?.hpas[k];
  return m && sync && hpa ? { sync, hpa, result: m.result, member } : null;
}
