/** JSON Schema of the second scenario document: `kind: Simulation` (hpa-sim.dev/v1alpha1). */
import type {
  ContainerDocument,
  ContainerUsageDocument,
  ControllerDocument,
  CostDocument,
  CpuBurstDocument,
  DrawsDocument,
  FeatureGatesDocument,
  InitContainerDocument,
  MetricsPipelineDocument,
  PrometheusDocument,
  OutageDocument,
  ReadinessProbeDocument,
  ReplicaSetDocument,
  ChangeDocument,
  RolloutDocument,
  KedaChangeDocument,
  SimulationDocument,
  SimulationMetadata,
  SimulationSpecDocument,
  StartupDocument,
  StartupRangeDocument,
  VariantDocument,
  WorkloadDocument,
} from '../simulation/document.ts';
import {
  CURRENT_SIMULATION_API_VERSION,
  DEFAULT_KUBERNETES_VERSION,
  NEWEST_KUBERNETES_VERSION,
  SIMULATION_KIND,
} from '../simulation/defaults.ts';
import { gateHistory, releaseList } from './releaseDocs.ts';
import {
  MAX_CONTAINERS,
  MAX_DURATION_SECONDS,
  MAX_OUTAGES,
  MAX_PODS,
  MIN_RESOLUTION_SECONDS,
  MIN_SYNC_PERIOD_SECONDS,
  MAX_SETTING_SECONDS,
  MAX_VARIANTS,
  MAX_CHANGES,
} from '../limits.ts';
import {
  boolean,
  duration,
  enumOf,
  int32,
  listOf,
  mapOf,
  number,
  object,
  quantity,
  ref,
  string,
} from './common.ts';
import { curveSchema } from './curveSchema.ts';
import { DEFAULT_KEDA_VERSION, KEDA_VERSIONS } from '../../engine/keda/index.ts';
import { federationSchema } from './federationSchema.ts';
import { nodesSchema } from './nodesSchema.ts';
import type { JsonSchema, PropertiesOf } from './jsonSchema.ts';
import { loadSchemas } from './loadSchema.ts';
import { MAX_DRAWS } from '../../engine/simulation/draws.ts';

const SIM_LIMIT = "the simulator's limit";
const PODS_LIMIT = `the simulator runs at most ${MAX_PODS.toLocaleString('en-US')} pods`;
const setting = (description: string, extra: Partial<JsonSchema> = {}) =>
  duration(description, { 'x-maxSeconds': MAX_SETTING_SECONDS, 'x-limit': SIM_LIMIT, ...extra });

/**
 * A start-up delay: a duration (every pod alike), or a range drawn per pod, written as the nodes
 * plane writes its provisioning delay (`{min, max, seed}`).
 */
const startupDelay = (description: string, fallback: string): JsonSchema => ({
  ...setting(
    `${description} Or a range { min, max, seed }: each pod's delay drawn uniformly between min and max (the same seed, the same delays; a timing draw draws them again).`,
    { default: fallback },
  ),
  type: ['string', 'number', 'object'],
  properties: {
    min: setting('Shortest.'),
    max: setting('Longest (≥ min). Default min.'),
    seed: int32('Seed of the draws (the same seed, the same delays). Default 1.', {
      minimum: 0,
      maximum: 2147483647,
    }),
  } satisfies PropertiesOf<StartupRangeDocument>,
  required: ['min'],
  additionalProperties: false,
});

const versions = releaseList.map((r) => r.version);

