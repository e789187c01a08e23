// The world's demand at the scrapes, sampled for many scrapes ahead in one batch: a scrape asking
// for one value at a time paid the curve's per-call work (its node tree, the time checks) for
// each. The demand is a pure function of time (curves keep only lookup hints), so a value
// sampled ahead is the value sampled then: a block is used only for the very interval
// (prev, s] it was sampled for, and any other interval samples afresh. (The pods' work between
// scrapes is integrated exactly, intervalWork.ts; the work meter still prices each scrape as
// the interval's midpoints it once sampled, substeps.ts.)

import { CURVE_CHUNK } from './curves/index.ts';
import type { WorkCounts } from './meter.ts';
import type { ScrapeSchedule } from './scrapes.ts';
import { samplesPerScrape } from './substeps.ts';

/**
 * The time a scrape at s after `prev` samples, into `out[at]`: s (times before 0 read the curve
 * at 0: the initial pods' past). Returns how many (1).
 */
export function intervalTimes(_prev: number, s: number, out: Float64Array, at: number): number {
  out[at] = s < 0 ? 0 : s;
  return 1;
}

/** What a batch samples: the world's demand at each of times[0 … n) (n ≤ CURVE_CHUNK). */
export interface DemandSource {
  demandInto(times: Float64Array, out: Float64Array, n: number): void;
}

const same = (a: number, b: number) => a === b || (a !== a && b !== b);

export class DemandAhead {
  /** the samples of every block, back to back */
  readonly values = new Float64Array(CURVE_CHUNK);
  private readonly times = new Float64Array(CURVE_CHUNK);
  /** per block: its interval (prev, s] and its first sample */
  private readonly prevs = new Float64Array(CURVE_CHUNK);
  private readonly ends = new Float64Array(CURVE_CHUNK);
  private readonly starts = new Int32Array(CURVE_CHUNK);
  private blocks = 0;
  /** samples in the batch */
  private size = 0;
  private next = 0;

  /** `meter`: where the samples taken are counted, each as `nodes` curve node evaluations */
  constructor(
    private readonly schedule: ScrapeSchedule,
    private readonly meter: WorkCounts | null = null,
    private readonly nodes = 1,
  ) {}

  /**
   * Where in `values` the samples of the scrape at s after `prev` start (intervalTimes' order).
   * The next block when it is this interval, else a new batch from this interval on, along the
   * scrape schedule as far as the batch holds.
   */
  at(prev: number, s: number, source: DemandSource): number {
    // the block asked for last (the loop asks for the scrape's demand, then the cluster for all)
    const last = this.next - 1;
    if (last >= 0 && this.ends[last] === s && same(this.prevs[last]!, prev))
      return this.starts[last]!;
    const b = this.next;
    if (b < this.blocks && this.ends[b] === s && same(this.prevs[b]!, prev)) {
      this.next = b + 1;
      return this.starts[b]!;
    }
    this.sampleFrom(prev, s, source);
    this.next = 1;
    return 0;
  }

  /** The demand at the scrape s itself (the last of its samples). */
  atScrape(prev: number, s: number, source: DemandSource): number {
    this.at(prev, s, source);
    const b = this.next - 1;
    const end = b + 1 < this.blocks ? this.starts[b + 1]! : this.size;
    return this.values[end - 1]!;
  }

  private sampleFrom(prev: number, s: number, source: DemandSource): void {
    const sc = this.schedule;
    // The scrapes after s, when s is on the schedule (the loop's scrapes always are).
    let k = Math.round((s - sc.first) / sc.resolution);
    if (sc.timeOf(k) !== s) k = sc.count;
    let n = 0;
    let blocks = 0;
    let priced = 0;
    let p = prev;
    let t = s;
    for (;;) {
      this.prevs[blocks] = p;
      this.ends[blocks] = t;
      this.starts[blocks] = n;
      n += intervalTimes(p, t, this.times, n);
      priced += samplesPerScrape(Number.isNaN(p) ? 0 : t - p);
      blocks++;
      if (++k >= sc.count) break;
      const after = sc.timeOf(k);
      if (n + 1 > CURVE_CHUNK) break;
      p = t;
      t = after;
    }
    this.blocks = blocks;
    this.size = n;
    source.demandInto(this.times, this.values, n);
    if (this.meter !== null) this.meter.curveNodes += priced * this.nodes;
  }
}
