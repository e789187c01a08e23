/**
 * Durations and quantities as scenario authors write them.
 *
 * Durations: a Go duration string (`time.ParseDuration`: `90s`, `5m`, `1h30m`, `1.5h`, `500ms`;
 * units ns, us, µs, ms, s, m, h) or a plain number of seconds. No days: write `48h`.
 *
 * Quantities: Kubernetes quantities (`500m`, `1.5`, `256Mi`, `1e3`) or plain numbers, parsed
 * exactly by the controller's quantity module.
 */
import { milliValue, parseQuantity, type QuantityString } from '../../engine/controller/index.ts';
import { describeValue } from '../suggest.ts';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const UNIT_SECONDS: Record<string, number> = {
  ns: 1e-9,
  us: 1e-6,
  µs: 1e-6,
  μs: 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
};
const PART = /^(\d*\.?\d*)([a-zµμ]+)/;
const MAX_DURATION_TEXT = 64;
/** Beyond this a duration is nonsense for us (Go overflows at about 292 years). */
const MAX_PARSED_SECONDS = 1e12;

/** Seconds (≥ 0) from a Go duration string or a number of seconds. */
export function parseDuration(input: unknown): Parsed<number> {
  if (typeof input === 'number') {
    if (!Number.isFinite(input))
      return {
        ok: false,
        message: `must be a finite number of seconds, got ${describeValue(input)}`,
      };
    if (input < 0) return { ok: false, message: `must not be negative, got ${input}` };
    return { ok: true, value: input };
  }
  if (typeof input !== 'string')
    return {
      ok: false,
      message: 'expected a duration such as 90s, 5m or 1h30m, or a number of seconds',
    };
  if (input.length === 0 || input.length > MAX_DURATION_TEXT)
    return {
      ok: false,
      message: `expected a duration such as 90s, 5m or 1h30m, got ${JSON.stringify(input.slice(0, 40))}`,
    };
  if (input.startsWith('-')) return { ok: false, message: `must not be negative, got ${input}` };
  const text = input.startsWith('+') ? input.slice(1) : input;
  if (text === '0') return { ok: true, value: 0 };
  if (/^\d+(\.\d+)?$/.test(text)) {
    return {
      ok: false,
      message: `missing unit in duration "${input}": write ${text}s (or the number ${text} without quotes for seconds)`,
    };
  }
  let rest = text;
  let seconds = 0;
  while (rest.length > 0) {
    const m = PART.exec(rest);
    if (!m || m[1] === '' || m[1] === '.') return { ok: false, message: invalid(input) };
    const unit = m[2]!;
    const factor = UNIT_SECONDS[unit];
    if (factor === undefined) {
      const hint =
        unit === 'd'
          ? ' (Go durations have no days: write 24h per day)'
          : ' (units: ns, us, ms, s, m, h)';
      return { ok: false, message: `unknown unit "${unit}" in duration "${input}"${hint}` };
    }
    seconds += Number(m[1]) * factor;
    rest = rest.slice(m[0].length);
  }
  if (!Number.isFinite(seconds) || seconds > MAX_PARSED_SECONDS)
    return { ok: false, message: `duration "${input}" is too long` };
  // Go durations are whole nanoseconds.
  return { ok: true, value: Math.round(seconds * 1e9) / 1e9 };
}

function invalid(input: string): string {
  return `invalid duration "${input.slice(0, 40)}": expected e.g. 90s, 5m, 1h30m or 1.5h`;
}

/** Human form of a number of seconds for messages: `90s`, `5m`, `1h30m`, `744h (31 days)`. */
export function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds)) return String(seconds);
  if (seconds < 1 && seconds > 0) return `${Math.round(seconds * 1e6) / 1e3}ms`;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.round((seconds % 60) * 1000) / 1000;
  let out = `${h > 0 ? `${h}h` : ''}${m > 0 ? `${m}m` : ''}${s > 0 || (h === 0 && m === 0) ? `${s}s` : ''}`;
  if (seconds >= 2 * 86400 && seconds % 86400 === 0) out += ` (${seconds / 86400} days)`;
  return out;
}

/** Checks a quantity's syntax; the message explains the accepted forms. */
export function checkQuantity(input: unknown): Parsed<QuantityString> {
  if (typeof input === 'number' && !Number.isFinite(input))
    return { ok: false, message: `must be a finite number, got ${describeValue(input)}` };
  if ((typeof input === 'string' || typeof input === 'number') && parseQuantity(input) !== null)
    return { ok: true, value: input };
  const shown = typeof input === 'string' ? JSON.stringify(input.slice(0, 40)) : String(input);
  return {
    ok: false,
    message: `${shown} is not a Kubernetes quantity (e.g. 500m, 1.5, 2, 256Mi, 1Gi, 1e3)`,
  };
}

/** Quantity.MilliValue(): ceil(value × 1000), as the API and the controller compute it. */
export function milliCeil(input: QuantityString): number {
  return milliValue(input);
}

/**
 * The exact value × 1000 as a double, without rounding up to a whole milli-unit: `100Ki` is
 * 102,400,000 and `0.0001` is 0.1 (MilliValue would give 1). Used for per-unit load factors,
 * where rounding a tiny factor up (or to zero) would change the load by orders of magnitude.
 */
export function milliExact(input: QuantityString): number {
  const q = parseQuantity(input);
  if (!q) return NaN;
  const mantissa = Number(q.digits) * 1000 * 2 ** q.exp2;
  const value = q.exp10 >= 0 ? mantissa * 10 ** q.exp10 : mantissa / 10 ** -q.exp10;
  return q.negative ? -value : value;
}

export function isNegativeQuantity(input: QuantityString): boolean {
  const q = parseQuantity(input);
  return q !== null && q.negative && q.digits !== 0n;
}
