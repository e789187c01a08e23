/** Small helpers for located validation: paths, value descriptions, checked fields. */
import type { CurveDiagnostic } from './types.ts';
import { MAX_DIAGNOSTICS } from './limits.ts';

/** Shared state of one validation run. */
export interface ValidationContext {
  diagnostics: CurveDiagnostic[];
  /** Curve nodes seen so far. */
  nodes: number;
  /** Points seen so far over the whole tree. */
  points: number;
  /** Set once the diagnostics list is full; callers stop walking. */
  full: boolean;
}

export function newContext(): ValidationContext {
  return { diagnostics: [], nodes: 0, points: 0, full: false };
}

export function report(ctx: ValidationContext, path: string, message: string): void {
  if (ctx.full) return;
  if (ctx.diagnostics.length >= MAX_DIAGNOSTICS) {
    ctx.full = true;
    ctx.diagnostics.push({ path, message: `more than ${MAX_DIAGNOSTICS} problems; stopped here` });
    return;
  }
  ctx.diagnostics.push({ path, message });
}

export function fieldPath(path: string, key: string): string {
  return path === '' ? key : `${path}.${key}`;
}

export function indexPath(path: string, index: number): string {
  return `${path}[${index}]`;
}

/**
 * A short, bounded description of any value for a message (the scenario's readers use it too,
 * through src/scenario/suggest.ts: one wording for every located error).
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string': {
      const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
      return `the string ${JSON.stringify(shown)}`;
    }
    case 'number':
      // YAML's .inf/.nan and overflowing literals (1e400) arrive as these: no JavaScript words
      if (Number.isNaN(value)) return 'not a number (.nan)';
      if (!Number.isFinite(value))
        return value > 0 ? 'an infinite number' : 'a negative infinite number';
      return String(value);
    case 'boolean':
      return String(value);
    case 'object':
      return 'a map';
    default:
      return `a ${typeof value}`;
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reports keys of `obj` that are not in `allowed`. */
export function checkKeys(
  ctx: ValidationContext,
  obj: Record<string, unknown>,
  allowed: readonly string[],
  path: string,
  what: string,
): void {
  for (const key of Object.keys(obj)) {
    if (allowed.includes(key)) continue;
    report(
      ctx,
      fieldPath(path, key),
      `unknown field '${key}' in ${what}; expected ${allowed.map((k) => `'${k}'`).join(', ')}`,
    );
  }
}

export interface NumberRule {
  min?: number;
  /** True: the value must be strictly greater than `min`. */
  exclusiveMin?: boolean;
  max?: number;
  /** Why `max` exists, e.g. 'the limit'. */
  maxReason?: string;
  integer?: boolean;
  optional?: boolean;
}

/** Checks `obj[key]` is a finite number obeying `rule`; returns it or undefined. */
export function numberField(
  ctx: ValidationContext,
  obj: Record<string, unknown>,
  key: string,
  path: string,
  rule: NumberRule,
): number | undefined {
  const p = fieldPath(path, key);
  const value = obj[key];
  if (value === undefined) {
    if (!rule.optional) report(ctx, p, `missing required number '${key}'`);
    return undefined;
  }
  if (typeof value !== 'number') {
    const hint = typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
    report(
      ctx,
      p,
      `expected a number, got ${describeValue(value)}${hint ? ' (remove the quotes)' : ''}`,
    );
    return undefined;
  }
  if (!Number.isFinite(value)) {
    report(ctx, p, `must be a finite number, got ${describeValue(value)}`);
    return undefined;
  }
  if (rule.integer && !Number.isInteger(value)) {
    report(ctx, p, `must be an integer, got ${value}`);
    return undefined;
  }
  if (rule.min !== undefined) {
    if (rule.exclusiveMin ? value <= rule.min : value < rule.min) {
      report(ctx, p, `must be ${rule.exclusiveMin ? '>' : '≥'} ${rule.min}, got ${value}`);
      return undefined;
    }
  }
  if (rule.max !== undefined && value > rule.max) {
    report(ctx, p, `must be at most ${rule.max} (${rule.maxReason ?? 'the limit'}), got ${value}`);
    return undefined;
  }
  return value;
}

/** Checks `obj[key]` is one of `choices` (optional); returns it or undefined. */
export function enumField<T extends string>(
  ctx: ValidationContext,
  obj: Record<string, unknown>,
  key: string,
  path: string,
  choices: readonly T[],
): T | undefined {
  const value = obj[key];
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (choices as readonly string[]).includes(value))
    return value as T;
  report(
    ctx,
    fieldPath(path, key),
    `expected one of ${choices.map((c) => `'${c}'`).join(', ')}, got ${describeValue(value)}`,
  );
  return undefined;
}
