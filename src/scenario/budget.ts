/**
 * The work budget ahead of a run, in the engine's own measure: the counts the work meter will
 * reach (engine/simulation/meter.ts, the costs it counts as a run goes), predicted from the
 * scenario and priced with the meter's prices, so the estimate, the refusal and the stop of a run
 * are one measure with one set of advice and one list of input fields behind each cost.
 *
 * Two predictions: what is **certain** (every run of the scenario reaches these counts whatever
 * its dynamics: syncs, scrapes, the series it keeps, its starting pods) refuses a scenario where
 * it is read; the **worst** steady case (every pod the HPA may reach for the whole run) is only a
 * guess, so passing the budget with it is a notice, and the meter stops the run if it really
 * gets there (src/run hands every run the budget).
 *
 * One unit of work is about 0.25 µs of CPU on one laptop core or 20 bytes the result keeps, so
 * the default budget (20,000,000 units) is about 5 s or 400 MB.
 */
import type { Curve } from '../engine/simulation/curves/index.ts';
import type { SimulationInput } from '../engine/simulation/input.ts';
import {
  formatCount,
  WORK_PRICES,
  WorkMeter,
  zeroCounts,
  type InputPath,
  type WorkCost,
  type WorkCounts,
} from '../engine/simulation/meter.ts';
import { snapshotSpacing } from '../engine/simulation/replay.ts';
import { scrapeSchedule } from '../engine/simulation/scrapes.ts';
import {
  METRIC_F64_KEYS,
  METRIC_U8_KEYS,
  SYNC_F64_KEYS,
} from '../engine/simulation/seriesShape.ts';
import { samplesPerScrape } from '../engine/simulation/substeps.ts';
import { MAX_PODS } from './limits.ts';
import type { Path } from './types.ts';

/** Units a run may cost unless the caller raises it (the CLI's `--max-work`). */
export const DEFAULT_MAX_WORK = 20_000_000;

/** What one unit is worth, for messages. */
export const MICROSECONDS_PER_UNIT = 0.25;
export const BYTES_PER_UNIT = 20;

/** Where a cost's cause is written: the HPA's autoscaling/v2 path, or the document's path. */
export interface BudgetLocation {
  role: 'hpa' | 'simulation';
  path: Path;
}

/** One cost of the meter, as predicted. */
export interface WorkTerm {
  cost: WorkCost;
  count: number;
  /** the count as a person reads it: "5.8 k controller syncs" */
  what: string;
  /** its units on the side (time or memory) that decides */
  units: number;
  /** what to change, as advice (the meter's) */
  fix: string;
  /** the input fields behind it, most responsible first (the meter's) */
  fields: readonly InputPath[];
}

export interface WorkEstimate {
  /** max(time, memory), in units: the worst steady case (a guess: a notice past the budget) */
  units: number;
  /** what every run of the scenario costs whatever its dynamics (a lower bound: refused past it) */
  certainUnits: number;
  timeUnits: number;
  memoryUnits: number;
  /** the predicted meter counts, worst and certain */
  counts: WorkCounts;
  certain: WorkCounts;
  /** the term that costs most in the worst case, and in the certain one (first on ties) */
  dominant: WorkTerm;
  certainDominant: WorkTerm;
  /** every cost of the worst case */
  terms: WorkTerm[];
}

/** Nodes in a curve tree (already validated, so bounded by the curve limits). */
export function curveNodes(curve: Curve | null): number {
  if (curve === null) return 0;
  let n = 0;
  const stack: unknown[] = [curve];
  while (stack.length > 0) {
    const c = stack.pop();
    if (typeof c !== 'object' || c === null) continue;
    n++;
    const of = (c as { of?: unknown }).of;
    if (Array.isArray(of)) stack.push(...of.slice(0, 10_000));
    else if (of !== undefined) stack.push(of);
  }
  return n;
}

/** Σ over syncs k = 1 … syncs of n + n²/4096 with n = min(k, cap): the meter's list scans. */
function listScans(syncs: number, cap: number): number {
  const c = Math.max(0, Math.min(syncs, cap));
  const rising = (c * (c + 1)) / 2 + (c * (c + 1) * (2 * c + 1)) / 6 / 4096;
  return rising + (syncs - c) * (c + (c * c) / 4096);
}

