// The simulation loop: a fixed clock; metrics-server scrapes every resolution tick; the controller
// reconciles every sync period on what the APIs would return; its decision resizes the workload.

import {
  reconcileAutoscaler,
  type ControllerMemory,
  type HPACondition,
  type Observation,
} from '../controller/index.ts';
import { compileCurve, type CompiledCurve } from './curves/index.ts';
import { explainSync } from './explain.ts';
import type { ExternalLoad, ObjectLoad, SimulationInput } from './input.ts';
import { metricKey } from './input.ts';
import { KpiAccumulator } from './kpis.ts';
import {
  externalSamples,
  MetricsPipeline,
  objectSamples,
  type PerPodLoad,
} from './metricsPipeline.ts';
import type { SimulationResult, SyncRecord } from './result.ts';
import { SeriesBuilder } from './series.ts';
import { Workload, type SimPod } from './workload.ts';

/** Hard limits of the engine itself, whatever the scenario layer allowed. */
export const SIMULATION_LIMITS = Object.freeze({
  maxSyncs: 1_000_000,
  maxPods: 5_000,
  maxTicks: 2_000_000,
});

/** Initial pods started this long before t = 0, so they are past every start-up rule. */
const INITIAL_POD_AGE_SECONDS = 3600;

export type SimulationOutcome =
  { ok: true; result: SimulationResult } | { ok: false; error: string };

/** full: every sync's SyncRecord; compact: typed arrays per sync, records replayed on demand. */
export type RecordLevel = 'full' | 'compact';

export interface SimulateOptions {
  record?: RecordLevel;
  /** checked between syncs; a cancelled run returns an error */
  shouldStop?: () => boolean;
}

function compile(c: import('./curves/index.ts').Curve | null): CompiledCurve | null {
  return c === null ? null : compileCurve(c);
}

export function simulate(input: SimulationInput, options: SimulateOptions = {}): SimulationOutcome {
  const sync = input.controller.syncPeriodSeconds;
  const res = input.metricsPipeline.resolutionSeconds;
  if (!(sync > 0) || !(res > 0) || !(input.durationSeconds >= 0)) {
    return {
      ok: false,
      error: 'sync period and metrics resolution must be positive, duration not negative',
    };
  }
  const syncCount = Math.floor(input.durationSeconds / sync) + 1;
  const tickCount = Math.floor(input.durationSeconds / res) + 1;
  if (syncCount > SIMULATION_LIMITS.maxSyncs) {
    return {
      ok: false,
      error: `${syncCount} syncs exceed the limit of ${SIMULATION_LIMITS.maxSyncs} (shorten the duration or lengthen the sync period)`,
    };
  }
  if (tickCount > SIMULATION_LIMITS.maxTicks) {
    return {
      ok: false,
      error: `${tickCount} metric scrapes exceed the limit of ${SIMULATION_LIMITS.maxTicks} (raise the metrics resolution)`,
    };
  }
  if (input.workload.initialReplicas > SIMULATION_LIMITS.maxPods) {
    return {
      ok: false,
      error: `initial replicas ${input.workload.initialReplicas} exceed the simulator's limit of ${SIMULATION_LIMITS.maxPods} pods`,
    };
  }
  try {
    return { ok: true, result: run(input, syncCount, tickCount, options) };
  } catch (e) {
    if (e instanceof StoppedError) return { ok: false, error: 'cancelled' };
    return { ok: false, error: `simulation failed: ${(e as Error).message}` };
  }
}

class StoppedError extends Error {}

