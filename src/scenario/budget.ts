/**
 * The work budget: how much a run will cost, estimated from the scenario before it runs, so that
 * no valid scenario can freeze a tab or exhaust its memory. The individual limits (syncs, pods,
 * scrapes, windows) each look harmless; what hurts is their product, so it is checked once here.
 *
 * One unit of work is about 0.25 µs of CPU on one laptop core or 20 bytes the result keeps, so
 * the default budget (20,000,000 units) is about 5 s or 400 MB. The coefficients were measured
 * against the simulation engine with `npm run bench:worst` (see README.md); re-measure them when
 * the engine's cost per sync, pod or scrape changes.
 */
import type { Curve } from '../engine/simulation/curves/index.ts';
import type { SimulationInput } from '../engine/simulation/input.ts';
import { samplesPerScrape } from '../engine/simulation/substeps.ts';
import { MAX_PODS } from './limits.ts';
import type { Path } from './types.ts';

/** Units a run may cost unless the caller raises it (the CLI's `--max-work`). */
export const DEFAULT_MAX_WORK = 20_000_000;

/** What one unit is worth, for messages. */
export const MICROSECONDS_PER_UNIT = 0.25;
export const BYTES_PER_UNIT = 20;

/** Cost coefficients in units (time) and units (memory kept in the result). */
const COST = {
  /** a controller sync: reconcile, conditions, trace, explanation, the stored record */
  syncTime: 100,
  syncMemory: 90,
  /** each HPA metric, per sync (proposal, trace entry) */
  metricTime: 60,
  metricMemory: 25,
  /** each pod, per sync (observation, pod counts) and per metric */
  podSync: 0.5,
  podMetricSync: 0.5,
  /** a metrics-server scrape, and each pod in it (per per-pod metric) */
  scrape: 8,
  podScrape: 1,
  podLoadScrape: 0.3,
  /** evaluating one curve node */
  curveNode: 0.18,
  /** one stored stabilization recommendation scanned per sync, and kept in that sync's trace */
  recommendationTime: 0.12,
  recommendationMemory: 0.5,
  /** one stored scale event, per sync */
  eventTime: 0.2,
  eventMemory: 2,
  /** one outage entry checked per scrape and per sync */
  outage: 0.03,
} as const;

/** Where a term's cause is written: candidates in order, the first one present is used. */
export interface BudgetLocation {
  role: 'hpa' | 'simulation';
  /** autoscaling/v2 path for the HPA (mapped to the field as written), document path otherwise */
  path: Path;
}

export interface WorkTerm {
  /** what grows, e.g. "5,000 pods × 5,761 syncs" */
  what: string;
  /** the larger of its time and memory cost, in units */
  units: number;
  /** what to change, as advice */
  fix: string;
  at: BudgetLocation[];
}

