// The runs a spare worker does before it is needed: they load the engine's module and let the
// JIT see parse → simulate → payload often enough to optimise the per-sync code, so the first real
// run on that worker (an edit after an interrupted run, a crash's retry) is not a cold one. Two
// simulated hours (481 syncs) shaped like the default scenario — a noisy wave, a spike, pods that
// start, scale up and down — three times: a few milliseconds each, on a core the page does not
// paint on. (One run of 41 syncs left the spare's first real run several times its next one.)

import type { SimulatorApi } from '../worker/protocol.ts';

export const WARM_UP_SCENARIO = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: warm-up }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: warm-up }
  minReplicas: 1
  maxReplicas: 12
  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } }
  behavior:
    scaleDown:
      stabilizationWindowSeconds: 120
      policies: [{ type: Percent, value: 50, periodSeconds: 60 }]
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
metadata: { name: warm-up }
spec:
  duration: 2h
  workload:
    replicas: 1
    containers:
      - name: app
        resources: { requests: { cpu: 500m, memory: 256Mi } }
    startup: { scheduling: 2s, starting: 10s, readinessDelay: 15s }
    podCapacity: 120
  traffic:
    type: noise
    seed: 7
    amplitude: 0.08
    of:
      type: sum
      of:
        - { type: sine, base: 400, amplitude: 350, periodSeconds: 7200, peakAtSeconds: 3600 }
        - type: spikes
          base: 0
          spikes:
            - { at: 1800, durationSeconds: 600, height: 400 }
  load:
    resources:
      cpu: { perPod: 30m, perUnit: 3m }
`;

/** The run id of warm-up runs: below every real run id (those start at 1). */
export const WARM_UP_RUN_ID = 0;

/** Warm-up runs per spare: enough calls of the per-sync code for the JIT to optimise it. */
export const WARM_UP_ROUNDS = 3;

/** What a new spare runs to warm up (the pool calls it once per spare). */
export function warmUpWith(text: string): (api: SimulatorApi) => Promise<unknown> {
  return async (api) => {
    for (let i = 0; i < WARM_UP_ROUNDS; i++) await api.run(WARM_UP_RUN_ID, text);
  };
}
