import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTROLLER_CONFIG } from '../engine/controller/index.ts';
import type { SimulationInput } from '../engine/simulation/input.ts';
import { parseScenario } from './index.ts';
import { ALL_FIXTURES, CPU_ONLY, FULL } from './__fixtures__/scenarios.ts';
import { errors } from './__fixtures__/helpers.ts';

const cpuMetric = (u: number) => ({
  type: 'Resource',
  resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: u } },
});

describe('a full valid scenario', () => {
  it('produces exactly the expected SimulationInput', () => {
    const r = parseScenario(FULL);
    expect(r.diagnostics).toEqual([]);
    const expected: SimulationInput = {
      hpa: {
        apiVersion: 'autoscaling/v2',
        kind: 'HorizontalPodAutoscaler',
        metadata: { name: 'checkout', namespace: 'shop' },
        spec: {
          scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'checkout' },
          minReplicas: 3,
          maxReplicas: 40,
          metrics: [
            cpuMetric(70),
            {
              type: 'Resource',
              resource: { name: 'memory', target: { type: 'AverageValue', averageValue: '600Mi' } },
            },
            {
              type: 'Pods',
              pods: {
                metric: { name: 'http_requests_per_second' },
                target: { type: 'AverageValue', averageValue: '50' },
              },
            },
            {
              type: 'Object',
              object: {
                describedObject: {
                  apiVersion: 'networking.k8s.io/v1',
                  kind: 'Ingress',
                  name: 'main',
                },
                metric: { name: 'requests-per-second' },
                target: { type: 'Value', value: '2k' },
              },
            },
            {
              type: 'External',
              external: {
                metric: { name: 'queue_messages_ready' },
                target: { type: 'AverageValue', averageValue: '30' },
              },
            },
          ],
          behavior: {
            scaleUp: {
              stabilizationWindowSeconds: 0,
              selectPolicy: 'Max',
              policies: [
                { type: 'Pods', value: 4, periodSeconds: 15 },
                { type: 'Percent', value: 100, periodSeconds: 15 },
              ],
              tolerance: 0.05,
            },
            scaleDown: {
              stabilizationWindowSeconds: null,
              selectPolicy: 'Max',
              policies: [{ type: 'Pods', value: 2, periodSeconds: 60 }],
            },
          },
        },
      },
      durationSeconds: 7200,
      controller: {
        ...DEFAULT_CONTROLLER_CONFIG,
        syncPeriodSeconds: 10,
        tolerance: 0.1,
        cpuInitializationPeriodSeconds: 180,
        initialReadinessDelaySeconds: 20,
        downscaleStabilizationSeconds: 120,
        featureGates: { HPAConfigurableTolerance: true, HPAScaleToZero: false },
        // No spec.kubernetesVersion: the release hpa-sim followed before it modelled releases.
        kubernetesVersion: '1.35',
        scaledToZeroCondition: false,
        int32Caps: 'v1.35',
        selectorMessages: 'v1.33',
      },
      workload: {
        initialReplicas: 4,
        containers: [
          { name: 'app', requests: { cpu: 500, memory: 512 * 1024 * 1024 * 1000 } },
          {
            name: 'sidecar',
            requests: { cpu: 100, memory: 64 * 1024 * 1024 * 1000 },
            limits: { cpu: 200 },
          },
        ],
        startup: { schedulingSeconds: 2, startingSeconds: 15, readinessDelaySeconds: 25 },
        startupCpuBurst: { extraMilli: 1000, durationSeconds: 60 },
        terminationSeconds: 20,
        maxPods: 50,
        podCapacity: 100,
        failedPods: 1,
        podsWithoutMetrics: 0,
      },
      metricsPipeline: { resolutionSeconds: 15, offsetSeconds: 0, adapterIntervalSeconds: 15 },
      traffic: {
        type: 'ramp',
        points: [
          { at: 0, value: 500 },
          { at: 3600, value: 3000 },
        ],
      },
      loads: [
        { kind: 'resource', resource: 'cpu', perPodMilli: 50, perUnitMilli: 5, demand: null },
        {
          kind: 'resource',
          resource: 'memory',
          perPodMilli: 300 * 1024 * 1024 * 1000,
          perUnitMilli: 102_400_000,
          demand: null,
        },
        {
          kind: 'pods',
          metric: 'http_requests_per_second',
          perPodMilli: 0,
          perUnitMilli: 1000,
          demand: null,
        },
        {
          kind: 'object',
          metric: 'requests-per-second',
          value: { type: 'constant', value: 1500 },
          perUnitMilli: 0,
        },
        {
          kind: 'external',
          metric: 'queue_messages_ready',
          value: null,
          perUnitMilli: 0,
          queue: {
            arrivals: { type: 'constant', value: 400 },
            perPodThroughput: 20,
            initialBacklog: 100,
          },
        },
      ],
      outages: [{ metric: 'external/queue_messages_ready', fromSeconds: 600, toSeconds: 1200 }],
    };
    expect(r.input).toEqual(expected);
    expect(r.ok).toBe(true);
    expect(r.simulation).toEqual({
      name: 'checkout-peak',
      description: 'A morning peak with a queue.',
    });
    // The effective spec shows the scale-down window the controller uses (the 2m flag).
    expect(r.effectiveHpa?.spec.behavior?.scaleDown?.stabilizationWindowSeconds).toBe(120);
  });

  it('assumes a default world scaled from the target when there is no Simulation document', () => {
    const r = parseScenario(CPU_ONLY);
    expect(errors(r.diagnostics)).toEqual([]);
    // cpu 60 % of the default 500m request = 300m per pod at target: 10 % idle, the rest from
    // 100 units of traffic per pod.
    expect(r.input).toEqual({
      hpa: r.effectiveHpa!,
      durationSeconds: 3600,
      // No Simulation document: the assumed world runs (and names) the newest release.
      controller: {
        ...DEFAULT_CONTROLLER_CONFIG,
        featureGates: {
          HPAConfigurableTolerance: true,
          HPAScaleToZero: true,
          HPAGeneration: true,
          StaleControllerConsistencyHPA: true,
          HPAOptimizedSelectorStore: true,
        },
        kubernetesVersion: '1.37',
        scaledToZeroCondition: true,
        int32Caps: 'v1.35',
        selectorMessages: 'v1.37',
      },
      workload: {
        initialReplicas: 2,
        containers: [{ name: 'app', requests: { cpu: 500, memory: 256 * 1024 * 1024 * 1000 } }],
        startup: { schedulingSeconds: 1, startingSeconds: 10, readinessDelaySeconds: 20 },
        startupCpuBurst: null,
        terminationSeconds: 5,
        maxPods: null,
        podCapacity: null,
        failedPods: 0,
        podsWithoutMetrics: 0,
      },
      metricsPipeline: { resolutionSeconds: 15, offsetSeconds: 7, adapterIntervalSeconds: 30 },
      traffic: {
        type: 'ramp',
        points: [
          { at: 0, value: 60 },
          { at: 300, value: 60 },
          { at: 900, value: 760 },
          { at: 1800, value: 760 },
          { at: 2400, value: 60 },
        ],
      },
      loads: [
        { kind: 'resource', resource: 'cpu', perPodMilli: 30, perUnitMilli: 2.7, demand: null },
      ],
      outages: [],
    } satisfies SimulationInput);
    expect(r.simulation.name).toBe('web');
    expect(r.notices).toEqual([
      expect.stringContaining('no Simulation document'),
      // Nothing shows the containers: the readiness delay is a stand-in, and says so.
      expect.stringContaining('no readiness probe or readinessDelay'),
    ]);
  });

  it('the assumed Simulation document, pasted after ---, gives the same input', () => {
    const r = parseScenario(CPU_ONLY);
    const pasted = parseScenario(`${CPU_ONLY}---\n${r.defaultSimulation!}`);
    expect(errors(pasted.diagnostics)).toEqual([]);
    expect(pasted.defaultSimulation).toBeNull();
    expect(pasted.input).toEqual(r.input);
  });
});

describe('preset-like fixtures', () => {
  it.each(Object.entries(ALL_FIXTURES))(
    '%s parses without error into a typed input',
    (_name, text) => {
      const r = parseScenario(text);
      expect(errors(r.diagnostics)).toEqual([]);
      expect(r.ok).toBe(true);
      const input = r.input!;
      expect(input.hpa.apiVersion).toBe('autoscaling/v2');
      expect(input.loads.length).toBeGreaterThan(0);
      expect(Number.isFinite(input.durationSeconds)).toBe(true);
      // Every number in the input is finite: nothing leaked through as text or NaN.
      const walk = (v: unknown): void => {
        if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
        else if (v && typeof v === 'object') Object.values(v).forEach(walk);
      };
      walk({ ...input, hpa: null });
    },
  );
});
