/**
 * validateCurve: located diagnostics for a curve spec of unknown shape (parsed YAML/JSON).
 * Never throws, and runs in time bounded by the limits in limits.ts whatever the input
 * (huge lists, deep nesting, YAML alias bombs, getters that throw).
 */
import type { Curve, CurveDiagnostic, CurveType } from './types.ts';
import {
  MAX_DEPTH,
  MAX_NODES,
  MAX_POINTS,
  MAX_RELATIVE_NOISE,
  MAX_SCALE_FACTOR,
  MAX_TIME_SECONDS,
  MAX_TOTAL_POINTS,
  MAX_VALUE,
  MIN_PERIOD_SECONDS,
} from './limits.ts';
import {
  checkKeys,
  describeValue,
  enumField,
  fieldPath,
  indexPath,
  isRecord,
  newContext,
  numberField,
  report,
  type NumberRule,
  type ValidationContext,
} from './validateFields.ts';
import { countSeriesValues, decodeSeriesValues } from './seriesValues.ts';

const FIELDS: Record<CurveType, readonly string[]> = {
  constant: ['type', 'value'],
  steps: ['type', 'steps'],
  ramp: ['type', 'points'],
  sine: ['type', 'base', 'amplitude', 'periodSeconds', 'peakAtSeconds'],
  spikes: ['type', 'base', 'spikes'],
  noise: ['type', 'of', 'seed', 'amplitude', 'mode', 'intervalSeconds', 'interpolation'],
  series: ['type', 'points', 'startSeconds', 'stepSeconds', 'values', 'interpolation'],
  sum: ['type', 'of'],
  scale: ['type', 'factor', 'of'],
  clamp: ['type', 'of', 'min', 'max'],
  shift: ['type', 'bySeconds', 'of'],
  repeat: ['type', 'periodSeconds', 'of'],
};
const TYPES = Object.keys(FIELDS) as CurveType[];

const VALUE: NumberRule = { min: 0, max: MAX_VALUE };
const TIME: NumberRule = { min: 0, max: MAX_TIME_SECONDS, maxReason: 'about 10 years' };
// Periods divide time; the floor keeps t / period finite for every time sampleCurve accepts.
const PERIOD: NumberRule = { min: MIN_PERIOD_SECONDS, max: MAX_TIME_SECONDS };
const DURATION: NumberRule = { min: 0, exclusiveMin: true, max: MAX_TIME_SECONDS };
const SIGNED_TIME: NumberRule = { min: -MAX_TIME_SECONDS, max: MAX_TIME_SECONDS };

/** Located problems in `json` as a curve; empty when it is a valid Curve. `path` prefixes paths. */
export function validateCurve(json: unknown, path = ''): CurveDiagnostic[] {
  const ctx = newContext();
  validateNode(ctx, json, path, 1);
  return ctx.diagnostics;
}

/** Validates and narrows: the input itself when valid, else its diagnostics. */
export function parseCurve(
  json: unknown,
  path = '',
): { ok: true; curve: Curve } | { ok: false; diagnostics: CurveDiagnostic[] } {
  const diagnostics = validateCurve(json, path);
  return diagnostics.length === 0 ? { ok: true, curve: json as Curve } : { ok: false, diagnostics };
}

function validateNode(ctx: ValidationContext, json: unknown, path: string, depth: number): void {
  if (ctx.full) return;
  if (depth > MAX_DEPTH) {
    report(ctx, path, `curves nest deeper than ${MAX_DEPTH} levels (the limit)`);
    return;
  }
  ctx.nodes += 1;
  if (ctx.nodes === MAX_NODES + 1) {
    report(ctx, path, `more than ${MAX_NODES} curve nodes (the limit)`);
  }
  if (ctx.nodes > MAX_NODES) return;
  try {
    validateObject(ctx, json, path, depth);
  } catch (error) {
    report(ctx, path, `could not be read: ${error instanceof Error ? error.message : 'unknown'}`);
  }
}

