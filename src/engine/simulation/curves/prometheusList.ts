/**
 * listPrometheusSeries: every series of a `query_range` answer read on its own, so an importer
 * can show them side by side and let the user take one or their sum. The same reading, order and
 * warnings as parsePrometheusRangeQuery with `index: i`; never throws.
 */
import type { ImportIssue, ImportedSeries, NonFiniteHandling } from './importTypes.ts';
import { encodingWarning } from './importInput.ts';
import { Issues } from './importCommon.ts';
import { SampleBuffer, finishSeries } from './sampleBuffer.ts';
import { formatLabels } from './prometheusSelect.ts';
import { readResultList } from './prometheus.ts';
import { SOURCE_STRIDE, readSamples } from './prometheusSamples.ts';

export interface PrometheusSeriesList {
  ok: true;
  /** The first `maxSeries` series, in response order, each with its `label`. */
  series: (ImportedSeries & { label: string })[];
  /** How many series the answer holds (may exceed `series.length`). */
  total: number;
}

export function listPrometheusSeries(
  text: string,
  options: { maxSeries?: number; nonFinite?: NonFiniteHandling } = {},
): PrometheusSeriesList | { ok: false; errors: ImportIssue[] } {
  try {
    return list(text, options.maxSeries ?? 50, options.nonFinite ?? 'skip');
  } catch (error) {
    const detail = error instanceof Error ? error.message : 'unknown';
    return { ok: false, errors: [{ message: `could not read the Prometheus JSON: ${detail}` }] };
  }
}

function list(
  text: string,
  maxSeries: number,
  nonFinite: NonFiniteHandling,
): PrometheusSeriesList | { ok: false; errors: ImportIssue[] } {
  const found = readResultList(text);
  if ('message' in found) return { ok: false, errors: [found] };
  if (found.series.length === 0) {
    return { ok: false, errors: [{ path: found.path, message: 'the query returned no series' }] };
  }
  const encoding = encodingWarning(text);
  const out: PrometheusSeriesList['series'] = [];
  for (const [s, series] of found.series.slice(0, Math.max(0, maxSeries)).entries()) {
    const issues = new Issues();
    if (encoding && s === 0) issues.warn(encoding);
    const buffer = new SampleBuffer();
    readSamples(series, s, buffer, nonFinite, issues);
    const label = formatLabels(series.labels);
    const locate = (source: number) => ({ path: `${series.path}[${source % SOURCE_STRIDE}]` });
    if (buffer.length === 0 && issues.errors.length === 0) {
      // An all-NaN series is no reason to refuse the others: it is listed, empty.
      const warnings = [
        ...issues.finalWarnings(),
        { path: series.path, message: 'no usable samples' },
      ];
      out.push({ points: [], warnings, originSeconds: 0, label });
      continue;
    }
    const read = finishSeries(buffer, issues, 1, locate, label);
    if (!read.ok) return read;
    out.push({ ...read.series, label });
  }
  return { ok: true, series: out, total: found.series.length };
}
