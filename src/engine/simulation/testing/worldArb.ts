// Test-only: random scenarios that exercise every part of the world (start-up, readiness probes,
// bursts, limits, sidecars, memory gauges, Pods metrics through an adapter, outages, capacity,
// rate-limited pod writes, Failed pods and pods without metrics).

import fc from 'fast-check';
import { DEFAULT_CONTROLLER_CONFIG, type MetricSpec } from '../../controller/index.ts';
import type { Curve } from '../curves/index.ts';
import type { ContainerModel, MetricLoad, SimulationInput } from '../input.ts';
import { buildInput } from './buildInput.ts';

/** Traffic: a constant, a sine or a few steps (also the replay property's). */
export const curveArb: fc.Arbitrary<Curve> = fc.oneof(
  fc.record({ type: fc.constant('constant' as const), value: fc.integer({ min: 0, max: 8000 }) }),
  fc.record({
    type: fc.constant('sine' as const),
    base: fc.integer({ min: 500, max: 4000 }),
    amplitude: fc.integer({ min: 0, max: 3000 }),
    periodSeconds: fc.integer({ min: 120, max: 3600 }),
  }),
  fc.record({
    type: fc.constant('steps' as const),
    steps: fc
      .array(
        fc.record({
          at: fc.integer({ min: 0, max: 1500 }),
          value: fc.integer({ min: 0, max: 9000 }),
        }),
        { minLength: 1, maxLength: 4 },
      )
      .map((s) =>
        s.sort((a, b) => a.at - b.at).filter((p, i, a) => i === 0 || p.at > a[i - 1]!.at),
      ),
  }),
);

const utilization = (name: string, target: number): MetricSpec => ({
  type: 'Resource',
  resource: { name, target: { type: 'Utilization', averageUtilization: target } },
});
export const podsMetric: MetricSpec = {
  type: 'Pods',
  pods: { metric: { name: 'rps' }, target: { type: 'AverageValue', averageValue: '40' } },
};

export const worldArb: fc.Arbitrary<SimulationInput> = fc
  .record({
    traffic: curveArb,
    target: fc.integer({ min: 20, max: 120 }),
    withMemory: fc.boolean(),
    withPods: fc.boolean(),
    sidecar: fc.boolean(),
    cpuLimit: fc.option(fc.integer({ min: 200, max: 1500 })),
    nodeCpu: fc.option(fc.integer({ min: 300, max: 3000 })),
    behavior: fc.boolean(),
    initial: fc.integer({ min: 0, max: 12 }),
    maxReplicas: fc.integer({ min: 1, max: 40 }),
    sync: fc.constantFrom(5, 10, 15),
    resolution: fc.constantFrom(10, 15, 30, 60),
    offset: fc.integer({ min: 0, max: 59 }),
    adapterInterval: fc.constantFrom(15, 30, 60),
    starting: fc.integer({ min: 0, max: 40 }),
    readiness: fc.integer({ min: 0, max: 60 }),
    probe: fc.option(
      fc.record({
        initialDelaySeconds: fc.integer({ min: 0, max: 30 }),
        periodSeconds: fc.integer({ min: 1, max: 15 }),
        successThreshold: fc.integer({ min: 1, max: 3 }),
      }),
    ),
    scheduling: fc.integer({ min: 0, max: 20 }),
    termination: fc.integer({ min: 0, max: 90 }),
    maxPods: fc.option(fc.integer({ min: 1, max: 25 })),
    capacity: fc.option(fc.integer({ min: 100, max: 2000 })),
    burst: fc.boolean(),
    apiQps: fc.constantFrom(1, 5, 20),
    failed: fc.integer({ min: 0, max: 2 }),
    noMetrics: fc.integer({ min: 0, max: 2 }),
    outage: fc.option(
      fc.record({
        from: fc.integer({ min: 0, max: 900 }),
        len: fc.integer({ min: 1, max: 600 }),
        metric: fc.constantFrom('resource/cpu', 'pods/rps'),
      }),
    ),
    duration: fc.integer({ min: 600, max: 2400 }),
  })
  .map((o): SimulationInput => {
    const containers: ContainerModel[] = [
      {
        name: 'app',
        requests: { cpu: 1000, memory: 256_000 },
        ...(o.cpuLimit !== null ? { limits: { cpu: o.cpuLimit } } : {}),
      },
      ...(o.sidecar
        ? [
            {
              name: 'proxy',
              requests: { cpu: 100, memory: 64_000 },
              usage: { cpu: { perPodMilli: 20, perUnitMilli: 0.1 } },
              sidecar: true,
            },
          ]
        : []),
    ];
    const loads: MetricLoad[] = [
      { kind: 'resource', resource: 'cpu', perPodMilli: 50, perUnitMilli: 1, demand: null },
      ...(o.withMemory
        ? [
            {
              kind: 'resource' as const,
              resource: 'memory',
              perPodMilli: 100_000,
              perUnitMilli: 50,
              demand: null,
            },
          ]
        : []),
      ...(o.withPods
        ? [{ kind: 'pods' as const, metric: 'rps', perPodMilli: 0, perUnitMilli: 20, demand: null }]
        : []),
    ];
    return buildInput({
      spec: {
        maxReplicas: o.maxReplicas,
        metrics: [
          utilization('cpu', o.target),
          ...(o.withMemory ? [utilization('memory', o.target)] : []),
          ...(o.withPods ? [podsMetric] : []),
        ],
        ...(o.behavior ? { behavior: { scaleDown: { stabilizationWindowSeconds: 60 } } } : {}),
      },
      workload: {
        initialReplicas: o.initial,
        containers,
        startup: {
          schedulingSeconds: o.scheduling,
          startingSeconds: o.starting,
          readinessDelaySeconds: o.readiness,
          readinessProbe: o.probe,
        },
        startupCpuBurst: o.burst ? { extraMilli: 400, durationSeconds: 45 } : null,
        terminationSeconds: o.termination,
        maxPods: o.maxPods,
        podCapacity: o.capacity,
        nodeCpuMilli: o.nodeCpu,
        replicaSet: { apiQps: o.apiQps, apiBurst: 3, burstReplicas: 500 },
        failedPods: Math.min(o.failed, o.initial),
        podsWithoutMetrics: Math.min(o.noMetrics, Math.max(0, o.initial - o.failed)),
      },
      metricsPipeline: {
        resolutionSeconds: o.resolution,
        offsetSeconds: o.offset,
        adapterIntervalSeconds: o.adapterInterval,
      },
      traffic: o.traffic,
      loads,
      outages: o.outage
        ? [
            {
              metric: o.outage.metric,
              fromSeconds: o.outage.from,
              toSeconds: o.outage.from + o.outage.len,
            },
          ]
        : [],
      durationSeconds: o.duration,
      controller: { ...DEFAULT_CONTROLLER_CONFIG, syncPeriodSeconds: o.sync },
    });
  });
