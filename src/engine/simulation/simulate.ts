// simulate(): check the engine's limits, run the loop (loop.ts) over one cluster under its HPA
// (single.ts) to its end (drive.ts), and keep what the record level asks for (recorder.ts,
// replay.ts).

import { countSeries, drive, replayIndex, runError } from './drive.ts';
import { snapshotSpacing } from './replay.ts';
import type { SimulationInput } from './input.ts';
import { metricKey } from './input.ts';
import type { CurveCompiler } from './curves/tape.ts';
import { SIMULATION_LIMITS } from './limits.ts';
import type { Cluster } from './cluster.ts';
import type { LoopObserver, Simulation } from './loop.ts';
import type { PlaneSync } from './plane.ts';
import { Recorder } from './recorder.ts';
import { scrapeSchedule } from './scrapes.ts';
import type { FullSimulationResult, SimulationResult } from './result.ts';
import { WorkMeter, type WorkOverrun } from './meter.ts';
import { singleSimulation } from './single.ts';
import { findPlane } from './plane.ts';
import { NodePlane } from '../nodes/nodePlane.ts';
import { NodeRecorder } from '../nodes/record.ts';
import { DeploymentPlane } from '../deployment/plane.ts';
import { RolloutRecorder } from '../deployment/record.ts';
import { KedaPlane } from '../keda/plane.ts';

export { SIMULATION_LIMITS };

export type SimulationOutcome<R extends SimulationResult = SimulationResult> =
  | { ok: true; result: R }
  /** `overrun`: the run passed its work budget (meter.ts), where and on what */
  | { ok: false; error: string; overrun?: WorkOverrun };

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
   * Stop the run once its work passes this many units (meter.ts: ~0.25 µs or ~20 B each); the
   * outcome's `overrun` says where and on what. Absent: no budget.
   */
  workBudget?: number;
  /** Count the run's work on this meter (and stop at its budget, not `workBudget`); read it after. */
  meter?: WorkMeter;
  /**
   * How the world's curves are compiled: a search's runs share one world and replay its curves
   * from tapes (curves/tape.ts; the values are the live ones, bit for bit). Live by default.
   */
  curves?: CurveCompiler;
  /**
   * false: a compact run keeps no snapshots (its result's `replay` is null: no sync detail on
   * demand), for a caller that reads only the KPIs or a series (timing draws, the search). The
   * same series and KPIs; the meter counts the snapshots anyway. Default true.
   */
  replay?: boolean;
  /**
   * false: a compact run without replay keeps only its KPIs: the series hold only what the KPIs
   * are built from (spec and current replicas, rescales), the others are empty, and no event is
   * logged (a search's candidates). The same KPIs; the meter counts the series anyway. A run
   * with KEDA, a full record or replay keeps every series. Default true.
   */
  series?: boolean;
}

