import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../scenario/index.ts';
import { DEFAULT_CONTROLLER_CONFIG, type MetricSpec } from '../controller/index.ts';
import type { SimulationInput } from './input.ts';
import { eventsUpTo, snapshotSpacing, syncDetail } from './replay.ts';
import type { EventLog } from './result.ts';
import { isFullResult, simulate } from './simulate.ts';
import type { FullSimulationResult, SimulationResult } from './result.ts';
import { buildInput } from './testing/buildInput.ts';
import { curveArb, podsMetric } from './testing/worldArb.ts';

function both(input: SimulationInput): { full: FullSimulationResult; compact: SimulationResult } {
  const full = simulate(input, { record: 'full' });
  const compact = simulate(input);
  if (!full.ok || !compact.ok || !isFullResult(full.result)) throw new Error('runs must succeed');
  expect(compact.result.syncs).toBeNull();
  return { full: full.result, compact: compact.result };
}

/** Every sync of short runs; of long ones, a dense sample plus both sides of every snapshot. */
function indices(n: number): number[] {
  if (n <= 400) return Array.from({ length: n }, (_, i) => i);
  const every = snapshotSpacing(n);
  const out = new Set<number>([0, 1, n - 2, n - 1]);
  for (let i = 0; i < n; i += 17) out.add(i);
  for (let b = every; b < n; b += every) for (const d of [-1, 0, 1, 2]) out.add(b + d);
  return [...out].filter((i) => i >= 0 && i < n).sort((a, b) => a - b);
}

function expectSameRun(
  full: FullSimulationResult,
  compact: SimulationResult,
  input: SimulationInput,
) {
  expect(compact.kpis).toEqual(full.kpis);
  expect(compact.series).toEqual(full.series);
  expect(compact.events).toEqual(full.events);
  for (const i of indices(full.syncs.length))
    expect(syncDetail(input, compact, i), `sync ${i}`).toEqual(full.syncs[i]);
}

const presetDir = resolve(import.meta.dirname, '../../presets');
const presets = readdirSync(presetDir).filter((f) => f.endsWith('.yaml'));

describe('a compact run replays any sync exactly as a full recording keeps it', () => {
  for (const file of presets) {
    it(file, () => {
      const input = parseScenario(readFileSync(join(presetDir, file), 'utf8')).input!;
      const { full, compact } = both(input);
      expectSameRun(full, compact, input);
    });
  }

  it('answers null out of range', () => {
    const input = buildInput({ durationSeconds: 120 });
    const { compact } = both(input);
    for (const i of [-1, 9, 1.5, NaN]) expect(syncDetail(input, compact, i)).toBeNull();
  });
});

const cpu = (target: number): MetricSpec => ({
  type: 'Resource',
  resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: target } },
});
const queueMetric: MetricSpec = {
  type: 'External',
  external: { metric: { name: 'queue' }, target: { type: 'AverageValue', averageValue: '30' } },
};

