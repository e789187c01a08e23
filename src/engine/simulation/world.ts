// The world outside the cluster: the traffic curve, each metric's load curve, metric outages and
// queue backlogs. Several clusters could share one World (federation): the only state here is
// the queues, which the serving pods drain.

import { compileCurve, type CompiledCurve, type Curve } from './curves/index.ts';
import type { ExternalLoad, MetricOutage, ObjectLoad, SimulationInput } from './input.ts';
import type { PerPodLoad } from './metricsPipeline.ts';

function compile(c: Curve | null): CompiledCurve | null {
  return c === null ? null : compileCurve(c);
}

interface ExternalEntry {
  load: ExternalLoad;
  curve: CompiledCurve | null;
  arrivals: CompiledCurve | null;
}

export interface WorldSnapshot {
  backlog: [string, number][];
}

export class World {
  readonly traffic: CompiledCurve | null;
  /** resource and pods loads: per-pod usage, in the order of each pod's usage ring */
  readonly perPodLoads: PerPodLoad[] = [];
  private readonly objectLoads = new Map<
    string,
    { load: ObjectLoad; curve: CompiledCurve | null }
  >();
  private readonly externalLoads = new Map<string, ExternalEntry>();
  private readonly queued: [string, ExternalEntry][] = [];
  private readonly outages: MetricOutage[];
  private backlog = new Map<string, number>();

  constructor(input: SimulationInput) {
    this.traffic = compile(input.traffic);
    this.outages = input.outages;
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
    return this.traffic ? this.traffic.valueAt(t) : 0;
  }

  /** Metric keys out at t ("resource/cpu", …), or null when none is (the common case). */
  unavailableAt(t: number): Set<string> | null {
    let out: Set<string> | null = null;
    for (const o of this.outages)
      if (t >= o.fromSeconds && t < o.toSeconds) (out ??= new Set()).add(o.metric);
    return out;
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

  /** An Object or External metric's value (milli-units) as read at `scrape`; null: no sample. */
  metricValue(
    kind: 'object' | 'external',
    metric: string,
    scrape: number,
    scrapeDemand: number,
    unavailable: Set<string> | null,
  ): number | null {
    if (unavailable !== null && unavailable.has(`${kind}/${metric}`)) return null;
    if (kind === 'external') {
      const e = this.externalLoads.get(metric);
      if (!e) return null;
      if (e.load.queue) return (this.backlog.get(metric) ?? 0) * 1000;
      return e.curve ? e.curve.valueAt(scrape) * 1000 : scrapeDemand * e.load.perUnitMilli;
    }
    const o = this.objectLoads.get(metric);
    if (!o) return null;
    return o.curve ? o.curve.valueAt(scrape) * 1000 : scrapeDemand * o.load.perUnitMilli;
  }

  snapshot(): WorldSnapshot {
    return { backlog: [...this.backlog] };
  }

  restore(s: WorldSnapshot): void {
    this.backlog = new Map(s.backlog);
  }
}
