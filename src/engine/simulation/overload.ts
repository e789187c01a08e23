// The demand integrated exactly between scrapes: how much work arrived, how much of it the
// serving pods could not take, and when. The capacity is constant between two scrapes (the loop
// routes the demand over the pods ready at each scrape); the demand is the traffic curve itself,
// cut at its breaks (curves/breaks.ts) into straight pieces whose integrals are closed forms.
// A curve that is not straight between breaks (a sine) is halved until each piece is straight
// within a millionth, or one second long. The pods' CPU counters read the same pieces
// (intervalWork.ts): the work served between two scrapes is one integral, not two.

import { doubleList } from '../controller/index.ts';
import { CURVE_CHUNK, type CompiledCurve } from './curves/index.ts';
import type { CurveShape } from './curves/breaks.ts';
import type { PieceReplay } from './curves/tape.ts';

/** Bisections of a straight piece that a clamp bends (a kink found to 2⁻²⁴ of the piece). */
const MAX_DEPTH = 24;

/** What one stretch of time adds up to. */
export interface OverloadSums {
  /** ∫ demand dt */
  demand: number;
  /** ∫ max(0, demand − capacity) dt */
  unmet: number;
  /** measure of the time with demand above capacity */
  overloadSeconds: number;
}

/** Where demand exceeds capacity: maximal stretches, joined when they touch. */
export class Episodes {
  /** each closed episode's length (doubles' kind from the start: objectList.ts doubleList) */
  readonly closed: number[] = doubleList();
  start = NaN;
  end = NaN;

  mark(from: number, to: number): void {
    if (!(to > from)) return;
    if (this.start === this.start && from - this.end <= 1e-9) {
      this.end = to;
      return;
    }
    this.close();
    this.start = from;
    this.end = to;
  }

  /** A stretch at or under capacity from `at` on (an open episode ends where it ended). */
  close(): void {
    if (this.start === this.start) this.closed.push(this.end - this.start);
    this.start = NaN;
    this.end = NaN;
  }

  get open(): boolean {
    return this.start === this.start;
  }
}

/**
 * The straight pieces one `add` cut [from, to) into, each as the line from y0 to y1 over h seconds
 * from x0
 * (the demand already times the share). The pieces do not depend on the capacity (a piece is
 * halved on its values alone), so the work served under any capacity over the same stretch is a
 * sum over them (`servedOver`): the pods' CPU counters read the KPIs' own integral this way.
 */
export class PieceLog {
  from = NaN;
  to = NaN;
  share = NaN;
  /**
   * The capacity the pieces were integrated under, and their demand and unmet sums there, in
   * order from 0: `servedOver` at this very capacity (the next scrape's pods, as ready as the
   * KPIs' interval found them) answers without a second pass over the pieces.
   */
  capacity = NaN;
  demand = 0;
  unmet = 0;
  n = 0;
  x0 = new Float64Array(16);
  y0 = new Float64Array(16);
  y1 = new Float64Array(16);
  h = new Float64Array(16);

  /** Empties the log for the stretch [from, to) at `share`, integrated under `capacity`. */
  reset(from: number, to: number, share: number, capacity: number): void {
    this.from = from;
    this.to = to;
    this.share = share;
    this.capacity = capacity;
    this.demand = 0;
    this.unmet = 0;
    this.n = 0;
  }

  /** One piece, with its demand and unmet integrals under `capacity` (`above`'s answers). */
  push(x0: number, y0: number, y1: number, h: number, demand: number, unmet: number): void {
    this.demand += demand;
    this.unmet += unmet;
    const n = this.n;
    if (n === this.h.length) this.reserve(1);
    this.x0[n] = x0;
    this.y0[n] = y0;
    this.y1[n] = y1;
    this.h[n] = h;
    this.n = n + 1;
  }

  /** Room for `more` pieces past the logged ones (the arrays doubled as needed). */
  reserve(more: number): void {
    let size = this.h.length;
    if (this.n + more <= size) return;
    while (size < this.n + more) size *= 2;
    const grow = (a: Float64Array) => {
      const b = new Float64Array(size);
      b.set(a);
      return b;
    };
    this.x0 = grow(this.x0);
    this.y0 = grow(this.y0);
    this.y1 = grow(this.y1);
    this.h = grow(this.h);
  }
}

/**
 * ∫ min(demand, capacity) over the logged stretch: its demand less its unmet demand, each summed
 * piece by piece in order, as `add` sums them (so a log and a fresh `add` agree bit for bit).
 */
