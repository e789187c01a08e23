// Small scenarios that reach the controller's shortcut and failure paths (test fixtures).

function scenario(hpaSpec: string, simSpec: string): string {
  return `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
${hpaSpec}
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
metadata:
  name: fixture
spec:
  duration: 2m
${simSpec}
`;
}

const cpu60 = `  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } }`;

const workload = (replicas: number) => `  workload:
    replicas: ${replicas}
    containers:
      - name: app
        resources: { requests: { cpu: 500m } }
  traffic: { type: constant, value: 100 }
  load:
    resources:
      cpu: { perUnit: 1m }`;

/** 8 replicas against maxReplicas 5: the first sync takes the aboveMaxReplicas shortcut. */
export const ABOVE_MAX = scenario(`  minReplicas: 1\n  maxReplicas: 5\n${cpu60}`, workload(8));

/** 1 replica against minReplicas 3: belowMinReplicas. */
export const BELOW_MIN = scenario(`  minReplicas: 3\n  maxReplicas: 10\n${cpu60}`, workload(1));

/** 0 replicas with minReplicas 1: scaling is disabled. */
export const SCALED_TO_ZERO = scenario(
  `  minReplicas: 1\n  maxReplicas: 10\n${cpu60}`,
  workload(0),
);

/** The cpu metric is unavailable for the first minute: every metric failed. */
export const METRIC_OUTAGE = scenario(
  `  minReplicas: 1\n  maxReplicas: 10\n${cpu60}`,
  `${workload(4)}\n  outages:\n    - { metric: resource/cpu, from: 0s, to: 60s }`,
);