function validateObject(ctx: ValidationContext, json: unknown, path: string, depth: number): void {
  if (!isRecord(json)) {
    report(ctx, path, `expected a curve object with a 'type', got ${describeValue(json)}`);
    return;
  }
  const type = json.type;
  if (typeof type !== 'string' || !(TYPES as string[]).includes(type)) {
    const got = type === undefined ? 'nothing' : describeValue(type);
    const choices = TYPES.map((t) => `'${t}'`).join(', ');
    report(ctx, fieldPath(path, 'type'), `expected a curve type (${choices}), got ${got}`);
    return;
  }
  const curveType = type as CurveType;
  checkKeys(ctx, json, FIELDS[curveType], path, `a ${curveType} curve`);
  const child = (key: string) => validateNode(ctx, json[key], fieldPath(path, key), depth + 1);
  switch (curveType) {
    case 'constant':
      numberField(ctx, json, 'value', path, VALUE);
      return;
    case 'steps':
      validatePoints(ctx, json.steps, fieldPath(path, 'steps'));
      return;
    case 'ramp':
      validatePoints(ctx, json.points, fieldPath(path, 'points'));
      return;
    case 'series':
      validateSeries(ctx, json, path);
      enumField(ctx, json, 'interpolation', path, ['step', 'linear']);
      return;
    case 'sine':
      numberField(ctx, json, 'base', path, VALUE);
      numberField(ctx, json, 'amplitude', path, VALUE);
      numberField(ctx, json, 'periodSeconds', path, PERIOD);
      numberField(ctx, json, 'peakAtSeconds', path, { ...SIGNED_TIME, optional: true });
      return;
    case 'spikes':
      numberField(ctx, json, 'base', path, VALUE);
      validateSpikes(ctx, json.spikes, fieldPath(path, 'spikes'));
      return;
    case 'noise':
      validateNoise(ctx, json, path);
      child('of');
      return;
    case 'sum':
      validateSum(ctx, json.of, fieldPath(path, 'of'), depth);
      return;
    case 'scale':
      numberField(ctx, json, 'factor', path, { min: 0, max: MAX_SCALE_FACTOR });
      child('of');
      return;
    case 'clamp': {
      const min = numberField(ctx, json, 'min', path, { ...VALUE, optional: true });
      const max = numberField(ctx, json, 'max', path, { ...VALUE, optional: true });
      if (min !== undefined && max !== undefined && min > max) {
        report(ctx, fieldPath(path, 'max'), `must be ≥ min (${min}), got ${max}`);
      }
      child('of');
      return;
    }
    case 'shift':
      numberField(ctx, json, 'bySeconds', path, SIGNED_TIME);
      child('of');
      return;
    case 'repeat':
      numberField(ctx, json, 'periodSeconds', path, PERIOD);
      child('of');
      return;
  }
}

/** `points`, or the compact `values` with `stepSeconds` (and `startSeconds`): exactly one form. */
function validateSeries(ctx: ValidationContext, json: Record<string, unknown>, path: string): void {
  const compact = json.values !== undefined;
  if (compact === (json.points !== undefined)) {
    report(ctx, path, `give exactly one of 'points' and 'values' (with 'stepSeconds')`);
    return;
  }
  if (!compact) {
    for (const key of ['startSeconds', 'stepSeconds']) {
      if (json[key] !== undefined) {
        report(ctx, fieldPath(path, key), `only goes with 'values' (not with 'points')`);
      }
    }
    validatePoints(ctx, json.points, fieldPath(path, 'points'));
    return;
  }
  numberField(ctx, json, 'startSeconds', path, { ...TIME, optional: true });
  numberField(ctx, json, 'stepSeconds', path, PERIOD);
  const valuesPath = fieldPath(path, 'values');
  if (typeof json.values !== 'string') {
    report(
      ctx,
      valuesPath,
      `expected numbers separated by spaces in one string (e.g. "12.5 13 14"), got ${describeValue(json.values)}`,
    );
    return;
  }
  const count = countSeriesValues(json.values);
  if (count === 0) return report(ctx, valuesPath, 'needs at least one value');
  if (count > MAX_POINTS) {
    return report(ctx, valuesPath, `has ${count} values; the limit is ${MAX_POINTS}`);
  }
  const before = ctx.points;
  ctx.points += count;
  if (before <= MAX_TOTAL_POINTS && ctx.points > MAX_TOTAL_POINTS) {
    return report(
      ctx,
      valuesPath,
      `the curve has more than ${MAX_TOTAL_POINTS} points in all (the limit)`,
    );
  }
  const decoded = decodeSeriesValues(json.values, MAX_POINTS);
  if (!decoded.ok) return report(ctx, valuesPath, decoded.message);
  const start = typeof json.startSeconds === 'number' ? json.startSeconds : 0;
  const step = typeof json.stepSeconds === 'number' ? json.stepSeconds : 0;
  if (start + step * (count - 1) > MAX_TIME_SECONDS) {
    report(
      ctx,
      fieldPath(path, 'stepSeconds'),
      `${count} values every ${step} s end after about 10 years (the limit)`,
    );
  }
}

