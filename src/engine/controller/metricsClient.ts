// The controller's view of the metrics APIs (pkg/controller/podautoscaler/metrics/client.go,
// kubernetes v1.35.0), answered from an Observation instead of HTTP. Errors are returned, never
// thrown. The by-position twins of GetResourceMetric and GetRawMetric are in
// metricsClientByPosition.ts.

import type { ControllerConfig, Observation, PodResourceMetrics } from './types.ts';

export interface PodMetric {
  timestamp: number;
  window: number;
  value: number;
}

/** PodMetricsInfo: samples by pod name. */
export type PodMetricsInfo = Map<string, PodMetric>;

export type MetricsResult<T> = { ok: true; value: T } | { ok: false; error: string };

// metricServerDefaultMetricWindow: custom-metric samples without a window get one minute.
export const DEFAULT_METRIC_WINDOW_SECONDS = 60;
// int64 max as a double (2^63 − 1 rounds to 2^63).
const MAX_INT64 = 2 ** 63;

// upstream: metrics/client.go resourceMetricsClient.GetResourceMetric
/** Per-pod sum over containers (or the one named) of one resource. */
export function getResourceMetric(
  obs: Observation,
  resource: string,
  container: string,
  config: Pick<ControllerConfig, 'containerMetricMissingIsError'>,
): MetricsResult<PodMetricsInfo> {
  const listFailure = resourceListFailure(obs);
  if (listFailure !== null) return { ok: false, error: listFailure };
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

/** The PodMetricses List call failed: upstream wraps the API error in this text. */
export function resourceListFailure(obs: Observation): string | null {
  const e = obs.resourceMetricsError;
  return e ? `unable to fetch metrics from resource metrics API: ${e}` : null;
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
  const v = podResourceUsage(metrics, resource, container);
  if (v === null) return containerNotPresent(name, container, config);
  if (v !== undefined) {
    res.set(name, { timestamp: metrics.timestamp, window: metrics.window, value: v });
  }
  return null;
}

/**
 * The value of one PodMetrics item: the resource of the named container, or the sum over all
 * containers. `undefined`: the pod has no value ("missing"); `null`: the named container is not
 * in the item.
 */
export function podResourceUsage(
  metrics: PodResourceMetrics,
  resource: string,
  container: string,
): number | undefined | null {
  const containers = metrics.containers;
  const count = containers.length;
  if (container !== '') {
    for (let k = 0; k < count; k++) {
      const c = containers[k]!;
      if (c.name === container) return c.usage?.[resource];
    }
    return null;
  }
  if (count === 0) return undefined;
  let sum = 0;
  for (let k = 0; k < count; k++) {
    const v = containers[k]!.usage?.[resource];
    if (v === undefined) return undefined;
    sum += v;
  }
  return sum;
}

/**
 * An item without the named container: since v1.33 (#127193, CHANGELOG-1.33) the pod is missing
 * (every release in releases.ts); code before it failed the whole metric (the switch set, as some
 * shared vectors still do).
 */
export function containerNotPresent(
  name: string,
  container: string,
  config: Pick<ControllerConfig, 'containerMetricMissingIsError'>,
): string | null {
  return config.containerMetricMissingIsError
    ? `container ${container} not present in metrics for pod ${name}`
    : null;
}

// upstream: metrics/client.go customMetricsClient.GetRawMetric
/** A Pods metric from the custom metrics API. */
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

// upstream: metrics/client.go customMetricsClient.GetObjectMetric
/** One value for a described object. */
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

// upstream: metrics/client.go externalMetricsClient.GetExternalMetric
/** All samples of a metric (selectors are not modelled). */
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
