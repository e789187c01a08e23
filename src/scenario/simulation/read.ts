/**
 * Defensive readers for the (already schema-checked) Simulation document: a value that failed the
 * schema was reported there, so here it quietly falls back to the default and the parse is not ok.
 */
import type { QuantityString } from '../../engine/controller/index.ts';
import { parseQuantity } from '../../engine/controller/index.ts';
import type { Reporter } from '../diagnostics.ts';
import { MAX_MILLI } from '../limits.ts';
import type { Path } from '../types.ts';
import { isNegativeQuantity, milliCeil, milliExact, parseDuration } from './units.ts';

export function seconds(value: unknown, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  const d = parseDuration(value);
  return d.ok ? d.value : fallback;
}

export function num(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export function isQuantity(value: unknown): value is QuantityString {
  return (
    (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) &&
    parseQuantity(value) !== null
  );
}

/**
 * A non-negative quantity in milli-units: `exact` keeps fractions (per-unit factors), otherwise
 * MilliValue's ceiling (requests, per-pod usage). Reports negatives and absurd magnitudes.
 */
export function milli(
  value: unknown,
  path: Path,
  report: Reporter,
  exact: boolean,
  fallback = 0,
): number {
  if (value === undefined || value === null || !isQuantity(value)) return fallback;
  if (isNegativeQuantity(value)) {
    report.error(path, `must not be negative, got ${String(value)}`);
    return fallback;
  }
  const m = exact ? milliExact(value) : milliCeil(value);
  if (!Number.isFinite(m) || m > MAX_MILLI) {
    report.error(path, `${String(value)} is too large (at most ${MAX_MILLI / 1000} in base units)`);
    return fallback;
  }
  return m;
}

export function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
