/**
 * Accepted import samples in parallel arrays (no object per sample), and the final step every
 * importer shares: order, span check, times relative to the first sample.
 */
import type { CurvePoint } from './types.ts';
import type { ImportIssue, ImportResult } from './importTypes.ts';
import type { Issues, SplitTime } from './importCommon.ts';
import { MAX_TIME_SECONDS } from './limits.ts';

export type IssueLocation = Omit<ImportIssue, 'message'>;

export class SampleBuffer {
  readonly wholes: number[] = [];
  readonly fracs: number[] = [];
  readonly values: number[] = [];
  /** Importer-defined numbers that `locate` turns into a line or path for messages. */
  readonly sources: number[] = [];

  get length(): number {
    return this.values.length;
  }

  push(time: SplitTime, value: number, source: number): void {
    this.wholes.push(time.whole);
    this.fracs.push(time.frac);
    this.values.push(value);
    this.sources.push(source);
  }

  /** Negative, zero or positive as sample i's time is before, at or after sample j's. */
  compare(i: number, j: number): number {
    return (
      (this.wholes[i] as number) - (this.wholes[j] as number) ||
      (this.fracs[i] as number) - (this.fracs[j] as number)
    );
  }
}

/** The sample order by time (stable), plus the first out-of-order sample if any. */
function timeOrder(buffer: SampleBuffer): { order: number[] | undefined; firstUnsorted: number } {
  for (let i = 1; i < buffer.length; i++) {
    if (buffer.compare(i - 1, i) > 0) {
      const order = Array.from({ length: buffer.length }, (_, k) => k);
      order.sort((a, b) => buffer.compare(a, b) || a - b);
      return { order, firstUnsorted: i };
    }
  }
  return { order: undefined, firstUnsorted: -1 };
}

/**
 * Orders the samples (with a warning if they were not), checks the span, and makes times
 * relative to the first sample. `divisor` converts the raw unit to seconds (1000 for ms).
 */
export function finishSeries(
  buffer: SampleBuffer,
  issues: Issues,
  divisor: number,
  locate: (source: number) => IssueLocation,
  label?: string,
): ImportResult {
  if (issues.errors.length > 0) return { ok: false, errors: issues.errors };
  if (buffer.length === 0) {
    return { ok: false, errors: [{ message: 'no data: the input has no usable samples' }] };
  }
  const { order, firstUnsorted } = timeOrder(buffer);
  if (order) {
    const where = locate(buffer.sources[firstUnsorted] as number);
    issues.warn({
      ...where,
      message: 'samples are not in time order (first here); sorted by time',
    });
  }
  const index = (k: number) => (order ? (order[k] as number) : k);
  const { wholes, fracs, values } = buffer;
  const first = index(0);
  const whole0 = wholes[first] as number;
  const frac0 = fracs[first] as number;
  const relative = (i: number) =>
    ((wholes[i] as number) - whole0 + ((fracs[i] as number) - frac0)) / divisor;
  const span = relative(index(buffer.length - 1));
  if (!(span <= MAX_TIME_SECONDS)) {
    const message = `the samples span ${span} s; the limit is ${MAX_TIME_SECONDS} s (about 10 years)`;
    return { ok: false, errors: [{ message }] };
  }
  const points: CurvePoint[] = new Array<CurvePoint>(buffer.length);
  let duplicates = 0;
  for (let k = 0; k < buffer.length; k++) {
    const i = index(k);
    if (k > 0 && buffer.compare(index(k - 1), i) === 0) duplicates += 1;
    points[k] = { at: relative(i), value: values[i] as number };
  }
  if (duplicates > 0) {
    issues.warn({ message: `${duplicates} samples repeat an earlier time; the later value wins` });
  }
  const originSeconds = (whole0 + frac0) / divisor;
  const series = { points, warnings: issues.finalWarnings(), originSeconds };
  return { ok: true, series: label === undefined ? series : { ...series, label } };
}
