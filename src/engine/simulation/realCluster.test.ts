// The world behaves like a real cluster (issue 8): metrics-server's rates and fresh-pod rule,
// CPU throttling, the ReplicaSet's write rate, the readiness probe. Issue 8's done-when scenarios
// are each pinned here: a short spike, memory scaling, CPU limits, a large scale-up and a
// metrics outage.

import { describe, expect, it } from 'vitest';
import type { SimulationInput } from './input.ts';
import { probeReadyAt } from './readiness.ts';
import { scrapeSchedule } from './scrapes.ts';
import { metricsServerReadyAt } from './world.ts';
import { ApiWriter, slowStartBatch } from './replicaSet.ts';
import { createSimulation, simulate, isFullResult } from './simulate.ts';
import { buildInput, type InputOverrides } from './testing/buildInput.ts';
import type { FullSimulationResult } from './result.ts';

function run(input: SimulationInput): FullSimulationResult {
  const r = simulate(input, { record: 'full' });
  if (!r.ok || !isFullResult(r.result)) throw new Error(r.ok ? 'not full' : r.error);
  return r.result;
}

function simulation(o: InputOverrides) {
  const c = createSimulation(buildInput(o));
  if (!c.ok) throw new Error(c.error);
  return c.simulation;
}

const utilization = (r: FullSimulationResult, t: number) =>
  r.syncs.find((s) => s.time === t)!.trace.metrics![0]!.currentUtilization;

describe('metrics-server reports CPU as the rate between its last two samples', () => {
  it('stamps each sample with the scrape time and the time between the two points', () => {
    const sim = simulation({
      metricsPipeline: { resolutionSeconds: 15, offsetSeconds: 7 },
      durationSeconds: 60,
    });
    sim.stepTo(30);
    const obs = sim.cluster.observation(30, sim.world);
    // The sync at 30 reads the scrape at 22: the rate over [7, 22].
    expect(obs.pods[0]!.resourceMetrics).toMatchObject({ timestamp: 22, window: 15 });
    expect(obs.resourceMetricsError).toBeNull();
  });

  it('reads a step of load late and partly: the interval average, not the instant', () => {
    // 2 pods at 1000m each with 1000 units; from 100 s, 3000 units (150 % → 1.5 cores each).
    const r = run(
      buildInput({
        traffic: {
          type: 'steps',
          steps: [
            { at: 0, value: 1000 },
            { at: 100, value: 3000 },
          ],
        },
        metricsPipeline: { resolutionSeconds: 15, offsetSeconds: 7 },
        spec: { maxReplicas: 2 },
        durationSeconds: 180,
      }),
    );
    // Scrapes at 97 and 112: the sync at 105 reads [82, 97] (the old load), the sync at 120
    // reads [97, 112]: 3 s old load + 12 s new = (3 × 500 + 12 × 1500) / 15 = 1300m of 1000m.
    expect(utilization(r, 105)).toBe(50);
    expect(utilization(r, 120)).toBe(130);
    expect(utilization(r, 135)).toBe(150);
  });

  it('sees two identical short spikes alike, whatever their phase (the counter integrates)', () => {
    const spike = (at: number) => [
      { at, value: 4000 },
      { at: at + 10, value: 1000 },
    ];
    const r = run(
      buildInput({
        traffic: {
          type: 'steps',
          steps: [{ at: 0, value: 1000 }, ...spike(62), ...spike(185)],
        },
        metricsPipeline: { resolutionSeconds: 15, offsetSeconds: 7 },
        spec: { maxReplicas: 2 },
        durationSeconds: 300,
      }),
    );
    // Each spike lies inside one scrape interval ([52, 67] + [67, 82] and [172, 187] +
    // [187, 202]) and adds 10 s × 1500m to one pod's counter either way: the peak reading is
    // the same, and well below the spike's instantaneous 200 %.
    const peak = (from: number, to: number) =>
      Math.max(
        ...r.syncs
          .filter((s) => s.time >= from && s.time < to)
          .map((s) => s.trace.metrics![0]!.currentUtilization!),
      );
    expect(peak(60, 120)).toBeLessThan(200);
    expect(peak(60, 120)).toBeGreaterThan(50);
    const sum = (from: number, to: number) =>
      r.syncs
        .filter((s) => s.time >= from && s.time < to)
        .reduce((a, s) => a + s.trace.metrics![0]!.currentUtilization! - 50, 0);
    expect(sum(60, 120)).toBe(sum(180, 240));
  });

  it('lists a new pod only once it has two samples (or one, 10 s after it started)', () => {
    const sim = simulation({
      workload: {
        initialReplicas: 1,
        startup: { schedulingSeconds: 0, startingSeconds: 5, readinessDelaySeconds: 0 },
      },
      metricsPipeline: { resolutionSeconds: 15, offsetSeconds: 7 },
      spec: { minReplicas: 2, maxReplicas: 2 },
      durationSeconds: 120,
    });
    sim.runSync(); // t = 0: scales 1 → 2; the new pod starts at 5
    const fresh = () => sim.cluster.workload.pods[1]!;
    sim.stepTo(15); // scrape at 7: 2 s old, one point only
    expect(fresh().obs.resourceMetrics).toBeNull();
    sim.stepTo(30); // scrape at 22: 17 s old ≥ the resolution, so it needs the point at 7
    expect(fresh().obs.resourceMetrics).toMatchObject({ timestamp: 22, window: 15 });

    const late = simulation({
      workload: {
        initialReplicas: 1,
        startup: { schedulingSeconds: 0, startingSeconds: 10, readinessDelaySeconds: 0 },
      },
      metricsPipeline: { resolutionSeconds: 15, offsetSeconds: 7 },
      spec: { minReplicas: 2, maxReplicas: 2 },
      durationSeconds: 120,
    });
    late.runSync(); // the new pod's container starts at 10
    late.stepTo(30); // scrape at 22: 12 s old, fresh: a zero point at its start stands in
    expect(late.cluster.workload.pods[1]!.obs.resourceMetrics).toMatchObject({
      timestamp: 22,
      window: 12,
    });
  });

  it('reports memory as the last working set, not an average', () => {
    const sim = simulation({
      traffic: {
        type: 'steps',
        steps: [
          { at: 0, value: 0 },
          { at: 20, value: 1000 },
        ],
      },
      loads: [
        {
          kind: 'resource',
          resource: 'memory',
          perPodMilli: 100_000,
          perUnitMilli: 100,
          demand: null,
        },
      ],
      spec: {
        maxReplicas: 2,
        metrics: [
          {
            type: 'Resource',
            resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '1Gi' } },
          },
        ],
      },
      durationSeconds: 60,
    });
    sim.stepTo(30); // scrape at 22: 500 units per pod → 100 + 50 000
    const usage = sim.cluster.workload.pods[0]!.obs.resourceMetrics!.containers[0]!.usage!;
    expect(usage.memory).toBe(150_000);
  });
});

