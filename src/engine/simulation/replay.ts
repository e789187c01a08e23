// A compact run keeps no per-sync records: the record of one sync is rebuilt by running the
// simulation again from the nearest snapshot taken before it. The run is deterministic, so the
// rebuilt record equals the one a full recording keeps (replay.test.ts proves it).

import type { SimulationInput } from './input.ts';
import type { Simulation } from './loop.ts';
import type { PlaneSync } from './plane.ts';
import { syncRecord } from './recorder.ts';
import type { EventLog, ReplayIndex, SimulationResult, SyncRecord } from './result.ts';
import { singleSimulation } from './single.ts';
import { withKeda } from '../keda/explain.ts';
import { kedaPlaneOf } from '../keda/plane.ts';
import { EventCorrelator, type StoredEvent, type TimedEvent } from './eventCorrelator.ts';

/** Snapshot spacing: at most ~32 snapshots (memory), at least 64 syncs apart (speed). */
export function snapshotSpacing(syncCount: number): number {
  return Math.max(64, Math.ceil(syncCount / 32));
}

/** The full record of sync `index` (null when out of range), from the result or by replay. */
export function syncDetail(
  input: SimulationInput,
  result: SimulationResult,
  index: number,
): SyncRecord | null {
  const n = result.series.time.length;
  if (!Number.isInteger(index) || index < 0 || index >= n) return null;
  if (result.syncs) return result.syncs[index] ?? null;
  const replay = result.replay;
  if (!replay || replay.of.kind !== 'hpa') return null;
  const sim = singleSimulation(input);
  const did = replaySync(sim, replay, index);
  const m = did.members[0]!;
  const record = syncRecord(m.step, sim.cluster, m.hpa);
  const keda = kedaPlaneOf(sim.plane)?.last;
  return keda && input.keda
    ? withKeda(record, keda, input.keda.scaledObject, input.keda.version)
    : record;
}

/**
 * Sync `index` of a fresh simulation of the run `replay` indexes, run in full from the nearest
 * snapshot before it: what its plane did (read it before the simulation runs on).
 */
export function replaySync(sim: Simulation, replay: ReplayIndex, index: number): PlaneSync {
  const j = Math.floor(index / replay.every) - 1;
  const snap = j >= 0 ? replay.snapshots[Math.min(j, replay.snapshots.length - 1)] : undefined;
  if (snap) sim.restore(snap);
  // Syncs before `index` only carry the state forward: nothing reads their traces (a plane whose
  // own rules read them asks for what it needs).
  while (sim.nextSync < index) sim.runSync({}, false);
  return sim.runSync();
}

export type { TimedEvent };

/** The events of syncs 0..index, newest last, at most `max` (walks back from index). */
export function eventsUpTo(
  log: EventLog,
  time: ArrayLike<number>,
  index: number,
  max: number,
): TimedEvent[] {
  // The last event at or before sync `index`: binary search over the ascending sync indices.
  let lo = 0;
  let hi = log.sync.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (log.sync[mid]! <= index) lo = mid + 1;
    else hi = mid;
  }
  const out: TimedEvent[] = [];
  for (let i = Math.max(0, lo - max); i < lo; i++) {
    const e = log.events[i]!;
    out.push({ time: time[log.sync[i]!]!, type: e.type, reason: e.reason, message: e.message });
  }
  return out;
}

/**
 * The Event objects the API server holds after syncs 0..index (eventCorrelator.ts: counted,
 * combined, spam-filtered), newest last, at most `max`: what `kubectl describe hpa` lists.
 */
export function storedEventsUpTo(
  log: EventLog,
  time: ArrayLike<number>,
  index: number,
  max: number,
): StoredEvent[] {
  const c = new EventCorrelator();
  for (let i = 0; i < log.sync.length && log.sync[i]! <= index; i++) {
    const e = log.events[i]!;
    c.eventCorrelate({
      time: time[log.sync[i]!]!,
      type: e.type,
      reason: e.reason,
      message: e.message,
    });
  }
  return c.events().slice(-max);
}