function run(
  input: SimulationInput,
  syncCount: number,
  tickCount: number,
  options: SimulateOptions,
): SimulationResult {
  const sync = input.controller.syncPeriodSeconds;
  const res = input.metricsPipeline.resolutionSeconds;
  const hpa = input.hpa;
  const metricsSpec = hpa.spec.metrics ?? [];
  const traffic = compile(input.traffic);
  const cap = input.workload.podCapacity;
  const workload = new Workload(
    input.workload,
    hpa.spec.scaleTargetRef.name || 'pod',
    INITIAL_POD_AGE_SECONDS,
  );

  const perPodLoads: PerPodLoad[] = [];
  const objectLoads = new Map<string, { load: ObjectLoad; curve: CompiledCurve | null }>();
  const externalLoads = new Map<
    string,
    { load: ExternalLoad; curve: CompiledCurve | null; arrivals: CompiledCurve | null }
  >();
  for (const load of input.loads) {
    if (load.kind === 'resource' || load.kind === 'pods') {
      perPodLoads.push({ load, demand: compile(load.demand), slot: perPodLoads.length });
    } else if (load.kind === 'object') {
      objectLoads.set(load.metric, { load, curve: compile(load.value) });
    } else {
      externalLoads.set(load.metric, {
        load,
        curve: compile(load.value),
        arrivals: compile(load.queue?.arrivals ?? null),
      });
    }
  }
  const pipeline = new MetricsPipeline(input, perPodLoads);
  const backlog = new Map<string, number>();
  for (const [name, e] of externalLoads)
    if (e.load.queue) backlog.set(name, e.load.queue.initialBacklog);

  const kpis = new KpiAccumulator(input, tickCount);
  const series = new SeriesBuilder(input, syncCount);
  const syncs: SyncRecord[] = [];
  let memory: ControllerMemory = { recommendations: null, scaleUpEvents: [], scaleDownEvents: [] };
  let conditions: HPACondition[] = [];
  let desiredReplicas = input.workload.initialReplicas;
  let lastScaleTime: number | null = null;
  let specReplicas = input.workload.initialReplicas;

  const trafficAt = (t: number) => (traffic ? traffic.valueAt(t) : 0);
  let readyCount = 0;
  let served = 0;
  const perPodWork = new Float64Array(perPodLoads.length);
  const unavailableAt = (t: number) =>
    new Set(
      input.outages.filter((o) => t >= o.fromSeconds && t < o.toSeconds).map((o) => o.metric),
    );

  const burst = input.workload.startupCpuBurst;
  const usageOf = (p: SimPod, l: PerPodLoad, t: number): number | null => {
    const state = workload.stateAt(p, t);
    if (state === 'unscheduled' || state === 'starting' || state === 'gone' || state === 'failed')
      return null;
    if (p.noMetrics) return null;
    let u = l.load.perPodMilli;
    if (state === 'ready') u += l.load.perUnitMilli * perPodWork[l.slot]!;
    if (burst && l.load.kind === 'resource' && l.load.resource === 'cpu') {
      const runningAt = workload.runningAt(p)!;
      if (t < runningAt + burst.durationSeconds) u += burst.extraMilli;
    }
    return u;
  };

  let nextTick = 0;
  let prevTickTime = 0;
  for (let k = 0; k < syncCount; k++) {
    const t = k * sync;
    if (options.shouldStop?.()) throw new StoppedError();
    // Every scrape up to and including t happens before the controller reads the metrics.
    while (nextTick < tickCount && nextTick * res <= t) {
      const s = nextTick * res;
      workload.advance(s);
      readyCount = 0;
      for (const p of workload.pods) if (workload.stateAt(p, s) === 'ready') readyCount++;
      const demandNow = trafficAt(s);
      served = cap === null ? demandNow : Math.min(demandNow, readyCount * cap);
      if (readyCount === 0) served = 0;
      for (const l of perPodLoads) {
        const d = l.demand ? l.demand.valueAt(s) : demandNow;
        const sv = readyCount === 0 ? 0 : cap === null ? d : Math.min(d, readyCount * cap);
        perPodWork[l.slot] = readyCount === 0 ? 0 : sv / readyCount;
      }
      const dt = nextTick === 0 ? 0 : s - prevTickTime;
      for (const [name, e] of externalLoads) {
        const q = e.load.queue;
        if (!q) continue;
        const arrivals = e.arrivals ? e.arrivals.valueAt(s) : demandNow;
        const next = (backlog.get(name) ?? 0) + (arrivals - readyCount * q.perPodThroughput) * dt;
        backlog.set(name, Math.max(0, next));
      }
      kpis.tick(s, res, workload, readyCount, demandNow, served, traffic !== null);
      const outNow = unavailableAt(s);
      pipeline.scrape(workload, s, (p, l) => usageOf(p, l, s), outNow.size === 0 ? null : outNow);
      prevTickTime = s;
      nextTick++;
    }

    // The controller's view at t: the last scrape, pod phases and readiness at t.
    workload.advance(t);
    workload.observe(t);
    const lastScrape = Math.floor(t / res) * res;
    const unavailable = unavailableAt(t);
    const scrapeDemand = trafficAt(lastScrape);
    const valueOf =
      (kind: 'object' | 'external') =>
      (metric: string): number | null => {
        if (unavailable.has(`${kind}/${metric}`)) return null;
        if (kind === 'external') {
          const e = externalLoads.get(metric);
          if (!e) return null;
          if (e.load.queue) return (backlog.get(metric) ?? 0) * 1000;
          return e.curve ? e.curve.valueAt(lastScrape) * 1000 : scrapeDemand * e.load.perUnitMilli;
        }
        const o = objectLoads.get(metric);
        if (!o) return null;
        return o.curve ? o.curve.valueAt(lastScrape) * 1000 : scrapeDemand * o.load.perUnitMilli;
      };
    const active = workload.activeCount();
    const obs: Observation = {
      hpa: { ...hpa, status: { desiredReplicas, conditions, lastScaleTime } },
      currentReplicas: specReplicas,
      statusReplicas: active,
      pods: workload.observedPods(),
      objectMetrics: objectSamples(metricsSpec, valueOf('object')),
      externalMetrics: externalSamples(metricsSpec, valueOf('external')),
    };
    const r = reconcileAutoscaler(obs, memory, t, input.controller);
    memory = r.memory;
    conditions = r.conditions;
    desiredReplicas = r.desiredReplicas;
    lastScaleTime = r.lastScaleTime;
    const before = specReplicas;
    if (r.rescaled) {
      specReplicas = Math.min(r.replicas, SIMULATION_LIMITS.maxPods);
      workload.scaleTo(specReplicas, t);
    }
    const podCounts = countPods(workload, t);
    const record: SyncRecord = {
      time: t,
      currentReplicas: before,
      replicas: specReplicas,
      desiredReplicas: r.desiredReplicas,
      rescaled: r.rescaled,
      conditions: r.conditions,
      trace: r.trace,
      events: r.events,
      explanation: '',
      pods: podCounts,
    };
    record.explanation = explainSync(record, hpa);
    syncs.push(record);
    series.push(
      k,
      record,
      served,
      traffic ? trafficAt(lastScrape) : NaN,
      cap === null ? NaN : readyCount * cap,
    );
    kpis.sync(record, input.controller.syncPeriodSeconds);
  }
  return {
    syncs,
    series: series.build(),
    kpis: kpis.build(syncs),
    durationSeconds: input.durationSeconds,
    syncPeriodSeconds: sync,
  };
}

function countPods(w: Workload, t: number): SyncRecord['pods'] {
  const c = { ready: 0, running: 0, pending: 0, terminating: 0 };
  for (const p of w.pods) {
    const s = w.stateAt(p, t);
    if (s === 'ready') c.ready++;
    else if (s === 'running') c.running++;
    else if (s === 'unscheduled' || s === 'starting') c.pending++;
    else if (s === 'terminating') c.terminating++;
  }
  return c;
}

export { metricKey };
