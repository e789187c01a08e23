/**
 * Curve tapes: the values a run's curves gave, kept once and given again to later runs of the
 * same world. A policy search runs hundreds of candidates over one world; only the HPA differs,
 * and the times a run samples its curves at (the scrape schedule's intervals) do not depend on
 * the HPA, so the first run records each curve's calls and every later run replays them.
 *
 * Bit-identical by construction: a curve is a pure function of time (compiled curves keep only
 * lookup hints), a replayed call is checked to ask for exactly the times recorded (every time,
 * `===`), and the first call that differs — or any call past the recording — is answered by the
 * live curve from then on. So a tape can only save work, never change a value.
 */
import { compileCurve, type CompiledCurve } from './compile.ts';
import { sameSpec } from './sameSpec.ts';
import type { Curve } from './types.ts';

/** How a run's World turns a curve spec into something to evaluate. */
export interface CurveCompiler {
  compile(curve: Curve): CompiledCurve;
  /**
   * The traffic integral's pieces of earlier runs of the same world (a search's, `PieceTape`),
   * or absent: every run cuts its own.
   */
  readonly pieces?: PieceReplay;
}

/** The live compiler: what a run uses without tapes. */
export const LIVE_CURVES: CurveCompiler = { compile: compileCurve };

/** Most samples (times and values) all of a set's tapes keep together: 16 MB of numbers. */
export const MAX_TAPE_SAMPLES = 1_000_000;

/** A growable list of doubles. */
class Doubles {
  data = new Float64Array(1024);
  length = 0;

  reserve(n: number): boolean {
    const need = this.length + n;
    if (need <= this.data.length) return true;
    let size = this.data.length;
    while (size < need) size *= 2;
    const grown = new Float64Array(size);
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
    return true;
  }
}

/** One curve's calls in one run: the times asked for and the values given, call by call. */
class Tape {
  readonly times = new Doubles();
  readonly values = new Doubles();
  /** per call: where its times start (the next call's start ends it) */
  starts: number[] = [];
  /** recording ended (a later run began, or the set ran out of room) */
  sealed = false;

  constructor(
    readonly spec: Curve,
    /** the live curve's node count: a replayed sample weighs on the work meter as a live one */
    readonly nodes: number,
  ) {}
}

/**
 * The tapes of one world (one search): `forRun()` gives each run its compiler. The first run
 * records; every later run replays. Runs are sequential (a run is synchronous), so a new run
 * seals whatever the previous one recorded.
 */
export class CurveTapes {
  private readonly tapes: Tape[] = [];
  private readonly pieceTape = new PieceTape();
  private samples = 0;
  /** calls answered from a tape, and by a live curve (for tests and the bench) */
  readonly counts = { replayed: 0, live: 0 };

  /** the traffic integral's stretches taken from the piece tape, and cut live after the first run */
  get pieceCounts(): { replayed: number; live: number } {
    return this.pieceTape.counts;
  }

  constructor(private readonly maxSamples = MAX_TAPE_SAMPLES) {}

  /** Samples (and pieces' numbers) the set keeps so far: what a shelf of sets weighs. */
  get used(): number {
    return this.samples;
  }

  forRun(): CurveCompiler {
    for (const t of this.tapes) t.sealed = true;
    let next = 0;
    return {
      pieces: this.pieceTape.forRun((n) => this.room(n)),
      compile: (spec) => {
        const index = next++;
        const tape = this.tapes[index];
        if (!tape) {
          if (index !== this.tapes.length) return compileCurve(spec);
          const live = compileCurve(spec);
          const fresh = new Tape(spec, live.nodes);
          this.tapes.push(fresh);
          return this.recorder(fresh, live);
        }
        // Another world, or curves compiled in another order: no tape applies. (A text parsed
        // again gives equal specs, not the same objects: the run set's shelf relies on it.)
        if (!sameSpec(tape.spec, spec)) return compileCurve(spec);
        return this.player(tape);
      },
    };
  }

  private room(n: number): boolean {
    if (this.samples + n > this.maxSamples) return false;
    this.samples += n;
    return true;
  }

