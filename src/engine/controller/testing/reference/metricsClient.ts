// TEST ORACLE ONLY — never imported by the engine. A frozen copy of the Map-based port of
// metricsClient.ts as it stood before the by-position fast path (commit 27b89bd):
// every per-pod value keyed by pod name, exactly like upstream. replicaCalculator.properties.test.ts
// checks that the engine's results equal this code's on random observations.
//
// The controller's view of the metrics APIs (pkg/controller/podautoscaler/metrics/client.go),
// answered from an Observation instead of HTTP. Errors are returned, never thrown.

import type { ControllerConfig, Observation, PodResourceMetrics } from '../../types.ts';

export interface PodMetric {
  timestamp: number;
  window: number;
  value: number;
}

/** PodMetricsInfo: samples by pod name. */
export type PodMetricsInfo = Map<string, PodMetric>;

export type MetricsResult<T> = { ok: true; value: T } | { ok: false; error: string };

// metricServerDefaultMetricWindow: custom-metric samples without a window get one minute.
const DEFAULT_METRIC_WINDOW_SECONDS = 60;
// int64 max as a double (2^63 − 1 rounds to 2^63).
const MAX_INT64 = 2 ** 63;

/** GetResourceMetric: per-pod sum over containers (or one container) of one resource. */
export function getResourceMetric(
  obs: Observation,
  resource: string,
  container: string,
  config: Pick<ControllerConfig, 'containerMetricMissingIsError'>,
): MetricsResult<PodMetricsInfo> {
  const res: PodMetricsInfo = new Map();
  let items = 0;
  for (const p of obs.pods) {
    if (!p.resourceMetrics) continue;
    items++;
    const failure = addResourceSample(res, p.name, p.resourceMetrics, resource, container, config);
    if (failure !== null) return { ok: false, error: failure };
  }
  for (const u of obs.unmatchedPodMetrics ?? []) {
    if (!u.resourceMetrics) continue;
    items++;
    const failure = addResourceSample(res, u.name, u.resourceMetrics, resource, container, config);
    if (failure !== null) return { ok: false, error: failure };
  }
  if (items === 0) return { ok: false, error: 'no metrics returned from resource metrics API' };
  return { ok: true, value: res };
}

/** One PodMetrics item → one sample (or none); a string is a whole-metric failure. */
function addResourceSample(
  res: PodMetricsInfo,
  name: string,
  metrics: PodResourceMetrics,
  resource: string,
  container: string,
  config: Pick<ControllerConfig, 'containerMetricMissingIsError'>,
): string | null {
  if (container !== '') {
    const c = metrics.containers.find((x) => x.name === container);
    if (!c) {
      // Release code fails the whole metric; master treats the pod as missing.
      return config.containerMetricMissingIsError
        ? `container ${container} not present in metrics for pod ${name}`
        : null;
    }
    const v = c.usage?.[resource];
    if (v !== undefined)
      res.set(name, { timestamp: metrics.timestamp, window: metrics.window, value: v });
    return null;
  }
  let sum = 0;
  for (const c of metrics.containers) {
    const v = c.usage?.[resource];
    if (v === undefined) return null; // the pod has no value: "missing"
    sum += v;
  }
  if (metrics.containers.length > 0) {
    res.set(name, { timestamp: metrics.timestamp, window: metrics.window, value: sum });
  }
  return null;
}

/** GetRawMetric: a Pods metric from the custom metrics API. */
export function getRawMetric(
  obs: Observation,
  metricName: string,
  now: number,
): MetricsResult<PodMetricsInfo> {
  const res: PodMetricsInfo = new Map();
  let count = 0;
  const add = (name: string, custom: Record<string, number> | undefined) => {
    const v = custom?.[metricName];
    if (v === undefined) return;
    count++;
    res.set(name, { timestamp: now, window: DEFAULT_METRIC_WINDOW_SECONDS, value: v });
  };
  for (const p of obs.pods) add(p.name, p.customMetrics);
  for (const u of obs.unmatchedPodMetrics ?? []) add(u.name, u.customMetrics);
  if (count === 0) return { ok: false, error: 'no metrics returned from custom metrics API' };
  return { ok: true, value: res };
}

/** GetObjectMetric: one value for a described object. */
export function getObjectMetric(
  obs: Observation,
  metricName: string,
  kind: string,
  name: string,
): MetricsResult<number> {
  const hit = (obs.objectMetrics ?? []).find(
    (o) =>
      o.metric === metricName && o.describedObject.kind === kind && o.describedObject.name === name,
  );
  if (!hit)
    return {
      ok: false,
      error: `unable to fetch metrics from custom metrics API: no metric ${metricName} for ${kind} ${name}`,
    };
  return { ok: true, value: hit.value };
}

/** GetExternalMetric: all samples of a metric (selectors are not modelled). */
export function getExternalMetric(obs: Observation, metricName: string): MetricsResult<number[]> {
  const hit = (obs.externalMetrics ?? []).find((e) => e.metric === metricName);
  if (!hit)
    return {
      ok: false,
      error: `unable to fetch metrics from external metrics API: no metric ${metricName}`,
    };
  if (hit.values.length === 0)
    return { ok: false, error: 'no metrics returned from external metrics API' };
  return { ok: true, value: hit.values };
}

export { MAX_INT64 };
