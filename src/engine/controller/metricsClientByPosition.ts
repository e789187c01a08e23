// Performance twin of metricsClient.ts (GetResourceMetric, GetRawMetric), proven equal by
// metricsClientByPosition.test.ts and, inside whole replica calculations, by
// replicaCalculator.properties.test.ts and groupedPods.properties.test.ts. Not in upstream: for
// observations whose pod names are all distinct, the samples go into a map indexed by position
// instead of keyed by name; a pod group's slot holds its pods' samples as one weighted entry.

import {
  containerNotPresent,
  DEFAULT_METRIC_WINDOW_SECONDS,
  podResourceUsage,
  resourceListFailure,
  type MetricsResult,
} from './metricsClient.ts';
import type { ControllerConfig, Observation, UnmatchedPodMetrics } from './types.ts';

/**
 * PodMetricsInfo indexed by position instead of keyed by name, valid when every name in the
 * observation is distinct (podNamesDistinct): slot `i < pods.length` is `pods[i]`, slot
 * `pods.length + j` is `unmatchedPodMetrics[j]`. Parallel arrays instead of one object per pod;
 * `order` keeps the live slots in the Map's iteration (insertion) order, so sums run in the same
 * order as over the Map and come out bit for bit the same. A slot of a pod group stands for its
 * `count` samples (`weights`), which a Map of the expanded list would hold one after another.
 */
export class PodMetricsByPosition {
  values = new Float64Array(0);
  timestamps = new Float64Array(0);
  windows = new Float64Array(0);
  /** how many samples the slot stands for (its pod's count) */
  weights = new Float64Array(0);
  /** 1 where the slot holds a sample */
  present = new Uint8Array(0);
  /** live slots in insertion order; the first `live` entries are valid */
  order = new Int32Array(0);
  /** the number of live slots */
  live = 0;
  /** Map.size of the expanded map: the live slots' weights summed */
  size = 0;
  /** some slot set since the last reset stands for more than one sample */
  grouped = false;
  /** `{ ok: true, value: this }`, the fetch functions' answer (one object, never changed) */
  readonly fetched: { readonly ok: true; readonly value: PodMetricsByPosition } = {
    ok: true,
    value: this,
  };

  /** Empty the map, with room for `slots` slots. */
  reset(slots: number): void {
    if (this.present.length < slots) {
      const cap = Math.max(slots, 2 * this.present.length);
      this.values = new Float64Array(cap);
      this.timestamps = new Float64Array(cap);
      this.windows = new Float64Array(cap);
      this.weights = new Float64Array(cap);
      this.present = new Uint8Array(cap);
      this.order = new Int32Array(cap);
    } else {
      // a loop, not fill(): a sync has a few slots, and the builtin's call costs more than them
      const present = this.present;
      for (let i = 0; i < slots; i++) present[i] = 0;
    }
    this.live = 0;
    this.size = 0;
    this.grouped = false;
  }

  /**
   * Map.set of the slot's `weight` samples: a new slot goes to the end of the order, an existing
   * one keeps its place (and its weight: a slot's pods are fixed).
   */
  set(slot: number, value: number, timestamp: number, window: number, weight = 1): void {
    if (this.present[slot] === 0) {
      this.present[slot] = 1;
      this.order[this.live++] = slot;
      this.weights[slot] = weight;
      this.size += weight;
      if (weight !== 1) this.grouped = true;
    }
    this.values[slot] = value;
    this.timestamps[slot] = timestamp;
    this.windows[slot] = window;
  }

  /**
   * Map.delete, in one pass, of every slot below `limit` whose code in `codes` is `a` or `b`
   * (the pod groups' codes of the twin calculation; no callback, so nothing is allocated).
   */
  deleteCoded(codes: Uint8Array, limit: number, a: number, b: number): void {
    const order = this.order;
    const weights = this.weights;
    let kept = 0;
    let size = 0;
    for (let k = 0; k < this.live; k++) {
      const slot = order[k]!;
      if (slot < limit && (codes[slot] === a || codes[slot] === b)) {
        this.present[slot] = 0;
      } else {
        order[kept++] = slot;
        size += weights[slot]!;
      }
    }
    this.live = kept;
    this.size = size;
  }
}

