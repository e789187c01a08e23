// The world outside the cluster: the traffic curve, each metric's load curve, metric outages and
// queue backlogs, and what the custom/external metrics adapters last polled. Several clusters
// could share one World (federation): the only state here is the queues, which the serving pods
// drain, and the adapters' last values.

import { compileCurve, type CompiledCurve, type Curve } from './curves/index.ts';
import { LIVE_CURVES, type CurveCompiler, type PieceReplay } from './curves/tape.ts';
import {
  DEFAULT_SCRAPE_OFFSET_SECONDS,
  type ExternalLoad,
  type MetricOutage,
  type ObjectLoad,
  type PrometheusModel,
  type SimulationInput,
} from './input.ts';
import { prometheusRead } from './prometheus.ts';
import type { PerPodLoad } from './metricsPipeline.ts';
import type { WorldSnapshot } from './state.ts';
import { scrapeSchedule, type ScrapeSchedule } from './scrapes.ts';

interface ExternalEntry {
  load: ExternalLoad;
  curve: CompiledCurve | null;
  arrivals: CompiledCurve | null;
}

/** The error metrics-server's aggregated API answers while it is down (kube-aggregator 503). */
export const METRICS_SERVER_DOWN =
  'the server is currently unable to handle the request (get pods.metrics.k8s.io)';

/**
 * metrics-server's readiness probe as its manifests deploy it (manifests/base/deployment.yaml and
 * the chart's values.yaml at 5ed5d3a2: httpGet /readyz, initialDelaySeconds 20, periodSeconds 10).
 */
export const METRICS_SERVER_READINESS = { initialDelaySeconds: 20, periodSeconds: 10 } as const;

/**
 * When a metrics-server that came back at `up` is Ready, so that kube-aggregator routes to it
 * again: the first probe tick (every periodSeconds from the start, none before
 * initialDelaySeconds; kubelet prober worker.go) at which `/readyz` passes, i.e. its storage holds
 * two scrapes (upstream: pkg/storage/storage.go Ready, "enough metric points to serve": a
 * previous point per pod). Until then the aggregated API answers 503, as while it was down.
 */
export function metricsServerReadyAt(up: number, scrapes: ScrapeSchedule): number {
  const r = scrapes.resolution;
  const firstScrape = scrapes.first + Math.ceil((up - scrapes.first) / r - 1e-9) * r;
  const secondScrape = firstScrape + r;
  const { initialDelaySeconds: delay, periodSeconds: period } = METRICS_SERVER_READINESS;
  const firstTick = up + delay;
  return firstTick + Math.max(0, Math.ceil((secondScrape - firstTick) / period - 1e-9)) * period;
}

export class World {
  readonly traffic: CompiledCurve | null;
  /** the traffic as the KPIs' exact integral reads it (`traffic` but with a piece tape) */
  readonly kpiTraffic: CompiledCurve | null;
  /** earlier runs' pieces of that integral (a search's, curves/tape.ts PieceTape), or null */
  readonly trafficPieces: PieceReplay | null;
  /** resource and pods loads: per-pod usage, in the order of each pod's usage ring */
  readonly perPodLoads: PerPodLoad[] = [];
  private readonly objectLoads = new Map<
    string,
    { load: ObjectLoad; curve: CompiledCurve | null }
  >();
  private readonly externalLoads = new Map<string, ExternalEntry>();
  private readonly queued: [string, ExternalEntry][] = [];
  private readonly outages: MetricOutage[];
  /** [back, Ready) after each metrics-server outage: running again, not yet Ready (503) */
  private readonly warmUps: [number, number][] = [];
  private backlog = new Map<string, number>();
  /** Object/External values at the adapter's last poll, by "object/<name>" or "external/<name>" */
  private polled = new Map<string, number>();
  private lastDemandTime = NaN;
  /** Prometheus behind the adapter (Object/External reads), or null: the adapter's poll */
  private readonly prometheus: PrometheusModel | null;
  private readonly scrapeOffset: number;
  private lastDemand = 0;

