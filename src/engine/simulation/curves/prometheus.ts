/**
 * parsePrometheusRangeQuery: the JSON body of `/api/v1/query_range` to a series. Accepts the
 * full response, its `data` object, or the bare `result` list. Picks one series (by labels and/or
 * index) or sums them. Never throws; bounded by the limits.
 */
import type { ImportIssue, ImportResult, PrometheusImportOptions } from './importTypes.ts';
import { encodingWarning, inputLimitError, lineColumnAt } from './importInput.ts';
import { checkJsonSyntax } from './jsonSyntax.ts';
import { MAX_IMPORT_CHARS, MAX_JSON_DEPTH, MAX_VALUE } from './limits.ts';
import { Issues } from './importCommon.ts';
import { SampleBuffer, finishSeries } from './sampleBuffer.ts';
import { findResultList, selectSeries, type PromSeries } from './prometheusSelect.ts';
import { SOURCE_STRIDE, readSamples } from './prometheusSamples.ts';

export function parsePrometheusRangeQuery(
  text: string,
  options: PrometheusImportOptions = {},
): ImportResult {
  try {
    return parsePrometheus(text, options);
  } catch (error) {
    const detail = error instanceof Error ? error.message : 'unknown';
    return { ok: false, errors: [{ message: `could not read the Prometheus JSON: ${detail}` }] };
  }
}

function fail(issue: ImportIssue): ImportResult {
  return { ok: false, errors: [issue] };
}

/** The response's series list, or the one located problem that stops reading it. */
export function readResultList(text: string): { series: PromSeries[]; path: string } | ImportIssue {
  const limit = inputLimitError(text, MAX_IMPORT_CHARS);
  if (limit) return limit;
  const syntax = checkJsonSyntax(text, MAX_JSON_DEPTH);
  if (syntax) {
    const message = `invalid JSON: ${syntax.message}`;
    return { ...lineColumnAt(text, syntax.index), message };
  }
  let root: unknown;
  try {
    root = JSON.parse(text) as unknown;
  } catch (error) {
    return { message: `invalid JSON: ${error instanceof Error ? error.message : 'unknown'}` };
  }
  return findResultList(root);
}

function parsePrometheus(text: string, options: PrometheusImportOptions): ImportResult {
  const found = readResultList(text);
  if ('message' in found) return fail(found);
  const selected = selectSeries(found.series, found.path, options);
  if ('message' in selected) return fail(selected);
  const issues = new Issues();
  const encoding = encodingWarning(text);
  if (encoding) issues.warn(encoding);
  const nonFinite = options.nonFinite ?? 'skip';
  const perSeries = selected.series.map((series, s) => {
    const buffer = new SampleBuffer();
    readSamples(series, s, buffer, nonFinite, issues);
    return buffer;
  });
  if (issues.errors.length > 0) return { ok: false, errors: issues.errors };
  const sourcePath = (source: number) => {
    const series = selected.series[Math.floor(source / SOURCE_STRIDE)];
    return `${series?.path ?? ''}[${source % SOURCE_STRIDE}][1]`;
  };
  const samples =
    perSeries.length === 1 ? (perSeries[0] as SampleBuffer) : sum(perSeries, issues, sourcePath);
  const locate = (source: number) => ({ path: sourcePath(source).slice(0, -3) });
  return finishSeries(samples, issues, 1, locate, selected.label);
}

/** Adds series per timestamp (in first-seen order; finishSeries sorts). */
function sum(
  perSeries: SampleBuffer[],
  issues: Issues,
  sourcePath: (source: number) => string,
): SampleBuffer {
  const total = new SampleBuffer();
  const slotOf = new Map<number, number>();
  const counts: number[] = [];
  for (const buffer of perSeries) {
    for (let i = 0; i < buffer.length; i++) {
      const whole = buffer.wholes[i] as number;
      const frac = buffer.fracs[i] as number;
      const value = buffer.values[i] as number;
      const key = whole + frac;
      const slot = slotOf.get(key);
      if (slot === undefined) {
        slotOf.set(key, total.length);
        counts.push(1);
        total.push({ whole, frac }, value, buffer.sources[i] as number);
      } else {
        const added = (total.values[slot] as number) + value;
        // Each sample is within the limit; their sum may not be (the curve could not hold it).
        if (added > MAX_VALUE && (total.values[slot] as number) <= MAX_VALUE) {
          const source = buffer.sources[i] as number;
          issues.error({
            path: sourcePath(source),
            message: `the series sum to ${added} at this sample's time, above ${MAX_VALUE} (the most a curve may hold): take one series instead of their sum`,
          });
        }
        total.values[slot] = added;
        counts[slot] = (counts[slot] as number) + 1;
      }
    }
  }
  const partial = counts.filter((count) => count < perSeries.length).length;
  if (partial > 0) {
    const message = `${partial} timestamps are missing from some series; their sums cover only the series present`;
    issues.warn({ message });
  }
  return total;
}
