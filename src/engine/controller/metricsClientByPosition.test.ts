// The by-position twin of the metrics client (metricsClientByPosition.ts): PodMetricsByPosition
// behaves as a Map keyed by slot, and the by-position fetches give the Map-based fetches' samples.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  getRawMetric,
  getResourceMetric,
  podResourceUsage,
  type PodMetricsInfo,
} from './metricsClient.ts';
import {
  getRawMetricByPosition,
  getResourceMetricByPosition,
  PodMetricsByPosition,
} from './metricsClientByPosition.ts';
import { hpa, NOW, observation, pod, twoContainerPod } from './testing/builders.ts';
import type {
  Observation,
  PodMetricsColumns,
  PodObservation,
  PodResourceMetrics,
} from './types.ts';

const ERR = { containerMetricMissingIsError: true };

describe('PodMetricsByPosition (PodMetricsInfo indexed by position)', () => {
  type Op =
    | { kind: 'set'; slot: number; value: number; weight: number }
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
        weight: fc.integer({ min: 1, max: 5 }),
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

  // A slot's weight stands for that many samples (a pod group): `size` is the Map's size over
  // the expanded samples, and a slot keeps the weight it was first set with.
  it('iterates, sizes and overwrites exactly like a Map keyed by slot', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 40 }), fc.nat(SLOTS), (ops, limit) => {
        const m = new PodMetricsByPosition();
        m.reset(SLOTS);
        const ref = new Map<number, number>();
        const weight = new Map<number, number>();
        let grouped = false;
        for (const op of ops) {
          if (op.kind === 'set') {
            m.set(op.slot, op.value, op.value + 1, op.value + 2, op.weight);
            if (!ref.has(op.slot)) {
              weight.set(op.slot, op.weight);
              if (op.weight !== 1) grouped = true;
            }
            ref.set(op.slot, op.value);
          } else if (op.kind === 'delete') {
            // codes 1 and 2 are dropped, 3 kept; slots from `limit` on are never dropped
            const codes = new Uint8Array(SLOTS).fill(3);
            op.slots.forEach((slot, i) => (codes[slot] = 1 + (i % 2)));
            m.deleteCoded(codes, limit, 1, 2);
            for (const s of op.slots) if (s < limit) ref.delete(s);
          } else {
            m.reset(SLOTS);
            ref.clear();
            grouped = false;
          }
          const entries = [...m.order.subarray(0, m.live)].map((slot) => [slot, m.values[slot]]);
          expect(entries).toEqual([...ref.entries()]);
          let size = 0;
          for (const slot of ref.keys()) size += weight.get(slot)!;
          expect(m.size).toBe(size);
          expect(m.grouped).toBe(grouped);
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
        [...m.order.subarray(0, m.live)].map((slot) => [
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

  it('reads the same items from the caller columns as from the pods (Observation.podMetrics)', () => {
    const pods = () => [
      twoContainerPod('a', { app: { cpu: 300 }, sidecar: { cpu: 20 } }),
      twoContainerPod('b', { app: { cpu: 300 }, sidecar: { memory: 1 } }),
      twoContainerPod('c', null),
      pod('d', { cpu: 5, memory: 9 }),
      { ...pod('e', { cpu: 7 }), count: 3 },
    ];
    const plain = observation(hpa(), { pods: pods() });
    // The columns hold the items; the pods' own objects are stale (a scrape's leftovers).
    const items: (PodResourceMetrics | null)[] = plain.pods.map((p) => p.resourceMetrics ?? null);
    const stale: PodObservation[] = pods().map((p) => ({ ...p, resourceMetrics: items[0]! }));
    const columns: PodMetricsColumns = {
      listed: (i) => items[i] !== null,
      timestamp: (i) => items[i]!.timestamp,
      window: (i) => items[i]!.window,
      usage: (i, resource, container) => podResourceUsage(items[i]!, resource, container),
      materialize: () => stale.forEach((p, i) => (p.resourceMetrics = items[i])),
    };
    const viewed: Observation = observation(hpa(), { pods: stale, podMetrics: columns });
    for (const resource of ['cpu', 'memory'])
      for (const container of ['', 'app', 'sidecar', 'none'])
        for (const missingIsError of [true, false]) {
          const config = { containerMetricMissingIsError: missingIsError };
          const want = getResourceMetricByPosition(plain, resource, container, config);
          const got = getResourceMetricByPosition(viewed, resource, container, config);
          expect({ resource, container, got }).toEqual({ resource, container, got: want });
        }
    // the objects say otherwise until materialized: without the columns the answer differs
    const withoutColumns = { ...viewed, podMetrics: null };
    expect(getResourceMetricByPosition(withoutColumns, 'cpu', '', ERR)).not.toEqual(
      getResourceMetricByPosition(plain, 'cpu', '', ERR),
    );
    columns.materialize();
    expect(getResourceMetricByPosition(withoutColumns, 'cpu', '', ERR)).toEqual(
      getResourceMetricByPosition(plain, 'cpu', '', ERR),
    );
  });
});