const featureGates = object(
  'kube-controller-manager feature gates (--feature-gates). Explicit values win over the defaults of spec.kubernetesVersion; a gate the release does not have, or a GA gate set off, is an error (the controller would not start).',
  {
    HPAConfigurableTolerance: boolean(
      `Per-direction \`tolerance\` in behavior (KEP-4951); when off, the API server drops behavior tolerances. ${gateHistory('HPAConfigurableTolerance')}`,
    ),
    HPAScaleToZero: boolean(
      `minReplicas: 0 (with an Object or External metric). From 1.36 it must be on in kube-controller-manager too: a ScaledToZero condition then decides which zero the HPA resumes (its own), and with the gate off every zero is left alone. ${gateHistory('HPAScaleToZero')}`,
    ),
    HPAGeneration: boolean(
      `status.observedGeneration, and an immediate reconcile when the HPA's spec changes. ${gateHistory('HPAGeneration')}`,
    ),
    StaleControllerConsistencyHPA: boolean(
      `Skip a sync while the controller's own last status write is not yet in its informer cache. ${gateHistory('StaleControllerConsistencyHPA')}`,
    ),
    HPAOptimizedSelectorStore: boolean(
      `A faster store of the HPAs' selectors; it decides nothing differently. ${gateHistory('HPAOptimizedSelectorStore')}`,
    ),
  } satisfies PropertiesOf<FeatureGatesDocument>,
);

const controller = object("kube-controller-manager HPA flags. Defaults are the controller's.", {
  syncPeriod: setting(
    `--horizontal-pod-autoscaler-sync-period: time between two reconciles. Default 15s; at least ${MIN_SYNC_PERIOD_SECONDS}s.`,
    {
      'x-minSeconds': MIN_SYNC_PERIOD_SECONDS,
      'x-minLimit': SIM_LIMIT,
      'x-maxSeconds': 3600,
      default: '15s',
    },
  ),
  tolerance: number(
    "--horizontal-pod-autoscaler-tolerance: no scaling while |usage ratio − 1| ≤ tolerance. Default 0.1. A 0 is replaced by 0.1, as the controller's configuration defaulting does.",
    { minimum: 0, maximum: 1, default: 0.1 },
  ),
  cpuInitializationPeriod: setting(
    '--horizontal-pod-autoscaler-cpu-initialization-period: after a pod starts, its CPU samples are ignored until it is ready and the sample was taken after it became ready. Default 5m.',
    { default: '5m' },
  ),
  initialReadinessDelay: setting(
    '--horizontal-pod-autoscaler-initial-readiness-delay: a pod that turns unready→ready within this time after starting is treated as not yet ready for CPU. Default 30s.',
    { default: '30s' },
  ),
  downscaleStabilization: setting(
    '--horizontal-pod-autoscaler-downscale-stabilization: the scale-down stabilization window used when the HPA sets none. Default 5m.',
    { default: '5m' },
  ),
  informerLag: setting(
    "What-if, not a flag: how long a write to the API server takes to reach kube-controller-manager's HPA informer cache (real lag varies, usually well under a second). The controller then reads its own status back late: with StaleControllerConsistencyHPA (1.37+) it skips a sync while its last status write is not yet cached and retries at the next resync; before, it reconciles on the stale status and its status write fails with a Conflict (FailedUpdateStatus). An HPA edit reaches it late too. Default 0s (at once); one-cluster runs only.",
    { default: '0s' },
  ),
  featureGates,
} satisfies PropertiesOf<ControllerDocument>);

const containerProperties = {
  name: string('The container name (a DNS label). ContainerResource metrics refer to it.', {
    minLength: 1,
    maxLength: 63,
    pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$',
    examples: ['app'],
  }),
  resources: object('Resource requests and limits.', {
    requests: mapOf(
      'Requests by resource name: quantities such as cpu: 500m, memory: 256Mi.',
      quantity('A request.'),
    ),
    limits: mapOf(
      'Limits. A cpu limit throttles the container (CFS quota): its usage never passes it, and work it cannot do is unmet demand. The HPA itself reads requests only.',
      quantity('A limit.'),
    ),
  }),
  usage: mapOf(
    "This container's own usage by resource (a sidecar's), instead of a share of the pod's load: perPod + perUnit × the work the pod serves. Containers without one share spec.load by their requests.",
    object('Usage of one resource.', {
      perPod: quantity('Usage of an idle container.'),
      perUnit: quantity('Extra usage per unit of work the pod serves.'),
    } satisfies PropertiesOf<ContainerUsageDocument>),
  ),
} satisfies PropertiesOf<ContainerDocument>;

