/**
 * The curve grammar: a plain, JSON-able description of a value over simulated time.
 *
 * Times are seconds from scenario start. Values are plain non-negative numbers; the metric that
 * uses a curve decides their unit and whether the value is a total demand (split over the pods
 * that serve) or a per-pod level (memory-like, does not fall as replicas rise).
 *
 * Every list of points must be in time order (equal times are allowed: the later point wins,
 * which makes a vertical jump in a ramp).
 */

/** One knot of a steps, ramp or series curve. */
export interface CurvePoint {
  /** Seconds from scenario start. */
  at: number;
  value: number;
}

/** The same value at all times. */
export interface ConstantCurve {
  type: 'constant';
  value: number;
}

/** Each value holds from its `at` until the next step; before the first step, the first value. */
export interface StepsCurve {
  type: 'steps';
  steps: CurvePoint[];
}

/** Piecewise linear between points; holds the first/last value outside them. */
export interface RampCurve {
  type: 'ramp';
  points: CurvePoint[];
}

/**
 * `base + amplitude · cos(2π (t − peakAtSeconds) / periodSeconds)`: a diurnal wave.
 * Without `peakAtSeconds` the wave starts at `base` and rises (a plain sine).
 */
export interface SineCurve {
  type: 'sine';
  base: number;
  amplitude: number;
  periodSeconds: number;
  peakAtSeconds?: number;
}

/** A rectangular burst above the base level. Give exactly one of `value` and `height`. */
export interface Spike {
  at: number;
  durationSeconds: number;
  /** The level during the spike. */
  value?: number;
  /** How far above `base` the spike goes. */
  height?: number;
}

/** `base`, except during spikes (in time order, not overlapping; compose with `sum` to stack). */
export interface SpikesCurve {
  type: 'spikes';
  base: number;
  spikes: Spike[];
}

/**
 * Seeded noise on top of another curve. The noise is a pure function of (seed, time bucket), so
 * evaluating times in any order gives the same values. Each `intervalSeconds` bucket draws a
 * uniform number u in [-1, 1); `relative` gives `v · (1 + amplitude · u)`, `absolute` gives
 * `v + amplitude · u`. With `interpolation: 'linear'` the noise moves linearly between buckets.
 */
export interface NoiseCurve {
  type: 'noise';
  of: Curve;
  /** An integer in [0, 2³²). */
  seed: number;
  amplitude: number;
  /** Default `relative` (amplitude is a fraction: 0.1 = ±10 %). */
  mode?: 'relative' | 'absolute';
  /** Default 15 (the HPA sync period). */
  intervalSeconds?: number;
  /** Default `step` (the noise holds within a bucket). */
  interpolation?: 'step' | 'linear';
}

/**
 * Imported data (CSV, Prometheus); holds the first/last value outside the data. Either `points`,
 * or the compact form: `values` (numbers separated by spaces or line breaks) at
 * `startSeconds + i · stepSeconds`.
 */
export interface SeriesCurve {
  type: 'series';
  points?: CurvePoint[];
  /** Compact form: the time of the first value (default 0). */
  startSeconds?: number;
  /** Compact form: the seconds between values (> 0). */
  stepSeconds?: number;
  /** Compact form: the values, e.g. `"12.5 13 14.25"`; a YAML folded block keeps it readable. */
  values?: string;
  /** Default `linear`. */
  interpolation?: 'step' | 'linear';
}

/** The sum of several curves (e.g. a diurnal wave plus spikes). */
export interface SumCurve {
  type: 'sum';
  of: Curve[];
}

/** Another curve times a non-negative factor. */
export interface ScaleCurve {
  type: 'scale';
  factor: number;
  of: Curve;
}

/** Another curve limited to [min, max] (either bound optional). */
export interface ClampCurve {
  type: 'clamp';
  of: Curve;
  min?: number;
  max?: number;
}

/** Another curve moved later in time by `bySeconds` (negative: earlier, to skip a prefix). */
export interface ShiftCurve {
  type: 'shift';
  bySeconds: number;
  of: Curve;
}

/** Another curve's first `periodSeconds`, repeated forever (e.g. one imported day, every day). */
export interface RepeatCurve {
  type: 'repeat';
  periodSeconds: number;
  of: Curve;
}

export type Curve =
  | ConstantCurve
  | StepsCurve
  | RampCurve
  | SineCurve
  | SpikesCurve
  | NoiseCurve
  | SeriesCurve
  | SumCurve
  | ScaleCurve
  | ClampCurve
  | ShiftCurve
  | RepeatCurve;

export type CurveType = Curve['type'];

/** A located problem in a curve spec. `path` is like `load.cpu.steps[2].at`. */
export interface CurveDiagnostic {
  path: string;
  message: string;
}

/** Options for evaluating and sampling. */
export interface CurveEvalOptions {
  /**
   * Curves are demand, so results below zero (a sine trough, absolute noise) are clamped to 0.
   * Set true to get the raw value instead.
   */
  allowNegative?: boolean;
}
