// SimulationResult → the plain data that crosses the worker boundary (protocol.ts). Series are
// never shared: the reply's are transferred (which detaches them) and the worker keeps its own for
// getSync/exportCsv — a plain run's reply takes the engine's series and the worker keeps a copy
// (api.ts, seriesPool.ts); a model's member runs, cached by the run service, send a copy. The
// series keys come from one declaration (engine/simulation/seriesShape.ts), for the copy and the
// transfer list alike.

import {
  copySeries,
  storedEventsUpTo,
  seriesArrays,
  type SimulationInput,
  type SimulationResult,
} from '../engine/simulation/index.ts';
import { KEDA_PHASES } from '../engine/keda/step.ts';
import type { FederationRun } from '../engine/multicluster/index.ts';
import type { RunLanes } from '../run/index.ts';
import type { ResultPayload, RunReply, SyncEvent } from './protocol.ts';

/** `kubectl describe hpa` shows a bounded event list; the explain panel does the same. */
export const MAX_SYNC_EVENTS = 20;

/** `series`: the reply's (default: a copy of the result's, which the worker then keeps). */
export function resultPayload(
  result: SimulationResult,
  series = copySeries(result.series),
): ResultPayload {
  const keda = result.keda;
  return {
    series,
    kpis: result.kpis,
    durationSeconds: result.durationSeconds,
    syncPeriodSeconds: result.syncPeriodSeconds,
    ...(result.nodes ? { nodes: result.nodes } : {}),
    ...(result.changes ? { changes: result.changes } : {}),
    ...(result.rollout ? { rollout: result.rollout } : {}),
    // Copied: the worker keeps its result, the copy is transferred.
    ...(keda
      ? {
          keda: {
            version: keda.series.version,
            phases: KEDA_PHASES,
            phase: keda.series.phase.slice(),
            write: keda.series.write.slice(),
            minReplicas: keda.series.minReplicas,
            kpis: keda.kpis,
          },
        }
      : {}),
  };
}

/**
 * A member's or a total's lanes as they cross the boundary: the arrays copied (they are the
 * model's cached run's own, which the transfer would detach), the events cloned.
 */
export function lanesPayload(lanes: RunLanes): RunLanes {
  if (lanes.kind === 'total')
    return {
      ...lanes,
      events: lanes.events.map((e) => ({ ...e, clusters: [...e.clusters], steps: [...e.steps] })),
    };
  return {
    ...lanes,
    unschedulable: lanes.unschedulable.slice(),
    minReplicas: lanes.minReplicas.slice(),
    maxReplicas: lanes.maxReplicas.slice(),
    failed: lanes.failed.slice(),
    demandShare: lanes.demandShare.slice(),
  };
}

/**
 * Detaches `buffers` here, as a transfer would, without sending them anywhere (their memory is
 * freed). See `SimulatorApiOptions.detach`.
 */
export function detachBuffers(buffers: ArrayBuffer[]): void {
  if (buffers.length > 0) structuredClone(undefined, { transfer: buffers });
}

/** Every typed-array buffer of a reply, once each, for comlink's `transfer()`. */
export function replyTransferables(reply: RunReply): ArrayBuffer[] {
  const all = reply.runs.map((r) => r.result?.series);
  const buffers = new Set<ArrayBuffer>();
  for (const k of reply.runs.map((r) => r.result?.keda))
    if (k)
      for (const a of [k.phase, k.write])
        if (a.buffer instanceof ArrayBuffer) buffers.add(a.buffer);
  for (const series of all) {
    if (!series) continue;
    for (const a of seriesArrays(series))
      if (a.buffer instanceof ArrayBuffer) buffers.add(a.buffer);
  }
  for (const r of reply.runs)
    if (r.lanes?.kind === 'member')
      for (const a of Object.values(r.lanes))
        if (ArrayBuffer.isView(a) && a.buffer instanceof ArrayBuffer) buffers.add(a.buffer);
  return [...buffers];
}

/**
 * The Event objects the API server holds after syncs 0..index (client-go's correlator: counts,
 * "(combined from similar events)", the spam filter), newest last, at most MAX_SYNC_EVENTS.
 */
export function recentEvents(result: SimulationResult, index: number): SyncEvent[] {
  return storedEventsUpTo(result.events, result.series.time, index, MAX_SYNC_EVENTS);
}

/** What the worker keeps of its latest run, for on-demand detail and export. */
export interface KeptRun {
  runId: number;
  result: SimulationResult;
  input: SimulationInput;
  /** a member's or total's run key and the model's run it is part of (its decisions' records) */
  key: string;
  modelRun?: FederationRun;
  /** the buffer of the kept copy of its series, given back to the pool when the run is dropped */
  pooled?: ArrayBuffer;
}
