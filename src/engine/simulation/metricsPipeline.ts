// What the metrics APIs would answer: metrics-server scrapes every `resolutionSeconds` and reports
// each pod's usage averaged over `windowSeconds`; custom metrics follow the same cadence; object
// and external metrics read their curve (or queue) at the scrape time.

import type { ExternalMetricSample, MetricSpec, ObjectMetricSample } from '../controller/index.ts';
import type { CompiledCurve } from './curves/index.ts';
import type { MetricLoad, SimulationInput } from './input.ts';
import { metricKey } from './input.ts';
import type { SimPod, Workload } from './workload.ts';

/** Per-pod memory of recent usage, one ring of `slots` values per per-pod load. */
export interface UsageRing {
  values: Float64Array;
  count: number;
  pos: number;
}

export interface PerPodLoad {
  load: Extract<MetricLoad, { kind: 'resource' | 'pods' }>;
  demand: CompiledCurve | null;
  /** index of this load in each pod's ring set */
  slot: number;
}

/** Split a pod-level resource usage over containers in proportion to their requests. */
export function containerShares(input: SimulationInput, resource: string): number[] {
  const cs = input.workload.containers;
  const reqs = cs.map((c) => c.requests[resource]);
  if (reqs.every((r) => r !== undefined && r > 0)) {
    const total = reqs.reduce((a: number, b) => a + (b ?? 0), 0);
    return reqs.map((r) => (r ?? 0) / total);
  }
  return cs.map((_, i) => (i === 0 ? 1 : 0));
}

/** MilliValue of a reported usage: metrics-server reports nanocores/bytes, the controller rounds up. */
export function toMilli(x: number): number {
  return x <= 0 ? 0 : Math.ceil(x - 1e-6);
}

export class MetricsPipeline {
  private readonly slots: number;
  private readonly perPodLoads: PerPodLoad[];
  private readonly input: SimulationInput;
  /** per load: its outage key, its resource or metric name, its container shares (resources) */
  private readonly keys: string[];
  private readonly names: string[];
  private readonly shares: (number[] | null)[];
  private readonly windowSeconds: number;
  private readonly resolutionSeconds: number;

  constructor(input: SimulationInput, perPodLoads: PerPodLoad[]) {
    this.input = input;
    this.perPodLoads = perPodLoads;
    const { resolutionSeconds, windowSeconds } = input.metricsPipeline;
    this.slots = Math.max(1, Math.round(windowSeconds / resolutionSeconds));
    this.windowSeconds = windowSeconds;
    this.resolutionSeconds = resolutionSeconds;
    this.keys = perPodLoads.map((l) => metricKey(l.load));
    this.names = perPodLoads.map((l) =>
      l.load.kind === 'resource' ? l.load.resource : l.load.metric,
    );
    this.shares = perPodLoads.map((l) =>
      l.load.kind === 'resource' ? containerShares(input, l.load.resource) : null,
    );
  }

  private ring(p: SimPod): UsageRing {
    p.usage ??= {
      values: new Float64Array(this.slots * Math.max(1, this.perPodLoads.length)),
      count: 0,
      pos: 0,
    };
    return p.usage;
  }

  /**
   * One scrape at time s. `usageOf(pod, load)` is the pod's instantaneous usage in milli-units, or
   * null when the pod has no running containers (then it has no sample). Outages remove samples.
   */
  scrape(
    w: Workload,
    s: number,
    usageOf: (p: SimPod, l: PerPodLoad) => number | null,
    unavailable: Set<string> | null,
  ): void {
    const nLoads = this.perPodLoads.length;
    for (const p of w.pods) {
      const first = nLoads > 0 ? usageOf(p, this.perPodLoads[0]!) : null;
      if (nLoads === 0 || first === null) {
        p.usage = null;
        p.obs.resourceMetrics = null;
        p.obs.customMetrics = undefined;
        continue;
      }
      const ring = this.ring(p);
      for (let i = 0; i < nLoads; i++) {
        const u = i === 0 ? first : (usageOf(p, this.perPodLoads[i]!) ?? 0);
        ring.values[i * this.slots + ring.pos] = u;
      }
      ring.pos = (ring.pos + 1) % this.slots;
      if (ring.count < this.slots) ring.count++;
      this.writeSamples(p, ring, s, unavailable);
    }
  }

  private mean(ring: UsageRing, loadIndex: number): number {
    let sum = 0;
    const base = loadIndex * this.slots;
    for (let k = 0; k < ring.count; k++)
      sum += ring.values[base + ((ring.pos - 1 - k + this.slots) % this.slots)]!;
    return sum / ring.count;
  }

  /** Rewrite every pod's reported metrics as the scrape at s left them (after a restore). */
  rewrite(w: Workload, s: number, unavailable: Set<string> | null): void {
    for (const p of w.pods) if (p.usage) this.writeSamples(p, p.usage, s, unavailable);
  }

  private writeSamples(
    p: SimPod,
    ring: UsageRing,
    s: number,
    unavailable: Set<string> | null,
  ): void {
    // Reuse the pod's metrics object: the controller reads it synchronously and keeps nothing.
    const containers = this.input.workload.containers;
    const existing = p.obs.resourceMetrics;
    const rm =
      existing ??
      (p.obs.resourceMetrics = {
        timestamp: s,
        window: 0,
        containers: containers.map((c) => ({
          name: c.name,
          usage: {} as Record<string, number>,
        })),
      });
    rm.timestamp = s;
    rm.window = Math.min(this.windowSeconds, ring.count * this.resolutionSeconds);
    let custom = p.obs.customMetrics;
    const nLoads = this.perPodLoads.length;
    for (let i = 0; i < nLoads; i++) {
      const name = this.names[i]!;
      const out = unavailable !== null && unavailable.has(this.keys[i]!);
      const shares = this.shares[i] ?? null;
      if (shares !== null) {
        const cs = rm.containers;
        if (out) {
          for (let j = 0; j < cs.length; j++) delete cs[j]!.usage![name];
        } else {
          const mean = this.mean(ring, i);
          for (let j = 0; j < cs.length; j++) cs[j]!.usage![name] = toMilli(mean * shares[j]!);
        }
      } else if (out) {
        if (custom) delete custom[name];
      } else {
        (custom ??= p.obs.customMetrics = {})[name] = toMilli(this.mean(ring, i));
      }
    }
  }
}

/** Object metric samples for every Object metric of the HPA at time s. */
export function objectSamples(
  metrics: MetricSpec[],
  valueOf: (metric: string) => number | null,
): ObjectMetricSample[] {
  const out: ObjectMetricSample[] = [];
  for (const m of metrics) {
    if (m.type !== 'Object' || !m.object) continue;
    const v = valueOf(m.object.metric.name);
    if (v === null) continue;
    out.push({
      describedObject: { ...m.object.describedObject },
      metric: m.object.metric.name,
      value: toMilli(v),
    });
  }
  return out;
}

/** External metric samples for every External metric of the HPA at time s. */
export function externalSamples(
  metrics: MetricSpec[],
  valueOf: (metric: string) => number | null,
): ExternalMetricSample[] {
  const out: ExternalMetricSample[] = [];
  for (const m of metrics) {
    if (m.type !== 'External' || !m.external) continue;
    const v = valueOf(m.external.metric.name);
    if (v === null) continue;
    out.push({ metric: m.external.metric.name, values: [toMilli(v)] });
  }
  return out;
}