const container = object(
  'A container of the pod template. Its requests are what Utilization targets divide by.',
  containerProperties,
  { required: ['name'] },
);

const initContainer = object(
  'An init container of the pod template.',
  {
    ...containerProperties,
    restartPolicy: enumOf(
      'Always makes the init container a sidecar (a restartable init container).',
      ['Always'],
    ),
  } satisfies PropertiesOf<InitContainerDocument>,
  { required: ['name'] },
);

const workload = object('The scaled workload: initial size, pod template and pod lifecycle.', {
  replicas: int32("Replicas at the start. Default: the HPA's minReplicas.", {
    minimum: 0,
    maximum: MAX_PODS,
    'x-limit': PODS_LIMIT,
  }),
  containers: listOf(
    "The pod's containers. Default: one container `app` requesting cpu 500m, memory 256Mi.",
    container,
    { minItems: 1, maxItems: MAX_CONTAINERS, 'x-limit': SIM_LIMIT },
  ),
  initContainers: listOf(
    'Init containers of the pod template. Those with restartPolicy: Always are sidecars: they run beside the app, the HPA adds their requests to a Resource metric, and they have usage of their own (give `usage`, or they share spec.load by their requests). Others finish before the app starts and change nothing.',
    initContainer,
    { maxItems: MAX_CONTAINERS, 'x-limit': SIM_LIMIT },
  ),
  podRequests: mapOf(
    "Pod-level requests (spec.resources.requests, Kubernetes v1.34+): a Resource metric divides by these instead of the containers' sum.",
    quantity('A pod-level request.'),
  ),
  startup: object('Pod start-up: created → scheduled → running → ready.', {
    scheduling: startupDelay('Created → scheduled (status.startTime set). Default 1s.', '1s'),
    starting: startupDelay(
      'Scheduled → running (image pull, container start). Default 10s.',
      '10s',
    ),
    readinessDelay: startupDelay(
      'Running → Ready when there is no readinessProbe. Default 20s.',
      '20s',
    ),
    readinessProbe: object(
      "The container's readiness probe, as the kubelet runs it: probes start with the pod, every periodSeconds; the first to pass is the first at least initialDelaySeconds after the container started, and Ready needs successThreshold passes in a row. Replaces readinessDelay.",
      {
        initialDelaySeconds: int32(
          'Seconds after the container starts before a probe can pass. Default 0.',
          {
            minimum: 0,
            maximum: 3600,
            default: 0,
          },
        ),
        periodSeconds: int32('Seconds between probes. Default 10.', {
          minimum: 1,
          maximum: 3600,
          default: 10,
        }),
        successThreshold: int32('Passing probes in a row before Ready. Default 1.', {
          minimum: 1,
          maximum: 100,
          default: 1,
        }),
      } satisfies PropertiesOf<ReadinessProbeDocument>,
    ),
  } satisfies PropertiesOf<StartupDocument>),
  startupCpuBurst: object(
    'Extra CPU right after a pod starts running (JVM warm-up): what the cpu-initialization-period flag exists for.',
    {
      extra: quantity('Extra CPU per pod, a quantity: 1 = one core, 500m = half a core.'),
      duration: setting('How long the burst lasts after the container starts.', {
        'x-minSeconds': 0,
        'x-exclusiveMinSeconds': true,
      }),
    } satisfies PropertiesOf<CpuBurstDocument>,
    { required: ['extra', 'duration'] },
  ),
  termination: setting(
    "How long a deleted pod stays Terminating: the application's exit time after SIGTERM. It stops receiving traffic at once but stays Ready until it exits (Value targets count it). Default 5s, never longer than terminationGracePeriod.",
    { default: '5s' },
  ),
  terminationGracePeriod: setting(
    "The pod's terminationGracePeriodSeconds: the kubelet kills containers still running this long after SIGTERM, so it bounds termination. Default 30s (taken from a pasted Deployment).",
    { default: '30s' },
  ),
  maxPods: int32(
    'Cluster capacity: at most this many pods run; extra pods stay Pending. Default: no limit.',
    { minimum: 1, maximum: MAX_PODS, 'x-limit': PODS_LIMIT },
  ),
  podCapacity: number(
    'Work units per second one ready pod can serve; demand above the total is unmet (overload). Default: unlimited.',
    { exclusiveMinimum: 0, maximum: 1e15 },
  ),
  nodeCpu: quantity(
    "A node's allocatable CPU: no pod uses more, whatever its limits (1 = one core). Default: no cap.",
  ),
  replicaSet: object(
    'The ReplicaSet controller and the client it creates and deletes pods through (kube-controller-manager).',
    {
      apiQps: number('--kube-api-qps: writes per second. Default 20.', {
        exclusiveMinimum: 0,
        maximum: 100000,
        default: 20,
      }),
      apiBurst: int32('--kube-api-burst: writes allowed at once. Default 30.', {
        minimum: 1,
        maximum: 100000,
        default: 30,
      }),
      burstReplicas: int32(
        'Most pods created or deleted per ReplicaSet sync (BurstReplicas). Default 500.',
        { minimum: 1, maximum: MAX_PODS, default: 500 },
      ),
    } satisfies PropertiesOf<ReplicaSetDocument>,
  ),
  failedPods: int32(
    'This many of the initial replicas are Failed at the start: the controller ignores them, they are not in status.replicas, and the ReplicaSet replaces them right after the first sync. Default 0.',
    { minimum: 0, maximum: MAX_PODS, 'x-limit': PODS_LIMIT },
  ),
  podsWithoutMetrics: int32(
    'This many further initial replicas serve load but metrics-server never reports them (missing metrics: counted as 100 % on scale-down, 0 % on scale-up). Default 0.',
    { minimum: 0, maximum: MAX_PODS, 'x-limit': PODS_LIMIT },
  ),
} satisfies PropertiesOf<WorkloadDocument>);

