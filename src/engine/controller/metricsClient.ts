// The controller's view of the metrics APIs (pkg/controller/podautoscaler/metrics/client.go),
// answered from an Observation instead of HTTP. Errors are returned, never thrown.

import type {
  ControllerConfig,
  Observation,
  PodResourceMetrics,
  UnmatchedPodMetrics,
} from './types.ts';

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
function podResourceUsage(
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

/** An item without the named container: release code fails the metric, master misses the pod. */
function containerNotPresent(
  name: string,
  container: string,
  config: Pick<ControllerConfig, 'containerMetricMissingIsError'>,
): string | null {
  return config.containerMetricMissingIsError
    ? `container ${container} not present in metrics for pod ${name}`
    : null;
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

// ---- By position (not upstream): the two fetches above, for observations with distinct names ----

/**
 * PodMetricsInfo indexed by position instead of keyed by name, valid when every name in the
 * observation is distinct (podNamesDistinct): slot `i < pods.length` is `pods[i]`, slot
 * `pods.length + j` is `unmatchedPodMetrics[j]`. Parallel arrays instead of one object per pod;
 * `order` keeps the live slots in the Map's iteration (insertion) order, so sums run in the same
 * order as over the Map and come out bit for bit the same.
 */
export class PodMetricsByPosition {
  values = new Float64Array(0);
  timestamps = new Float64Array(0);
  windows = new Float64Array(0);
  /** 1 where the slot holds a sample */
  present = new Uint8Array(0);
  /** live slots in insertion order; the first `size` entries are valid */
  order = new Int32Array(0);
  size = 0;

  /** Empty the map, with room for `slots` slots. */
  reset(slots: number): void {
    if (this.present.length < slots) {
      const cap = Math.max(slots, 2 * this.present.length);
      this.values = new Float64Array(cap);
      this.timestamps = new Float64Array(cap);
      this.windows = new Float64Array(cap);
      this.present = new Uint8Array(cap);
      this.order = new Int32Array(cap);
    } else {
      this.present.fill(0, 0, slots);
    }
    this.size = 0;
  }

  /** Map.set: a new slot goes to the end of the order, an existing one keeps its place. */
  set(slot: number, value: number, timestamp: number, window: number): void {
    if (this.present[slot] === 0) {
      this.present[slot] = 1;
      this.order[this.size++] = slot;
    }
    this.values[slot] = value;
    this.timestamps[slot] = timestamp;
    this.windows[slot] = window;
  }

  /** Map.delete for every slot `drop` selects, in one pass. */
  deleteWhere(drop: (slot: number) => boolean): void {
    const order = this.order;
    let kept = 0;
    for (let k = 0; k < this.size; k++) {
      const slot = order[k]!;
      if (drop(slot)) this.present[slot] = 0;
      else order[kept++] = slot;
    }
    this.size = kept;
  }
}

// One instance, reused: a by-position result is consumed by the replica calculation that asked
// for it before anything can ask again (nothing here is re-entrant), and reusing the arrays
// saves allocating and collecting them every reconcile.
const byPosition = new PodMetricsByPosition();
const NO_UNMATCHED: readonly UnmatchedPodMetrics[] = [];

/** GetResourceMetric by position. The result is shared: valid until the next by-position fetch. */
export function getResourceMetricByPosition(
  obs: Observation,
  resource: string,
  container: string,
  config: Pick<ControllerConfig, 'containerMetricMissingIsError'>,
): MetricsResult<PodMetricsByPosition> {
  const pods = obs.pods;
  const unmatched = obs.unmatchedPodMetrics ?? NO_UNMATCHED;
  const podCount = pods.length;
  const res = byPosition;
  res.reset(podCount + unmatched.length);
  let items = 0;
  for (let i = 0; i < podCount; i++) {
    const metrics = pods[i]!.resourceMetrics;
    if (!metrics) continue;
    items++;
    const v = podResourceUsage(metrics, resource, container);
    if (v === null) {
      const failure = containerNotPresent(pods[i]!.name, container, config);
      if (failure !== null) return { ok: false, error: failure };
    } else if (v !== undefined) {
      res.set(i, v, metrics.timestamp, metrics.window);
    }
  }
  for (let j = 0; j < unmatched.length; j++) {
    const metrics = unmatched[j]!.resourceMetrics;
    if (!metrics) continue;
    items++;
    const v = podResourceUsage(metrics, resource, container);
    if (v === null) {
      const failure = containerNotPresent(unmatched[j]!.name, container, config);
      if (failure !== null) return { ok: false, error: failure };
    } else if (v !== undefined) {
      res.set(podCount + j, v, metrics.timestamp, metrics.window);
    }
  }
  if (items === 0) return { ok: false, error: 'no metrics returned from resource metrics API' };
  return { ok: true, value: res };
}

/** GetRawMetric by position. The result is shared: valid until the next by-position fetch. */
export function getRawMetricByPosition(
  obs: Observation,
  metricName: string,
  now: number,
): MetricsResult<PodMetricsByPosition> {
  const pods = obs.pods;
  const unmatched = obs.unmatchedPodMetrics ?? NO_UNMATCHED;
  const podCount = pods.length;
  const res = byPosition;
  res.reset(podCount + unmatched.length);
  for (let i = 0; i < podCount; i++) {
    const v = pods[i]!.customMetrics?.[metricName];
    if (v !== undefined) res.set(i, v, now, DEFAULT_METRIC_WINDOW_SECONDS);
  }
  for (let j = 0; j < unmatched.length; j++) {
    const v = unmatched[j]!.customMetrics?.[metricName];
    if (v !== undefined) res.set(podCount + j, v, now, DEFAULT_METRIC_WINDOW_SECONDS);
  }
  if (res.size === 0) return { ok: false, error: 'no metrics returned from custom metrics API' };
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
