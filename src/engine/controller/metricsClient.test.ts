// The metrics APIs as the controller sees them (metrics/client.go: GetResourceMetric,
// GetRawMetric, GetObjectMetric, GetExternalMetric), answered from an Observation.

import { describe, expect, it } from 'vitest';
import {
  getExternalMetric,
  getObjectMetric,
  getRawMetric,
  getResourceMetric,
} from './metricsClient.ts';
import { getResourceMetricByPosition } from './metricsClientByPosition.ts';
import { hpa, NOW, observation, OBJECT_REF, pod, twoContainerPod } from './testing/builders.ts';

const ERR = { containerMetricMissingIsError: true };
const MISSING = { containerMetricMissingIsError: false };

describe('GetResourceMetric', () => {
  it('sums the resource over the containers of each pod and keeps timestamp and window', () => {
    const obs = observation(hpa(), {
      pods: [twoContainerPod('a', { app: { cpu: 300 }, sidecar: { cpu: 20 } })],
    });
    const r = getResourceMetric(obs, 'cpu', '', ERR);
    expect(r).toEqual({
      ok: true,
      value: new Map([['a', { value: 320, timestamp: NOW - 5, window: 30 }]]),
    });
  });

  it('fails the whole metric with the List error when the resource metrics API is down', () => {
    const obs = observation(hpa(), {
      pods: [twoContainerPod('a', { app: { cpu: 300 }, sidecar: { cpu: 20 } })],
      resourceMetricsError: 'the server is currently unable to handle the request',
    });
    const error =
      'unable to fetch metrics from resource metrics API: the server is currently unable to handle the request';
    expect(getResourceMetric(obs, 'cpu', '', ERR)).toEqual({ ok: false, error });
    expect(getResourceMetricByPosition(obs, 'cpu', '', ERR)).toEqual({ ok: false, error });
  });

  it('drops a pod when any container lacks the resource, or it reports no containers', () => {
    const noContainers = twoContainerPod('c', {});
    const obs = observation(hpa(), {
      pods: [
        twoContainerPod('a', { app: { cpu: 300 }, sidecar: { memory: 1 } }),
        twoContainerPod('b', { app: { cpu: 300 }, sidecar: { cpu: 1 } }),
        noContainers,
      ],
    });
    const r = getResourceMetric(obs, 'cpu', '', ERR);
    expect(r.ok && [...r.value.keys()]).toEqual(['b']);
  });

  it('fails when the API returns no PodMetrics item at all', () => {
    const obs = observation(hpa(), { pods: [pod('a', { cpu: null })] });
    expect(getResourceMetric(obs, 'cpu', '', ERR)).toEqual({
      ok: false,
      error: 'no metrics returned from resource metrics API',
    });
  });

  it('succeeds with an empty map when items exist but none has the resource', () => {
    const obs = observation(hpa(), { pods: [pod('a', { memory: 10 })] });
    const r = getResourceMetric(obs, 'cpu', '', ERR);
    expect(r).toEqual({ ok: true, value: new Map() });
  });

  it('includes samples of pods that are not in the pod list', () => {
    const obs = observation(hpa(), {
      pods: [pod('a', { cpu: 100 })],
      unmatchedPodMetrics: [
        {
          name: 'gone',
          resourceMetrics: {
            timestamp: NOW,
            window: 60,
            containers: [{ name: 'x', usage: { cpu: 7 } }],
          },
        },
        { name: 'no-item', resourceMetrics: null },
      ],
    });
    const r = getResourceMetric(obs, 'cpu', '', ERR);
    expect(r.ok && [...r.value.entries()].map(([k, v]) => [k, v.value])).toEqual([
      ['a', 100],
      ['gone', 7],
    ]);
  });

  describe('one container (ContainerResource)', () => {
    it('takes only the named container', () => {
      const obs = observation(hpa(), {
        pods: [twoContainerPod('a', { app: { cpu: 300 }, sidecar: { cpu: 20 } })],
      });
      const r = getResourceMetric(obs, 'cpu', 'sidecar', ERR);
      expect(r.ok && r.value.get('a')?.value).toBe(20);
    });

    it('a present container without the resource makes the pod missing', () => {
      const obs = observation(hpa(), {
        pods: [
          twoContainerPod('a', { app: { memory: 1 }, sidecar: { cpu: 20 } }),
          twoContainerPod('b', { app: { cpu: 5 }, sidecar: { cpu: 20 } }),
        ],
      });
      const r = getResourceMetric(obs, 'cpu', 'app', ERR);
      expect(r.ok && [...r.value.keys()]).toEqual(['b']);
    });

    it('an item without the container fails the whole metric (code before v1.33, #127193)', () => {
      const obs = observation(hpa(), {
        pods: [
          twoContainerPod('a', { sidecar: { cpu: 20 } }),
          twoContainerPod('b', { app: { cpu: 5 } }),
        ],
      });
      const r = getResourceMetric(obs, 'cpu', 'app', ERR);
      expect(r).toEqual({ ok: false, error: 'container app not present in metrics for pod a' });
    });

    it('an item without the container just misses that pod (master behaviour)', () => {
      const obs = observation(hpa(), {
        pods: [
          twoContainerPod('a', { sidecar: { cpu: 20 } }),
          twoContainerPod('b', { app: { cpu: 5 } }),
        ],
      });
      const r = getResourceMetric(obs, 'cpu', 'app', MISSING);
      expect(r.ok && [...r.value.keys()]).toEqual(['b']);
    });
  });
});

