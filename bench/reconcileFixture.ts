// A CPU-utilization HPA with behavior over N ready pods, as the bench's reconcile input.

import {
  DEFAULT_CONTROLLER_CONFIG,
  expandPodGroups,
  setDefaultsHorizontalPodAutoscaler,
  type ControllerMemory,
  type Observation,
} from '../src/engine/controller/index.ts';

export function cpuObservation(podCount: number): { obs: Observation; memory: ControllerMemory } {
  const hpa = setDefaultsHorizontalPodAutoscaler({
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'bench', namespace: 'default' },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      minReplicas: 1,
      maxReplicas: podCount * 4,
      metrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } },
        },
      ],
      behavior: { scaleDown: { stabilizationWindowSeconds: 300 } },
    },
  });
  const now = 100_000;
  const pods = Array.from({ length: podCount }, (_, i) => ({
    name: `web-${i}`,
    phase: 'Running',
    ready: true,
    readyTransitionTime: now - 3600,
    startTime: now - 3660,
    containers: [{ name: 'app', requests: { cpu: 500 } }],
    resourceMetrics: {
      timestamp: now - 10,
      window: 30,
      containers: [{ name: 'app', usage: { cpu: 390 + (i % 7) * 10 } }],
    },
  }));
  const recommendations = Array.from({ length: 20 }, (_, i) => ({
    timestamp: now - 300 + i * 15,
    replicas: podCount,
  }));
  return {
    obs: { hpa, currentReplicas: podCount, statusReplicas: podCount, pods },
    memory: { recommendations, scaleUpEvents: [], scaleDownEvents: [] },
  };
}

export const BENCH_NOW = 100_000;
export const BENCH_CONFIG = DEFAULT_CONTROLLER_CONFIG;

/**
 * The shape a simulation hands over at a steady peak: one cohort of `cohort` identical ready pods
 * and `loose` pods that differ (just started, other usage). `grouped`: the cohort as one entry
 * with `count` (PodObservation.count); otherwise as `cohort` entries, the same pods expanded.
 */
export function groupedCpuObservation(
  cohort: number,
  loose: number,
  grouped: boolean,
): { obs: Observation; memory: ControllerMemory } {
  const { obs, memory } = cpuObservation(cohort + loose);
  const now = BENCH_NOW;
  const member = obs.pods[0]!;
  member.resourceMetrics!.containers[0]!.usage = { cpu: 420 };
  const looseOnes = obs.pods.slice(cohort).map((p, i) => ({
    ...p,
    name: `web-new-${i}`,
    startTime: now - 60 - i,
    readyTransitionTime: now - 40 - i,
  }));
  const cohortPods = grouped
    ? [{ ...member, name: 'web-a', count: cohort }]
    : expandPodGroups([{ ...member, name: 'web-a', count: cohort }]);
  return { obs: { ...obs, pods: [...cohortPods, ...looseOnes] }, memory };
}
