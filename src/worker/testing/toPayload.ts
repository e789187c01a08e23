// Dev/test only: a SimulationResult turned into what the charts and panels receive from the
// worker, with the worker's own functions, so the harness shows exactly what the app shows.

import type { HorizontalPodAutoscaler } from '../../engine/controller/index.ts';
import type { FullSimulationResult, SimulationResult } from '../../engine/simulation/index.ts';
import { recentEvents, resultPayload } from '../payload.ts';
import type { ResultPayload, SyncDetail } from '../protocol.ts';

export function toResultPayload(result: SimulationResult): ResultPayload {
  return resultPayload(result);
}

export function toSyncDetail(
  result: FullSimulationResult,
  hpa: HorizontalPodAutoscaler,
  index: number,
): SyncDetail | null {
  const sync = result.syncs[index];
  if (!sync) return null;
  return { index, sync, hpa, events: recentEvents(result, index) };
}
