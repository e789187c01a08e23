// SimulationResult → the plain data that crosses the worker boundary (protocol.ts). Series are
// copied, not shared: the worker keeps its own result for getSync/exportCsv, and the copies are
// transferred (which detaches them), so the two must not share buffers.

import type { HorizontalPodAutoscaler } from '../engine/controller/index.ts';
import type { SimulationResult, SyncRecord } from '../engine/simulation/index.ts';
import { decisionSeries } from '../engine/simulation/decisionSeries.ts';
import type { ResultPayload, RunReply, SeriesPayload, SyncEvent } from './protocol.ts';

/** `kubectl describe hpa` shows a bounded event list; the explain panel does the same. */
export const MAX_SYNC_EVENTS = 20;

/** Usage ratio of metric `j` at every sync; trace.metrics follows spec.metrics order. */
function ratioSeries(syncs: SyncRecord[], j: number): Float64Array {
  const out = new Float64Array(syncs.length).fill(NaN);
  syncs.forEach((s, i) => {
    const ratio = s.trace.metrics?.[j]?.usageRatio;
    if (ratio !== undefined) out[i] = ratio;
  });
  return out;
}

export function resultPayload(result: SimulationResult, defaultTolerance: number): ResultPayload {
  const s = result.series;
  const syncs = result.syncs;
  const rescaled = new Uint8Array(syncs.length);
  syncs.forEach((x, i) => (rescaled[i] = x.rescaled ? 1 : 0));
  const first = syncs[0]?.trace.tolerances;
  const series: SeriesPayload = {
    time: s.time.slice(),
    desiredReplicas: s.desiredReplicas.slice(),
    specReplicas: s.specReplicas.slice(),
    readyReplicas: s.readyReplicas.slice(),
    pendingReplicas: s.pendingReplicas.slice(),
    terminatingReplicas: s.terminatingReplicas.slice(),
    demand: s.demand.slice(),
    served: s.served.slice(),
    capacity: s.capacity.slice(),
    rescaled,
    metrics: s.metrics.map((m) => m.slice()),
    metricInfo: s.metricInfo.map((m) => ({ ...m })),
    ratios: s.metricInfo.map((_, j) => ratioSeries(syncs, j)),
    minReplicas: s.minReplicas,
    maxReplicas: s.maxReplicas,
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

/** Every typed-array buffer of a reply, once each, for comlink's `transfer()`. */
export function replyTransferables(reply: RunReply): ArrayBuffer[] {
  const series = reply.result?.series;
  if (!series) return [];
  const arrays: ArrayBufferView[] = [
    series.time,
    series.desiredReplicas,
    series.specReplicas,
    series.readyReplicas,
    series.pendingReplicas,
    series.terminatingReplicas,
    series.demand,
    series.served,
    series.capacity,
    series.rescaled,
    ...series.metrics,
    ...series.ratios,
    series.rawReplicas,
    series.stabilizedReplicas,
    series.limitedReplicas,
    ...series.proposals,
    series.decidingMetric,
  ];
  const buffers = new Set<ArrayBuffer>();
  for (const a of arrays) if (a.buffer instanceof ArrayBuffer) buffers.add(a.buffer);
  return [...buffers];
}

/** The events of syncs 0..index, newest last, at most MAX_SYNC_EVENTS (walks back from index). */
export function recentEvents(syncs: SyncRecord[], index: number): SyncEvent[] {
  const newestFirst: SyncEvent[] = [];
  for (let i = index; i >= 0 && newestFirst.length < MAX_SYNC_EVENTS; i--) {
    const sync = syncs[i]!;
    for (let k = sync.events.length - 1; k >= 0 && newestFirst.length < MAX_SYNC_EVENTS; k--) {
      const e = sync.events[k]!;
      newestFirst.push({ time: sync.time, type: e.type, reason: e.reason, message: e.message });
    }
  }
  return newestFirst.reverse();
}

/** What the worker keeps of its latest run, for on-demand detail and export. */
export interface KeptRun {
  runId: number;
  result: SimulationResult;
  hpa: HorizontalPodAutoscaler;
}
