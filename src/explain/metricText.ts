// How one HPA metric is named and valued in the explain panel: the kubectl describe line and a
// short label, both from the spec (the worker sends the effective HPA) and the sync's trace.

import type { MetricSpec, MetricTrace } from './types.ts';
import { formatMilliQuantity, formatQuantity, quantityMilli } from './quantity.ts';

export type MetricKind = 'utilization' | 'averageValue' | 'value';

export interface MetricDescription {
  /** the left column of `kubectl describe hpa`'s Metrics block */
  name: string;
  /** "current / target" as kubectl prints it */
  value: string;
}

function resourceSource(spec: MetricSpec) {
  return spec.type === 'ContainerResource' ? spec.containerResource : spec.resource;
}

/** Which formula the controller applies to this metric. */
export function metricKind(spec: MetricSpec): MetricKind {
  const t = spec.type;
  if (t === 'Resource' || t === 'ContainerResource') {
    const src = resourceSource(spec);
    return src?.target.averageValue !== undefined && src.target.averageValue !== null
      ? 'averageValue'
      : 'utilization';
  }
  if (t === 'Pods') return 'averageValue';
  if (t === 'Object') return spec.object?.target.type === 'AverageValue' ? 'averageValue' : 'value';
  if (t === 'External') {
    const v = spec.external?.target.averageValue;
    return v !== undefined && v !== null ? 'averageValue' : 'value';
  }
  return 'value';
}

/** "cpu utilization", "pods http_requests", "object requests-per-second on Ingress/main-route". */
export function metricLabel(spec: MetricSpec | undefined, fallback = 'metric'): string {
  if (!spec) return fallback;
  const src = resourceSource(spec);
  if ((spec.type === 'Resource' || spec.type === 'ContainerResource') && src) {
    const where = spec.containerResource ? ` (container ${spec.containerResource.container})` : '';
    return `${src.name} ${metricKind(spec) === 'utilization' ? 'utilization' : 'average'}${where}`;
  }
  if (spec.type === 'Pods' && spec.pods) return `pods ${spec.pods.metric.name}`;
  if (spec.type === 'Object' && spec.object) {
    const o = spec.object.describedObject;
    return `object ${spec.object.metric.name} on ${o.kind}/${o.name}`;
  }
  if (spec.type === 'External' && spec.external) return `external ${spec.external.metric.name}`;
  return `${spec.type} metric`;
}

/** The target in display form: "60%", "500m", "2k". */
export function targetText(spec: MetricSpec | undefined): string {
  if (!spec) return '?';
  const src = resourceSource(spec);
  if ((spec.type === 'Resource' || spec.type === 'ContainerResource') && src) {
    if (metricKind(spec) === 'averageValue') return formatQuantity(src.target.averageValue);
    const u = src.target.averageUtilization;
    return u === undefined ? '<auto>' : `${u}%`;
  }
  const target =
    spec.type === 'Pods'
      ? spec.pods?.target
      : spec.type === 'Object'
        ? spec.object?.target
        : spec.external?.target;
  if (!target) return '?';
  return formatQuantity(metricKind(spec) === 'averageValue' ? target.averageValue : target.value);
}

/** The target as a number in the unit the trace values use (percent, or base units). */
export function targetNumber(spec: MetricSpec | undefined): number {
  if (!spec) return NaN;
  const src = resourceSource(spec);
  if ((spec.type === 'Resource' || spec.type === 'ContainerResource') && src) {
    if (metricKind(spec) === 'utilization') return src.target.averageUtilization ?? NaN;
    return quantityMilli(src.target.averageValue) / 1000;
  }
  const target =
    spec.type === 'Pods'
      ? spec.pods?.target
      : spec.type === 'Object'
        ? spec.object?.target
        : spec.external?.target;
  if (!target) return NaN;
  return (
    quantityMilli(metricKind(spec) === 'averageValue' ? target.averageValue : target.value) / 1000
  );
}

/** The current value in display form, "<unknown>" when the controller did not compute it. */
export function currentText(trace: MetricTrace | undefined, spec: MetricSpec | undefined): string {
  if (!trace || trace.error !== undefined) return '<unknown>';
  if (spec && metricKind(spec) === 'utilization' && spec.type !== 'Pods') {
    if (trace.currentUtilization === undefined) return '<unknown>';
    return `${trace.currentUtilization}% (${formatMilliQuantity(trace.currentAverageValue)})`;
  }
  if (trace.currentAverageValue !== undefined)
    return formatMilliQuantity(trace.currentAverageValue);
  if (trace.currentValue !== undefined) return formatMilliQuantity(trace.currentValue);
  return '<unknown>';
}

/** One line of `kubectl describe hpa`'s Metrics block ("( current / target )"). */
export function describeMetricLine(
  trace: MetricTrace | undefined,
  spec: MetricSpec,
): MetricDescription {
  const current = currentText(trace, spec);
  const target = targetText(spec);
  const value = `${current} / ${target}`;
  switch (spec.type) {
    case 'Resource':
    case 'ContainerResource': {
      const src = resourceSource(spec);
      const name = src?.name ?? '?';
      const base = spec.containerResource
        ? `resource ${name} of container "${spec.containerResource.container}" on pods`
        : `resource ${name} on pods`;
      return metricKind(spec) === 'utilization'
        ? { name: `${base}  (as a percentage of request)`, value }
        : { name: base, value };
    }
    case 'Pods':
      return { name: `"${spec.pods?.metric.name ?? '?'}" on pods`, value };
    case 'Object': {
      const o = spec.object;
      const what = metricKind(spec) === 'averageValue' ? 'target average value' : 'target value';
      return {
        name: `"${o?.metric.name ?? '?'}" on ${o?.describedObject.kind ?? '?'}/${o?.describedObject.name ?? '?'} (${what})`,
        value,
      };
    }
    case 'External': {
      const what = metricKind(spec) === 'averageValue' ? 'target average value' : 'target value';
      return { name: `"${spec.external?.metric.name ?? '?'}" (${what})`, value };
    }
    default:
      return { name: `<unknown metric type "${spec.type}">`, value: '' };
  }
}
