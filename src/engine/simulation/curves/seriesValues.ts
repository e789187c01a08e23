/**
 * The compact form of a `series` curve: evenly spaced samples as one string of numbers separated
 * by spaces or line breaks (`values: "12.5 13 14.25 …"`), with `startSeconds` and `stepSeconds`.
 * Plain text a person can read and diff (a short line of round time: `seriesValueLines`), about a
 * sixth of the YAML of one `{ at, value }` point per line, and small in a share link once deflated.
 */
import { MAX_VALUE } from './limits.ts';

/**
 * The longest line of numbers written out (without its indent): at the traffic's indent (6) it
 * fits the app's editor column as opened (about 35 characters at 1280 and 1024 px) without
 * wrapping, so a line reads as one row of a table (six 4-digit values, ten 2-digit ones).
 */
export const MAX_LINE_CHARS = 29;

/** Numbers per line tried, most first: divisors of 60, so a line spans a round time. */
export const LINE_COUNTS = [30, 20, 15, 12, 10, 6, 5, 4, 3, 2, 1] as const;

/** Plain decimal numbers as `formatSeriesValue` writes them; no signs, no hex, no `Infinity`. */
const NUMBER = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export type ValuesOutcome =
  { ok: true; values: Float64Array } | { ok: false; index: number; token: string; message: string };

/** Splits without building an array per token; stops at the first bad token. */
export function decodeSeriesValues(text: string, maxCount: number): ValuesOutcome {
  const count = countSeriesValues(text);
  if (count > maxCount) {
    return { ok: false, index: maxCount, token: '', message: `more than ${maxCount} values` };
  }
  const values = new Float64Array(count);
  let index = 0;
  const pattern = /\S+/g;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    const token = m[0];
    const value = NUMBER.test(token) ? Number(token) : NaN;
    if (!(value >= 0 && value <= MAX_VALUE)) {
      const shown = token.length > 24 ? `${token.slice(0, 24)}…` : token;
      const why = Number.isNaN(value)
        ? 'is not a number (write plain decimals such as 12.5 or 1e3, separated by spaces)'
        : `is above ${MAX_VALUE}`;
      return { ok: false, index, token, message: `value ${index + 1} ("${shown}") ${why}` };
    }
    values[index++] = value;
  }
  return { ok: true, values };
}

/** How many numbers the string holds (whitespace-separated tokens). */
export function countSeriesValues(text: string): number {
  let count = 0;
  let inToken = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const space = c === 32 || c === 10 || c === 13 || c === 9;
    if (!space && !inToken) count++;
    inToken = !space;
  }
  return count;
}

/**
 * Rounds to a resolution of 10^-decimals, then writes the shortest decimal form (no trailing
 * zeros, no exponent below 1e21). Rounding is what keeps a long noisy series small.
 */
export function formatSeriesValue(value: number, decimals: number): string {
  const scale = 10 ** decimals;
  const rounded = Math.round(value * scale) / scale;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

/**
 * Decimals that keep `significant` digits of the series' largest value: 3 digits of a peak of
 * 1,234 is a resolution of 10 rounded to whole units (0 decimals), of 0.85 is 0.001.
 */
export function decimalsFor(values: ArrayLike<number>, significant = 4): number {
  let peak = 0;
  for (let i = 0; i < values.length; i++) peak = Math.max(peak, Math.abs(values[i]!));
  if (peak === 0) return 0;
  const magnitude = Math.floor(Math.log10(peak));
  return Math.min(12, Math.max(0, significant - 1 - magnitude));
}

/**
 * The values as lines for a YAML folded block: every line the same count of numbers (so line n
 * starts at value n × count, a round span of time), the largest count in LINE_COUNTS whose widest
 * line stays within MAX_LINE_CHARS. Older files wrote 20 a line; any layout reads the same.
 */
export function seriesValueLines(values: ArrayLike<number>, decimals: number): string[] {
  const tokens: string[] = [];
  let widest = 1;
  for (let i = 0; i < values.length; i++) {
    const token = formatSeriesValue(values[i]!, decimals);
    tokens.push(token);
    widest = Math.max(widest, token.length);
  }
  const perLine =
    LINE_COUNTS.find((n) => n * widest + (n - 1) <= MAX_LINE_CHARS) ?? LINE_COUNTS.at(-1)!;
  const lines: string[] = [];
  for (let i = 0; i < tokens.length; i += perLine) {
    lines.push(tokens.slice(i, i + perLine).join(' '));
  }
  return lines;
}