describe('containers as they run', () => {
  it('throttles CPU at the limit; the work it cannot do is unmet demand', () => {
    const r = run(
      buildInput({
        workload: {
          initialReplicas: 2,
          containers: [{ name: 'app', requests: { cpu: 1000 }, limits: { cpu: 1000 } }],
        },
        traffic: { type: 'constant', value: 6000 },
        spec: { minReplicas: 2, maxReplicas: 2 },
        durationSeconds: 120,
      }),
    );
    // 3000m of demand per pod, 1000m allowed: 100 %, and 2 × 1000 units served of 6000.
    expect(utilization(r, 60)).toBe(100);
    expect(r.kpis.unmetDemandPercent).toBeCloseTo((100 * 4000) / 6000, 1);
  });

  it('caps a pod at the node size whatever its limits', () => {
    const r = run(
      buildInput({
        workload: { initialReplicas: 2, nodeCpuMilli: 1500 },
        traffic: { type: 'constant', value: 6000 },
        spec: { minReplicas: 2, maxReplicas: 2 },
        durationSeconds: 120,
      }),
    );
    expect(utilization(r, 60)).toBe(150);
  });

  it('gives a sidecar its own usage, so Resource and ContainerResource differ', () => {
    const metrics = [
      {
        type: 'Resource' as const,
        resource: { name: 'cpu', target: { type: 'Utilization' as const, averageUtilization: 90 } },
      },
      {
        type: 'ContainerResource' as const,
        containerResource: {
          name: 'cpu',
          container: 'app',
          target: { type: 'Utilization' as const, averageUtilization: 90 },
        },
      },
    ];
    const r = run(
      buildInput({
        workload: {
          initialReplicas: 2,
          containers: [
            { name: 'app', requests: { cpu: 1000 } },
            {
              name: 'proxy',
              requests: { cpu: 1000 },
              usage: { cpu: { perPodMilli: 50, perUnitMilli: 0 } },
            },
          ],
        },
        traffic: { type: 'constant', value: 1600 },
        spec: { minReplicas: 2, maxReplicas: 2, metrics },
        durationSeconds: 60,
      }),
    );
    const [resource, container] = r.syncs.at(-1)!.trace.metrics!;
    // app: 800m of 1000m; proxy: an idle 50m of 1000m; the pod 850m of 2000m.
    expect(container!.currentUtilization).toBe(80);
    expect(resource!.currentUtilization).toBe(42);
  });
});

