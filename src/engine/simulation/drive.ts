// Running a simulation to its end, for every kind of run: cancellation between syncs and the
// snapshots a compact run keeps for replay (replay.ts).

import { objectList } from '../controller/index.ts';
import type { LoopObserver, Simulation } from './loop.ts';
import type { TraceLevel } from './plane.ts';
import { snapshotSpacing } from './replay.ts';
import type { ReplayIndex, ReplayTarget } from './result.ts';
import { WorkBudgetError, type WorkOverrun } from './meter.ts';
import { METRIC_F64_KEYS, METRIC_U8_KEYS, SYNC_F64_KEYS } from './seriesShape.ts';

/** Thrown out of `drive` when `shouldStop` says so. */
export class StoppedError extends Error {}

/** How a run that threw ends: cancelled, stopped by its work budget, or failed. */
export function runError(e: unknown): { ok: false; error: string; overrun?: WorkOverrun } {
  if (e instanceof StoppedError) return { ok: false, error: 'cancelled' };
  if (e instanceof WorkBudgetError)
    return { ok: false, error: e.overrun.message, overrun: e.overrun };
  return { ok: false, error: `simulation failed: ${(e as Error).message}` };
}

/** Series values a run keeps: one per sync and series (seriesShape.ts), for each recorded run. */
export function countSeries(sim: Simulation, metrics: number, runs: number): void {
  const perSync =
    SYNC_F64_KEYS.length + (METRIC_F64_KEYS.length + METRIC_U8_KEYS.length) * metrics + 2;
  sim.meter.counts.seriesValues += sim.syncCount * perSync * runs;
}

export interface DriveOptions {
  trace: TraceLevel;
  shouldStop?: (() => boolean) | undefined;
  /** where to keep snapshots (a compact run), or null */
  replay: ReplayIndex | null;
  /**
   * Without `replay`: the spacing of the snapshots a compact run would keep, counted on the
   * meter though none is taken (SimulateOptions.replay false), so the run stops where the same
   * run keeping them would.
   */
  countEvery?: number;
  /**
   * Check the meter's budget every COARSE_SYNCS syncs and at the end, not after every scrape and
   * sync, and throw BudgetPassed when it was passed: the caller then runs again checking after
   * every event (simulate.ts), which stops exactly where it always did. The units only grow, so a
   * run whose end is within its budget never passed it. Not for a caller that shows the run as
   * it goes (a stop up to COARSE_SYNCS syncs late would be seen).
   */
  coarseBudget?: boolean;
}

/** Syncs between two of the coarse budget's checks (drive's `coarseBudget`). */
export const COARSE_SYNCS = 16;

/**
 * Thrown out of `drive` with `coarseBudget` when the budget was passed since the last check (or
 * by a run that threw otherwise): the run must be run again with a check after every event.
 */
export class BudgetPassed extends Error {}

/** A compact run's replay index: snapshots at the spacing its length asks for. */
export function replayIndex(syncCount: number, of: ReplayTarget): ReplayIndex {
  return { every: snapshotSpacing(syncCount), snapshots: objectList(), of };
}

/**
 * Run every sync of `sim`, keeping a snapshot before every `replay.every`-th one. `shouldStop`
 * is checked between syncs (StoppedError).
 */
export function drive(sim: Simulation, observer: LoopObserver, options: DriveOptions): void {
  const { replay, shouldStop, trace } = options;
  const every = replay?.every ?? options.countEvery ?? 0;
  const coarse = options.coarseBudget === true && sim.meter.budget !== Infinity;
  // Each check after a scrape or sync was ~5 % of a search candidate's instructions (and of
  // its CPU time, interleaved): a call the loop's hot functions carried for a stop that a
  // search's and a draw's runs hardly ever make.
  if (coarse) sim.leaveBudgetChecks();
  for (let k = 0; k < sim.syncCount; k++) {
    if (shouldStop?.()) throw new StoppedError();
    if (every > 0 && k > 0 && k % every === 0) {
      if (replay) {
        const snap = sim.snapshot();
        for (const c of snap.clusters) sim.meter.counts.snapshotPods += c.workload.pods.length;
        replay.snapshots.push(snap);
      } else for (const c of sim.clusters) sim.meter.counts.snapshotPods += c.workload.pods.length;
    }
    sim.runSync(observer, trace);
    if (coarse && k % COARSE_SYNCS === COARSE_SYNCS - 1 && sim.meter.passed())
      throw new BudgetPassed();
  }
  if (coarse && sim.meter.passed()) throw new BudgetPassed();
}