const scenarioArb = fc
  .record({
    traffic: curveArb,
    target: fc.integer({ min: 20, max: 120 }),
    withPods: fc.boolean(),
    withQueue: fc.boolean(),
    behavior: fc.boolean(),
    initial: fc.integer({ min: 0, max: 12 }),
    maxReplicas: fc.integer({ min: 1, max: 30 }),
    sync: fc.constantFrom(5, 10, 15),
    resolution: fc.constantFrom(5, 15, 30),
    window: fc.constantFrom(15, 30, 60),
    starting: fc.integer({ min: 0, max: 40 }),
    readiness: fc.integer({ min: 0, max: 60 }),
    scheduling: fc.integer({ min: 0, max: 20 }),
    termination: fc.integer({ min: 0, max: 90 }),
    maxPods: fc.option(fc.integer({ min: 1, max: 20 })),
    capacity: fc.option(fc.integer({ min: 100, max: 2000 })),
    burst: fc.boolean(),
    failed: fc.integer({ min: 0, max: 2 }),
    noMetrics: fc.integer({ min: 0, max: 2 }),
    outage: fc.option(
      fc.record({ from: fc.integer({ min: 0, max: 900 }), len: fc.integer({ min: 1, max: 600 }) }),
    ),
    duration: fc.integer({ min: 600, max: 1800 }),
  })
  .map((o): SimulationInput =>
    buildInput({
      spec: {
        maxReplicas: o.maxReplicas,
        metrics: [
          cpu(o.target),
          ...(o.withPods ? [podsMetric] : []),
          ...(o.withQueue ? [queueMetric] : []),
        ],
        ...(o.behavior ? { behavior: { scaleDown: { stabilizationWindowSeconds: 60 } } } : {}),
      },
      workload: {
        initialReplicas: o.initial,
        startup: {
          schedulingSeconds: o.scheduling,
          startingSeconds: o.starting,
          readinessDelaySeconds: o.readiness,
        },
        startupCpuBurst: o.burst ? { extraMilli: 400, durationSeconds: 45 } : null,
        terminationSeconds: o.termination,
        maxPods: o.maxPods,
        podCapacity: o.capacity,
        failedPods: Math.min(o.failed, o.initial),
        podsWithoutMetrics: Math.min(o.noMetrics, Math.max(0, o.initial - o.failed)),
      },
      metricsPipeline: { resolutionSeconds: o.resolution, windowSeconds: o.window },
      traffic: o.traffic,
      loads: [
        { kind: 'resource', resource: 'cpu', perPodMilli: 50, perUnitMilli: 1, demand: null },
        ...(o.withPods
          ? [
              {
                kind: 'pods' as const,
                metric: 'rps',
                perPodMilli: 0,
                perUnitMilli: 20,
                demand: null,
              },
            ]
          : []),
        ...(o.withQueue
          ? [
              {
                kind: 'external' as const,
                metric: 'queue',
                value: null,
                perUnitMilli: 0,
                queue: { arrivals: null, perPodThroughput: 300, initialBacklog: 100 },
              },
            ]
          : []),
      ],
      outages: o.outage
        ? [
            {
              metric: 'resource/cpu',
              fromSeconds: o.outage.from,
              toSeconds: o.outage.from + o.outage.len,
            },
          ]
        : [],
      durationSeconds: o.duration,
      controller: { ...DEFAULT_CONTROLLER_CONFIG, syncPeriodSeconds: o.sync },
    }),
  );

describe('replay property', () => {
  it('any sync of a random scenario replays equal to the full recording', () => {
    fc.assert(
      fc.property(scenarioArb, fc.nat(), (input, pick) => {
        const withSync = input;
        const { full, compact } = both(withSync);
        const n = full.syncs.length;
        expect(compact.kpis).toEqual(full.kpis);
        expect(compact.series).toEqual(full.series);
        // a random sync, and the syncs on both sides of the first snapshot
        const every = snapshotSpacing(n);
        for (const i of [pick % n, every - 1, every, n - 1].filter((i) => i < n))
          expect(syncDetail(withSync, compact, i)).toEqual(full.syncs[i]);
      }),
      { numRuns: 40, seed: 20261123 },
    );
  });
});

describe('eventsUpTo', () => {
  const log: EventLog = { sync: [], events: [] };
  for (let i = 0; i < 10; i++)
    for (const r of ['a', 'b', 'c']) {
      log.sync.push(i);
      log.events.push({ type: 'Normal', reason: `${r}${i}`, message: `${r}${i}` });
    }
  const time = Array.from({ length: 10 }, (_, i) => i * 15);

  it('keeps the newest events up to the sync, oldest first', () => {
    const events = eventsUpTo(log, time, 8, 20);
    expect(events).toHaveLength(20);
    // syncs 0..8 hold 27 events: the 7 oldest (a0 … a2) fall out
    expect(events[0]).toEqual({ time: 30, type: 'Normal', reason: 'b2', message: 'b2' });
    expect(events.at(-1)?.reason).toBe('c8');
    expect(eventsUpTo(log, time, 0, 20).map((e) => e.reason)).toEqual(['a0', 'b0', 'c0']);
    expect(eventsUpTo({ sync: [], events: [] }, time, 5, 20)).toEqual([]);
  });
});