  private recorder(tape: Tape, live: CompiledCurve): CompiledCurve {
    const record = (times: ArrayLike<number>, values: ArrayLike<number>, n: number) => {
      if (tape.sealed) return;
      if (!this.room(n)) {
        tape.sealed = true;
        return;
      }
      const at = tape.times.length;
      tape.starts.push(at);
      tape.times.reserve(n);
      tape.values.reserve(n);
      const t = tape.times.data;
      const v = tape.values.data;
      for (let i = 0; i < n; i++) {
        t[at + i] = times[i]!;
        v[at + i] = values[i]!;
      }
      tape.times.length = tape.values.length = at + n;
    };
    const one = new Float64Array(1);
    const oneValue = new Float64Array(1);
    return {
      nodes: live.nodes,
      valueAt(t) {
        const v = live.valueAt(t);
        one[0] = t;
        oneValue[0] = v;
        record(one, oneValue, 1);
        return v;
      },
      sampleInto(times, out, n) {
        live.sampleInto(times, out, n);
        record(times, out, n);
      },
      // Not used by a run's loop; answered live and not recorded.
      sample: (start, step, count) => live.sample(start, step, count),
      sampleAt: (times) => live.sampleAt(times),
    };
  }

  private player(tape: Tape): CompiledCurve {
    let call = 0;
    let live: CompiledCurve | null = null;
    const counts = this.counts;
    const goLive = () => (live ??= compileCurve(tape.spec));
    /** Where call `call`'s values start when it asked for exactly these times, else -1. */
    const match = (times: ArrayLike<number>, n: number): number => {
      if (live || call >= tape.starts.length) return -1;
      const from = tape.starts[call]!;
      const to = call + 1 < tape.starts.length ? tape.starts[call + 1]! : tape.times.length;
      if (to - from !== n) return -1;
      const recorded = tape.times.data;
      for (let i = 0; i < n; i++) if (recorded[from + i] !== times[i]) return -1;
      call++;
      return from;
    };
    const one = new Float64Array(1);
    return {
      nodes: tape.nodes,
      valueAt(t) {
        one[0] = t;
        const at = match(one, 1);
        if (at >= 0) {
          counts.replayed++;
          return tape.values.data[at]!;
        }
        counts.live++;
        return goLive().valueAt(t);
      },
      sampleInto(times, out, n) {
        const at = match(times, n);
        if (at >= 0) {
          counts.replayed++;
          // a loop, not set(subarray): most calls are a few values, and a view is an allocation
          const data = tape.values.data;
          for (let i = 0; i < n; i++) out[i] = data[at + i]!;
          return;
        }
        counts.live++;
        goLive().sampleInto(times, out, n);
      },
      sample: (start, step, count) => goLive().sample(start, step, count),
      sampleAt: (times) => goLive().sampleAt(times),
    };
  }
}

/**
 * What `PieceTape` records of one `add` call (../overload.ts DemandIntegral): the stretch
 * [from, to) and share it asked for, and the straight pieces it cut, each the line from y0 to y1
 * over h seconds.
 */
export interface PieceCall {
  from: number;
  to: number;
  share: number;
  n: number;
  x0: Float64Array;
  y0: Float64Array;
  y1: Float64Array;
  h: Float64Array;
}

/** One run's side of a PieceTape: replays while its calls match, records in the first run. */
export interface PieceReplay {
  /**
   * The recorded pieces of this run's next call when it asks for exactly [from, to) at `share`
   * (`===` on all three): the index of its first piece, its count in `count`; -1 when it differs,
   * or past the recording (the run cuts its pieces live from then on).
   */
  match(from: number, to: number, share: number): number;
  /** the count of the pieces `match` found */
  readonly count: number;
  /** the recorded pieces (read from `match`'s index for `count`) */
  readonly x0: Float64Array;
  readonly y0: Float64Array;
  readonly y1: Float64Array;
  readonly h: Float64Array;
  /** Records a call cut live (only the first run records; later calls are ignored). */
  record(call: PieceCall): void;
}

