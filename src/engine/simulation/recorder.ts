// What a run keeps of each sync. Always: the series (typed arrays, seriesShape.ts), the KPIs and
// the event log. At record level 'full' also every SyncRecord (trace, conditions, events,
// explanation); at 'compact' those are rebuilt on demand by replay.ts.

import type { HPAEvent, HorizontalPodAutoscaler, MetricTrace } from '../controller/index.ts';
import type { Cluster, SyncStep } from './cluster.ts';
import { decidingMetric } from './decisionSeries.ts';
import { explainChanges, explainSkip, explainSync } from './explain.ts';
import type { SimulationInput } from './input.ts';
import { KpiAccumulator } from './kpis.ts';
import type { EventLog, Kpis, SyncRecord } from './result.ts';
import { describeMetric } from './series.ts';
import { allocateSeries, packedViews, type SimulationSeries } from './seriesShape.ts';
import type { World } from './world.ts';
import { withKeda } from '../keda/explain.ts';
import { KedaRecorder } from '../keda/recorder.ts';
import type { KedaSyncRecord } from '../keda/step.ts';

/** Go's int32 overflow shows as a negative utilization (usage and requests are never negative). */
export function overflowed(m: MetricTrace): boolean {
  return m.currentUtilization !== undefined && m.currentUtilization < 0;
}

/** The value a chart plots for one metric trace (NaN: not computed or overflowed). */
export function plottedValue(m: MetricTrace): number {
  if (m.currentUtilization !== undefined) return overflowed(m) ? NaN : m.currentUtilization;
  if (m.currentAverageValue !== undefined) return m.currentAverageValue / 1000;
  if (m.currentValue !== undefined) return m.currentValue / 1000;
  return NaN;
}

/** The full record of one sync, from what the loop reports right after it. */
export function syncRecord(
  step: SyncStep,
  cluster: Cluster,
  hpa: HorizontalPodAutoscaler,
): SyncRecord {
  return syncRecordOf(step, cluster.specReplicas, cluster.podCounts(step.time), hpa);
}

/** The full record of one sync whose scale and pods are given (a federation's central HPA). */
export function syncRecordOf(
  step: SyncStep,
  replicas: number,
  pods: SyncRecord['pods'],
  hpa: HorizontalPodAutoscaler,
): SyncRecord {
  const { r } = step;
  const record: SyncRecord = {
    time: step.time,
    currentReplicas: step.before,
    replicas,
    desiredReplicas: r.desiredReplicas,
    rescaled: r.rescaled,
    conditions: r.conditions,
    trace: r.trace,
    events: r.events,
    explanation: '',
    pods,
  };
  if (step.changes)
    record.changes = step.changes.map((c) => ({ time: c.time, description: c.description }));
  if (r.observedGeneration !== undefined) record.observedGeneration = r.observedGeneration;
  if (step.noHpa) {
    record.noHpa = true;
    record.explanation = `${explainChanges(step)}no HPA to reconcile: the controller forgot this key's recommendations and scale events, and spec.replicas stays ${replicas}`;
  } else if (step.skipped) {
    record.skipped = { writtenAt: step.skipped.writtenAt };
    record.explanation = explainChanges(step) + explainSkip(step.skipped.writtenAt);
  } else {
    record.explanation = explainChanges(step) + explainSync(record, hpa);
    if (r.events.some((e) => e.reason === 'FailedUpdateStatus'))
      record.explanation +=
        "; its status write failed with a Conflict (FailedUpdateStatus): it read the HPA from an informer cache older than the API server's object";
  }
  return record;
}

/** Work per second the cluster's ready pods serve until the next scrape (Infinity: no limit). */
export function capacityOf(cluster: Cluster): number {
  const ready = cluster.failed ? 0 : cluster.readyCount;
  if (ready === 0) return 0;
  const cap = cluster.podWorkCap;
  return cap === null ? Infinity : ready * cap;
}

/** One cluster's series, KPIs and events (and records at level 'full'), fed by its run's observer. */
export class Recorder {
  readonly series: SimulationSeries;
  readonly kpis: KpiAccumulator;
  readonly events: EventLog = { sync: [], events: [] };
  readonly syncs: SyncRecord[] | null;
  private readonly interned = new EventInterner();
  private readonly input: SimulationInput;
  private readonly world: World;
  /** KEDA's series and KPIs (a ScaledObject's run), else null */
  readonly keda: KedaRecorder | null;
  /** only what the KPIs are built from is kept (SimulateOptions.series false) */
  private readonly kpisOnly: boolean;

  /** `kpisOnly`: keep only the series the KPIs read, and no events (not with KEDA or `full`) */
  constructor(
    input: SimulationInput,
    world: World,
    syncCount: number,
    full: boolean,
    kpisOnly = false,
  ) {
    this.input = input;
    this.world = world;
    this.kpisOnly = kpisOnly && !full && !input.keda;
    const metrics = input.hpa.spec.metrics ?? [];
    this.series = allocateSeries(this.kpisOnly ? 0 : syncCount, metrics.length, {
      metricInfo: metrics.map(describeMetric),
      // KEDA's minReplicaCount 0 is drawn as 0 (the HPA it creates has 1: KEDA goes below it).
      minReplicas: input.keda
        ? (input.keda.scaledObject.minReplicaCount ?? 0)
        : (input.hpa.spec.minReplicas ?? 1),
      maxReplicas: input.hpa.spec.maxReplicas,
      tolerance: { scaleUp: input.controller.tolerance, scaleDown: input.controller.tolerance },
    });
    if (this.kpisOnly) {
      // KpiAccumulator.build reads these three; every other series stays empty. One buffer, as
      // allocateSeries makes (a search candidate's run in a browser worker pays per buffer).
      const [spec, current, rescaled] = packedViews([
        [Float64Array, syncCount],
        [Float64Array, syncCount],
        [Uint8Array, syncCount],
      ]);
      this.series.specReplicas = spec as Float64Array;
      this.series.currentReplicas = (current as Float64Array).fill(NaN);
      this.series.rescaled = rescaled as Uint8Array;
    }
    this.kpis = new KpiAccumulator(input, world.kpiTraffic, world.trafficPieces, syncCount);
    this.syncs = full ? [] : null;
    this.keda = input.keda ? new KedaRecorder(input.keda, syncCount) : null;
  }