const metricsPipeline = object('The metrics-server pipeline between pods and the controller.', {
  resolution: setting(
    `Scrape interval (metrics-server --metric-resolution). Default 15s; at least ${MIN_RESOLUTION_SECONDS}s.`,
    {
      'x-minSeconds': MIN_RESOLUTION_SECONDS,
      'x-minLimit': SIM_LIMIT,
      'x-maxSeconds': 3600,
      default: '15s',
    },
  ),
  offset: setting(
    "When metrics-server's scrapes fall: at offset + k × resolution, not on the controller's sync grid. Default 7s.",
    { 'x-minSeconds': 0, 'x-maxSeconds': 3600, default: '7s' },
  ),
  adapterInterval: setting(
    'How often the custom and external metrics adapters (prometheus-adapter, KEDA) refresh: Object and External values are the last poll, a Pods metric the rate over one interval. Rounded to whole scrapes. Default 30s.',
    { 'x-minSeconds': 0, 'x-exclusiveMinSeconds': true, 'x-maxSeconds': 3600, default: '30s' },
  ),
  window: setting(
    'Ignored: metrics-server has no window setting; the window it reports is the time between its last two samples.',
    { 'x-minSeconds': 0, 'x-exclusiveMinSeconds': true, 'x-maxSeconds': 3600 },
  ),
  prometheus: object(
    "Prometheus behind prometheus-adapter, instead of the adapter poll (adapterInterval): Object and External values are the adapter rule's query at each HPA read, over Prometheus' samples, so a step of the metric's rate becomes a ramp over the rule's rate window. A queue's backlog keeps the poll.",
    {
      scrapeInterval: setting(
        "Prometheus' scrape_interval for the metric's target. Default 30s (kube-prometheus; Prometheus' own default is 1m).",
        { 'x-minSeconds': 0, 'x-exclusiveMinSeconds': true, 'x-maxSeconds': 3600, default: '30s' },
      ),
      offset: setting(
        "When Prometheus' scrapes fall: offset + k × scrapeInterval. Default: metricsPipeline.offset.",
        { 'x-minSeconds': 0, 'x-maxSeconds': 3600 },
      ),
      rateWindow: setting(
        "The range of the adapter rule's rate(…[window]) (the walkthrough's rule: 2m). 0s: a rule without rate, the latest sample (a gauge). Default 2m.",
        { 'x-minSeconds': 0, 'x-maxSeconds': 3600, default: '2m' },
      ),
    } satisfies PropertiesOf<PrometheusDocument>,
  ),
} satisfies PropertiesOf<MetricsPipelineDocument>);