/** Why the engine refuses an input, or null when it can run it. */
export function refusal(input: SimulationInput): string | null {
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

/** A simulation to step through (playback, tests, the bench), or the reason it cannot run. */
export function createSimulation(
  input: SimulationInput,
  options: Pick<SimulateOptions, 'reference' | 'workBudget' | 'meter' | 'curves'> = {},
): { ok: true; simulation: Simulation } | { ok: false; error: string } {
  const why = refusal(input);
  return why === null
    ? {
        ok: true,
        simulation: singleSimulation(
          input,
          options.reference === true,
          meterOf(options),
          options.curves,
        ),
      }
    : { ok: false, error: why };
}

/** The meter a run counts on: the caller's (with its own budget), or one with `workBudget`. */
export function meterOf(options: Pick<SimulateOptions, 'workBudget' | 'meter'>): WorkMeter {
  return options.meter ?? new WorkMeter(options.workBudget);
}

export function simulate(
  input: SimulationInput,
  options: SimulateOptions & { record: 'full' },
): SimulationOutcome<FullSimulationResult>;
export function simulate(input: SimulationInput, options?: SimulateOptions): SimulationOutcome;
export function simulate(input: SimulationInput, options: SimulateOptions = {}): SimulationOutcome {
  const meter = meterOf(options);
  // a caller's meter may hold earlier runs' counts: what this run starts from
  const counts = { ...meter.counts };
  const created = createSimulation(input, { ...options, meter });
  if (!created.ok) return created;
  try {
    return { ok: true, result: run(input, created.simulation, options, true) };
  } catch (e) {
    // The budget checked coarsely (drive's coarseBudget): a run that passed it, or threw after
    // passing it unseen, runs again checked after every scrape and sync, to stop exactly where
    // and as it always did. Its curves live: a tape's values are the live ones.
    if (!meter.passed()) return runError(e);
    Object.assign(meter.counts, counts);
    const { curves: _tapes, ...live } = options;
    const again = createSimulation(input, { ...live, meter });
    if (!again.ok) return again;
    try {
      return { ok: true, result: run(input, again.simulation, live, false) };
    } catch (e2) {
      return runError(e2);
    }
  }
}

/** True when every sync's record was kept (record level 'full'). */
export function isFullResult(r: SimulationResult): r is FullSimulationResult {
  return r.syncs !== null;
}

/**
 * Run a simulation made by createSimulation to its end (what simulate does after creating it):
 * for a caller that adjusts the simulation first (the bench's KEDA baseline, bench/kedaFixture.ts).
 */
export function runSimulation(
  input: SimulationInput,
  sim: Simulation,
  options: SimulateOptions = {},
): SimulationResult {
  return run(input, sim, options);
}

/** `coarseBudget`: the budget checked every few syncs (drive.ts), for simulate's first try. */
function run(
  input: SimulationInput,
  sim: Simulation,
  options: SimulateOptions,
  coarseBudget = false,
): SimulationResult {
  const full = options.record === 'full';
  const cluster = sim.cluster;
  const keep = !full && options.replay !== false;
  const kpisOnly = !full && !keep && options.series === false;
  const recorder = new Recorder(input, sim.world, sim.syncCount, full, kpisOnly);
  const replay = keep ? replayIndex(sim.syncCount, { kind: 'hpa' }) : null;
  countSeries(sim, input.hpa.spec.metrics?.length ?? 0, 1);
  const nodePlane = findPlane(sim.plane, NodePlane);
  const nodes = nodePlane ? new NodeRecorder(nodePlane, cluster.workload, sim.syncCount) : null;
  const deploymentPlane = findPlane(sim.plane, DeploymentPlane);
  const rollout = deploymentPlane ? new RolloutRecorder(deploymentPlane, sim.syncCount) : null;
  drive(
    sim,
    new SingleObserver(recorder, cluster, sim, nodes, findPlane(sim.plane, KedaPlane), rollout),
    // A compact run keeps only the series numbers; replay.ts rebuilds a sync's full trace.
    {
      trace: full ? true : 'lean',
      shouldStop: options.shouldStop,
      replay,
      countEvery: full ? 0 : snapshotSpacing(sim.syncCount),
      coarseBudget,
    },
  );
  return {
    record: full ? 'full' : 'compact',
    series: recorder.series,
    kpis: recorder.build(cluster),
    events: recorder.events,
    syncs: recorder.syncs,
    replay,
    durationSeconds: input.durationSeconds,
    syncPeriodSeconds: input.controller.syncPeriodSeconds,
    ...(input.changes?.length
      ? {
          changes: input.changes.map((c) => ({ time: c.atSeconds, description: c.description })),
        }
      : {}),
    // Only a run with a node pool has the key, so other results keep their shape.
    ...(nodes ? { nodes: nodes.build(input.durationSeconds) } : {}),
    ...(rollout ? { rollout: rollout.build() } : {}),
    ...(recorder.keda
      ? { keda: { series: recorder.keda.series, kpis: recorder.keda.build() } }
      : {}),
  };
}

/** The one cluster's recorder as the loop's observer (a class: one shape on the hot path). */
class SingleObserver implements LoopObserver {
  constructor(
    private readonly recorder: Recorder,
    private readonly cluster: Cluster,
    private readonly sim: Simulation,
    private readonly nodes: NodeRecorder | null,
    private readonly keda: KedaPlane | null,
    private readonly rollout: RolloutRecorder | null,
  ) {}

  tick(s: number): void {
    this.recorder.tick(s, this.cluster);
  }

  sync(k: number, t: number, did: PlaneSync): void {
    const m = did.members[0]!;
    this.recorder.sync(
      k,
      m.step,
      this.cluster,
      m.hpa,
      this.sim.intervalAfter(k),
      this.keda?.last ?? null,
    );
    this.nodes?.sync(k, t);
    this.rollout?.sync(k, t);
  }
}

export { metricKey };
