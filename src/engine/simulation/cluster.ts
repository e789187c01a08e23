// One cluster: the scaled workload and its pods, the metrics pipeline that reports their usage,
// and what the HPA controller remembers between syncs (its memory and the HPA status). `tick`
// is one metrics-server scrape; `sync` is one controller reconcile and its effect on the scale.
// All state is owned here (no module-level scratch), so clusters can run side by side.

import {
  ByPositionScratch,
  reconcileAutoscaler,
  type ControllerMemory,
  type HPACondition,
  type Observation,
  type ReconcileOptions,
  type ReconcileResult,
} from '../controller/index.ts';
import type { SimulationInput } from './input.ts';
import {
  externalSamples,
  MetricsPipeline,
  objectSamples,
  type PerPodLoad,
} from './metricsPipeline.ts';
import type { SyncRecord } from './result.ts';
import { Workload, type SimPod, type WorkloadSnapshot } from './workload.ts';
import type { World } from './world.ts';

/** Initial pods started this long before t = 0, so they are past every start-up rule. */
const INITIAL_POD_AGE_SECONDS = 3600;

export interface ClusterSnapshot {
  workload: WorkloadSnapshot;
  memory: ControllerMemory;
  conditions: HPACondition[];
  desiredReplicas: number;
  lastScaleTime: number | null;
  specReplicas: number;
  readyCount: number;
  served: number;
  perPodWork: Float64Array;
  lastScrape: number;
}

/** What one sync did, for the recorder. */
export interface SyncStep {
  time: number;
  /** spec.replicas before the sync */
  before: number;
  r: ReconcileResult;
  /** the scrape the controller read */
  lastScrape: number;
}

export class Cluster {
  readonly workload: Workload;
  private readonly pipeline: MetricsPipeline;
  private readonly input: SimulationInput;
  private readonly perPodLoads: PerPodLoad[];
  private readonly maxPods: number;
  memory: ControllerMemory = { recommendations: null, scaleUpEvents: [], scaleDownEvents: [] };
  conditions: HPACondition[] = [];
  desiredReplicas: number;
  lastScaleTime: number | null = null;
  specReplicas: number;
  /** ready pods and work served at the last scrape */
  readyCount = 0;
  served = 0;
  private perPodWork: Float64Array;
  private lastScrape = NaN;
  /** the controller's working arrays, reused every sync of this cluster */
  private readonly scratch = new ByPositionScratch();

  constructor(input: SimulationInput, world: World, maxPods: number) {
    this.input = input;
    this.maxPods = maxPods;
    this.perPodLoads = world.perPodLoads;
    this.workload = new Workload(
      input.workload,
      input.hpa.spec.scaleTargetRef.name || 'pod',
      INITIAL_POD_AGE_SECONDS,
    );
    this.pipeline = new MetricsPipeline(input, this.perPodLoads);
    this.perPodWork = new Float64Array(this.perPodLoads.length);
    this.desiredReplicas = input.workload.initialReplicas;
    this.specReplicas = input.workload.initialReplicas;
  }

  /** One scrape at s: pods settle, ready pods share the demand, metrics-server samples usage. */
  tick(s: number, demandNow: number, unavailable: Set<string> | null): void {
    const w = this.workload;
    const cap = this.input.workload.podCapacity;
    w.advance(s);
    let ready = 0;
    for (const p of w.pods) if (w.stateAt(p, s) === 'ready') ready++;
    this.readyCount = ready;
    this.served = ready === 0 ? 0 : cap === null ? demandNow : Math.min(demandNow, ready * cap);
    for (const l of this.perPodLoads) {
      const d = l.demand ? l.demand.valueAt(s) : demandNow;
      const sv = ready === 0 ? 0 : cap === null ? d : Math.min(d, ready * cap);
      this.perPodWork[l.slot] = ready === 0 ? 0 : sv / ready;
    }
    this.pipeline.scrape(w, s, (p, l) => this.usageOf(p, l, s), unavailable);
    this.lastScrape = s;
  }

