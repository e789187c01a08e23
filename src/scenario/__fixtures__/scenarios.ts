/**
 * Preset-like scenarios used by the tests: each must parse with no error and produce a typed
 * SimulationInput (schema and TypeScript types in step). Plain data, safe in every environment.
 */

export const CPU_ONLY = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: 2
  maxReplicas: 10
  metrics:
    - type: Resource
      resource:
        name: cpu
        target: { type: Utilization, averageUtilization: 60 }
`;

export const FULL = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: checkout
  namespace: shop
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: checkout }
  minReplicas: 3
  maxReplicas: 40
  metrics:
    - type: Resource
      resource:
        name: cpu
        target: { type: Utilization, averageUtilization: 70 }
    - type: Resource
      resource:
        name: memory
        target: { type: AverageValue, averageValue: 600Mi }
    - type: Pods
      pods:
        metric: { name: http_requests_per_second }
        target: { type: AverageValue, averageValue: "50" }
    - type: Object
      object:
        describedObject: { apiVersion: networking.k8s.io/v1, kind: Ingress, name: main }
        metric: { name: requests-per-second }
        target: { type: Value, value: 2k }
    - type: External
      external:
        metric: { name: queue_messages_ready }
        target: { type: AverageValue, averageValue: "30" }
  behavior:
    scaleDown:
      policies:
        - { type: Pods, value: 2, periodSeconds: 60 }
    scaleUp:
      tolerance: 0.05
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
metadata:
  name: checkout-peak
  description: A morning peak with a queue.
spec:
  duration: 2h
  kubernetesVersion: "1.35"
  controller:
    syncPeriod: 10s
    tolerance: 0.1
    cpuInitializationPeriod: 3m
    initialReadinessDelay: 20s
    downscaleStabilization: 2m
    featureGates: { HPAScaleToZero: false }
  workload:
    replicas: 4
    containers:
      - name: app
        resources: { requests: { cpu: 500m, memory: 512Mi } }
      - name: sidecar
        resources: { requests: { cpu: 100m, memory: 64Mi }, limits: { cpu: 200m } }
    startup: { scheduling: 2s, starting: 15s, readinessDelay: 25s }
    startupCpuBurst: { extra: 1, duration: 60s }
    termination: 20s
    maxPods: 50
    podCapacity: 100
    failedPods: 1
  metricsPipeline: { resolution: 15s, offset: 0s, adapterInterval: 15s }
  traffic:
    type: ramp
    points:
      - { at: 0, value: 500 }
      - { at: 3600, value: 3000 }
  load:
    resources:
      cpu: { perPod: 50m, perUnit: 5m }
      memory: { perPod: 300Mi, perUnit: 100Ki }
    pods:
      http_requests_per_second: { perUnit: 1 }
    object:
      requests-per-second: { value: { type: constant, value: 1500 } }
    external:
      queue_messages_ready:
        queue: { perPodThroughput: 20, initialBacklog: 100, arrivals: { type: constant, value: 400 } }
  outages:
    - { metric: external/queue_messages_ready, from: 10m, to: 20m }
`;

export const LEGACY_V1 = `apiVersion: autoscaling/v1
kind: HorizontalPodAutoscaler
metadata:
  name: legacy
spec:
  scaleTargetRef: { kind: Deployment, name: legacy }
  maxReplicas: 5
  targetCPUUtilizationPercentage: 50
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
  traffic: { type: sine, base: 1000, amplitude: 500, periodSeconds: 3600 }
`;

export const V2BETA1_MEMORY = `apiVersion: autoscaling/v2beta1
kind: HorizontalPodAutoscaler
metadata:
  name: cache
spec:
  scaleTargetRef: { kind: StatefulSet, name: cache }
  minReplicas: 1
  maxReplicas: 8
  metrics:
    - type: Resource
      resource: { name: memory, targetAverageValue: 1Gi }
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
  duration: 30m
  load:
    resources:
      memory: { perPod: 700Mi }
`;

export const QUEUE_WORKER = `apiVersion: autoscaling/v2beta2
kind: HorizontalPodAutoscaler
metadata:
  name: worker
spec:
  scaleTargetRef: { kind: Deployment, name: worker }
  minReplicas: 1
  maxReplicas: 30
  metrics:
    - type: External
      external:
        metric: { name: backlog }
        target: { type: Value, value: "500" }
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
  duration: 6h
  traffic:
    type: sum
    of:
      - { type: sine, base: 200, amplitude: 150, periodSeconds: 86400, peakAtSeconds: 43200 }
      - type: spikes
        base: 0
        spikes: [{ at: 3600, durationSeconds: 300, height: 800 }]
  load:
    external:
      backlog: { queue: { perPodThroughput: 25 } }
`;

export const ALL_FIXTURES: Record<string, string> = {
  CPU_ONLY,
  FULL,
  LEGACY_V1,
  V2BETA1_MEMORY,
  QUEUE_WORKER,
};