const outage = object(
  'A time range during which the metrics API cannot serve a metric.',
  {
    metric: string(
      'resource/<name>, pods/<name>, object/<name> or external/<name>, matching an HPA metric.',
      {
        pattern: '^(resource|pods|object|external)/.+$',
        examples: ['external/queue_messages_ready'],
      },
    ),
    from: setting('Start (inclusive), from the scenario start.'),
    to: setting('End (exclusive), from the scenario start.'),
  } satisfies PropertiesOf<OutageDocument>,
  { required: ['metric', 'from', 'to'] },
);

const variant = object(
  'Another HPA over the same world: the HPA with this merge patch applied to its spec, on another release (kubernetesVersion) or controller flags (controller) if given. A variant of a multi-cluster scenario runs every member cluster.',
  {
    name: string(
      "The variant's name (a DNS label, unique, not the HPA's own name): its run, legend entry and table column.",
      {
        minLength: 1,
        maxLength: 63,
        pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$',
        examples: ['fast-down'],
      },
    ),
    description: string('What this variant tries, shown beside its name.'),
    patch: {
      type: 'object',
      description:
        "A JSON merge patch (RFC 7386) over the HPA's spec, in the manifest's own apiVersion: maps merge, lists replace wholesale, null deletes a field. Example: behavior: { scaleDown: { stabilizationWindowSeconds: 0 } }.",
      examples: [{ behavior: { scaleDown: { stabilizationWindowSeconds: 0 } } }],
    },
    kubernetesVersion: {
      type: ['string', 'number'],
      enum: [...versions, ...versions.map(Number)],
      description:
        "Run this variant on another release's HPA controller (its gate defaults and rules); spec.controller.featureGates still apply and must be valid for it. Default: spec.kubernetesVersion.",
    },
    controller: {
      ...controller,
      'x-patch': true,
      description:
        'A JSON merge patch over spec.controller for this variant: other kube-controller-manager flags (tolerance, sync period, stabilization, feature gates) over the same world. Example: { tolerance: 0.05 }.',
    },
  } satisfies PropertiesOf<VariantDocument>,
  { required: ['name'] },
);

