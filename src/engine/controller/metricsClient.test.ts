// The metrics APIs as the controller sees them (metrics/client.go: GetResourceMetric,
// GetRawMetric, GetObjectMetric, GetExternalMetric), answered from an Observation.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  getExternalMetric,
  getObjectMetric,
  getRawMetric,
  getRawMetricByPosition,
  getResourceMetric,
  getResourceMetricByPosition,
  PodMetricsByPosition,
  type PodMetricsInfo,
} from './metricsClient.ts';
import { hpa, NOW, observation, OBJECT_REF, pod } from './testing/builders.ts';
import type { PodObservation } from './types.ts';

const ERR = { containerMetricMissingIsError: true };
const MISSING = { containerMetricMissingIsError: false };

function twoContainerPod(
  name: string,
  usage: { app?: Record<string, number>; sidecar?: Record<string, number> } | null,
): PodObservation {
  const p = pod(name, { cpu: 1 });
  p.containers = [
    { name: 'app', requests: { cpu: 500 } },
    { name: 'sidecar', requests: { cpu: 100 } },
  ];
  p.resourceMetrics =
    usage === null
      ? null
      : {
          timestamp: NOW - 5,
          window: 30,
          containers: [
            ...(usage.app ? [{ name: 'app', usage: usage.app }] : []),
            ...(usage.sidecar ? [{ name: 'sidecar', usage: usage.sidecar }] : []),
          ],
        };
  return p;
}

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

    it('an item without the container fails the whole metric (release behaviour)', () => {
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

describe('PodMetricsByPosition (PodMetricsInfo indexed by position)', () => {
  type Op =
    | { kind: 'set'; slot: number; value: number }
    | { kind: 'delete'; slots: number[] }
    | { kind: 'reset' };
  const SLOTS = 8;
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('set' as const),
        slot: fc.nat(SLOTS - 1),
        value: fc.integer(),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('delete' as const),
        slots: fc.subarray([...Array(SLOTS).keys()]),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'reset' as const }) },
  );

  it('iterates, sizes and overwrites exactly like a Map keyed by slot', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 40 }), (ops) => {
        const m = new PodMetricsByPosition();
        m.reset(SLOTS);
        const ref = new Map<number, number>();
        for (const op of ops) {
          if (op.kind === 'set') {
            m.set(op.slot, op.value, op.value + 1, op.value + 2);
            ref.set(op.slot, op.value);
          } else if (op.kind === 'delete') {
            m.deleteWhere((slot) => op.slots.includes(slot));
            for (const s of op.slots) ref.delete(s);
          } else {
            m.reset(SLOTS);
            ref.clear();
          }
          const entries = [...m.order.subarray(0, m.size)].map((slot) => [slot, m.values[slot]]);
          expect(entries).toEqual([...ref.entries()]);
          for (let slot = 0; slot < SLOTS; slot++) {
            expect(m.present[slot] === 1).toBe(ref.has(slot));
            if (ref.has(slot)) expect(m.timestamps[slot]).toBe(ref.get(slot)! + 1);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('holds the same samples as GetResourceMetric and GetRawMetric when names are distinct', () => {
    const obs = observation(hpa(), {
      pods: [
        twoContainerPod('a', { app: { cpu: 300 }, sidecar: { cpu: 20 } }),
        twoContainerPod('b', { app: { cpu: 300 }, sidecar: { memory: 1 } }),
        twoContainerPod('c', null),
        pod('d', { cpu: 5, custom: { qps: 7 } }),
      ],
      unmatchedPodMetrics: [
        {
          name: 'gone',
          resourceMetrics: {
            timestamp: NOW,
            window: 60,
            containers: [{ name: 'x', usage: { cpu: 7 } }],
          },
          customMetrics: { qps: 3 },
        },
      ],
    });
    const slotName = (slot: number) =>
      slot < obs.pods.length
        ? obs.pods[slot]!.name
        : obs.unmatchedPodMetrics![slot - obs.pods.length]!.name;
    const asMap = (m: PodMetricsByPosition): PodMetricsInfo =>
      new Map(
        [...m.order.subarray(0, m.size)].map((slot) => [
          slotName(slot),
          { value: m.values[slot]!, timestamp: m.timestamps[slot]!, window: m.windows[slot]! },
        ]),
      );
    const byPosition = getResourceMetricByPosition(obs, 'cpu', '', ERR);
    const byName = getResourceMetric(obs, 'cpu', '', ERR);
    expect(byPosition.ok && byName.ok).toBe(true);
    if (byPosition.ok && byName.ok) expect(asMap(byPosition.value)).toEqual(byName.value);
    const rawByPosition = getRawMetricByPosition(obs, 'qps', NOW);
    const rawByName = getRawMetric(obs, 'qps', NOW);
    if (rawByPosition.ok && rawByName.ok)
      expect(asMap(rawByPosition.value)).toEqual(rawByName.value);
    else expect.unreachable();
    // the first item without the container fails both, the unlisted pod's included
    expect(getResourceMetricByPosition(obs, 'cpu', 'app', ERR)).toEqual({
      ok: false,
      error: 'container app not present in metrics for pod gone',
    });
    expect(getResourceMetric(obs, 'cpu', 'app', ERR)).toEqual(
      getResourceMetricByPosition(obs, 'cpu', 'app', ERR),
    );
  });
});