function validateNoise(ctx: ValidationContext, json: Record<string, unknown>, path: string): void {
  numberField(ctx, json, 'seed', path, { min: 0, max: 0xffffffff, integer: true });
  const mode = enumField(ctx, json, 'mode', path, ['relative', 'absolute']) ?? 'relative';
  const relative = mode === 'relative';
  numberField(ctx, json, 'amplitude', path, {
    min: 0,
    max: relative ? MAX_RELATIVE_NOISE : MAX_VALUE,
    maxReason: relative ? 'a relative amplitude is a fraction: 0.1 means ±10 %' : 'the limit',
  });
  numberField(ctx, json, 'intervalSeconds', path, { ...PERIOD, optional: true });
  enumField(ctx, json, 'interpolation', path, ['step', 'linear']);
}

function validateSum(ctx: ValidationContext, list: unknown, path: string, depth: number): void {
  if (!Array.isArray(list)) {
    report(ctx, path, `expected a list of curves, got ${describeValue(list)}`);
    return;
  }
  if (list.length === 0) report(ctx, path, 'needs at least one curve');
  if (list.length > MAX_NODES) {
    report(ctx, path, `has ${list.length} curves; the limit is ${MAX_NODES}`);
    return;
  }
  for (let i = 0; i < list.length && !ctx.full; i++) {
    validateNode(ctx, list[i], indexPath(path, i), depth + 1);
  }
}

/** Checks the length of a point-like list; returns false if its items should not be walked. */
function checkList(ctx: ValidationContext, list: unknown, path: string): list is unknown[] {
  if (!Array.isArray(list)) {
    report(ctx, path, `expected a list, got ${describeValue(list)}`);
    return false;
  }
  if (list.length > MAX_POINTS) {
    report(ctx, path, `has ${list.length} points; the limit is ${MAX_POINTS}`);
    return false;
  }
  const before = ctx.points;
  ctx.points += list.length;
  if (before <= MAX_TOTAL_POINTS && ctx.points > MAX_TOTAL_POINTS) {
    report(ctx, path, `the curve has more than ${MAX_TOTAL_POINTS} points in all (the limit)`);
    return false;
  }
  return ctx.points <= MAX_TOTAL_POINTS;
}

function validatePoints(ctx: ValidationContext, list: unknown, path: string): void {
  if (!checkList(ctx, list, path)) return;
  if (list.length === 0) report(ctx, path, 'needs at least one point');
  let previous = -Infinity;
  for (let i = 0; i < list.length && !ctx.full; i++) {
    const p = indexPath(path, i);
    const item = list[i];
    if (!isRecord(item)) {
      report(ctx, p, `expected a point { at, value }, got ${describeValue(item)}`);
      continue;
    }
    checkKeys(ctx, item, ['at', 'value'], p, 'a point');
    const at = numberField(ctx, item, 'at', p, TIME);
    numberField(ctx, item, 'value', p, VALUE);
    if (at === undefined) continue;
    if (at < previous) {
      const message = `${at} s is before the previous point (${previous} s); keep points in time order`;
      report(ctx, fieldPath(p, 'at'), message);
    }
    previous = at;
  }
}

function validateSpikes(ctx: ValidationContext, list: unknown, path: string): void {
  if (!checkList(ctx, list, path)) return;
  let previousEnd = -Infinity;
  for (let i = 0; i < list.length && !ctx.full; i++) {
    const p = indexPath(path, i);
    const item = list[i];
    if (!isRecord(item)) {
      report(
        ctx,
        p,
        `expected a spike { at, durationSeconds, value | height }, got ${describeValue(item)}`,
      );
      continue;
    }
    checkKeys(ctx, item, ['at', 'durationSeconds', 'value', 'height'], p, 'a spike');
    const at = numberField(ctx, item, 'at', p, TIME);
    const duration = numberField(ctx, item, 'durationSeconds', p, DURATION);
    const hasValue = item.value !== undefined;
    const hasHeight = item.height !== undefined;
    if (hasValue === hasHeight) {
      report(ctx, p, `give exactly one of 'value' (level) and 'height' (above base)`);
    }
    numberField(ctx, item, 'value', p, { ...VALUE, optional: true });
    numberField(ctx, item, 'height', p, { ...VALUE, optional: true });
    if (at === undefined || duration === undefined) continue;
    if (at < previousEnd) {
      const message = `${at} s is before the previous spike ends (${previousEnd} s); spikes must be in time order and not overlap (use 'sum' to stack them)`;
      report(ctx, fieldPath(p, 'at'), message);
    }
    previousEnd = at + duration;
  }
}
