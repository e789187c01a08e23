import { describe, expect, it } from 'vitest';
import { convertToV2 } from './convert.ts';
import type { HpaApiVersion } from '../schema/hpaSchema.ts';

const ref = { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' };
const manifest = (
  apiVersion: HpaApiVersion,
  spec: object,
  annotations?: Record<string, string>,
) => ({
  apiVersion,
  kind: 'HorizontalPodAutoscaler',
  metadata: annotations ? { name: 'web', annotations } : { name: 'web' },
  spec: { scaleTargetRef: ref, minReplicas: 2, maxReplicas: 10, ...spec },
});
const v2 = (spec: object, metadata: object = { name: 'web' }) => ({
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata,
  spec: { scaleTargetRef: ref, minReplicas: 2, maxReplicas: 10, ...spec },
});
const cpu = (u: number) => ({
  type: 'Resource',
  resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: u } },
});

describe('autoscaling/v1 → v2', () => {
  const cases: [string, object, Record<string, string> | undefined, object][] = [
    [
      'targetCPUUtilizationPercentage becomes a cpu Utilization metric',
      { targetCPUUtilizationPercentage: 70 },
      undefined,
      { metrics: [cpu(70)] },
    ],
    ['no target: the conversion sets cpu 80', {}, undefined, { metrics: [cpu(80)] }],
    [
      'metrics annotation first (v2beta1 shape), then the cpu metric',
      { targetCPUUtilizationPercentage: 60 },
      {
        'autoscaling.alpha.kubernetes.io/metrics':
          '[{"type":"Pods","pods":{"metricName":"rps","targetAverageValue":"10"}}]',
        team: 'a',
      },
      {
        metrics: [
          {
            type: 'Pods',
            pods: { metric: { name: 'rps' }, target: { type: 'AverageValue', averageValue: '10' } },
          },
          cpu(60),
        ],
      },
    ],
    [
      'behavior annotation with Go field names',
      { targetCPUUtilizationPercentage: 50 },
      {
        'autoscaling.alpha.kubernetes.io/behavior':
          '{"ScaleUp":{"StabilizationWindowSeconds":60,"SelectPolicy":"Max","Policies":[{"Type":"Pods","Value":2,"PeriodSeconds":30}]},"ScaleDown":null}',
      },
      {
        metrics: [cpu(50)],
        behavior: {
          scaleUp: {
            stabilizationWindowSeconds: 60,
            selectPolicy: 'Max',
            policies: [{ type: 'Pods', value: 2, periodSeconds: 30 }],
          },
        },
      },
    ],
  ];
  it.each(cases)('%s', (_name, spec, annotations, expected) => {
    const out = convertToV2(manifest('autoscaling/v1', spec, annotations), 'autoscaling/v1');
    const meta = annotations?.team ? { name: 'web', annotations: { team: 'a' } } : { name: 'web' };
    expect(out.hpa).toEqual(v2(expected, meta));
    expect(out.changes.length).toBeGreaterThan(0);
    expect(out.issues).toEqual([]);
  });

  it('ignores an undecodable annotation with a warning, as the API server skips it', () => {
    const out = convertToV2(
      manifest(
        'autoscaling/v1',
        { targetCPUUtilizationPercentage: 50 },
        {
          'autoscaling.alpha.kubernetes.io/metrics':
            '[{"type":"Pods","pods":{"targetAverageValue":true}}]',
          'autoscaling.alpha.kubernetes.io/behavior': '{nope',
        },
      ),
      'autoscaling/v1',
    );
    expect(out.hpa.spec.metrics).toEqual([cpu(50)]);
    expect(out.hpa.spec.behavior).toBeUndefined();
    expect(out.issues.map((i) => [i.severity, i.path.join('/')])).toEqual([
      ['warning', 'metadata/annotations/autoscaling.alpha.kubernetes.io/metrics'],
      ['warning', 'metadata/annotations/autoscaling.alpha.kubernetes.io/behavior'],
    ]);
  });

  it('maps converted paths back to the v1 fields', () => {
    const out = convertToV2(
      manifest('autoscaling/v1', { targetCPUUtilizationPercentage: 0 }),
      'autoscaling/v1',
    );
    expect(
      out.pathMap.toSource(['spec', 'metrics', 0, 'resource', 'target', 'averageUtilization']),
    ).toEqual(['spec', 'targetCPUUtilizationPercentage']);
    expect(out.pathMap.toSource(['spec', 'maxReplicas'])).toEqual(['spec', 'maxReplicas']);
  });
});