export function servedOver(log: PieceLog, capacity: number): number {
  // the same sums, already added up piece by piece (a zero's sign could tell 0 from -0 apart)
  if (capacity === log.capacity && capacity !== 0) return log.demand - log.unmet;
  return servedOverPieces(log, capacity);
}

/** `servedOver` summed over the pieces again, whatever capacity they were logged under. */
export function servedOverPieces(log: PieceLog, capacity: number): number {
  let demand = 0;
  let unmet = 0;
  const { y0, y1, h } = log;
  for (let k = 0; k < log.n; k++) {
    demand += above(y0[k]!, y1[k]!, 0, h[k]!);
    unmet += above(y0[k]!, y1[k]!, capacity, h[k]!);
  }
  return demand - unmet;
}

/** Pieces whose first reads go in one batch (five times each fill a CURVE_CHUNK at most). */
const BATCH = Math.floor(CURVE_CHUNK / 5);

export class DemandIntegral {
  private readonly curve: CompiledCurve;
  private readonly breaks: Float64Array;
  private readonly linear: boolean;
  /** index of the first break not before the last interval asked for (intervals come in order) */
  private hint = 0;
  /** where each piece of an `add` is written too (null: nowhere) */
  log: PieceLog | null = null;
  /**
   * Earlier runs' pieces of the same stretches (a search's, curves/tape.ts PieceTape; needs a
   * `log`, which it records from), or null. A stretch on it is integrated from the recorded
   * pieces, in their order: the same sums, episodes and log, bit for bit.
   */
  tape: PieceReplay | null = null;
  /** a batch of whole pieces: their ends, where their reads start, and the reads' times/values */
  private readonly ends = new Float64Array(BATCH + 1);
  private readonly firsts = new Int32Array(BATCH + 1);
  private readonly times = new Float64Array(CURVE_CHUNK);
  private readonly values = new Float64Array(CURVE_CHUNK);

  constructor(curve: CompiledCurve, shape: CurveShape) {
    this.curve = curve;
    this.breaks = shape.breaks;
    this.linear = shape.linear;
  }

  /**
   * Adds [a, b) with `capacity` to `sums` and its overloaded stretches to `episodes`. `share`:
   * the fraction of the demand routed here (a member cluster's), 1 for all of it.
   */
  add(
    a: number,
    b: number,
    capacity: number,
    sums: OverloadSums,
    episodes: Episodes | null,
    share = 1,
  ): void {
    this.log?.reset(a, b, share, capacity);
    if (!(b > a) || share <= 0) return;
    const tape = this.tape;
    if (tape !== null) {
      const at = tape.match(a, b, share);
      if (at >= 0) {
        this.replay(tape, at, at + tape.count, capacity, sums, episodes);
        return;
      }
    }
    this.cut(a, b, capacity, sums, episodes, share);
    if (tape !== null && this.log !== null) tape.record(this.log);
  }

  /**
   * The recorded pieces [from, to) of the tape integrated as `integrateLine` integrates each, in
   * order: the same sums, episodes and log. Written out in one loop because the recorded run
   * is every warm run's usual path, where a call per piece passed its four doubles boxed. A twin
   * of `integrateLine`: change both together (curves/tape.test.ts holds a replay to the live run,
   * KPIs and overload episodes included, on every preset).
   */
  private replay(
    tape: PieceReplay,
    from: number,
    to: number,
    c: number,
    sums: OverloadSums,
    ep: Episodes | null,
  ): void {
    const { x0, y0, y1, h } = tape;
    const log = this.log;
    if (log !== null) log.reserve(to - from);
    const limit = c + 1e-9 * Math.max(1, c);
    for (let k = from; k < to; k++) {
      const px = x0[k]!;
      const p0 = y0[k]!;
      const p1 = y1[k]!;
      const ph = h[k]!;
      const demand = above(p0, p1, 0, ph);
      const unmet = above(p0, p1, c, ph);
      if (log !== null) log.push(px, p0, p1, ph, demand, unmet);
      sums.demand += demand;
      sums.unmet += unmet;
      // overSpan's fraction where the line is over the limit, and integrateLine's use of it
      const p = p0 - limit;
      const q = p1 - limit;
      let u0 = 0;
      let u1 = 0;
      if (p > 0 && q > 0) u1 = 1;
      else if (!(p <= 0 && q <= 0)) {
        const u = p / (p - q);
        u0 = p > 0 ? 0 : u;
        u1 = p > 0 ? u : 1;
      }
      if (u1 > u0) {
        sums.overloadSeconds += (u1 - u0) * ph;
        ep?.mark(px + u0 * ph, px + u1 * ph);
      }
      if (u1 < 1) ep?.close();
    }
  }

