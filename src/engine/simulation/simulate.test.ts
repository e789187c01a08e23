import { describe, expect, it } from 'vitest';
import { resultToCsv } from './exportCsv.ts';
import { createSimulation, simulate, SIMULATION_LIMITS } from './simulate.ts';
import { buildInput } from './testing/buildInput.ts';
import type { SimulationInput } from './input.ts';

function run(input: SimulationInput) {
  const out = simulate(input, { record: 'full' });
  if (!out.ok) throw new Error(out.error);
  return out.result;
}

const replicasAt = (r: ReturnType<typeof run>, t: number) =>
  r.syncs.find((s) => s.time === t)!.replicas;

describe('simulate', () => {
  it('runs clusters side by side in one thread as each runs alone (no shared scratch)', () => {
    // Different pod counts and pod sets: a memo or scratch array shared between the two
    // controllers would hand one cluster's verdicts or samples to the other.
    const inputs = [
      buildInput({
        traffic: {
          type: 'steps',
          steps: [
            { at: 0, value: 3000 },
            { at: 600, value: 200 },
          ],
        },
        durationSeconds: 1800,
      }),
      buildInput({
        spec: { minReplicas: 3, maxReplicas: 40 },
        workload: { initialReplicas: 5 },
        traffic: { type: 'sine', base: 9000, amplitude: 6000, periodSeconds: 900 },
        durationSeconds: 1800,
      }),
    ];
    const alone = inputs.map((i) => Array.from(run(i).series.specReplicas));
    const sims = inputs.map((i) => {
      const c = createSimulation(i);
      if (!c.ok) throw new Error(c.error);
      return c.simulation;
    });
    const together: number[][] = [[], []];
    for (let k = 0; k < sims[0]!.syncCount; k++)
      sims.forEach((sim, j) =>
        together[j]!.push(sim.runSync({}, 'lean').members[0]!.step.r.replicas),
      );
    expect(together[0]).toEqual(alone[0]);
    expect(together[1]).toEqual(alone[1]);
    expect(new Set(alone[0]).size).toBeGreaterThan(1);
    expect(new Set(alone[1]).size).toBeGreaterThan(1);
  });

  it('is deterministic: the same input gives identical output', () => {
    const input = buildInput({
      traffic: {
        type: 'noise',
        of: { type: 'sine', base: 3000, amplitude: 2000, periodSeconds: 600 },
        seed: 7,
        amplitude: 0.2,
      },
      durationSeconds: 1800,
    });
    const a = run(input);
    const b = run(structuredClone(input));
    expect(JSON.stringify(a.syncs)).toBe(JSON.stringify(b.syncs));
    expect(a.kpis).toEqual(b.kpis);
    expect(Array.from(a.series.specReplicas)).toEqual(Array.from(b.series.specReplicas));
  });

  it('scales up to the ratio once pods share the load (closed loop)', () => {
    // 3 cores of work on 2 × 1-core pods at a 60% target → ceil(2 × 150/60) = 5; without
    // behavior the first step is capped at max(2 × 2, 4) = 4 (ScaleUpLimit), then 5 and stable.
    const r = run(buildInput({ traffic: { type: 'constant', value: 3000 }, durationSeconds: 300 }));
    expect(replicasAt(r, 0)).toBe(4);
    expect(r.syncs[0]!.conditions.find((c) => c.type === 'ScalingLimited')?.reason).toBe(
      'ScaleUpLimit',
    );
    expect(r.syncs.at(-1)!.replicas).toBe(5);
    expect(r.syncs.at(-1)!.trace.metrics![0]!.currentUtilization).toBe(60);
  });

  it('reproduces the Percent 900 / 60 s story: 1 → 10 → 100 → 1000', () => {
    const r = run(
      buildInput({
        spec: {
          minReplicas: 1,
          maxReplicas: 1000,
          behavior: { scaleUp: { policies: [{ type: 'Percent', value: 900, periodSeconds: 60 }] } },
        },
        workload: { initialReplicas: 1 },
        traffic: { type: 'constant', value: 10_000_000 },
        durationSeconds: 200,
      }),
    );
    const ups = r.syncs.filter((s) => s.rescaled).map((s) => [s.time, s.replicas]);
    expect(ups).toEqual([
      [0, 10],
      [60, 100],
      [120, 1000],
    ]);
  });

  it('sees a metrics-server outage as a failed List, then waits out the two-scrape warm-up', () => {
    const r = run(
      buildInput({
        traffic: {
          type: 'steps',
          steps: [
            { at: 0, value: 1000 },
            { at: 300, value: 6000 },
          ],
        },
        outages: [{ metric: 'resource/cpu', fromSeconds: 290, toSeconds: 600 }],
        durationSeconds: 660,
      }),
    );
    const during = r.syncs.filter((s) => s.time >= 300 && s.time < 600);
    expect(during.every((s) => !s.rescaled)).toBe(true);
    const active = during[0]!.conditions.find((c) => c.type === 'ScalingActive');
    expect(active).toMatchObject({ status: 'False', reason: 'FailedGetResourceMetric' });
    expect(active!.message).toContain(
      'unable to get metrics for resource cpu: unable to fetch metrics from resource metrics API: the server is currently unable to handle the request (get pods.metrics.k8s.io)',
    );
    // metrics-server restarts empty: the scrape at 607 stores one point per pod, and its
    // readiness probe fails until two are stored, so the API still answers 503 at 615.
    const at615 = r.syncs.find((s) => s.time === 615)!;
    expect(at615.rescaled).toBe(false);
    expect(at615.conditions.find((c) => c.type === 'ScalingActive')!.message).toContain(
      'the server is currently unable to handle the request (get pods.metrics.k8s.io)',
    );
    // The scrape at 622 has the second point: the sync at 630 scales.
    expect(r.syncs.find((s) => s.time === 630)!.rescaled).toBe(true);
  });

  it('drains a queue-driven External metric with per-pod throughput', () => {
    const input = buildInput({
      spec: {
        maxReplicas: 20,
        metrics: [
          {
            type: 'External',
            external: {
              metric: { name: 'queue' },
              target: { type: 'AverageValue', averageValue: '30' },
            },
          },
        ],
      },
      traffic: { type: 'constant', value: 50 },
      loads: [
        {
          kind: 'external',
          metric: 'queue',
          value: null,
          perUnitMilli: 0,
          queue: { arrivals: null, perPodThroughput: 10, initialBacklog: 0 },
        },
      ],
      durationSeconds: 1800,
    });
    const r = run(input);
    // 50 items/s arrive, 10/s per pod drain: the backlog grows until there are ≥ 5 ready pods.
    expect(Math.max(...r.series.specReplicas)).toBeGreaterThanOrEqual(5);
    const last = r.syncs.at(-1)!;
    expect(last.trace.metrics![0]!.currentAverageValue).toBeLessThan(30_000);
  });

  it('a memory metric with a large per-pod baseline never scales back down', () => {
    const mem = 256 * 1024 * 1024 * 1000;
    const r = run(
      buildInput({
        spec: {
          metrics: [
            {
              type: 'Resource',
              resource: { name: 'memory', target: { type: 'Utilization', averageUtilization: 70 } },
            },
          ],
        },
        traffic: {
          type: 'steps',
          steps: [
            { at: 0, value: 2000 },
            { at: 600, value: 0 },
          ],
        },
        loads: [
          {
            kind: 'resource',
            resource: 'memory',
            perPodMilli: mem * 0.75,
            perUnitMilli: 100 * 1024 * 1000,
            demand: null,
          },
        ],
        durationSeconds: 3600,
      }),
    );
    const peak = Math.max(...r.series.specReplicas);
    expect(peak).toBeGreaterThan(2);
    expect(r.syncs.at(-1)!.replicas).toBe(peak);
  });

  it('reproduces the 14-pod teaching case: failed pods ignored, missing ones count as 0 → no change', () => {
    const r = run(
      buildInput({
        spec: { minReplicas: 12, maxReplicas: 16 },
        workload: {
          initialReplicas: 14,
          failedPods: 2,
          podsWithoutMetrics: 2,
          containers: [{ name: 'app', requests: { cpu: 600 } }],
        },
        // 12 serving pods at 510m each; only 10 of them report metrics.
        traffic: { type: 'constant', value: 12 * 510 },
        durationSeconds: 60,
      }),
    );
    const first = r.syncs[0]!;
    const m = first.trace.metrics![0]!;
    expect(m.currentUtilization).toBe(85);
    expect(m.podGroups).toEqual({
      ready: 10,
      unready: [],
      missing: ['web-2', 'web-3'],
      ignored: ['web-0', 'web-1'],
    });
    expect(m.proposal).toBe(14);
    expect(r.syncs.every((s) => s.replicas === 14 && !s.rescaled)).toBe(true);
  });

  it('keeps an int32-overflowed utilization for the decision but flags it in the series', () => {
    // 30,000 cores of usage on a 1m request: 3e9 % does not fit Go's int32 and wraps.
    const input = buildInput({
      workload: { containers: [{ name: 'app', requests: { cpu: 1 } }] },
      loads: [
        {
          kind: 'resource',
          resource: 'cpu',
          perPodMilli: 30_000_000,
          perUnitMilli: 0,
          demand: null,
        },
      ],
      durationSeconds: 60,
    });
    const r = run(input);
    const m = r.syncs[0]!.trace.metrics![0]!;
    // Go's int32 of the int64 quotient keeps its low 32 bits: 3e9 − 2^32, kept as is
    expect(m.currentUtilization).toBe(3e9 - 2 ** 32);
    expect(r.series.metricOverflow[0]![0]).toBe(1);
    expect(r.series.metrics[0]![0]).toBeNaN();
    expect(r.syncs[0]!.explanation).toContain('int32 overflow');
    const csvRow = resultToCsv(r).split('\n')[1]!;
    expect(csvRow.split(',')[9]).toBe('overflow');
    // a normal run has no flag
    const plain = run(buildInput({ durationSeconds: 60 }));
    expect(Array.from(plain.series.metricOverflow[0]!)).toEqual([0, 0, 0, 0, 0]);
  });

  it('rejects runs beyond the engine limits with a clear error', () => {
    const tooLong = simulate(buildInput({ durationSeconds: SIMULATION_LIMITS.maxSyncs * 15 + 15 }));
    expect(tooLong).toEqual({ ok: false, error: expect.stringContaining('exceed the limit') });
    const tooMany = simulate(buildInput({ workload: { initialReplicas: 1e9 } }));
    expect(tooMany).toEqual({ ok: false, error: expect.stringContaining('limit of 5000 pods') });
  });

  it('can be cancelled between syncs', () => {
    let n = 0;
    const out = simulate(buildInput({ durationSeconds: 3600 }), { shouldStop: () => ++n > 10 });
    expect(out).toEqual({ ok: false, error: 'cancelled' });
  });

  it('measures time to recover after a load step: overload with a pod capacity, else above target', () => {
    const step = {
      type: 'steps' as const,
      steps: [
        { at: 0, value: 500 },
        { at: 600, value: 2000 },
      ],
    };
    const withCapacity = run(
      buildInput({ traffic: step, workload: { podCapacity: 500 }, durationSeconds: 1800 }),
    );
    expect(withCapacity.kpis.recovery.basis).toBe('overload');
    expect(withCapacity.kpis.recovery.count).toBeGreaterThanOrEqual(1);
    expect(withCapacity.kpis.recovery.maxSeconds).toBeGreaterThanOrEqual(15);
    expect(withCapacity.kpis.unmetDemand).toBeGreaterThan(0);
    const plain = run(buildInput({ traffic: step, durationSeconds: 1800 }));
    expect(plain.kpis.recovery.basis).toBe('aboveTarget');
    expect(plain.kpis.recovery.count).toBeGreaterThanOrEqual(1);
    // Above-target episodes are whole sync periods.
    expect(plain.kpis.recovery.maxSeconds % 15).toBe(0);
  });

  it('counts pod-hours and scale events in the KPIs', () => {
    const r = run(
      buildInput({
        traffic: { type: 'constant', value: 0 },
        durationSeconds: 3600,
        spec: { minReplicas: 2 },
      }),
    );
    // 2 pods for an hour, no scaling at all (utilization 0 → proposal 0, but minReplicas 2).
    expect(r.kpis.podHours).toBeCloseTo(2, 1);
    expect(r.kpis.scaleEvents).toBe(0);
    expect(r.kpis.unmetDemandPercent).toBe(0);
  });
});
