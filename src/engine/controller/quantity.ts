// Kubernetes resource.Quantity, the two conversions the controller uses:
// MilliValue() (ceil of value × 1000, exact) and AsApproximateFloat64() (for tolerances).
// Parsed exactly with BigInt so "0.1" + rounding never drifts like a float parse would.

import type { QuantityString } from './types.ts';

/** value = sign × digits × 10^exp10 × 2^exp2 */
export interface ParsedQuantity {
  negative: boolean;
  digits: bigint;
  exp10: number;
  exp2: number;
  format: 'DecimalSI' | 'BinarySI' | 'DecimalExponent';
}

const BINARY: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const DECIMAL: Record<string, number> = {
  n: -9,
  u: -6,
  m: -3,
  '': 0,
  k: 3,
  M: 6,
  G: 9,
  T: 12,
  P: 15,
  E: 18,
};
const QUANTITY_RE = /^([+-]?)(\d*)(?:\.(\d*))?(.*)$/;
const MAX_QUANTITY_LENGTH = 64;
// Kubernetes rejects exponents this far out; keeping them bounded keeps BigInt work bounded.
const MAX_EXPONENT = 1000;

const cache = new Map<string, ParsedQuantity | null>();

/** Parse a quantity; null when the text is not a valid Kubernetes quantity. */
export function parseQuantity(input: QuantityString): ParsedQuantity | null {
  const text = typeof input === 'number' ? numberToQuantityText(input) : input;
  if (typeof text !== 'string') return null;
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const parsed = parseUncached(text);
  if (cache.size > 10_000) cache.clear();
  cache.set(text, parsed);
  return parsed;
}

function numberToQuantityText(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  // YAML numbers such as 0.05 arrive as floats; their shortest decimal form is what was written.
  return String(n).replace('e+', 'e');
}

function parseUncached(text: string): ParsedQuantity | null {
  if (text.length === 0 || text.length > MAX_QUANTITY_LENGTH) return null;
  const m = QUANTITY_RE.exec(text);
  if (!m) return null;
  // A bare sign, dot or suffix is zero, as in upstream's parseQuantityString.
  const [, sign = '', whole = '', frac, suffix = ''] = m;
  const fraction = frac ?? '';
  let exp10 = -fraction.length;
  let exp2 = 0;
  let format: ParsedQuantity['format'] = 'DecimalSI';
  if (suffix in BINARY) {
    exp2 = BINARY[suffix]!;
    format = 'BinarySI';
  } else if (suffix in DECIMAL) {
    exp10 += DECIMAL[suffix]!;
  } else if (/^[eE][+-]?\d+$/.test(suffix)) {
    const e = Number(suffix.slice(1));
    if (Math.abs(e) > MAX_EXPONENT) return null;
    exp10 += e;
    format = 'DecimalExponent';
  } else {
    return null;
  }
  let digits = BigInt((whole + fraction).replace(/^0+(?=\d)/, '') || '0');
  // ParseQuantity rounds anything finer than 1n up (away from zero) to 1n.
  if (exp2 === 0 && exp10 < -9 && digits !== 0n) {
    const div = 10n ** BigInt(-9 - exp10);
    digits = (digits + div - 1n) / div;
    exp10 = -9;
  }
  return { negative: sign === '-', digits, exp10, exp2, format };
}

/** Quantity.MilliValue(): ceil(value × 1000), saturated to int64 like the Go code. */
export function milliValueOf(q: ParsedQuantity): number {
  let num = q.digits * 1000n * (1n << BigInt(q.exp2));
  let den = 1n;
  if (q.exp10 >= 0) num *= 10n ** BigInt(q.exp10);
  else den = 10n ** BigInt(-q.exp10);
  // Inexact results round away from zero, both signs (int64Amount.AsScale / negativeScaleInt64).
  const magnitude = (num + den - 1n) / den;
  let milli = q.negative ? -magnitude : magnitude;
  const max = 9223372036854775807n;
  if (milli > max) milli = max;
  if (milli < -max - 1n) milli = -max - 1n;
  return Number(milli);
}

/** MilliValue of a quantity string, or NaN when it does not parse. */
export function milliValue(input: QuantityString | undefined | null): number {
  if (input === undefined || input === null) return NaN;
  const q = parseQuantity(input);
  return q ? milliValueOf(q) : NaN;
}

/** Sign of the quantity (-1, 0, 1), NaN when invalid; used by validation ("must be positive"). */
export function quantitySign(input: QuantityString): number {
  const q = parseQuantity(input);
  if (!q) return NaN;
  if (q.digits === 0n) return 0;
  return q.negative ? -1 : 1;
}

/**
 * Quantity.AsApproximateFloat64(). The mantissa keeps every written digit ("0.10" = 10 × 10^-2),
 * and a negative power of ten is applied as digits × (1 / 10^k), matching Go's math.Pow result.
 */
export function approximateFloat64(input: QuantityString): number {
  const q = parseQuantity(input);
  if (!q) return NaN;
  const base = Number(q.digits) * (q.negative ? -1 : 1);
  if (q.format === 'BinarySI') return base * Math.pow(2, q.exp2) * pow10(q.exp10);
  return base * pow10(q.exp10);
}

function pow10(e: number): number {
  if (e === 0) return 1;
  return e > 0 ? 10 ** e : 1 / 10 ** -e;
}
