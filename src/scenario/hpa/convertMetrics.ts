/**
 * autoscaling/v2beta1 (and autoscaling/v1 annotation) metric specs → autoscaling/v2, after
 * pkg/apis/autoscaling/v2beta1/conversion.go. Quirks kept on purpose: a v2beta1 Object metric
 * always carries `targetValue` (an omitted one becomes 0, which v2 validation rejects), and a
 * Pods metric's omitted `targetAverageValue` becomes 0 the same way.
 */
import type { MetricSpec, MetricTarget } from '../../engine/controller/index.ts';
import type { V2beta1MetricSpec, V2beta1ResourceMetricSource } from './legacyTypes.ts';
import type { PathMap } from './pathMap.ts';

const ZERO = '0';

function resourceTarget(src: V2beta1ResourceMetricSource): MetricTarget {
  const target: MetricTarget = {
    type: src.targetAverageUtilization === undefined ? 'AverageValue' : 'Utilization',
  };
  if (src.targetAverageValue !== undefined) target.averageValue = src.targetAverageValue;
  if (src.targetAverageUtilization !== undefined)
    target.averageUtilization = src.targetAverageUtilization;
  return target;
}

function withSelector<T extends object>(base: T, selector: unknown): T {
  return selector === undefined ? base : { ...base, selector };
}

/** Converts one metric; each source block present is converted (validation reports extras). */
export function convertV2beta1Metric(m: V2beta1MetricSpec): MetricSpec {
  const out: MetricSpec = { type: m.type ?? '' };
  if (m.object) {
    const o = m.object;
    const target: MetricTarget = {
      type: o.averageValue === undefined ? 'Value' : 'AverageValue',
      value: o.targetValue ?? ZERO,
    };
    if (o.averageValue !== undefined) target.averageValue = o.averageValue;
    out.object = {
      describedObject: {
        kind: o.target?.kind ?? '',
        name: o.target?.name ?? '',
        ...(o.target?.apiVersion !== undefined ? { apiVersion: o.target.apiVersion } : {}),
      },
      metric: withSelector({ name: o.metricName ?? '' }, o.selector),
      target,
    };
  }
  if (m.pods) {
    const p = m.pods;
    out.pods = {
      metric: withSelector({ name: p.metricName ?? '' }, p.selector),
      target: { type: 'AverageValue', averageValue: p.targetAverageValue ?? ZERO },
    };
  }
  if (m.resource) {
    out.resource = { name: m.resource.name ?? '', target: resourceTarget(m.resource) };
  }
  if (m.containerResource) {
    const c = m.containerResource;
    out.containerResource = {
      name: c.name ?? '',
      container: c.container ?? '',
      target: resourceTarget(c),
    };
  }
  if (m.external) {
    const e = m.external;
    const target: MetricTarget = { type: e.targetValue === undefined ? 'AverageValue' : 'Value' };
    if (e.targetValue !== undefined) target.value = e.targetValue;
    if (e.targetAverageValue !== undefined) target.averageValue = e.targetAverageValue;
    out.external = { metric: withSelector({ name: e.metricName ?? '' }, e.metricSelector), target };
  }
  return out;
}

/** Path rules from v2 metric fields back to their v2beta1 names, for metrics at spec.metrics[*]. */
export function addV2beta1MetricPaths(map: PathMap): void {
  const m = ['spec', 'metrics', '*'] as const;
  for (const kind of ['resource', 'containerResource'] as const) {
    map.add([...m, kind, 'target', 'averageUtilization'], [...m, kind, 'targetAverageUtilization']);
    map.add([...m, kind, 'target', 'averageValue'], [...m, kind, 'targetAverageValue']);
    map.add([...m, kind, 'target'], [...m, kind], false);
  }
  map.add([...m, 'pods', 'metric', 'name'], [...m, 'pods', 'metricName']);
  map.add([...m, 'pods', 'metric', 'selector'], [...m, 'pods', 'selector']);
  map.add([...m, 'pods', 'metric'], [...m, 'pods'], false);
  map.add([...m, 'pods', 'target', 'averageValue'], [...m, 'pods', 'targetAverageValue']);
  map.add([...m, 'pods', 'target'], [...m, 'pods'], false);
  map.add([...m, 'object', 'describedObject'], [...m, 'object', 'target']);
  map.add([...m, 'object', 'metric', 'name'], [...m, 'object', 'metricName']);
  map.add([...m, 'object', 'metric', 'selector'], [...m, 'object', 'selector']);
  map.add([...m, 'object', 'metric'], [...m, 'object'], false);
  map.add([...m, 'object', 'target', 'value'], [...m, 'object', 'targetValue']);
  map.add([...m, 'object', 'target', 'averageValue'], [...m, 'object', 'averageValue']);
  map.add([...m, 'object', 'target'], [...m, 'object'], false);
  map.add([...m, 'external', 'metric', 'name'], [...m, 'external', 'metricName']);
  map.add([...m, 'external', 'metric', 'selector'], [...m, 'external', 'metricSelector']);
  map.add([...m, 'external', 'metric'], [...m, 'external'], false);
  map.add([...m, 'external', 'target', 'value'], [...m, 'external', 'targetValue']);
  map.add([...m, 'external', 'target', 'averageValue'], [...m, 'external', 'targetAverageValue']);
  map.add([...m, 'external', 'target'], [...m, 'external'], false);
}