describe('autoscaling/v2beta1 → v2', () => {
  const one = (metric: object) => ({ metrics: [metric] });
  const cases: [string, object, object][] = [
    [
      'resource targetAverageUtilization',
      { type: 'Resource', resource: { name: 'cpu', targetAverageUtilization: 65 } },
      cpu(65),
    ],
    [
      'resource targetAverageValue',
      { type: 'Resource', resource: { name: 'memory', targetAverageValue: '512Mi' } },
      {
        type: 'Resource',
        resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '512Mi' } },
      },
    ],
    [
      'containerResource',
      {
        type: 'ContainerResource',
        containerResource: { name: 'cpu', container: 'app', targetAverageUtilization: 50 },
      },
      {
        type: 'ContainerResource',
        containerResource: {
          name: 'cpu',
          container: 'app',
          target: { type: 'Utilization', averageUtilization: 50 },
        },
      },
    ],
    [
      'pods metricName / selector / targetAverageValue',
      {
        type: 'Pods',
        pods: {
          metricName: 'rps',
          targetAverageValue: '100',
          selector: { matchLabels: { a: 'b' } },
        },
      },
      {
        type: 'Pods',
        pods: {
          metric: { name: 'rps', selector: { matchLabels: { a: 'b' } } },
          target: { type: 'AverageValue', averageValue: '100' },
        },
      },
    ],
    [
      'object target → describedObject, targetValue → Value',
      {
        type: 'Object',
        object: {
          target: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', name: 'main' },
          metricName: 'hits',
          targetValue: '2k',
        },
      },
      {
        type: 'Object',
        object: {
          describedObject: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', name: 'main' },
          metric: { name: 'hits' },
          target: { type: 'Value', value: '2k' },
        },
      },
    ],
    [
      'object averageValue → AverageValue, and the omitted targetValue becomes 0',
      {
        type: 'Object',
        object: {
          target: { kind: 'Ingress', name: 'main' },
          metricName: 'hits',
          averageValue: '10',
        },
      },
      {
        type: 'Object',
        object: {
          describedObject: { kind: 'Ingress', name: 'main' },
          metric: { name: 'hits' },
          target: { type: 'AverageValue', value: '0', averageValue: '10' },
        },
      },
    ],
    [
      'external metricSelector / targetValue → Value',
      {
        type: 'External',
        external: {
          metricName: 'queue',
          metricSelector: { matchLabels: { q: 'x' } },
          targetValue: '30',
        },
      },
      {
        type: 'External',
        external: {
          metric: { name: 'queue', selector: { matchLabels: { q: 'x' } } },
          target: { type: 'Value', value: '30' },
        },
      },
    ],
    [
      'external targetAverageValue → AverageValue',
      { type: 'External', external: { metricName: 'queue', targetAverageValue: '5' } },
      {
        type: 'External',
        external: {
          metric: { name: 'queue' },
          target: { type: 'AverageValue', averageValue: '5' },
        },
      },
    ],
  ];
  it.each(cases)('%s', (_name, metric, expected) => {
    const out = convertToV2(manifest('autoscaling/v2beta1', one(metric)), 'autoscaling/v2beta1');
    expect(out.hpa).toEqual(v2(one(expected)));
  });

  it('maps v2 target fields back to the v2beta1 names', () => {
    const out = convertToV2(manifest('autoscaling/v2beta1', {}), 'autoscaling/v2beta1');
    const m = ['spec', 'metrics', 3];
    expect(out.pathMap.toSource([...m, 'resource', 'target', 'averageUtilization'])).toEqual([
      ...m,
      'resource',
      'targetAverageUtilization',
    ]);
    expect(out.pathMap.toSource([...m, 'resource', 'target', 'type'])).toEqual([...m, 'resource']);
    expect(out.pathMap.toSource([...m, 'object', 'describedObject', 'name'])).toEqual([
      ...m,
      'object',
      'target',
      'name',
    ]);
    expect(out.pathMap.toSource([...m, 'external', 'metric', 'selector', 'matchLabels'])).toEqual([
      ...m,
      'external',
      'metricSelector',
      'matchLabels',
    ]);
  });
});

describe('autoscaling/v2beta2 and v2', () => {
  const behavior = {
    scaleDown: {
      stabilizationWindowSeconds: 60,
      policies: [{ type: 'Percent', value: 50, periodSeconds: 30 }],
    },
  };
  it('v2beta2 is structurally v2', () => {
    const out = convertToV2(
      manifest('autoscaling/v2beta2', { metrics: [cpu(75)], behavior }),
      'autoscaling/v2beta2',
    );
    expect(out.hpa).toEqual(v2({ metrics: [cpu(75)], behavior }));
    expect(out.changes[0]).toContain('the fields are the same');
  });

  it('v2beta2 reads the tolerance annotations into behavior', () => {
    const annotations = { 'autoscaling.alpha.kubernetes.io/scale-up-tolerance': '0.05' };
    const out = convertToV2(
      manifest('autoscaling/v2beta2', { metrics: [cpu(75)] }, annotations),
      'autoscaling/v2beta2',
    );
    expect(out.hpa.spec.behavior).toEqual({ scaleUp: { tolerance: '0.05' } });
    expect(out.hpa.metadata).toEqual({ name: 'web' });
  });

  it('v2beta2 rejects a tolerance annotation that is not a quantity', () => {
    const annotations = { 'autoscaling.alpha.kubernetes.io/scale-down-tolerance': 'lots' };
    const out = convertToV2(
      manifest('autoscaling/v2beta2', {}, annotations),
      'autoscaling/v2beta2',
    );
    expect(out.issues.map((i) => i.severity)).toEqual(['error']);
  });

  it('v2 is unchanged, and round-trip annotations are ignored with a warning', () => {
    const annotations = { 'autoscaling.alpha.kubernetes.io/behavior': '{}' };
    const out = convertToV2(
      manifest('autoscaling/v2', { metrics: [cpu(75)], behavior }, annotations),
      'autoscaling/v2',
    );
    expect(out.hpa).toEqual(v2({ metrics: [cpu(75)], behavior }));
    expect(out.changes).toEqual([]);
    expect(out.issues.map((i) => i.severity)).toEqual(['warning']);
  });
});