  private usageOf(p: SimPod, l: PerPodLoad, t: number): number | null {
    const w = this.workload;
    const state = w.stateAt(p, t);
    if (state === 'unscheduled' || state === 'starting' || state === 'gone' || state === 'failed')
      return null;
    if (p.noMetrics) return null;
    let u = l.load.perPodMilli;
    if (state === 'ready') u += l.load.perUnitMilli * this.perPodWork[l.slot]!;
    const burst = this.input.workload.startupCpuBurst;
    if (burst && l.load.kind === 'resource' && l.load.resource === 'cpu') {
      const runningAt = w.runningAt(p)!;
      if (t < runningAt + burst.durationSeconds) u += burst.extraMilli;
    }
    return u;
  }

  /** What the controller reads at a sync at t: the HPA status, pods, and the metrics APIs. */
  observation(t: number, world: World): Observation {
    const input = this.input;
    const w = this.workload;
    const res = input.metricsPipeline.resolutionSeconds;
    w.advance(t);
    w.observe(t);
    const lastScrape = Math.floor(t / res) * res;
    const unavailable = world.unavailableAt(t);
    const scrapeDemand = world.demandAt(lastScrape);
    const metricsSpec = input.hpa.spec.metrics ?? [];
    return {
      // The HPA's fields one by one, not `{ ...input.hpa }`: spreading the parsed manifest every
      // sync cost a quarter of the default scenario's run (profiled); the controller reads these.
      hpa: {
        apiVersion: input.hpa.apiVersion,
        kind: input.hpa.kind,
        metadata: input.hpa.metadata,
        spec: input.hpa.spec,
        status: {
          desiredReplicas: this.desiredReplicas,
          conditions: this.conditions,
          lastScaleTime: this.lastScaleTime,
        },
      },
      currentReplicas: this.specReplicas,
      statusReplicas: w.activeCount(),
      pods: w.observedPods(),
      objectMetrics: objectSamples(metricsSpec, (m) =>
        world.metricValue('object', m, lastScrape, scrapeDemand, unavailable),
      ),
      externalMetrics: externalSamples(metricsSpec, (m) =>
        world.metricValue('external', m, lastScrape, scrapeDemand, unavailable),
      ),
    };
  }

  /**
   * One controller sync at t: observe, reconcile, resize the workload. `trace` is how much of
   * the reconcile's trace the caller reads (ReconcileOptions.trace); the decision is the same.
   */
  sync(t: number, world: World, trace: ReconcileOptions['trace'] = true): SyncStep {
    const obs = this.observation(t, world);
    const r = reconcileAutoscaler(obs, this.memory, t, this.input.controller, {
      trace,
      scratch: this.scratch,
    });
    this.memory = r.memory;
    this.conditions = r.conditions;
    this.desiredReplicas = r.desiredReplicas;
    this.lastScaleTime = r.lastScaleTime;
    const before = this.specReplicas;
    if (r.rescaled) {
      this.specReplicas = Math.min(r.replicas, this.maxPods);
      this.workload.scaleTo(this.specReplicas, t);
    }
    const res = this.input.metricsPipeline.resolutionSeconds;
    return { time: t, before, r, lastScrape: Math.floor(t / res) * res };
  }

  /** Pods by state at t, as `kubectl get pods` would group them. */
  podCounts(t: number): SyncRecord['pods'] {
    const w = this.workload;
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

  snapshot(): ClusterSnapshot {
    return {
      workload: this.workload.snapshot(),
      // The controller never mutates its memory or conditions (it returns new ones): share them.
      memory: this.memory,
      conditions: this.conditions,
      desiredReplicas: this.desiredReplicas,
      lastScaleTime: this.lastScaleTime,
      specReplicas: this.specReplicas,
      readyCount: this.readyCount,
      served: this.served,
      perPodWork: this.perPodWork.slice(),
      lastScrape: this.lastScrape,
    };
  }

  restore(s: ClusterSnapshot, world: World): void {
    this.workload.restore(s.workload);
    this.memory = s.memory;
    this.conditions = s.conditions;
    this.desiredReplicas = s.desiredReplicas;
    this.lastScaleTime = s.lastScaleTime;
    this.specReplicas = s.specReplicas;
    this.readyCount = s.readyCount;
    this.served = s.served;
    this.perPodWork = s.perPodWork.slice();
    this.lastScrape = s.lastScrape;
    // Every scrape rewrites every pod's metrics, so the last one determines them all.
    if (!Number.isNaN(s.lastScrape))
      this.pipeline.rewrite(this.workload, s.lastScrape, world.unavailableAt(s.lastScrape));
  }
}
