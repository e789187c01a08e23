/**
 * compileCurve: a validated curve turned into evaluation nodes (typed arrays, precomputed
 * breakpoints) behind a small API for pointwise evaluation and fast sampling.
 */
import type {
  Curve,
  CurveDiagnostic,
  CurveEvalOptions,
  CurvePoint,
  SeriesCurve,
  SpikesCurve,
} from './types.ts';
import { decodeSeriesValues } from './seriesValues.ts';
import { CHUNK, type CurveNode } from './node.ts';
import { RampNode, StepsNode } from './piecewise.ts';
import {
  ClampNode,
  ConstantNode,
  NoiseNode,
  RepeatNode,
  ScaleNode,
  ShiftNode,
  SineNode,
  SumNode,
} from './nodes.ts';
import { validateCurve } from './validate.ts';
import { MAX_EVAL_TIME_SECONDS, MAX_POINTS, MAX_SAMPLES } from './limits.ts';

/** Thrown by compileCurve/evaluateCurve/sampleCurve for a spec that does not validate. */
export class CurveError extends Error {
  constructor(readonly diagnostics: CurveDiagnostic[]) {
    const first = diagnostics[0];
    const where = first && first.path !== '' ? `${first.path}: ` : '';
    super(`invalid curve: ${where}${first?.message ?? 'unknown problem'}`);
    this.name = 'CurveError';
  }
}

/** A curve ready to evaluate. Not reentrant (it keeps lookup hints), which JS never needs. */
export interface CompiledCurve {
  /** Nodes of the curve's tree: what one sample costs, about (the work meter weighs by it). */
  readonly nodes: number;
  /** The value at `t` seconds (finite, |t| ≤ 1e12). */
  valueAt(t: number): number;
  /** Values at `startSeconds + i · stepSeconds` for i < count; equals valueAt bit for bit. */
  sample(startSeconds: number, stepSeconds: number, count: number): Float64Array;
  /** Values at each of `times` (any order). */
  sampleAt(times: ArrayLike<number>): Float64Array;
  /**
   * The values at `times[i]` into `out[i]` for i < n (n ≤ CURVE_CHUNK), allocating nothing: for
   * loops that sample a few points over and over. Equals valueAt bit for bit.
   */
  sampleInto(times: Float64Array, out: Float64Array, n: number): void;
}

/** Most points one sampleInto call takes. */
export const CURVE_CHUNK = CHUNK;

function checkTime(t: number, name: string): void {
  if (!(Math.abs(t) <= MAX_EVAL_TIME_SECONDS)) {
    throw new RangeError(`${name} must be a finite time within ±1e12 s, got ${t}`);
  }
}

function buildPoints(points: CurvePoint[], linear: boolean): CurveNode {
  const times = new Float64Array(points.length);
  const values = new Float64Array(points.length);
  points.forEach((p, i) => {
    times[i] = p.at;
    values[i] = p.value;
  });
  return linear ? new RampNode(times, values) : new StepsNode(times, values);
}

/** Evenly spaced values: the times are start + i · step, computed as the validator checked them. */
function buildCompactSeries(curve: SeriesCurve): CurveNode {
  const decoded = decodeSeriesValues(curve.values ?? '', MAX_POINTS);
  if (!decoded.ok) throw new CurveError([{ path: 'values', message: decoded.message }]);
  const values = decoded.values;
  const start = curve.startSeconds ?? 0;
  const step = curve.stepSeconds ?? 1;
  const times = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) times[i] = start + i * step;
  return curve.interpolation === 'step'
    ? new StepsNode(times, values)
    : new RampNode(times, values);
}

/** Spikes become steps: the base from −∞, then each spike's level and the base again. */
function buildSpikes(curve: SpikesCurve): CurveNode {
  const n = curve.spikes.length * 2 + 1;
  const times = new Float64Array(n);
  const values = new Float64Array(n);
  times[0] = -Infinity;
  values[0] = curve.base;
  curve.spikes.forEach((spike, i) => {
    times[2 * i + 1] = spike.at;
    values[2 * i + 1] = spike.value ?? curve.base + (spike.height ?? 0);
    times[2 * i + 2] = spike.at + spike.durationSeconds;
    values[2 * i + 2] = curve.base;
  });
  return new StepsNode(times, values);
}