describe('sidecars and pod-level requests as the controller reads them', () => {
  const base = {
    traffic: { type: 'constant' as const, value: 1600 },
    spec: { minReplicas: 2, maxReplicas: 2 },
    durationSeconds: 60,
  };
  it('counts a restartable init container in the Resource metric, usage and requests', () => {
    const r = run(
      buildInput({
        ...base,
        workload: {
          initialReplicas: 2,
          containers: [
            { name: 'app', requests: { cpu: 1000 } },
            {
              name: 'mesh',
              requests: { cpu: 1000 },
              usage: { cpu: { perPodMilli: 50, perUnitMilli: 0 } },
              sidecar: true,
            },
          ],
        },
      }),
    );
    // app 800m + mesh 50m over app 1000m + mesh 1000m (the init container's request counts).
    expect(r.syncs.at(-1)!.trace.metrics![0]!.currentUtilization).toBe(42);
  });

  it('divides by pod-level requests when the pod has them', () => {
    const r = run(
      buildInput({ ...base, workload: { initialReplicas: 2, podRequests: { cpu: 4000 } } }),
    );
    // 800m per pod over the pod's 4 cores, not the container's 1 core.
    expect(r.syncs.at(-1)!.trace.metrics![0]!.currentUtilization).toBe(20);
  });
});