  /** `add`'s stretch cut into straight pieces (the curve sampled in batches) and integrated. */
  private cut(
    a: number,
    b: number,
    capacity: number,
    sums: OverloadSums,
    episodes: Episodes | null,
    share: number,
  ): void {
    const br = this.breaks;
    let i = this.hint;
    // the first break after a: back from the hint (a stretch asked for again), else on from it
    while (i > 0 && br[i - 1]! > a) i--;
    while (i < br.length && br[i]! <= a) i++;
    this.hint = i;
    const { ends, firsts, times, values } = this;
    let x = a;
    while (x < b) {
      // The whole pieces' first reads (the same times `piece` reads) sampled in one call: a
      // batch costs the curve's tree one pass, where each read alone walked all of it. Values
      // are bit-equal to valueAt (CompiledCurve.sampleInto), so the sums are too.
      const from = x;
      let n = 0;
      let m = 0;
      while (x < b && n < BATCH) {
        const next = i < br.length && br[i]! < b ? br[i++]! : b;
        firsts[n] = m;
        m += this.readTimes(x, next, times, m);
        ends[n++] = next;
        x = next;
      }
      firsts[n] = m;
      this.curve.sampleInto(times, values, m);
      let x0 = from;
      for (let k = 0; k < n; k++) {
        const x1 = ends[k]!;
        const r = firsts[k]!;
        const f = share;
        if (firsts[k + 1]! - r === 5)
          this.judge(
            x0,
            x1,
            capacity,
            f,
            sums,
            episodes,
            0,
            f * values[r + 1]!,
            f * values[r + 3]!,
            f * values[r]!,
            f * values[r + 4]!,
            f * values[r + 2]!,
          );
        else
          this.judge(
            x0,
            x1,
            capacity,
            f,
            sums,
            episodes,
            0,
            f * values[r]!,
            f * values[r + 1]!,
            NaN,
            NaN,
            NaN,
          );
        x0 = x1;
      }
    }
  }

  /** Whether a piece at `depth` is checked for a kink (its start, middle and end read too). */
  private checks(h: number, depth: number): boolean {
    return depth < MAX_DEPTH && (this.linear || h > 1);
  }

  /**
   * The times `piece` reads for [x0, x1) at depth 0, from `out[at]`, in time order (a batch in
   * order takes the curves' lookups and noise buckets once): 1/4 and 3/4, or, when the piece is
   * checked, 0, 1/4, 1/2, 3/4 and ≈1.
   */
  private readTimes(x0: number, x1: number, out: Float64Array, at: number): number {
    const h = x1 - x0;
    if (!this.checks(h, 0)) {
      out[at] = x0 + h / 4;
      out[at + 1] = x0 + (3 * h) / 4;
      return 2;
    }
    const eps = h * 1e-9;
    out[at] = x0;
    out[at + 1] = x0 + h / 4;
    out[at + 2] = x0 + h / 2;
    out[at + 3] = x0 + (3 * h) / 4;
    out[at + 4] = x1 - eps;
    return 5;
  }

  /**
   * One piece read as the line through its values at 1/4 and 3/4 (exact for a straight piece,
   * whatever happens at its ends: a step's jump sits on a break). Its start, middle and end must
   * lie on that line, else the piece is halved (a clamp's kink, or a total read as 0 below zero).
   */
  private piece(
    x0: number,
    x1: number,
    c: number,
    f: number,
    sums: OverloadSums,
    ep: Episodes | null,
    depth: number,
  ): void {
    const h = x1 - x0;
    const q1 = f * this.curve.valueAt(x0 + h / 4);
    const q3 = f * this.curve.valueAt(x0 + (3 * h) / 4);
    if (!this.checks(h, depth)) {
      this.integrate(x0, x1, c, q1, q3, sums, ep);
      return;
    }
    const eps = h * 1e-9;
    const v0 = f * this.curve.valueAt(x0);
    const v1 = f * this.curve.valueAt(x1 - eps);
    const mid = f * this.curve.valueAt(x0 + h / 2);
    this.judge(x0, x1, c, f, sums, ep, depth, q1, q3, v0, v1, mid);
  }

