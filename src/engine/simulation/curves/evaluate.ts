/**
 * One-call evaluation. Compiled forms are cached per spec object (specs are treated as
 * immutable: build a new object to change a curve), so repeated calls skip validation.
 */
import type { Curve, CurveEvalOptions } from './types.ts';
import { compileCurve, type CompiledCurve } from './compile.ts';

const cache = new WeakMap<object, { clamped?: CompiledCurve; raw?: CompiledCurve }>();

function compiled(curve: Curve, options: CurveEvalOptions): CompiledCurve {
  // Not an object: cannot be a cache key, and compileCurve will reject it with a CurveError.
  if (typeof curve !== 'object' || curve === null) return compileCurve(curve, options);
  let entry = cache.get(curve);
  if (!entry) {
    entry = {};
    cache.set(curve, entry);
  }
  if (options.allowNegative === true) {
    entry.raw ??= compileCurve(curve, { allowNegative: true });
    return entry.raw;
  }
  entry.clamped ??= compileCurve(curve);
  return entry.clamped;
}

/**
 * The value of `curve` at `t` seconds from scenario start; ≥ 0 unless `allowNegative`.
 * Throws CurveError for an invalid spec and RangeError for a non-finite or absurd `t`.
 */
export function evaluateCurve(curve: Curve, t: number, options: CurveEvalOptions = {}): number {
  return compiled(curve, options).valueAt(t);
}

/**
 * `count` values at `startSeconds + i · stepSeconds`, each bit-identical to evaluateCurve at that
 * time. No allocation per sample. Throws like evaluateCurve, and RangeError for a bad step/count.
 */
export function sampleCurve(
  curve: Curve,
  startSeconds: number,
  stepSeconds: number,
  count: number,
  options: CurveEvalOptions = {},
): Float64Array {
  return compiled(curve, options).sample(startSeconds, stepSeconds, count);
}
