// Dev/test only: a SimulationResult turned into what the charts and panels receive from the
// worker, with the worker's own functions, so the harness shows exactly what the app shows.

import type { HorizontalPodAutoscaler } from '../../engine/controller/index.ts';
import type { SimulationResult } from '../../engine/simulation/index.ts';
import { recentEvents, resultPayload } from '../../worker/payload.ts';
import type { ResultPayload, SyncDetail } from '../../worker/protocol.ts';

export function toResultPayload(result: SimulationResult, defaultTolerance = 0.1): ResultPayload {
  return resultPayload(result, defaultTolerance);
}

export function toSyncDetail(
  result: SimulationResult,
  hpa: HorizontalPodAutoscaler,
  index: number,
): SyncDetail | null {
  const sync = result.syncs[index];
  if (!sync) return null;
  return { index, sync, hpa, events: recentEvents(result.syncs, index) };
}
