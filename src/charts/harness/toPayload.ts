// Dev/test only: a SimulationResult turned into what the charts and panels receive from the worker
// (ResultPayload, SyncDetail) plus the optional DecisionSeries. Kept here, not imported from the
// worker, so the harness and the model tests do not depend on another package's internals.

import type { HorizontalPodAutoscaler } from '../../engine/controller/index.ts';
import type { SimulationResult, SyncRecord } from '../../engine/simulation/index.ts';
import type { ResultPayload, SeriesPayload, SyncDetail, SyncEvent } from '../../worker/protocol.ts';
import { decisionSeries } from '../../engine/simulation/decisionSeries.ts';
import type { ChartSeries } from '../types.ts';

function perSync(syncs: SyncRecord[], pick: (s: SyncRecord) => number | undefined): Float64Array {
  const out = new Float64Array(syncs.length).fill(NaN);
  syncs.forEach((s, i) => {
    const v = pick(s);
    if (v !== undefined) out[i] = v;
  });
  return out;
}

export function toResultPayload(
  result: SimulationResult,
  defaultTolerance = 0.1,
): ResultPayload & { series: ChartSeries } {
  const s = result.series;
  const syncs = result.syncs;
  const first = syncs[0]?.trace.tolerances;
  const series: SeriesPayload = {
    ...s,
    rescaled: Uint8Array.from(syncs, (x) => (x.rescaled ? 1 : 0)),
    ratios: s.metricInfo.map((_, j) => perSync(syncs, (x) => x.trace.metrics?.[j]?.usageRatio)),
    tolerance: first
      ? { scaleUp: first.scaleUp, scaleDown: first.scaleDown }
      : { scaleUp: defaultTolerance, scaleDown: defaultTolerance },
    ...decisionSeries(syncs, s.metricInfo.length),
  };
  return {
    series,
    kpis: result.kpis,
    explanations: syncs.map((x) => x.explanation),
    durationSeconds: result.durationSeconds,
    syncPeriodSeconds: result.syncPeriodSeconds,
  };
}

/** Events of syncs 0..index, newest last, at most `max` (as the worker's getSync returns). */
export function eventsUpTo(syncs: SyncRecord[], index: number, max = 20): SyncEvent[] {
  const out: SyncEvent[] = [];
  for (let i = index; i >= 0 && out.length < max; i--) {
    const s = syncs[i]!;
    for (let k = s.events.length - 1; k >= 0 && out.length < max; k--) {
      const e = s.events[k]!;
      out.push({ time: s.time, type: e.type, reason: e.reason, message: e.message });
    }
  }
  return out.reverse();
}

export function toSyncDetail(
  result: SimulationResult,
  hpa: HorizontalPodAutoscaler,
  index: number,
): SyncDetail | null {
  const sync = result.syncs[index];
  if (!sync) return null;
  return { index, sync, hpa, events: eventsUpTo(result.syncs, index) };
}
