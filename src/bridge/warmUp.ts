// The tiny run a spare worker does before it is needed: it loads the engine's module and lets the
// JIT see parse → simulate → payload once, so the first real run on that worker is not a cold one.
// Ten simulated minutes (41 syncs): milliseconds of work, on a core the page does not paint on.

import type { SimulatorApi } from '../worker/protocol.ts';

export const WARM_UP_SCENARIO = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: warm-up }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: warm-up }
  minReplicas: 1
  maxReplicas: 5
  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 50 } }
  behavior:
    scaleDown: { stabilizationWindowSeconds: 60 }
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
metadata: { name: warm-up }
spec:
  duration: 10m
  metricsPipeline: { resolution: 15s }
  workload:
    replicas: 1
    containers:
      - name: app
        resources: { requests: { cpu: 500m } }
    podCapacity: 100
  traffic: { type: ramp, points: [{ at: 0, value: 50 }, { at: 300, value: 300 }, { at: 600, value: 50 }] }
  load:
    resources:
      cpu: { perPod: 30m, perUnit: 3m }
`;

/** The run id of warm-up runs: below every real run id (those start at 1). */
export const WARM_UP_RUN_ID = 0;

/** What a new spare runs to warm up (the pool calls it once per spare). */
export function warmUpWith(text: string): (api: SimulatorApi) => Promise<unknown> {
  return (api) => api.run(WARM_UP_RUN_ID, text);
}