  /**
   * A piece with its reads (v0, v1, mid unused when it is not checked): integrated as the line
   * through q1 and q3, or halved when its start, middle or end is off that line.
   */
  private judge(
    x0: number,
    x1: number,
    c: number,
    f: number,
    sums: OverloadSums,
    ep: Episodes | null,
    depth: number,
    q1: number,
    q3: number,
    v0: number,
    v1: number,
    mid: number,
  ): void {
    const h = x1 - x0;
    // A straight piece is halved only at a kink; a curved one (a sine) until it is straight
    // within a millionth, or a second long.
    if (this.checks(h, depth)) {
      // The piece's start and (just before) its end must lie on that line too, else a kink is
      // inside: halve the piece until the kink is pinned down.
      const curved = !this.linear;
      const slope = (q3 - q1) / (h / 2);
      const eps = h * 1e-9;
      const tol =
        (curved ? 1e-6 : 1e-9) * Math.max(1, Math.abs(q1), Math.abs(q3), Math.abs(slope) * h);
      if (
        Math.abs(mid - (q1 + q3) / 2) > tol ||
        Math.abs(v0 - (q1 - (slope * h) / 4)) > tol ||
        Math.abs(v1 - (q3 + slope * (h / 4 - eps))) > tol
      ) {
        const m = x0 + h / 2;
        this.piece(x0, m, c, f, sums, ep, depth + 1);
        this.piece(m, x1, c, f, sums, ep, depth + 1);
        return;
      }
    }
    // the line's change over a quarter of the piece: from 1/4 back to 0, from 3/4 on to 1
    this.integrate(x0, x1, c, q1, q3, sums, ep);
  }

  /** The piece [x0, x1) as the line through q1 at 1/4 and q3 at 3/4 of it. */
  private integrate(
    x0: number,
    x1: number,
    c: number,
    q1: number,
    q3: number,
    sums: OverloadSums,
    ep: Episodes | null,
  ): void {
    const h = x1 - x0;
    const quarter = (q3 - q1) / 2;
    this.integrateLine(x0, c, q1 - quarter, q3 + quarter, h, sums, ep);
  }

  /** The piece from x0 as the line from y0 to y1 over h seconds: logged, summed, judged. */
  private integrateLine(
    x0: number,
    c: number,
    y0: number,
    y1: number,
    h: number,
    sums: OverloadSums,
    ep: Episodes | null,
  ): void {
    const demand = above(y0, y1, 0, h);
    const unmet = above(y0, y1, c, h);
    this.log?.push(x0, y0, y1, h, demand, unmet);
    sums.demand += demand;
    sums.unmet += unmet;
    // Floating noise must not open an episode: over by more than a billionth.
    const limit = c + 1e-9 * Math.max(1, c);
    overSpan(y0, y1, limit, SPAN);
    const u0 = SPAN[0]!;
    const u1 = SPAN[1]!;
    if (u1 > u0) {
      sums.overloadSeconds += (u1 - u0) * h;
      // joins the open episode when it starts where that one ended
      ep?.mark(x0 + u0 * h, x0 + u1 * h);
    }
    // the piece ends at or under capacity: the episode (if any) ended inside it
    if (u1 < 1) ep?.close();
  }
}

/** ∫ over the piece of max(0, y − c), y linear from y0 to y1 over length h. */
export function above(y0: number, y1: number, c: number, h: number): number {
  const p = y0 - c;
  const q = y1 - c;
  if (p >= 0 && q >= 0) return (h * (p + q)) / 2;
  if (p <= 0 && q <= 0) return 0;
  const u = p / (p - q);
  return p > 0 ? (h * u * p) / 2 : (h * (1 - u) * q) / 2;
}

/** overSpan's answer, reused: a tuple per piece was most of what the integration allocated. */
const SPAN = new Float64Array(2);

/** The fraction [u0, u1] of the piece where y > c (u0 = u1 when nowhere), into `out`. */
function overSpan(y0: number, y1: number, c: number, out: Float64Array): void {
  const p = y0 - c;
  const q = y1 - c;
  if (p > 0 && q > 0) {
    out[0] = 0;
    out[1] = 1;
  } else if (p <= 0 && q <= 0) {
    out[0] = 0;
    out[1] = 0;
  } else {
    const u = p / (p - q);
    out[0] = p > 0 ? 0 : u;
    out[1] = p > 0 ? u : 1;
  }
}
