/** Reading one series' `values: [[unixSeconds, "value"], …]` into raw samples. */
import type { NonFiniteHandling } from './importTypes.ts';
import {
  checkValue,
  isNonFiniteWord,
  parseSplitNumber,
  parseStrictNumber,
  type Issues,
  type SplitTime,
} from './importCommon.ts';
import type { PromSeries } from './prometheusSelect.ts';
import { MAX_POINTS } from './limits.ts';
import type { SampleBuffer } from './sampleBuffer.ts';

function readTime(raw: unknown): SplitTime | undefined {
  if (typeof raw === 'number' && Number.isFinite(raw)) {
    const whole = Math.floor(raw);
    return { whole, frac: raw - whole };
  }
  return typeof raw === 'string' ? parseSplitNumber(raw) : undefined;
}

/** Sample i of series s is source `s · SOURCE_STRIDE + i` (MAX_POINTS is below the stride). */
export const SOURCE_STRIDE = 1 << 20;

/**
 * Appends the samples of series number `s` to `out`; problems go to `issues` (errors make the
 * import fail).
 */
export function readSamples(
  series: PromSeries,
  s: number,
  out: SampleBuffer,
  nonFinite: NonFiniteHandling,
  issues: Issues,
): void {
  const { values, path } = series;
  if (!Array.isArray(values)) {
    issues.error({ path, message: 'expected a list of [time, "value"] pairs' });
    return;
  }
  if (values.length > MAX_POINTS) {
    issues.error({ path, message: `${values.length} samples; the limit is ${MAX_POINTS}` });
    return;
  }
  for (let i = 0; i < values.length && !issues.full; i++) {
    const pair: unknown = values[i];
    if (!Array.isArray(pair) || pair.length !== 2) {
      issues.error({ path: `${path}[${i}]`, message: 'expected a [time, "value"] pair' });
      continue;
    }
    const time = readTime(pair[0]);
    if (!time) {
      issues.error({ path: `${path}[${i}][0]`, message: 'expected a Unix time in seconds' });
      continue;
    }
    const raw: unknown = pair[1];
    const text = typeof raw === 'number' ? String(raw) : raw;
    if (typeof text !== 'string') {
      issues.error({
        path: `${path}[${i}][1]`,
        message: 'expected the value as a string like "1.5"',
      });
      continue;
    }
    if (isNonFiniteWord(text) || (typeof raw === 'number' && !Number.isFinite(raw))) {
      const message = `value ${JSON.stringify(text)} is not finite`;
      if (nonFinite === 'error') issues.error({ path: `${path}[${i}][1]`, message });
      else issues.warn({ path: `${path}[${i}][1]`, message: `${message}; sample skipped` });
      continue;
    }
    const value = parseStrictNumber(text.trim());
    const problem =
      value === undefined
        ? `value ${JSON.stringify(text.slice(0, 40))} is not a number`
        : checkValue(value);
    if (value === undefined || problem !== undefined) {
      issues.error({ path: `${path}[${i}][1]`, message: problem ?? '' });
      continue;
    }
    out.push(time, value, s * SOURCE_STRIDE + i);
  }
}
