// Per-sync series as typed arrays (transferable out of a worker without copying objects).

import { milliValue, type MetricSpec } from '../controller/index.ts';
import type { SimulationInput } from './input.ts';
import type { MetricSeriesInfo, SimulationSeries, SyncRecord } from './result.ts';

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

export class SeriesBuilder {
  private readonly s: SimulationSeries;

  constructor(input: SimulationInput, n: number) {
    const metrics = input.hpa.spec.metrics ?? [];
    const f = () => new Float64Array(n);
    this.s = {
      time: f(),
      desiredReplicas: f(),
      specReplicas: f(),
      readyReplicas: f(),
      pendingReplicas: f(),
      terminatingReplicas: f(),
      demand: f(),
      served: f(),
      capacity: f(),
      metrics: metrics.map(() => new Float64Array(n).fill(NaN)),
      metricInfo: metrics.map(describeMetric),
      minReplicas: input.hpa.spec.minReplicas ?? 1,
      maxReplicas: input.hpa.spec.maxReplicas,
    };
  }

  push(i: number, r: SyncRecord, served: number, demand: number, capacity: number): void {
    const s = this.s;
    s.time[i] = r.time;
    s.desiredReplicas[i] = r.desiredReplicas;
    s.specReplicas[i] = r.replicas;
    s.readyReplicas[i] = r.pods.ready;
    s.pendingReplicas[i] = r.pods.pending;
    s.terminatingReplicas[i] = r.pods.terminating;
    s.demand[i] = demand;
    s.served[i] = served;
    s.capacity[i] = capacity;
    const traces = r.trace.metrics;
    if (!traces) return;
    traces.forEach((m, j) => {
      const arr = s.metrics[j];
      if (!arr) return;
      if (m.currentUtilization !== undefined) arr[i] = m.currentUtilization;
      else if (m.currentAverageValue !== undefined) arr[i] = m.currentAverageValue / 1000;
      else if (m.currentValue !== undefined) arr[i] = m.currentValue / 1000;
    });
  }

  build(): SimulationSeries {
    return this.s;
  }
}