/** What one model (or the single cluster) of `input` counts: worst and certain. */
interface Shape {
  clusters: number;
  controllers: number;
  /** every pod the model's clusters may hold, and the fewest a run starts with */
  pods: number;
  starting: number;
  /** runs whose series are kept */
  recorded: number;
}

function shapes(input: SimulationInput): Shape[] {
  const spec = input.hpa.spec;
  const f = input.federation;
  const starting = Math.min(input.workload.initialReplicas, MAX_PODS);
  if (!f) {
    // The engine caps a run at MAX_PODS pods whatever maxReplicas says (hpa/process.ts).
    const pods = Math.min(
      MAX_PODS,
      Math.max(input.workload.initialReplicas, spec.maxReplicas, spec.minReplicas ?? 1),
    );
    return [{ clusters: 1, controllers: 1, pods, starting, recorded: 1 }];
  }
  const n = f.clusters.length;
  return f.models.map((model) => {
    const duplicated =
      model === 'proposal' ? f.policy === 'Duplicated' : f.strategy === 'Duplicated';
    // A Duplicated member may reach maxReplicas on its own; the divided policies share it (plus
    // a replica each from the min bump and spill-over starts). Each member is capped at MAX_PODS.
    const most = Math.min(duplicated ? spec.maxReplicas * n : spec.maxReplicas + n, MAX_PODS * n);
    return {
      clusters: n,
      controllers: model === 'proposal' ? n : 1,
      pods: Math.max(input.workload.initialReplicas, most),
      starting: 0,
      recorded: n + 1,
    };
  });
}

/** The meter counts `input`'s run will reach: the worst steady case and the certain floor. */
function predict(input: SimulationInput): { worst: WorkCounts; certain: WorkCounts } {
  const worst = zeroCounts();
  const certain = zeroCounts();
  const spec = input.hpa.spec;
  const sync = input.controller.syncPeriodSeconds;
  const syncs = Math.floor(input.durationSeconds / sync) + 1;
  const scrapes = scrapeSchedule(input).count;
  const samples = samplesPerScrape(input.metricsPipeline.resolutionSeconds);
  const metrics = spec.metrics?.length ?? 0;
  const perSync =
    SYNC_F64_KEYS.length + (METRIC_F64_KEYS.length + METRIC_U8_KEYS.length) * metrics + 2;
  // The world's demand is sampled once; a per-pod load with its own curve, in every cluster.
  const worldNodes = curveNodes(input.traffic);
  let ownNodes = 0;
  for (const l of input.loads)
    if (l.kind === 'resource' || l.kind === 'pods') ownNodes += curveNodes(l.demand);

  // Upstream keeps one recommendation per sync for as long as the longest window needs it.
  const behavior = spec.behavior ?? null;
  const windows = behavior
    ? [
        behavior.scaleDown?.stabilizationWindowSeconds ??
          Math.trunc(input.controller.downscaleStabilizationSeconds),
        behavior.scaleUp?.stabilizationWindowSeconds ?? 0,
      ]
    : [input.controller.downscaleStabilizationSeconds];
  const kept = Math.floor(Math.max(...windows) / sync) + 2;
  // At most one scale event per sync and direction, kept while the longest policy period counts it.
  let period = 0;
  for (const dir of ['scaleUp', 'scaleDown'] as const)
    for (const p of behavior?.[dir]?.policies ?? []) period = Math.max(period, p.periodSeconds);
  const events = behavior ? 2 * Math.min(syncs, Math.floor(period / sync) + 1) : 0;
  const snapshots = Math.floor(Math.max(0, syncs - 1) / snapshotSpacing(syncs));

  for (const m of shapes(input)) {
    const controlled = syncs * m.controllers;
    worst.syncs += controlled;
    worst.metricSyncs += controlled * metrics;
    worst.scrapes += scrapes * m.clusters;
    worst.podScrapes += scrapes * m.pods;
    worst.curveNodes += scrapes * samples * (worldNodes + m.clusters * ownNodes);
    worst.podEntries += controlled * m.pods;
    worst.recommendations += m.controllers * listScans(syncs, kept);
    worst.scaleEvents += controlled * events;
    // The starting pods, then every pod the HPA may reach made and removed once.
    worst.podWrites += m.starting + 2 * m.pods;
    worst.seriesValues += syncs * perSync * m.recorded;
    // A compact run keeps snapshots, a full one (the CLI's run, --explain) every record.
    const snapshotUnits = snapshots * m.pods * WORK_PRICES.snapshotPods.memory;
    if (controlled * WORK_PRICES.records.memory >= snapshotUnits) worst.records += controlled;
    else worst.snapshotPods += snapshots * m.pods;

    // Certain: a single cluster reconciles and scrapes on every tick and keeps every series
    // value; a multi-cluster model only keeps its series (a member may fail from the start).
    certain.seriesValues += syncs * perSync * m.recorded;
    certain.podWrites += m.starting;
    if (!input.federation) {
      certain.syncs += syncs;
      certain.metricSyncs += syncs * metrics;
      certain.scrapes += scrapes;
    }
  }
  return { worst, certain };
}