describe('the workload controller', () => {
  it('creates a large scale-up through the rate-limited client: 900 pods take 43.5 s', () => {
    const r = run(
      buildInput({
        workload: { initialReplicas: 100 },
        traffic: { type: 'constant', value: 1_000_000 },
        spec: {
          minReplicas: 100,
          maxReplicas: 1000,
          behavior: {
            scaleUp: { policies: [{ type: 'Percent', value: 900, periodSeconds: 60 }] },
          },
        },
        durationSeconds: 90,
      }),
    );
    expect(r.syncs[0]!.replicas).toBe(1000);
    const listed = (t: number) => {
      const p = r.syncs.find((s) => s.time === t)!.pods;
      return p.ready + p.running + p.pending + p.terminating;
    };
    // 30 at once (the burst), then 20 a second.
    expect(listed(15)).toBe(100 + 30 + 300);
    expect(listed(30)).toBe(100 + 30 + 600);
    expect(listed(45)).toBe(1000);
  });

  it('hands out writes from a token bucket: a burst, then qps', () => {
    const w = new ApiWriter(20, 30);
    const times = Array.from({ length: 32 }, () => w.take(0));
    expect(times.slice(0, 30)).toEqual(new Array(30).fill(0));
    expect(times[30]).toBeCloseTo(0.05, 9);
    expect(times[31]).toBeCloseTo(0.1, 9);
    expect(w.take(10)).toBe(10); // refilled by then
  });

  it('batches creations 1, 2, 4, … each after the previous batch returned', () => {
    const w = new ApiWriter(1, 1);
    // One token at 0, then one a second: batch 1 at 0; batch 2 at 1 and 2; batch 4 from 2.
    expect(slowStartBatch(7, 0, w)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('turns Ready on the probe tick at or after initialDelaySeconds, then successThreshold', () => {
    const probe = { initialDelaySeconds: 12, periodSeconds: 5, successThreshold: 1 };
    // Worker starts at 100 with the pod; container runs at 104; ticks 100, 105, …, 115, 120.
    expect(probeReadyAt(100, 104, probe)).toBe(120);
    expect(probeReadyAt(100, 104, { ...probe, successThreshold: 3 })).toBe(130);
    expect(probeReadyAt(100, 100, { ...probe, initialDelaySeconds: 0 })).toBe(100);
  });
});

describe('memory scaling with metrics-server', () => {
  const MI = 1024 * 1024 * 1000; // one Mi in milli-bytes
  it('steps one pod every other sync: a new pod is missing (0 % on a scale-up) until its second scrape', () => {
    const r = run(
      buildInput({
        spec: {
          minReplicas: 2,
          maxReplicas: 20,
          metrics: [
            {
              type: 'Resource',
              resource: { name: 'memory', target: { type: 'Utilization', averageUtilization: 70 } },
            },
          ],
        },
        workload: {
          initialReplicas: 2,
          containers: [{ name: 'app', requests: { cpu: 250, memory: 512 * MI } }],
          startup: { schedulingSeconds: 1, startingSeconds: 10, readinessDelaySeconds: 20 },
        },
        metricsPipeline: { resolutionSeconds: 15, offsetSeconds: 7 },
        traffic: { type: 'constant', value: 400 },
        loads: [
          {
            kind: 'resource',
            resource: 'memory',
            perPodMilli: 340 * MI,
            perUnitMilli: MI,
            demand: null,
          },
        ],
        durationSeconds: 300,
      }),
    );
    const ups = r.syncs.filter((s) => s.rescaled);
    expect(ups.length).toBeGreaterThan(2);
    for (let i = 1; i < ups.length; i++) {
      expect(ups[i]!.time - ups[i - 1]!.time).toBe(30);
      expect(ups[i]!.replicas - ups[i - 1]!.replicas).toBe(1);
    }
    // The sync between two scale-ups sees the newest pod as missing, and holds.
    const between = r.syncs.find((s) => s.time === ups[1]!.time + 15)!;
    expect(between.rescaled).toBe(false);
    expect(between.trace.metrics![0]!.podGroups!.missing).toHaveLength(1);
  });
});

describe('a metrics API outage', () => {
  it('fails the List call (no pod is "missing"), then needs two scrapes before pods are listed', () => {
    const r = run(
      buildInput({
        traffic: {
          type: 'steps',
          steps: [
            { at: 0, value: 1000 },
            { at: 300, value: 6000 },
          ],
        },
        metricsPipeline: { resolutionSeconds: 15, offsetSeconds: 7 },
        outages: [{ metric: 'resource/cpu', fromSeconds: 290, toSeconds: 600 }],
        durationSeconds: 660,
      }),
    );
    const during = r.syncs.filter((s) => s.time >= 300 && s.time < 600);
    expect(during.length).toBe(20);
    for (const s of during) {
      expect(s.rescaled).toBe(false);
      const m = s.trace.metrics![0]!;
      expect(m.error).toBe('FailedGetResourceMetric');
      // A failed List, not every pod missing: no pod groups at all.
      expect(m.podGroups?.missing ?? []).toEqual([]);
      expect(s.conditions.find((c) => c.type === 'ScalingActive')!.message).toContain(
        'unable to fetch metrics from resource metrics API',
      );
    }
    // Back at 600: the scrape at 607 is the first of the restarted server, the one at 622 the
    // second; its readiness probe (20 s initial delay, every 10 s) passes at 630, the first tick
    // with two scrapes stored. Until then kube-aggregator has no Ready endpoint and answers 503:
    // the same failed List as during the outage, not "no metrics returned".
    const after = r.syncs.filter((s) => s.time >= 600 && s.time <= 630);
    expect(after.map((s) => [s.time, s.rescaled])).toEqual([
      [600, false],
      [615, false],
      [630, true],
    ]);
    for (const s of after.slice(0, 2))
      expect(s.conditions.find((c) => c.type === 'ScalingActive')!.message).toBe(
        'the HPA was unable to compute the replica count: failed to get cpu utilization: unable to get metrics for resource cpu: unable to fetch metrics from resource metrics API: the server is currently unable to handle the request (get pods.metrics.k8s.io)',
      );
  });

  it('stays unavailable until the readiness probe passes with two scrapes stored', () => {
    const scrapes = scrapeSchedule(
      buildInput({ metricsPipeline: { resolutionSeconds: 15, offsetSeconds: 7 } }),
    );
    // scrapes at 607 and 622; ticks at 620 (one scrape), 630
    expect(metricsServerReadyAt(600, scrapes)).toBe(630);
    // back at 605: scrapes at 607, 622; ticks 625 ✓
    expect(metricsServerReadyAt(605, scrapes)).toBe(625);
    // back at 570: scrapes 577, 592; first tick at 590 has one scrape; 600 ✓
    expect(metricsServerReadyAt(570, scrapes)).toBe(600);
    // back exactly on a scrape (607): it stores; 622 second; ticks 627 ✓
    expect(metricsServerReadyAt(607, scrapes)).toBe(627);
  });
});
