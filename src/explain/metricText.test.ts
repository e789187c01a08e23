import { describe, expect, it } from 'vitest';
import { describeMetricLine, metricKind, metricLabel, targetNumber } from './metricText.ts';
import type { MetricSpec, MetricTrace } from './types.ts';

const cpu60: MetricSpec = {
  type: 'Resource',
  resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } },
};

describe('describeMetricLine (kubectl describe hpa, Metrics block)', () => {
  it('prints a Resource utilization metric with the raw average in brackets', () => {
    const trace: MetricTrace = {
      type: 'Resource',
      currentUtilization: 70,
      currentAverageValue: 350,
    };
    expect(describeMetricLine(trace, cpu60)).toEqual({
      name: 'resource cpu on pods  (as a percentage of request)',
      value: '70% (350m) / 60%',
    });
  });

  it('prints <unknown> for a metric that failed', () => {
    const trace: MetricTrace = { type: 'Resource', error: 'FailedGetResourceMetric' };
    expect(describeMetricLine(trace, cpu60).value).toBe('<unknown> / 60%');
  });

  it('prints a Resource AverageValue metric as quantities', () => {
    const spec: MetricSpec = {
      type: 'Resource',
      resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '100Mi' } },
    };
    const trace: MetricTrace = { type: 'Resource', currentAverageValue: 104_857_600_000 };
    expect(describeMetricLine(trace, spec)).toEqual({
      name: 'resource memory on pods',
      value: '104857600 / 100Mi',
    });
  });

  it('prints a ContainerResource metric with its container', () => {
    const spec: MetricSpec = {
      type: 'ContainerResource',
      containerResource: {
        name: 'cpu',
        container: 'app',
        target: { type: 'Utilization', averageUtilization: 50 },
      },
    };
    expect(describeMetricLine(undefined, spec).name).toBe(
      'resource cpu of container "app" on pods  (as a percentage of request)',
    );
  });

  it('prints Pods, Object and External metrics the kubectl way', () => {
    const pods: MetricSpec = {
      type: 'Pods',
      pods: {
        metric: { name: 'packets-per-second' },
        target: { type: 'AverageValue', averageValue: '1k' },
      },
    };
    expect(describeMetricLine({ type: 'Pods', currentAverageValue: 1_000_000 }, pods)).toEqual({
      name: '"packets-per-second" on pods',
      value: '1k / 1k',
    });
    const object: MetricSpec = {
      type: 'Object',
      object: {
        describedObject: { kind: 'Ingress', name: 'main-route' },
        metric: { name: 'requests-per-second' },
        target: { type: 'Value', value: '2k' },
      },
    };
    expect(describeMetricLine({ type: 'Object', currentValue: 10_000_000 }, object)).toEqual({
      name: '"requests-per-second" on Ingress/main-route (target value)',
      value: '10k / 2k',
    });
    const external: MetricSpec = {
      type: 'External',
      external: {
        metric: { name: 'queue_messages_ready' },
        target: { type: 'AverageValue', averageValue: 30 },
      },
    };
    expect(describeMetricLine({ type: 'External', currentAverageValue: 30_000 }, external)).toEqual(
      {
        name: '"queue_messages_ready" (target average value)',
        value: '30 / 30',
      },
    );
  });
});

describe('metric kind, label and target', () => {
  it('reads the formula the controller applies', () => {
    expect(metricKind(cpu60)).toBe('utilization');
    expect(metricLabel(cpu60)).toBe('cpu utilization');
    expect(targetNumber(cpu60)).toBe(60);
    const ext: MetricSpec = {
      type: 'External',
      external: { metric: { name: 'q' }, target: { type: 'Value', value: '1.5' } },
    };
    expect(metricKind(ext)).toBe('value');
    expect(targetNumber(ext)).toBe(1.5);
  });
});