  /** `curves`: how curves are compiled (a search replays them from tapes, curves/tape.ts) */
  constructor(input: SimulationInput, curves: CurveCompiler = LIVE_CURVES) {
    const compile = (c: Curve | null): CompiledCurve | null =>
      c === null ? null : curves.compile(c);
    this.traffic = compile(input.traffic);
    // With a search's piece tape the KPIs' integral reads its own live curve, and only where a
    // stretch is not on the tape: the traffic's tape then sees the same calls in every run.
    this.trafficPieces = curves.pieces ?? null;
    this.kpiTraffic =
      this.trafficPieces === null || input.traffic === null
        ? this.traffic
        : compileCurve(input.traffic);
    this.outages = input.outages;
    this.prometheus = input.metricsPipeline.prometheus ?? null;
    this.scrapeOffset = input.metricsPipeline.offsetSeconds ?? DEFAULT_SCRAPE_OFFSET_SECONDS;
    const resourceOutages = input.outages.filter((o) => o.metric.startsWith('resource/'));
    if (resourceOutages.length > 0) {
      const scrapes = scrapeSchedule(input);
      for (const o of resourceOutages)
        this.warmUps.push([o.toSeconds, metricsServerReadyAt(o.toSeconds, scrapes)]);
    }
    for (const load of input.loads) {
      if (load.kind === 'resource' || load.kind === 'pods') {
        this.perPodLoads.push({
          load,
          demand: compile(load.demand),
          slot: this.perPodLoads.length,
        });
      } else if (load.kind === 'object') {
        this.objectLoads.set(load.metric, { load, curve: compile(load.value) });
      } else {
        const e = {
          load,
          curve: compile(load.value),
          arrivals: compile(load.queue?.arrivals ?? null),
        };
        this.externalLoads.set(load.metric, e);
      }
    }
    for (const [name, e] of this.externalLoads) {
      if (!e.load.queue) continue;
      this.queued.push([name, e]);
      this.backlog.set(name, e.load.queue.initialBacklog);
    }
  }

  get hasTraffic(): boolean {
    return this.traffic !== null;
  }

  /** Work arriving per second at t (0 without a traffic curve). */
  demandAt(t: number): number {
    if (t === this.lastDemandTime) return this.lastDemand;
    const v = this.traffic ? this.traffic.valueAt(t) : 0;
    // Each scrape instant is asked for by the loop, the cluster and the recorder: keep the last.
    this.lastDemandTime = t;
    this.lastDemand = v;
    return v;
  }

  /**
   * demandFrom(t) is `v`, computed by the caller from a batch (sampleInto equals valueAt bit for
   * bit): kept as the last value, so the cluster and the recorder read it without a curve call.
   */
  knowDemandFrom(t: number, v: number): void {
    this.lastDemandTime = t < 0 ? 0 : t;
    this.lastDemand = v;
  }

  /** demandAt each of times[0 … n) into out (n ≤ CURVE_CHUNK; the caller clamps to ≥ 0). */
  demandInto(times: Float64Array, out: Float64Array, n: number): void {
    if (this.traffic === null) {
      out.fill(0, 0, n);
      return;
    }
    this.traffic.sampleInto(times, out, n);
  }

  /** Metric keys out at t ("resource/cpu", …), or null when none is (the common case). */
  unavailableAt(t: number): Set<string> | null {
    let out: Set<string> | null = null;
    for (const o of this.outages)
      if (t >= o.fromSeconds && t < o.toSeconds) (out ??= new Set()).add(o.metric);
    return out;
  }

  /** Traffic at t; before t = 0 the curve's value at 0 (the initial pods' past). */
  demandFrom(t: number): number {
    return this.demandAt(t < 0 ? 0 : t);
  }

  /** metrics-server is down at t: some outage covers a Resource metric. */
  metricsServerDown(t: number): boolean {
    for (const o of this.outages)
      if (t >= o.fromSeconds && t < o.toSeconds && o.metric.startsWith('resource/')) return true;
    return false;
  }

