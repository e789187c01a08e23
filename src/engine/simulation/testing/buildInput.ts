// Test-only builder of SimulationInput with sensible defaults (the scenario layer's job in the app).

import {
  DEFAULT_CONTROLLER_CONFIG,
  setDefaultsHorizontalPodAutoscaler,
  type HorizontalPodAutoscalerSpec,
} from '../../controller/index.ts';
import type { SimulationInput, WorkloadModel } from '../input.ts';

export interface InputOverrides extends Partial<Omit<SimulationInput, 'hpa' | 'workload'>> {
  spec?: Partial<HorizontalPodAutoscalerSpec>;
  workload?: Partial<WorkloadModel>;
}

export function buildInput(o: InputOverrides = {}): SimulationInput {
  const hpa = setDefaultsHorizontalPodAutoscaler({
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'web', namespace: 'default' },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      minReplicas: 1,
      maxReplicas: 10,
      metrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } },
        },
      ],
      ...o.spec,
    },
  });
  return {
    hpa,
    durationSeconds: o.durationSeconds ?? 600,
    controller: o.controller ?? {
      ...DEFAULT_CONTROLLER_CONFIG,
      featureGates: { ...DEFAULT_CONTROLLER_CONFIG.featureGates },
    },
    workload: {
      initialReplicas: 2,
      containers: [{ name: 'app', requests: { cpu: 1000, memory: 256 * 1024 * 1024 * 1000 } }],
      startup: { schedulingSeconds: 0, startingSeconds: 5, readinessDelaySeconds: 10 },
      startupCpuBurst: null,
      terminationSeconds: 30,
      maxPods: null,
      podCapacity: null,
      failedPods: 0,
      podsWithoutMetrics: 0,
      ...o.workload,
    },
    metricsPipeline: o.metricsPipeline ?? { resolutionSeconds: 15, windowSeconds: 30 },
    traffic: o.traffic === undefined ? { type: 'constant', value: 1000 } : o.traffic,
    loads: o.loads ?? [
      { kind: 'resource', resource: 'cpu', perPodMilli: 0, perUnitMilli: 1, demand: null },
    ],
    outages: o.outages ?? [],
    ...(o.cost ? { cost: o.cost } : {}),
    ...(o.nodes ? { nodes: o.nodes } : {}),
  };
}