const change = object(
  "A write during the run by someone other than the controller: an edit of the HPA's spec (as kubectl apply writes it: the API server bumps metadata.generation; with HPAGeneration, 1.37+, the controller reconciles at once, otherwise at its next resync; it keeps its stabilization window and scale events) and/or kubectl scale of the target.",
  {
    at: duration(
      'When, from the scenario start: after 0, at most spec.duration; one change per instant.',
      {
        'x-maxSeconds': MAX_SETTING_SECONDS,
        'x-limit': SIM_LIMIT,
      },
    ),
    patch: {
      type: 'object',
      description:
        "A JSON merge patch (RFC 7386) over the HPA's spec as it stands then (earlier changes applied), in the manifest's own apiVersion. Targets, bounds and behavior may change; the metric list keeps its metrics (same kinds and names, same order) and scaleTargetRef stays.",
      examples: [{ maxReplicas: 20 }],
    },
    replicas: int32(
      "kubectl scale --replicas: the target's spec.replicas written at this instant.",
      {
        minimum: 0,
        maximum: MAX_PODS,
        'x-limit': PODS_LIMIT,
      },
    ),
    rollout: object(
      "A new pod template rolled out (kubectl set image, rollout restart): the Deployment controller's RollingUpdate runs a new ReplicaSet beside the old one; Recreate deletes every old pod first. Each field defaults to the pasted Deployment's strategy, else the apps/v1 defaults (RollingUpdate, 25 %, 25 %, 0).",
      {
        strategy: enumOf(
          "spec.strategy.type: RollingUpdate (new pods beside the old, within maxSurge/maxUnavailable) or Recreate (every old pod deleted; the new ReplicaSet starts when the last is gone). Default: the pasted Deployment's, else RollingUpdate.",
          ['RollingUpdate', 'Recreate'],
        ),
        maxSurge: {
          type: ['string', 'integer'],
          description:
            'spec.strategy.rollingUpdate.maxSurge: pods above the desired count during the rollout, a count or a percent ("25%", rounded up). Default 25%.',
          examples: ['25%', 1],
        },
        maxUnavailable: {
          type: ['string', 'integer'],
          description:
            'spec.strategy.rollingUpdate.maxUnavailable: pods below the desired count that may be unavailable, a count or a percent ("25%", rounded down). Default 25%; not 0 when maxSurge is 0.',
          examples: ['25%', 0],
        },
        minReadySeconds: int32(
          'spec.minReadySeconds: a new pod counts as available once Ready this long. Default 0.',
          { minimum: 0 },
        ),
      } satisfies PropertiesOf<RolloutDocument>,
    ),
    keda: object("A ScaledObject's run: kubectl annotate of the ScaledObject at this instant.", {
      paused: boolean(
        'autoscaling.keda.sh/paused: true sets it (KEDA stops its loop and deletes the HPA; replicas stay), false removes it (KEDA re-creates the HPA, its state fresh, and restarts its loop).',
      ),
    } satisfies PropertiesOf<KedaChangeDocument>),
    description: string('What this change is, shown in the explanation and on the charts.'),
  } satisfies PropertiesOf<ChangeDocument>,
  { required: ['at'] },
);

const price = (what: string) =>
  number(`Price per ${what}, in the currency. Default 0.`, { minimum: 0, maximum: 1e9 });

const cost = object(
  'Prices that turn the run into money: the cost KPI per run and per month at this traffic. Pod-hours count every pod from creation to deletion; vCPU and GiB are the pod template requests.',
  {
    podHour: price('pod-hour'),
    vcpuHour: price('requested vCPU-hour (cpu requests of all containers)'),
    gibHour: price('requested GiB-hour (memory requests of all containers)'),
    nodeHour: price('node-hour (with spec.nodes: every node from the cloud call to its removal)'),
    currency: enumOf('The currency of the prices. Default USD.', ['USD'], { default: 'USD' }),
  } satisfies PropertiesOf<CostDocument>,
);

const draws = object(
  "Timing draws: run the scenario again under what a real cluster leaves to chance (metrics-server's scrape phase, the controller's sync phase against the traffic), drawn from a seed. Draw 0 is the scenario as written. The app shows each KPI's median, p95 and worst and the replicas' spread as a band; `cli run` prints the same figures for it when no --draws is given (`check` and `tune` take --draws and --seed).",
  {
    count: int32(
      `How many draws, the scenario as written included: 1 to ${MAX_DRAWS}. Default 16.`,
      {
        minimum: 1,
        maximum: MAX_DRAWS,
        'x-limit': SIM_LIMIT,
        default: 16,
      },
    ),
    seed: {
      type: 'integer',
      minimum: 0,
      maximum: 4294967295,
      default: 1,
      description:
        'The seed the phases are drawn from: the same seed gives the same draws in the app and the CLI. Default 1.',
    },
  } satisfies PropertiesOf<DrawsDocument>,
);