export interface WorkEstimate {
  /** max(time, memory), in units: the worst case (every pod the HPA may reach, all the run) */
  units: number;
  /**
   * What the run costs whatever its dynamics, in units: the syncs, scrapes, curves, windows and
   * outages every run has, with the fewest pods it can have (the HPA's minimum, or the initial
   * count when lower) and no scale events. A lower bound: a run may cost far more (pods that
   * never settle cost per pod per scrape), never less.
   */
  certainUnits: number;
  timeUnits: number;
  memoryUnits: number;
  /** the term that costs most (first on ties) */
  dominant: WorkTerm;
  terms: WorkTerm[];
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

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

/** The work a run of `input` will take. Pure and cheap: no simulation. */
export function estimateWork(input: SimulationInput): WorkEstimate {
  const sync = input.controller.syncPeriodSeconds;
  const res = input.metricsPipeline.resolutionSeconds;
  const syncs = Math.floor(input.durationSeconds / sync) + 1;
  const scrapes = Math.floor(input.durationSeconds / res) + 1;
  const spec = input.hpa.spec;
  const metrics = Math.max(1, spec.metrics?.length ?? 0);
  // The engine caps a run at MAX_PODS pods whatever maxReplicas says (hpa/process.ts).
  const single = Math.min(
    MAX_PODS,
    Math.max(input.workload.initialReplicas, spec.maxReplicas, spec.minReplicas ?? 1),
  );
  const fed = federationScale(input, single);
  const pods = fed.pods;
  // The fewest pods the run can have: after its first sync the HPA holds at least minReplicas.
  const fewest = Math.min(input.workload.initialReplicas, spec.minReplicas ?? 1, MAX_PODS);
  const podsFromHpa = spec.maxReplicas >= input.workload.initialReplicas;
  let perPodLoads = 0;
  // Per-pod loads read their curve (or the traffic) at every midpoint of a scrape interval.
  const samples = samplesPerScrape(res);
  let sampledNodes = curveNodes(input.traffic);
  let scrapeNodes = 0;
  let syncNodes = curveNodes(input.traffic);
  for (const l of input.loads) {
    if (l.kind === 'resource' || l.kind === 'pods') {
      perPodLoads++;
      sampledNodes += curveNodes(l.demand);
    } else if (l.kind === 'object') {
      syncNodes += curveNodes(l.value);
    } else {
      syncNodes += curveNodes(l.value);
      scrapeNodes += curveNodes(l.queue?.arrivals ?? null);
    }
  }

  const behavior = spec.behavior ?? null;
  const flagWindow = input.controller.downscaleStabilizationSeconds;
  const windows: { seconds: number; at: BudgetLocation[] }[] = [];
  const flagAt: BudgetLocation = {
    role: 'simulation',
    path: ['spec', 'controller', 'downscaleStabilization'],
  };
  const behaviorAt = (dir: 'scaleUp' | 'scaleDown', field: string): BudgetLocation => ({
    role: 'hpa',
    path: ['spec', 'behavior', dir, field],
  });
  if (behavior) {
    const down = behavior.scaleDown?.stabilizationWindowSeconds;
    windows.push(
      down === undefined || down === null
        ? { seconds: Math.trunc(flagWindow), at: [flagAt] }
        : { seconds: down, at: [behaviorAt('scaleDown', 'stabilizationWindowSeconds')] },
    );
    windows.push({
      seconds: behavior.scaleUp?.stabilizationWindowSeconds ?? 0,
      at: [behaviorAt('scaleUp', 'stabilizationWindowSeconds')],
    });
  } else {
    windows.push({ seconds: flagWindow, at: [flagAt] });
  }
  const longest = windows.reduce((a, b) => (b.seconds > a.seconds ? b : a));
  // Upstream keeps one recommendation per sync for as long as the longest window needs it.
  const recommendations = Math.min(syncs, Math.floor(longest.seconds / sync) + 2);
  // Summed over the run: the list grows by one per sync until it holds the whole window.
  const recommendationSyncs =
    (recommendations * recommendations) / 2 + (syncs - recommendations) * recommendations;

  let longestPeriod = 0;
  let periodAt: BudgetLocation[] = [];
  for (const dir of ['scaleUp', 'scaleDown'] as const) {
    (behavior?.[dir]?.policies ?? []).forEach((p, i) => {
      if (p.periodSeconds > longestPeriod) {
        longestPeriod = p.periodSeconds;
        periodAt = [
          { role: 'hpa', path: ['spec', 'behavior', dir, 'policies', i, 'periodSeconds'] },
        ];
      }
    });
  }
  // At most one scale event per sync, kept while the longest policy period counts it.
  const events = behavior ? 2 * Math.min(syncs, Math.floor(longestPeriod / sync) + 1) : 0;
  const outages = input.outages.length;

  const durationAt: BudgetLocation[] = [
    { role: 'simulation', path: ['spec', 'duration'] },
    { role: 'simulation', path: ['spec', 'controller', 'syncPeriod'] },
  ];
  const podsAt: BudgetLocation[] = podsFromHpa
    ? [{ role: 'hpa', path: ['spec', 'maxReplicas'] }]
    : [{ role: 'simulation', path: ['spec', 'workload', 'replicas'] }];
  const resolutionAt: BudgetLocation[] = [
    { role: 'simulation', path: ['spec', 'metricsPipeline', 'resolution'] },
    ...durationAt,
  ];
  const both = (time: number, memory: number) => ({ time, memory });
  const partsFor = (
    pods: number,
    events: number,
  ): { term: Omit<WorkTerm, 'units'>; cost: { time: number; memory: number } }[] => [
    {
      term: {
        what: `${fmt(syncs)} syncs`,
        fix: 'shorten spec.duration or lengthen spec.controller.syncPeriod',
        at: durationAt,
      },
      cost: both(syncs * COST.syncTime, syncs * COST.syncMemory),
    },
    {
      term: {
        what: `${fmt(metrics)} metrics × ${fmt(syncs)} syncs`,
        fix: 'use fewer metrics, shorten spec.duration or lengthen spec.controller.syncPeriod',
        at: [{ role: 'hpa', path: ['spec', 'metrics'] }, ...durationAt],
      },
      cost: both(syncs * metrics * COST.metricTime, syncs * metrics * COST.metricMemory),
    },
    {
      term: {
        what: `${fmt(pods)} pods × ${fmt(syncs)} syncs`,
        fix: `lower ${podsFromHpa ? 'maxReplicas' : 'spec.workload.replicas'}, shorten spec.duration or lengthen spec.controller.syncPeriod`,
        at: [...podsAt, ...durationAt],
      },
      cost: both(syncs * pods * (COST.podSync + metrics * COST.podMetricSync), 0),
    },
    {
      term: {
        what: `${fmt(pods)} pods × ${fmt(scrapes)} metric scrapes`,
        fix: `lower ${podsFromHpa ? 'maxReplicas' : 'spec.workload.replicas'} or lengthen spec.metricsPipeline.resolution`,
        at: [...podsAt, ...resolutionAt],
      },
      cost: both(scrapes * pods * (COST.podScrape + perPodLoads * COST.podLoadScrape), 0),
    },
    {
      term: {
        what: `${fmt(scrapes)} metric scrapes`,
        fix: 'lengthen spec.metricsPipeline.resolution or shorten spec.duration',
        at: resolutionAt,
      },
      cost: both(scrapes * COST.scrape, 0),
    },
    {
      term: {
        what: `${fmt(sampledNodes + scrapeNodes + syncNodes)} curve nodes × ${fmt(scrapes)} scrapes (${fmt(samples)} samples each)`,
        fix: 'use simpler curves or lengthen spec.metricsPipeline.resolution',
        at: [
          { role: 'simulation', path: ['spec', 'traffic'] },
          { role: 'simulation', path: ['spec', 'load'] },
          ...resolutionAt,
        ],
      },
      cost: both(
        (scrapes * (sampledNodes * samples + scrapeNodes) + syncs * syncNodes) * COST.curveNode,
        0,
      ),
    },
    {
      term: {
        what: `${fmt(recommendations)} stored stabilization recommendations × ${fmt(syncs)} syncs (a ${fmt(longest.seconds)} s window at a ${sync} s sync period)`,
        fix: 'shorten the stabilization window or lengthen spec.controller.syncPeriod',
        at: [...longest.at, ...durationAt],
      },
      cost: both(
        recommendationSyncs * COST.recommendationTime,
        // Only the behavior path keeps the list in each sync's trace (one list for both windows).
        behavior ? recommendationSyncs * COST.recommendationMemory : 0,
      ),
    },
    {
      term: {
        what: `${fmt(events)} stored scale events × ${fmt(syncs)} syncs (a ${fmt(longestPeriod)} s policy period)`,
        fix: 'shorten the policy periodSeconds or lengthen spec.controller.syncPeriod',
        at: [...periodAt, ...durationAt],
      },
      cost: both(syncs * events * COST.eventTime, syncs * events * COST.eventMemory),
    },
    {
      term: {
        what: `${fmt(outages)} outages × ${fmt(syncs + scrapes)} syncs and scrapes`,
        fix: 'merge outages or lengthen spec.metricsPipeline.resolution',
        at: [{ role: 'simulation', path: ['spec', 'outages'] }, ...resolutionAt],
      },
      cost: both((syncs + scrapes) * outages * COST.outage, 0),
    },
  ];
  const parts = partsFor(pods, events);
  const certain = partsFor(fewest, 0);
  if (input.federation) {
    // Every model runs its clusters' controllers (proposal: one per member; shipped: one central)
    // over the same syncs; the per-sync terms above counted one controller.
    for (const list of [parts, certain]) {
      const perSync = list.slice(0, 2).concat(list.slice(6, 8));
      for (const p of perSync) {
        p.cost.time *= fed.controllers;
        p.cost.memory *= fed.controllers;
      }
    }
    for (const list of [parts, certain])
      list.push({
        term: {
          what: `${fmt(input.federation.clusters.length)} member clusters × ${fmt(input.federation.models.length)} model(s) × ${fmt(syncs)} syncs`,
          fix: 'use fewer member clusters, one model (model: proposal or shipped), or shorten spec.duration',
          at: [{ role: 'simulation', path: ['spec', 'federation', 'clusters'] }, ...durationAt],
        },
        cost: both(
          syncs * fed.recordings * COST.syncMemory,
          syncs * fed.recordings * COST.syncMemory,
        ),
      });
  }
  const total = (list: typeof parts) => {
    let time = 0;
    let memory = 0;
    for (const p of list) {
      time += p.cost.time;
      memory += p.cost.memory;
    }
    return { time, memory };
  };
  const { time: timeUnits, memory: memoryUnits } = total(parts);
  const least = total(certain);
  const byTime = timeUnits >= memoryUnits;
  const terms = parts.map((p) => ({ ...p.term, units: byTime ? p.cost.time : p.cost.memory }));
  const dominant = terms.reduce((a, b) => (b.units > a.units ? b : a));
  return {
    units: Math.max(timeUnits, memoryUnits),
    certainUnits: Math.max(least.time, least.memory),
    timeUnits,
    memoryUnits,
    dominant,
    terms,
  };
}

/**
 * A multi-cluster run counts every member's pods in every model: a Duplicated member may reach
 * F_max on its own, the divided policies share F_max (plus a replica each from the min bump and
 * spill-over starts). Also the controllers per sync and the series recorded (members + total).
 */
function federationScale(input: SimulationInput, single: number) {
  const f = input.federation;
  if (!f) return { pods: single, controllers: 1, recordings: 0 };
  const n = f.clusters.length;
  const max = input.hpa.spec.maxReplicas;
  let pods = 0;
  let controllers = 0;
  for (const model of f.models) {
    const duplicated =
      model === 'proposal' ? f.policy === 'Duplicated' : f.strategy === 'Duplicated';
    // Each member runs at most MAX_PODS pods (the engine's cap per cluster).
    const most = Math.min(duplicated ? max * n : max + n, MAX_PODS * n);
    pods += Math.max(input.workload.initialReplicas, most);
    controllers += model === 'proposal' ? n : 1;
  }
  return { pods, controllers, recordings: (n + 1) * f.models.length };
}

/** The message for a run over `maxWork`: what dominates, what to change, how to raise it. */
export function overBudgetMessage(estimate: WorkEstimate, maxWork: number): string {
  const seconds = (maxWork * MICROSECONDS_PER_UNIT) / 1e6;
  const megabytes = (maxWork * BYTES_PER_UNIT) / 1e6;
  const share = Math.round((100 * estimate.dominant.units) / estimate.units);
  const facet = estimate.memoryUnits > estimate.timeUnits ? 'memory' : 'time';
  return (
    `this run needs about ${fmt(estimate.units)} units of work (${facet}), over the work budget of ${fmt(maxWork)} ` +
    `(about ${seconds.toLocaleString('en-US')} s or ${megabytes.toLocaleString('en-US')} MB on one core); ` +
    `${share} % of it is ${estimate.dominant.what}: ${estimate.dominant.fix} ` +
    `(the command line's --max-work raises the budget)`
  );
}