/**
 * The traffic integral's pieces, call by call, shared by the runs of one world (a search). The
 * pieces of a stretch depend on the traffic curve, the stretch and the share alone, never on the
 * capacity (overload.ts halves a piece on its values), and a search's candidates integrate the
 * same stretches (the scrape grid does not depend on the HPA): the first run records each call's
 * pieces, and a later run takes them back instead of sampling and judging the curve again. Bit
 * for bit the same by construction, as the curve tapes: a call is replayed only when it asks for
 * exactly the stretch and share recorded, and the first that differs is cut live from then on.
 */
export class PieceTape {
  private readonly from = new Doubles();
  private readonly to = new Doubles();
  private readonly share = new Doubles();
  /** per call: where its pieces start (the next call's start ends it) */
  private readonly starts: number[] = [];
  private readonly x0 = new Doubles();
  private readonly y0 = new Doubles();
  private readonly y1 = new Doubles();
  private readonly h = new Doubles();
  private runs = 0;
  private sealed = false;
  /** stretches replayed, and cut live in a run after the first */
  readonly counts = { replayed: 0, live: 0 };

  /** `room(n)`: whether the set's budget takes n more numbers (else recording stops). */
  forRun(room: (n: number) => boolean): PieceReplay {
    const first = this.runs++ === 0;
    if (!first) this.sealed = true;
    return new PieceRun(this, first, room);
  }

  /** Call k's pieces [start, end) when it asked for exactly [from, to) at share, else -1. */
  find(k: number, from: number, to: number, share: number): number {
    if (k >= this.starts.length) return -1;
    const f = this.from.data;
    if (f[k] !== from || this.to.data[k] !== to || this.share.data[k] !== share) return -1;
    return this.starts[k]!;
  }

  /** Where call k's pieces end. */
  end(k: number): number {
    return k + 1 < this.starts.length ? this.starts[k + 1]! : this.h.length;
  }

  get pieces(): { x0: Float64Array; y0: Float64Array; y1: Float64Array; h: Float64Array } {
    return { x0: this.x0.data, y0: this.y0.data, y1: this.y1.data, h: this.h.data };
  }

  /** Appends one call (the first run only, while the set has room). */
  record(c: PieceCall, room: (n: number) => boolean): void {
    if (this.sealed) return;
    if (!room(3 + 4 * c.n)) {
      this.sealed = true;
      return;
    }
    this.starts.push(this.h.length);
    push(this.from, c.from);
    push(this.to, c.to);
    push(this.share, c.share);
    append(this.x0, c.x0, c.n);
    append(this.y0, c.y0, c.n);
    append(this.y1, c.y1, c.n);
    append(this.h, c.h, c.n);
  }
}

/** One run's side of a PieceTape. */
class PieceRun implements PieceReplay {
  count = 0;
  x0: Float64Array;
  y0: Float64Array;
  y1: Float64Array;
  h: Float64Array;
  private call = 0;
  private live = false;

  constructor(
    private readonly tape: PieceTape,
    private readonly first: boolean,
    private readonly room: (n: number) => boolean,
  ) {
    const p = tape.pieces;
    this.x0 = p.x0;
    this.y0 = p.y0;
    this.y1 = p.y1;
    this.h = p.h;
  }

  match(from: number, to: number, share: number): number {
    if (this.first) return -1;
    const counts = this.tape.counts;
    const k = this.call;
    const start = this.live ? -1 : this.tape.find(k, from, to, share);
    if (start < 0) {
      this.live = true;
      counts.live++;
      return -1;
    }
    counts.replayed++;
    this.call = k + 1;
    this.count = this.tape.end(k) - start;
    return start;
  }

  record(c: PieceCall): void {
    if (this.first) this.tape.record(c, this.room);
  }
}

/** Appends xs[0, n) to d (one reserve, then a plain loop: a call logs a few pieces). */
function append(d: Doubles, xs: Float64Array, n: number): void {
  d.reserve(n);
  const data = d.data;
  const at = d.length;
  for (let i = 0; i < n; i++) data[at + i] = xs[i]!;
  d.length = at + n;
}

function push(d: Doubles, x: number): void {
  d.reserve(1);
  d.data[d.length++] = x;
}
