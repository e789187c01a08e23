// simulate(): check the engine's limits, run the loop (loop.ts) over the world (world.ts) and the
// cluster (cluster.ts), and keep what the record level asks for (recorder.ts, replay.ts).

import type { SimulationInput } from './input.ts';
import { metricKey } from './input.ts';
import type { CurveCompiler } from './curves/tape.ts';
import { SIMULATION_LIMITS } from './limits.ts';
import { Simulation } from './loop.ts';
import { Recorder } from './recorder.ts';
import { scrapeSchedule } from './scrapes.ts';
import { snapshotSpacing, type ReplayIndex } from './replay.ts';
import type { FullSimulationResult, SimulationResult } from './result.ts';

export { SIMULATION_LIMITS };

export type SimulationOutcome<R extends SimulationResult = SimulationResult> =
  { ok: true; result: R } | { ok: false; error: string };

/** full: every sync's SyncRecord; compact: typed arrays per sync, records replayed on demand. */
export type RecordLevel = 'full' | 'compact';

export interface SimulateOptions {
  /** 'compact' by default */
  record?: RecordLevel;
  /** checked between syncs; a cancelled run returns an error */
  shouldStop?: () => boolean;
  /**
   * Run the plain per-pod world (every pod scraped and observed one by one): the reference the
   * fast world is proven equal to (referenceWorld.test.ts). Results are the same either way.
   */
  reference?: boolean;
  /**
   * How the world's curves are compiled: a search's runs share one world and replay its curves
   * from tapes (curves/tape.ts; the values are the live ones, bit for bit). Live by default.
   */
  curves?: CurveCompiler;
}

/** Why the engine refuses an input, or null when it can run it. */
function refusal(input: SimulationInput): string | null {
  const sync = input.controller.syncPeriodSeconds;
  const res = input.metricsPipeline.resolutionSeconds;
  if (!(sync > 0) || !(res > 0) || !(input.durationSeconds >= 0))
    return 'sync period and metrics resolution must be positive, duration not negative';
  const syncCount = Math.floor(input.durationSeconds / sync) + 1;
  const tickCount = scrapeSchedule(input).count;
  if (syncCount > SIMULATION_LIMITS.maxSyncs)
    return `${syncCount} syncs exceed the limit of ${SIMULATION_LIMITS.maxSyncs} (shorten the duration or lengthen the sync period)`;
  if (tickCount > SIMULATION_LIMITS.maxTicks)
    return `${tickCount} metric scrapes exceed the limit of ${SIMULATION_LIMITS.maxTicks} (raise the metrics resolution)`;
  if (input.workload.initialReplicas > SIMULATION_LIMITS.maxPods)
    return `initial replicas ${input.workload.initialReplicas} exceed the simulator's limit of ${SIMULATION_LIMITS.maxPods} pods`;
  return null;
}

/** A simulation to step through (playback, federation), or the reason it cannot run. */
export function createSimulation(
  input: SimulationInput,
  options: Pick<SimulateOptions, 'reference' | 'curves'> = {},
): { ok: true; simulation: Simulation } | { ok: false; error: string } {
  const why = refusal(input);
  return why === null
    ? {
        ok: true,
        simulation: new Simulation(
          input,
          SIMULATION_LIMITS.maxPods,
          options.reference === true,
          options.curves,
        ),
      }
    : { ok: false, error: why };
}

export function simulate(
  input: SimulationInput,
  options: SimulateOptions & { record: 'full' },
): SimulationOutcome<FullSimulationResult>;
export function simulate(input: SimulationInput, options?: SimulateOptions): SimulationOutcome;
export function simulate(input: SimulationInput, options: SimulateOptions = {}): SimulationOutcome {
  const created = createSimulation(input, options);
  if (!created.ok) return created;
  try {
    return { ok: true, result: run(input, created.simulation, options) };
  } catch (e) {
    if (e instanceof StoppedError) return { ok: false, error: 'cancelled' };
    return { ok: false, error: `simulation failed: ${(e as Error).message}` };
  }
}

/** True when every sync's record was kept (record level 'full'). */
export function isFullResult(r: SimulationResult): r is FullSimulationResult {
  return r.syncs !== null;
}

class StoppedError extends Error {}

function run(input: SimulationInput, sim: Simulation, options: SimulateOptions): SimulationResult {
  const full = options.record === 'full';
  const recorder = new Recorder(input, sim.world, sim.syncCount, full);
  const replay: ReplayIndex | null = full
    ? null
    : { every: snapshotSpacing(sim.syncCount), snapshots: [] };
  for (let k = 0; k < sim.syncCount; k++) {
    if (options.shouldStop?.()) throw new StoppedError();
    if (replay && k > 0 && k % replay.every === 0) replay.snapshots.push(sim.snapshot());
    // A compact run keeps only the series numbers; replay.ts rebuilds a sync's full trace.
    sim.runSync(recorder, full ? true : 'lean');
  }
  return {
    record: full ? 'full' : 'compact',
    series: recorder.series,
    kpis: recorder.kpis.build(recorder.series),
    events: recorder.events,
    syncs: recorder.syncs,
    replay,
    durationSeconds: input.durationSeconds,
    syncPeriodSeconds: input.controller.syncPeriodSeconds,
  };
}

export { metricKey };