describe('GetRawMetric (Pods metrics)', () => {
  it('reads the named custom metric of listed and unlisted pods, stamped now with a 60 s window', () => {
    const obs = observation(hpa(), {
      pods: [pod('a', { custom: { qps: 1500, other: 1 } }), pod('b', { custom: { other: 2 } })],
      unmatchedPodMetrics: [{ name: 'gone', customMetrics: { qps: 500 } }],
    });
    const r = getRawMetric(obs, 'qps', NOW);
    expect(r).toEqual({
      ok: true,
      value: new Map([
        ['a', { value: 1500, timestamp: NOW, window: 60 }],
        ['gone', { value: 500, timestamp: NOW, window: 60 }],
      ]),
    });
  });

  it('fails when no pod has a sample', () => {
    const obs = observation(hpa(), { pods: [pod('a', { custom: { other: 1 } })] });
    expect(getRawMetric(obs, 'qps', NOW)).toEqual({
      ok: false,
      error: 'no metrics returned from custom metrics API',
    });
  });
});

describe('GetObjectMetric', () => {
  const obs = observation(hpa(), {
    objectMetrics: [
      { describedObject: OBJECT_REF, metric: 'requests', value: 15000 },
      { describedObject: { kind: 'Service', name: 'frontend' }, metric: 'requests', value: 1 },
    ],
  });

  it('matches kind, name and metric name', () => {
    expect(getObjectMetric(obs, 'requests', 'Ingress', 'frontend')).toEqual({
      ok: true,
      value: 15000,
    });
    expect(getObjectMetric(obs, 'requests', 'Service', 'frontend')).toEqual({ ok: true, value: 1 });
  });

  it.each([
    ['another metric', 'latency', 'Ingress', 'frontend'],
    ['another kind', 'requests', 'Deployment', 'frontend'],
    ['another name', 'requests', 'Ingress', 'backend'],
  ])('fails for %s', (_label, metric, kind, name) => {
    expect(getObjectMetric(obs, metric, kind, name).ok).toBe(false);
  });
});

describe('GetExternalMetric', () => {
  const obs = observation(hpa(), {
    externalMetrics: [
      { metric: 'queue', values: [2000, 6600] },
      { metric: 'empty', values: [] },
    ],
  });

  it('returns every sample of the metric', () => {
    expect(getExternalMetric(obs, 'queue')).toEqual({ ok: true, value: [2000, 6600] });
  });

  it('fails when the metric is unknown', () => {
    expect(getExternalMetric(obs, 'nope').ok).toBe(false);
  });

  it('fails when no sample is returned', () => {
    expect(getExternalMetric(obs, 'empty')).toEqual({
      ok: false,
      error: 'no metrics returned from external metrics API',
    });
  });
});
