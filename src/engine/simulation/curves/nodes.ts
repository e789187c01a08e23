/** Compiled nodes for the non-piecewise curve kinds. Each `fill` repeats its `at` formula. */
import { CHUNK, type CurveNode } from './node.ts';
import { cosTurns } from './trig.ts';
import { noiseUnit } from './noiseHash.ts';

export class ConstantNode implements CurveNode {
  constructor(private readonly value: number) {}
  at(): number {
    return this.value;
  }
  fill(_times: Float64Array, out: Float64Array, n: number): void {
    out.fill(this.value, 0, n);
  }
}

export class SineNode implements CurveNode {
  constructor(
    private readonly base: number,
    private readonly amplitude: number,
    private readonly periodSeconds: number,
    private readonly peakAtSeconds: number,
  ) {}
  at(t: number): number {
    return this.base + this.amplitude * cosTurns((t - this.peakAtSeconds) / this.periodSeconds);
  }
  fill(times: Float64Array, out: Float64Array, n: number): void {
    const { base, amplitude, peakAtSeconds, periodSeconds } = this;
    for (let j = 0; j < n; j++)
      out[j] = base + amplitude * cosTurns(((times[j] as number) - peakAtSeconds) / periodSeconds);
  }
}

export class NoiseNode implements CurveNode {
  private cachedIndex = NaN;
  private cachedUnit = 0;
  constructor(
    private readonly of: CurveNode,
    private readonly seed: number,
    private readonly amplitude: number,
    private readonly relative: boolean,
    private readonly intervalSeconds: number,
    private readonly linear: boolean,
  ) {}

  /** noiseUnit with a one-entry cache (pure, so caching cannot change results). */
  private unit(index: number): number {
    if (index !== this.cachedIndex) {
      this.cachedIndex = index;
      this.cachedUnit = noiseUnit(this.seed, index);
    }
    return this.cachedUnit;
  }

  private apply(value: number, t: number): number {
    const q = t / this.intervalSeconds;
    const index = Math.floor(q);
    let u = this.unit(index);
    if (this.linear) {
      const next = noiseUnit(this.seed, index + 1);
      u = u + (next - u) * (q - index);
    }
    const a = this.amplitude * u;
    return this.relative ? value * (1 + a) : value + a;
  }

  at(t: number): number {
    return this.apply(this.of.at(t), t);
  }
  /** apply over the batch, written out (same operations, same one-entry cache). */
  fill(times: Float64Array, out: Float64Array, n: number): void {
    this.of.fill(times, out, n);
    const { seed, amplitude, relative, intervalSeconds, linear } = this;
    let cachedIndex = this.cachedIndex;
    let cachedUnit = this.cachedUnit;
    for (let j = 0; j < n; j++) {
      const q = (times[j] as number) / intervalSeconds;
      const index = Math.floor(q);
      if (index !== cachedIndex) {
        cachedIndex = index;
        cachedUnit = noiseUnit(seed, index);
        // kept here, not after the loop: a first call long enough to be compiled mid-loop (OSR)
        // met a store it had never run, and that compiled loop was entered and thrown out again
        // at every later call (Chromium: ≈ 500 deopts in a worker's first run)
        this.cachedIndex = cachedIndex;
        this.cachedUnit = cachedUnit;
      }
      let u = cachedUnit;
      if (linear) {
        const next = noiseUnit(seed, index + 1);
        u = u + (next - u) * (q - index);
      }
      const a = amplitude * u;
      const v = out[j] as number;
      out[j] = relative ? v * (1 + a) : v + a;
    }
  }
}

export class SumNode implements CurveNode {
  private readonly scratch = new Float64Array(CHUNK);
  constructor(private readonly of: CurveNode[]) {}
  at(t: number): number {
    let sum = 0;
    for (const child of this.of) sum += child.at(t);
    return sum;
  }
  /**
   * `at`'s sum 0 + c₀ + c₁ + … in the same order, with the first child written straight into
   * `out` (one pass fewer than zeroing it first; `0 +` kept: it turns a −0 into +0 as `at` does).
   */
  fill(times: Float64Array, out: Float64Array, n: number): void {
    const of = this.of;
    if (of.length === 0) {
      out.fill(0, 0, n);
      return;
    }
    of[0]!.fill(times, out, n);
    if (of.length === 1) {
      for (let j = 0; j < n; j++) out[j] = 0 + (out[j] as number);
      return;
    }
    const scratch = this.scratch;
    of[1]!.fill(times, scratch, n);
    for (let j = 0; j < n; j++) out[j] = 0 + (out[j] as number) + (scratch[j] as number);
    for (let c = 2; c < of.length; c++) {
      of[c]!.fill(times, scratch, n);
      for (let j = 0; j < n; j++) out[j] = (out[j] as number) + (scratch[j] as number);
    }
  }
}

export class ScaleNode implements CurveNode {
  constructor(
    private readonly of: CurveNode,
    private readonly factor: number,
  ) {}
  at(t: number): number {
    return this.of.at(t) * this.factor;
  }
  fill(times: Float64Array, out: Float64Array, n: number): void {
    this.of.fill(times, out, n);
    for (let j = 0; j < n; j++) out[j] = (out[j] as number) * this.factor;
  }
}

export class ClampNode implements CurveNode {
  constructor(
    private readonly of: CurveNode,
    private readonly min: number,
    private readonly max: number,
  ) {}
  private clamp(v: number): number {
    return v < this.min ? this.min : v > this.max ? this.max : v;
  }
  at(t: number): number {
    return this.clamp(this.of.at(t));
  }
  fill(times: Float64Array, out: Float64Array, n: number): void {
    this.of.fill(times, out, n);
    for (let j = 0; j < n; j++) out[j] = this.clamp(out[j] as number);
  }
}

/** Evaluates its child at transformed times (shift, repeat). */
abstract class TimeMapNode implements CurveNode {
  private readonly mapped = new Float64Array(CHUNK);
  constructor(protected readonly of: CurveNode) {}
  protected abstract map(t: number): number;
  at(t: number): number {
    return this.of.at(this.map(t));
  }
  fill(times: Float64Array, out: Float64Array, n: number): void {
    const mapped = this.mapped;
    for (let j = 0; j < n; j++) mapped[j] = this.map(times[j] as number);
    this.of.fill(mapped, out, n);
  }
}

export class ShiftNode extends TimeMapNode {
  constructor(
    of: CurveNode,
    private readonly bySeconds: number,
  ) {
    super(of);
  }
  protected override map(t: number): number {
    return t - this.bySeconds;
  }
}

export class RepeatNode extends TimeMapNode {
  constructor(
    of: CurveNode,
    private readonly periodSeconds: number,
  ) {
    super(of);
  }
  protected override map(t: number): number {
    const p = this.periodSeconds;
    const r = t - Math.floor(t / p) * p;
    // The quotient may round up across an integer, leaving r a hair below 0 when the true
    // remainder is a hair below p. (r may also round to p itself: the period's end value.)
    return r < 0 ? r + p : r;
  }
}
