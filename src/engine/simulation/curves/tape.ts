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
import type { Curve } from './types.ts';

/** How a run's World turns a curve spec into something to evaluate. */
export interface CurveCompiler {
  compile(curve: Curve): CompiledCurve;
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
  private samples = 0;
  /** calls answered from a tape, and by a live curve (for tests and the bench) */
  readonly counts = { replayed: 0, live: 0 };

  constructor(private readonly maxSamples = MAX_TAPE_SAMPLES) {}

  forRun(): CurveCompiler {
    for (const t of this.tapes) t.sealed = true;
    let next = 0;
    return {
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
        // Another world, or curves compiled in another order: no tape applies.
        if (tape.spec !== spec) return compileCurve(spec);
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
      tape.starts.push(tape.times.length);
      tape.times.reserve(n);
      tape.values.reserve(n);
      for (let i = 0; i < n; i++) {
        tape.times.data[tape.times.length++] = times[i]!;
        tape.values.data[tape.values.length++] = values[i]!;
      }
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
