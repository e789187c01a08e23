// Running a simulation to its end, for every kind of run: cancellation between syncs and the
// snapshots a compact run keeps for replay (replay.ts).

import type { LoopObserver, Simulation } from './loop.ts';
import type { TraceLevel } from './plane.ts';
import { snapshotSpacing } from './replay.ts';
import type { ReplayIndex, ReplayTarget } from './result.ts';

/** Thrown out of `drive` when `shouldStop` says so. */
export class StoppedError extends Error {}

/** The error text of a run that threw. */
export function runError(e: unknown): string {
  if (e instanceof StoppedError) return 'cancelled';
  return `simulation failed: ${(e as Error).message}`;
}

export interface DriveOptions {
  trace: TraceLevel;
  shouldStop?: (() => boolean) | undefined;
  /** where to keep snapshots (a compact run), or null */
  replay: ReplayIndex | null;
}

/** A compact run's replay index: snapshots at the spacing its length asks for. */
export function replayIndex(syncCount: number, of: ReplayTarget): ReplayIndex {
  return { every: snapshotSpacing(syncCount), snapshots: [], of };
}

/**
 * Run every sync of `sim`, keeping a snapshot before every `replay.every`-th one. `shouldStop`
 * is checked between syncs (StoppedError).
 */
export function drive(sim: Simulation, observer: LoopObserver, options: DriveOptions): void {
  const { replay, shouldStop, trace } = options;
  for (let k = 0; k < sim.syncCount; k++) {
    if (shouldStop?.()) throw new StoppedError();
    if (replay && k > 0 && k % replay.every === 0) replay.snapshots.push(sim.snapshot());
    sim.runSync(observer, trace);
  }
}