/** Counts priced as the meter prices them. */
function price(counts: WorkCounts): { time: number; memory: number; terms: WorkTerm[] } {
  const meter = new WorkMeter();
  Object.assign(meter.counts, counts);
  const terms = meter.breakdown().map(({ cost, count, units }) => {
    const p = WORK_PRICES[cost];
    return {
      cost,
      count,
      what: `${formatCount(count)} ${p.noun[Math.round(count) === 1 ? 0 : 1]}`,
      units,
      fix: p.fix,
      fields: p.fields,
    };
  });
  return { time: meter.timeUnits(), memory: meter.memoryUnits(), terms };
}

const top = (terms: WorkTerm[]) => terms.reduce((a, b) => (b.units > a.units ? b : a));

/** The work a run of `input` will take, in the meter's units. Pure and cheap: no simulation. */
export function estimateWork(input: SimulationInput): WorkEstimate {
  const { worst, certain } = predict(input);
  const w = price(worst);
  const c = price(certain);
  return {
    units: Math.max(w.time, w.memory),
    certainUnits: Math.max(c.time, c.memory),
    timeUnits: w.time,
    memoryUnits: w.memory,
    counts: worst,
    certain,
    dominant: top(w.terms),
    certainDominant: top(c.terms),
    terms: w.terms,
  };
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function budgetText(maxWork: number): string {
  const seconds = (maxWork * MICROSECONDS_PER_UNIT) / 1e6;
  const megabytes = (maxWork * BYTES_PER_UNIT) / 1e6;
  return `the work budget of ${fmt(maxWork)} (about ${seconds.toLocaleString('en-US')} s or ${megabytes.toLocaleString('en-US')} MB on one core)`;
}

/**
 * The message for a run certain to pass `maxWork`: what dominates, the field it comes from (as
 * the diagnostic's path), what to change, how to raise it.
 */
export function overBudgetMessage(estimate: WorkEstimate, maxWork: number, field: string): string {
  const d = estimate.certainDominant;
  const share = Math.round((100 * d.units) / estimate.certainUnits);
  return (
    `every run of this scenario needs at least about ${fmt(estimate.certainUnits)} units of work, over ` +
    `${budgetText(maxWork)}; ${share} % of it is ${d.what} (set by ${field}): ${d.fix} ` +
    `(the command line's --max-work raises the budget)`
  );
}

/** The notice for a run that may pass `maxWork` (the worst case is only a guess). */
export function mayPassBudgetNotice(estimate: WorkEstimate, maxWork: number): string {
  const d = estimate.dominant;
  return (
    `This run may need up to about ${fmt(estimate.units)} units of work (${d.what} at worst), ` +
    `over ${budgetText(maxWork)}: it runs, and stops with an error at the field behind the ` +
    `cost if it really gets there.`
  );
}