  /** After the scrape at s: this cluster's `share` of the demand meets its ready pods. */
  tick(s: number, cluster: Cluster, share = 1): void {
    this.kpis.tick(s, capacityOf(cluster), share);
    // the pods' work over this interval, read at the next scrape, is the same integral's
    cluster.trafficPieces = this.kpis.pieces;
  }

  /** The KPIs of the run so far (at its end: the run's). */
  build(cluster: Cluster): Kpis {
    return this.kpis.build(
      this.series,
      cluster.workload.livedSeconds(this.input.durationSeconds),
      this.keda?.series.write,
    );
  }

  /**
   * Sync k: `hpa` the HPA it read (an edit during the run replaces the scenario's), `interval`
   * the time it stands for until the next sync, `keda` KEDA's step (a ScaledObject's run).
   */
  sync(
    k: number,
    step: SyncStep,
    cluster: Cluster,
    hpa: HorizontalPodAutoscaler = this.input.hpa,
    interval: number = this.input.controller.syncPeriodSeconds,
    keda: KedaSyncRecord | null = null,
  ): void {
    const { r } = step;
    const s = this.series;
    const t = step.time;
    if (this.kpisOnly) {
      s.specReplicas[k] = cluster.specReplicas;
      s.currentReplicas[k] = step.before;
      s.rescaled[k] = r.rescaled ? 1 : 0;
      this.kpis.sync(t, r.trace, interval);
      return;
    }
    const cap = this.input.workload.podCapacity;
    const record = this.syncs ? syncRecord(step, cluster, hpa) : null;
    if (record && keda)
      withKeda(record, keda, this.input.keda!.scaledObject, this.input.keda!.version);
    // countsAt's memo object, not a copy: read now, never kept
    const pods = record ? record.pods : cluster.workload.countsAt(t);
    if (k === 0) s.tolerance = { ...r.trace.tolerances };
    s.time[k] = t;
    s.desiredReplicas[k] = r.desiredReplicas;
    s.specReplicas[k] = cluster.specReplicas;
    s.currentReplicas[k] = step.before;
    s.readyReplicas[k] = pods.ready;
    s.pendingReplicas[k] = pods.pending;
    s.terminatingReplicas[k] = pods.terminating;
    s.demand[k] = this.world.hasTraffic ? this.world.demandAt(step.lastScrape) : NaN;
    s.served[k] = cluster.served;
    s.capacity[k] = cap === null ? NaN : cluster.readyCount * cap;
    s.rescaled[k] = r.rescaled ? 1 : 0;
    const tr = r.trace;
    if (tr.metricDesiredReplicas !== undefined) s.rawReplicas[k] = tr.metricDesiredReplicas;
    if (tr.stabilizedReplicas !== undefined) s.stabilizedReplicas[k] = tr.stabilizedReplicas;
    if (tr.normalizedReplicas !== undefined) s.limitedReplicas[k] = tr.normalizedReplicas;
    const traces = tr.metrics;
    if (traces) {
      const n = Math.min(traces.length, s.metrics.length);
      for (let j = 0; j < n; j++) {
        const m = traces[j]!;
        s.metrics[j]![k] = plottedValue(m);
        if (overflowed(m)) s.metricOverflow[j]![k] = 1;
        if (m.usageRatio !== undefined) s.ratios[j]![k] = m.usageRatio;
        if (m.error === undefined && m.proposal !== undefined) s.proposals[j]![k] = m.proposal;
      }
      if (tr.path === 'metrics') s.decidingMetric[k] = decidingMetric(traces);
    }
    if (keda) {
      this.keda!.sync(k, t, keda, cluster.specReplicas, pods.ready, s.demand[k]!);
      // KEDA's events before the HPA's: its writes came before this sync.
      for (const e of keda.events) this.logEvent(k, e);
    }
    for (const e of r.events) this.logEvent(k, e);
    this.kpis.sync(t, tr, interval);
    if (record) this.syncs!.push(record);
  }

  private logEvent(k: number, e: HPAEvent): void {
    const kept = this.interned.intern(e);
    this.events.sync.push(k);
    this.events.events.push(kept);
  }
}

/** One event object per distinct (type, reason, message): a run's log shares them. */
export class EventInterner {
  // keyed by message, reason, type in turn: no key string built and hashed per event (a churn
  // run logs one at nearly every sync; the joined key was ≈ 3 % of it)
  private readonly byMessage = new Map<string, Map<string, Map<string, HPAEvent>>>();

  intern(e: HPAEvent): HPAEvent {
    let byReason = this.byMessage.get(e.message);
    if (byReason === undefined) this.byMessage.set(e.message, (byReason = new Map()));
    let byType = byReason.get(e.reason);
    if (byType === undefined) byReason.set(e.reason, (byType = new Map()));
    let kept = byType.get(e.type);
    if (kept === undefined)
      byType.set(e.type, (kept = { type: e.type, reason: e.reason, message: e.message }));
    return kept;
  }
}
