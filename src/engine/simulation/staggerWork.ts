// The work a serving pod did over one node's staggered interval (scrapeStagger.ts): the same
// integral Cluster.tick takes over (prev, s], over (the node's previous sample, its sample now]
// instead, with the scrape's ready pods and share (deviation 8: the serving count at the
// interval's end). Its own curves and integrals, so the run's ordered integrals and a search's
// curve tapes see exactly the calls they see without a stagger.

import { compileCurve, type CompiledCurve } from './curves/index.ts';
import type { SimulationInput } from './input.ts';
import { IntervalWork } from './intervalWork.ts';
import type { PerPodLoad } from './metricsPipeline.ts';

interface Source {
  curve: CompiledCurve;
  work: IntervalWork;
}

function source(spec: NonNullable<SimulationInput['traffic']>, duration: number): Source {
  const curve = compileCurve(spec);
  return { curve, work: new IntervalWork(spec, duration, curve) };
}

export class StaggerWork {
  private readonly traffic: Source | null;
  private readonly own: (Source | null)[];

  constructor(input: SimulationInput, perPodLoads: PerPodLoad[]) {
    const duration = input.durationSeconds;
    this.traffic = input.traffic === null ? null : source(input.traffic, duration);
    this.own = perPodLoads.map((l) =>
      l.demand !== null && l.load.demand !== null ? source(l.load.demand, duration) : null,
    );
  }

  /**
   * Per load slot: `mean`, the mean work of one serving pod over (from, to]; `now`, its work at
   * `to` (a gauge's), with `ready` pods serving at most `cap` each and `share` of the traffic.
   */
  fill(
    from: number,
    to: number,
    ready: number,
    cap: number,
    share: number,
    mean: Float64Array,
    now: Float64Array,
  ): void {
    const capacity = ready === 0 ? 0 : ready * cap;
    const at = to < 0 ? 0 : to;
    for (let slot = 0; slot < this.own.length; slot++) {
      const own = this.own[slot]!;
      const src = own ?? this.traffic;
      const f = own !== null ? 1 : share;
      const v = src === null ? 0 : src.curve.valueAt(at);
      const w = ready === 0 ? 0 : Math.min(f === 1 ? v : v * f, capacity) / ready;
      now[slot] = w;
      let m = w;
      if (to > from) {
        const served =
          ready === 0 || src === null ? 0 : src.work.served(from, to, capacity, f, null);
        m = ready === 0 ? 0 : served / (ready * (to - from));
      }
      mean[slot] = m;
    }
  }
}
