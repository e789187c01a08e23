// How each HPA metric is labelled on a chart (the series arrays are declared in seriesShape.ts).

import { milliValue, type MetricSpec } from '../controller/index.ts';
import type { MetricSeriesInfo } from './seriesShape.ts';

/** Label, unit and target of one HPA metric as a chart shows it. */
export function describeMetric(m: MetricSpec): MetricSeriesInfo {
  const src = m.resource ?? m.containerResource;
  if ((m.type === 'Resource' || m.type === 'ContainerResource') && src) {
    const where = m.containerResource ? ` (container ${m.containerResource.container})` : '';
    const key = `resource/${src.name}`;
    if (src.target.averageUtilization !== undefined && src.target.averageValue === undefined) {
      return {
        label: `${src.name} utilization${where}`,
        unit: '% of request',
        target: src.target.averageUtilization,
        key,
      };
    }
    const unit = src.name === 'cpu' ? 'cores' : src.name === 'memory' ? 'bytes' : src.name;
    return {
      label: `${src.name} average${where}`,
      unit,
      target: milliValue(src.target.averageValue) / 1000,
      key,
    };
  }
  if (m.type === 'Pods' && m.pods) {
    return {
      label: `pods ${m.pods.metric.name} (average)`,
      unit: 'per pod',
      target: milliValue(m.pods.target.averageValue) / 1000,
      key: `pods/${m.pods.metric.name}`,
    };
  }
  const src2 = m.type === 'Object' ? m.object : m.type === 'External' ? m.external : undefined;
  if (src2) {
    const kind = m.type === 'Object' ? 'object' : 'external';
    const avg =
      src2.target.averageValue !== undefined &&
      src2.target.averageValue !== null &&
      (m.type === 'External' || src2.target.type === 'AverageValue');
    const target = milliValue(avg ? src2.target.averageValue : src2.target.value) / 1000;
    return {
      label: `${kind} ${src2.metric.name}${avg ? ' (per pod)' : ''}`,
      unit: avg ? 'per pod' : 'total',
      target,
      key: `${kind}/${src2.metric.name}`,
    };
  }
  return { label: `${m.type} metric`, unit: '', target: NaN, key: '' };
}