const spec = object(
  'The world around the HPA: duration, controller flags, workload, metrics pipeline and load.',
  {
    duration: duration('Simulated time. Default 1h; at most 31 days (744h).', {
      'x-minSeconds': 0,
      'x-exclusiveMinSeconds': true,
      'x-maxSeconds': MAX_DURATION_SECONDS,
      'x-limit': SIM_LIMIT,
      default: '1h',
    }),
    kubernetesVersion: {
      type: ['string', 'number'],
      enum: [...versions, ...versions.map(Number)],
      default: DEFAULT_KUBERNETES_VERSION,
      description: `The Kubernetes release whose HPA controller runs: its feature-gate defaults and the rules it decides by. ${releaseList.map((r) => `${r.label}: ${r.summary}`).join(' ')} A document naming none runs ${DEFAULT_KUBERNETES_VERSION} (what hpa-sim followed before it modelled releases); new documents name ${NEWEST_KUBERNETES_VERSION}, the newest release.`,
    },
    kedaVersion: {
      type: ['string', 'number'],
      // A YAML 2.19 is a number; the others are strings only.
      enum: [...KEDA_VERSIONS, 2.19],
      default: DEFAULT_KEDA_VERSION,
      description: `The KEDA release whose loop runs around the HPA a ScaledObject creates (ignored for an HPA). 2.19: thresholds and values truncated to milli-units; paused-replicas pins the HPA at min = max = max(N, 1). 2.20.0: values rounded to milli-units (%.3f), NaN/Inf read as 0; paused-replicas scales the target straight to N, 0 allowed (no HPA while paused). 2.20.2: also negative values read as 0. Default ${DEFAULT_KEDA_VERSION}.`,
    },
    controller,
    workload,
    metricsPipeline,
    traffic: ref(
      'curve',
      'Total work arriving per second (abstract units), split over the ready pods. Default: none.',
    ),
    load: ref('load'),
    outages: listOf('Metric outages.', outage, { maxItems: MAX_OUTAGES, 'x-limit': SIM_LIMIT }),
    variants: listOf(
      'HPA variants compared side by side with the HPA itself, each a named merge patch over its spec.',
      variant,
      { maxItems: MAX_VARIANTS, 'x-limit': SIM_LIMIT },
    ),
    changes: listOf(
      'Writes during the run: HPA edits (merge patches over its spec) and kubectl scale of the target, each at its time. One-cluster runs only.',
      change,
      { maxItems: MAX_CHANGES, 'x-limit': SIM_LIMIT },
    ),
    cost,
    draws,
    federation: federationSchema,
    nodes: nodesSchema,
  } satisfies PropertiesOf<SimulationSpecDocument>,
);

export const simulationSchema: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://hpa-sim.dev/schema/simulation.json',
  title: 'Simulation',
  ...object(
    'hpa-sim settings: everything about the simulated world that the HPA manifest does not say.',
    {
      apiVersion: enumOf(
        `The settings format version. Current: ${CURRENT_SIMULATION_API_VERSION} (older versions are migrated).`,
        [CURRENT_SIMULATION_API_VERSION],
      ),
      kind: enumOf('Always Simulation.', [SIMULATION_KIND]),
      metadata: object('Scenario name and notes.', {
        name: string('The scenario name.'),
        description: string('Free text: what to notice in this scenario.'),
        labels: mapOf('Free-form labels.', string('Label value.')),
        annotations: mapOf('Free-form annotations.', string('Annotation value.')),
      } satisfies PropertiesOf<SimulationMetadata>),
      spec,
    } satisfies PropertiesOf<SimulationDocument>,
    { required: ['apiVersion', 'kind'] },
  ),
  $defs: { curve: curveSchema, ...loadSchemas },
};