const NO_UNMATCHED: readonly UnmatchedPodMetrics[] = [];

// twin of: metricsClient.ts getResourceMetric
/**
 * The samples go into `res` (emptied first; ByPositionScratch.samples in a reconcile, so the
 * arrays are reused sync after sync), which is also the result.
 */
export function getResourceMetricByPosition(
  obs: Observation,
  resource: string,
  container: string,
  config: Pick<ControllerConfig, 'containerMetricMissingIsError'>,
  res: PodMetricsByPosition = new PodMetricsByPosition(),
): MetricsResult<PodMetricsByPosition> {
  const listFailure = resourceListFailure(obs);
  if (listFailure !== null) return { ok: false, error: listFailure };
  const pods = obs.pods;
  const unmatched = obs.unmatchedPodMetrics ?? NO_UNMATCHED;
  const podCount = pods.length;
  res.reset(podCount + unmatched.length);
  let items = 0;
  const columns = obs.podMetrics ?? null;
  // The columns' one-call read, when they have it and every entry has the container: the same
  // samples in the same order as the loop below sets them.
  const all = columns?.readAll?.(resource, container, res, podCount) ?? -1;
  if (all >= 0) {
    items = all;
  } else if (columns !== null) {
    res.reset(podCount + unmatched.length);
    // The same items read from the caller's columns (Observation.podMetrics).
    for (let i = 0; i < podCount; i++) {
      if (!columns.listed(i)) continue;
      items++;
      const v = columns.usage(i, resource, container);
      if (v === null) {
        const failure = containerNotPresent(pods[i]!.name, container, config);
        if (failure !== null) return { ok: false, error: failure };
      } else if (v !== undefined) {
        res.set(i, v, columns.timestamp(i), columns.window(i), pods[i]!.count ?? 1);
      }
    }
  }
  for (let i = 0; columns === null && i < podCount; i++) {
    const metrics = pods[i]!.resourceMetrics;
    if (!metrics) continue;
    items++;
    const v = podResourceUsage(metrics, resource, container);
    if (v === null) {
      const failure = containerNotPresent(pods[i]!.name, container, config);
      if (failure !== null) return { ok: false, error: failure };
    } else if (v !== undefined) {
      res.set(i, v, metrics.timestamp, metrics.window, pods[i]!.count ?? 1);
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
  return res.fetched;
}

// twin of: metricsClient.ts getRawMetric
/** The samples go into `res` (emptied first), which is also the result. */
export function getRawMetricByPosition(
  obs: Observation,
  metricName: string,
  now: number,
  res: PodMetricsByPosition = new PodMetricsByPosition(),
): MetricsResult<PodMetricsByPosition> {
  const listFailure = resourceListFailure(obs);
  if (listFailure !== null) return { ok: false, error: listFailure };
  const pods = obs.pods;
  const unmatched = obs.unmatchedPodMetrics ?? NO_UNMATCHED;
  const podCount = pods.length;
  res.reset(podCount + unmatched.length);
  for (let i = 0; i < podCount; i++) {
    const pod = pods[i]!;
    const v = pod.customMetrics?.[metricName];
    if (v !== undefined) res.set(i, v, now, DEFAULT_METRIC_WINDOW_SECONDS, pod.count ?? 1);
  }
  for (let j = 0; j < unmatched.length; j++) {
    const v = unmatched[j]!.customMetrics?.[metricName];
    if (v !== undefined) res.set(podCount + j, v, now, DEFAULT_METRIC_WINDOW_SECONDS);
  }
  if (res.size === 0) return { ok: false, error: 'no metrics returned from custom metrics API' };
  return res.fetched;
}