function build(curve: Curve): CurveNode {
  switch (curve.type) {
    case 'constant':
      return new ConstantNode(curve.value);
    case 'steps':
      return buildPoints(curve.steps, false);
    case 'ramp':
      return buildPoints(curve.points, true);
    case 'series':
      return curve.values === undefined
        ? buildPoints(curve.points ?? [], curve.interpolation !== 'step')
        : buildCompactSeries(curve);
    case 'sine':
      return new SineNode(
        curve.base,
        curve.amplitude,
        curve.periodSeconds,
        curve.peakAtSeconds ?? curve.periodSeconds / 4,
      );
    case 'spikes':
      return buildSpikes(curve);
    case 'noise':
      return new NoiseNode(
        build(curve.of),
        curve.seed,
        curve.amplitude,
        curve.mode !== 'absolute',
        curve.intervalSeconds ?? 15,
        curve.interpolation === 'linear',
      );
    case 'sum':
      return new SumNode(curve.of.map(build));
    case 'scale':
      return new ScaleNode(build(curve.of), curve.factor);
    case 'clamp':
      return new ClampNode(build(curve.of), curve.min ?? -Infinity, curve.max ?? Infinity);
    case 'shift':
      return new ShiftNode(build(curve.of), curve.bySeconds);
    case 'repeat':
      return new RepeatNode(build(curve.of), curve.periodSeconds);
  }
}

/** Nodes of a validated curve's tree, as `build` makes them. */
function nodesOf(curve: Curve): number {
  switch (curve.type) {
    case 'noise':
    case 'scale':
    case 'clamp':
    case 'shift':
    case 'repeat':
      return 1 + nodesOf(curve.of);
    case 'sum':
      return curve.of.reduce((n, c) => n + nodesOf(c), 1);
    default:
      return 1;
  }
}

class Compiled implements CompiledCurve {
  private readonly times = new Float64Array(CHUNK);
  constructor(
    private readonly root: CurveNode,
    private readonly allowNegative: boolean,
    readonly nodes: number,
  ) {}

  private finish(v: number): number {
    return this.allowNegative || v > 0 ? v : 0;
  }

  valueAt(t: number): number {
    checkTime(t, 't');
    return this.finish(this.root.at(t));
  }

  /** Runs the root over `out` in chunks; `timeOf(i)` gives sample i's time. */
  private run(out: Float64Array, timeOf: (i: number) => number): Float64Array {
    const times = this.times;
    for (let offset = 0; offset < out.length; offset += CHUNK) {
      const n = Math.min(CHUNK, out.length - offset);
      for (let j = 0; j < n; j++) {
        const t = timeOf(offset + j);
        checkTime(t, 'sample time');
        times[j] = t;
      }
      const view = out.subarray(offset, offset + n);
      this.root.fill(times, view, n);
      for (let j = 0; j < n; j++) view[j] = this.finish(view[j] as number);
    }
    return out;
  }

  sample(startSeconds: number, stepSeconds: number, count: number): Float64Array {
    if (!Number.isInteger(count) || count < 0 || count > MAX_SAMPLES) {
      throw new RangeError(`count must be an integer in [0, ${MAX_SAMPLES}], got ${count}`);
    }
    if (!Number.isFinite(stepSeconds) || stepSeconds <= 0) {
      throw new RangeError(`stepSeconds must be a positive finite number, got ${stepSeconds}`);
    }
    checkTime(startSeconds, 'startSeconds');
    return this.run(new Float64Array(count), (i) => startSeconds + i * stepSeconds);
  }

  sampleInto(times: Float64Array, out: Float64Array, n: number): void {
    if (!(n >= 0 && n <= CHUNK)) throw new RangeError(`at most ${CHUNK} times per call, got ${n}`);
    for (let j = 0; j < n; j++)
      if (!(Math.abs(times[j]!) <= MAX_EVAL_TIME_SECONDS)) checkTime(times[j]!, 'sample time');
    this.root.fill(times, out, n);
    if (this.allowNegative) return;
    // finish(), written out: a negative total reads as 0
    for (let j = 0; j < n; j++) if (!(out[j]! > 0)) out[j] = 0;
  }

  sampleAt(times: ArrayLike<number>): Float64Array {
    if (times.length > MAX_SAMPLES) {
      throw new RangeError(`at most ${MAX_SAMPLES} times per call, got ${times.length}`);
    }
    return this.run(new Float64Array(times.length), (i) => times[i] as number);
  }
}

/** Validates and compiles; throws CurveError (with every diagnostic) if `curve` is invalid. */
export function compileCurve(curve: Curve, options: CurveEvalOptions = {}): CompiledCurve {
  const diagnostics = validateCurve(curve);
  if (diagnostics.length > 0) throw new CurveError(diagnostics);
  return new Compiled(build(curve), options.allowNegative === true, nodesOf(curve));
}
