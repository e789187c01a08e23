/** Finding the `result` list in a Prometheus response and choosing the series to import. */
import type { ImportIssue, PrometheusImportOptions } from './importTypes.ts';

/** One matrix series as found in the response, with its JSON path. */
export interface PromSeries {
  labels: Record<string, unknown>;
  values: unknown;
  path: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `{pod="a", job="b"}`, or `name{…}` when `__name__` is set, as Prometheus prints it. */
export function formatLabels(labels: Record<string, unknown>): string {
  const name = typeof labels.__name__ === 'string' ? labels.__name__ : '';
  const pairs = Object.keys(labels)
    .filter((k) => k !== '__name__')
    .slice(0, 20)
    .map((k) => `${k}=${JSON.stringify(String(labels[k]))}`);
  return `${name}{${pairs.join(', ')}}`;
}

/** The series list and its path, or an error naming what was found instead. */
export function findResultList(
  root: unknown,
): { series: PromSeries[]; path: string } | ImportIssue {
  let data: unknown = root;
  let path = '';
  if (isRecord(root) && 'status' in root) {
    if (root.status === 'error') {
      const kind = typeof root.errorType === 'string' ? ` (${root.errorType})` : '';
      return {
        path: 'status',
        message: `Prometheus returned an error${kind}: ${String(root.error)}`,
      };
    }
    if (root.status !== 'success') return { path: 'status', message: "expected status 'success'" };
    data = root.data;
    path = 'data';
  }
  let list: unknown = data;
  if (isRecord(data)) {
    const resultType = data.resultType;
    const at = path === '' ? 'resultType' : `${path}.resultType`;
    if (resultType !== 'matrix') {
      const hint =
        resultType === 'vector' || resultType === 'scalar'
          ? ': this is an instant query; export a range query (/api/v1/query_range)'
          : '';
      return {
        path: at,
        message: `expected resultType 'matrix', got ${JSON.stringify(resultType)}${hint}`,
      };
    }
    list = data.result;
    path = path === '' ? 'result' : `${path}.result`;
  }
  if (!Array.isArray(list)) {
    return {
      path,
      message: 'expected a Prometheus query_range response ({status, data: {resultType, result}})',
    };
  }
  const series: PromSeries[] = [];
  for (let i = 0; i < list.length; i++) {
    const item: unknown = list[i];
    const at = `${path}[${i}]`;
    if (!isRecord(item)) return { path: at, message: 'expected a series object {metric, values}' };
    if (item.values === undefined && item.histograms !== undefined) {
      return { path: `${at}.histograms`, message: 'native histogram series are not supported' };
    }
    const labels = isRecord(item.metric) ? item.metric : {};
    series.push({ labels, values: item.values, path: `${at}.values` });
  }
  return { series, path };
}

function listSome(series: PromSeries[]): string {
  const shown = series.slice(0, 5).map((s) => formatLabels(s.labels));
  return shown.join(', ') + (series.length > 5 ? `, … (${series.length} in all)` : '');
}

/** Applies the label filter, the index and the aggregate option. */
export function selectSeries(
  all: PromSeries[],
  path: string,
  options: PrometheusImportOptions,
): { series: PromSeries[]; label: string } | ImportIssue {
  if (all.length === 0) return { path, message: 'the query returned no series' };
  const wanted = options.labels ?? {};
  const keys = Object.keys(wanted);
  let series = all.filter((s) => keys.every((k) => s.labels[k] === wanted[k]));
  if (series.length === 0) {
    return {
      path,
      message: `no series has labels ${formatLabels(wanted)}; found ${listSome(all)}`,
    };
  }
  if (options.index !== undefined) {
    const picked = series[options.index];
    if (!Number.isInteger(options.index) || !picked) {
      return {
        path,
        message: `index ${options.index} is out of range: ${series.length} series match`,
      };
    }
    series = [picked];
  }
  const first = series[0] as PromSeries;
  if (series.length === 1) return { series, label: formatLabels(first.labels) };
  if (options.aggregate === 'sum') return { series, label: `sum of ${series.length} series` };
  return {
    path,
    message: `${series.length} series found (${listSome(series)}); choose one by labels or index, or sum them`,
  };
}
