// The work a cluster's pods served between two scrapes, integrated exactly: what a cAdvisor
// counter counts is the work done, ∫ min(share · d(t), capacity) dt over (prev, s], not the work
// at a few instants. The pieces come from the exact KPIs' own integral of the same interval
// (kpis.ts logs them, overload.ts PieceLog) when it is this very interval at this share, which is
// every scrape but those where the cluster's share or the interval differs; else this curve is
// integrated afresh the same way (the same pieces, so the same value bit for bit).

import { compileCurve, type CompiledCurve, type Curve } from './curves/index.ts';
import { shapeOf } from './kpis.ts';
import { DemandIntegral, PieceLog, servedOver, type OverloadSums } from './overload.ts';

export class IntervalWork {
  private integral: DemandIntegral | null = null;
  private readonly log = new PieceLog();
  private readonly sums: OverloadSums = { demand: 0, unmet: 0, overloadSeconds: 0 };
  private zero = NaN;

  /**
   * `spec` over a run of `duration` s (its breaks as the KPIs cut it); `curve`: the compiled curve
   * to read, or null to compile a live one when first needed (the world's traffic: a search's
   * curve tape must see the same calls in every run, and the afresh integrals here depend on
   * the pods ready)
   */
  constructor(
    private readonly spec: Curve,
    private readonly duration: number,
    private curve: CompiledCurve | null,
  ) {}

  private compiled(): CompiledCurve {
    return (this.curve ??= compileCurve(this.spec));
  }

  /**
   * ∫ over (prev, s] of min(share · d(t), capacity) dt, d before 0 read at 0 (the starting pods'
   * past). `known`: pieces already integrated, used when they are [prev, s) at this share.
   */
  served(prev: number, s: number, capacity: number, share: number, known: PieceLog | null): number {
    // The usual scrape, kept small enough to inline into the caller (a double returned from a
    // call is boxed): the KPIs' interval at this share and capacity, servedOver's kept sums.
    if (
      prev >= 0 &&
      known !== null &&
      known.from === prev &&
      known.to === s &&
      known.share === share &&
      capacity === known.capacity &&
      capacity !== 0
    )
      return 0 + (known.demand - known.unmet);
    return this.servedFrom(prev, s, capacity, share, known);
  }

  /** `served` in general: a stretch before 0, other pieces or capacity, or none logged. */
  private servedFrom(
    prev: number,
    s: number,
    capacity: number,
    share: number,
    known: PieceLog | null,
  ): number {
    let before = 0;
    let a = prev;
    if (a < 0) {
      if (this.zero !== this.zero) this.zero = this.compiled().valueAt(0);
      before = Math.min(share * this.zero, capacity) * (Math.min(s, 0) - a);
      if (s <= 0) return before;
      a = 0;
    }
    if (known !== null && known.from === a && known.to === s && known.share === share)
      return before + servedOver(known, capacity);
    let integral = this.integral;
    if (integral === null) {
      integral = this.integral = new DemandIntegral(
        this.compiled(),
        shapeOf(this.spec, this.duration),
      );
      integral.log = this.log;
    }
    integral.add(a, s, capacity, this.sums, null, share);
    return before + servedOver(this.log, capacity);
  }
}