  /**
   * The resource metrics API answers 503 at t: metrics-server is down, or back but not yet Ready
   * (metricsServerReadyAt). Its storage is another matter: it stores from the first scrape back.
   */
  metricsApiUnavailable(t: number): boolean {
    if (this.metricsServerDown(t)) return true;
    for (const [from, to] of this.warmUps) if (t >= from && t < to) return true;
    return false;
  }

  /** An adapter poll at s: Object and External values as they are now (the controller reads these). */
  poll(s: number, demandNow: number): void {
    for (const [name, o] of this.objectLoads)
      this.polled.set(
        `object/${name}`,
        o.curve ? o.curve.valueAt(s) * 1000 : demandNow * o.load.perUnitMilli,
      );
    for (const [name, e] of this.externalLoads) {
      const v = e.load.queue
        ? (this.backlog.get(name) ?? 0) * 1000
        : e.curve
          ? e.curve.valueAt(s) * 1000
          : demandNow * e.load.perUnitMilli;
      this.polled.set(`external/${name}`, v);
    }
  }

  /**
   * An External metric's value (milli-units) read live at t, not at the adapter's last poll (KEDA's
   * metrics server calls the scaler on each request); null: no load for it or an outage at t.
   */
  externalNow(metric: string, t: number): number | null {
    const e = this.externalLoads.get(metric);
    if (!e) return null;
    for (const o of this.outages)
      if (t >= o.fromSeconds && t < o.toSeconds && o.metric === `external/${metric}`) return null;
    if (e.load.queue) return (this.backlog.get(metric) ?? 0) * 1000;
    if (e.curve) return e.curve.valueAt(t) * 1000;
    return (this.traffic ? this.traffic.valueAt(t < 0 ? 0 : t) : 0) * e.load.perUnitMilli;
  }

  /** Queues over [s - dt, s): arrivals minus what `servingPods` ready pods drained. */
  advanceQueues(s: number, dt: number, demandNow: number, servingPods: number): void {
    for (const [name, e] of this.queued) {
      const q = e.load.queue!;
      const arrivals = e.arrivals ? e.arrivals.valueAt(s) : demandNow;
      const next =
        (this.backlog.get(name) ?? 0) + (arrivals - servingPods * q.perPodThroughput) * dt;
      this.backlog.set(name, Math.max(0, next));
    }
  }

  /**
   * An Object or External metric's value (milli-units) read at t: with Prometheus behind the
   * adapter (metricsPipeline.prometheus), the rule's query at t (prometheus.ts); else as the
   * adapter last polled it (and always so for a queue, whose backlog has no past here). null: no
   * sample.
   */
  metricValue(
    kind: 'object' | 'external',
    metric: string,
    unavailable: Set<string> | null,
    t = NaN,
  ): number | null {
    const key = `${kind}/${metric}`;
    if (unavailable !== null && unavailable.has(key)) return null;
    if (this.prometheus !== null && !Number.isNaN(t)) {
      const valueAt = this.trueValue(kind, metric);
      if (valueAt !== null)
        return prometheusRead(this.prometheus, this.scrapeOffset, t, (s) => valueAt(s < 0 ? 0 : s));
    }
    return this.polled.get(key) ?? null;
  }

  /** The metric's value over time (milli-units), as the adapter's source sees it; null: a queue. */
  private trueValue(kind: 'object' | 'external', metric: string): ((s: number) => number) | null {
    const perUnit = (milli: number) => (s: number) =>
      (this.traffic ? this.traffic.valueAt(s) : 0) * milli;
    if (kind === 'object') {
      const o = this.objectLoads.get(metric);
      if (!o) return null;
      const curve = o.curve;
      return curve ? (s) => curve.valueAt(s) * 1000 : perUnit(o.load.perUnitMilli);
    }
    const e = this.externalLoads.get(metric);
    if (!e || e.load.queue) return null;
    const curve = e.curve;
    return curve ? (s) => curve.valueAt(s) * 1000 : perUnit(e.load.perUnitMilli);
  }

  snapshot(): WorldSnapshot {
    return { backlog: [...this.backlog], polled: [...this.polled] };
  }

  restore(s: WorldSnapshot): void {
    this.backlog = new Map(s.backlog);
    this.polled = new Map(s.polled);
  }
}
