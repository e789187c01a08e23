/** JSON Schema of the second scenario document: `kind: Simulation` (hpa-sim.dev/v1alpha1). */
import type {
  ContainerDocument,
  ControllerDocument,
  CpuBurstDocument,
  FeatureGatesDocument,
  MetricsPipelineDocument,
  OutageDocument,
  SimulationDocument,
  SimulationMetadata,
  SimulationSpecDocument,
  StartupDocument,
  WorkloadDocument,
} from '../simulation/document.ts';
import {
  CURRENT_SIMULATION_API_VERSION,
  DEFAULT_KUBERNETES_VERSION,
  KUBERNETES_VERSIONS,
  SIMULATION_KIND,
} from '../simulation/defaults.ts';
import {
  MAX_CONTAINERS,
  MAX_DURATION_SECONDS,
  MAX_OUTAGES,
  MAX_PODS,
  MIN_RESOLUTION_SECONDS,
  MIN_SYNC_PERIOD_SECONDS,
  MAX_SETTING_SECONDS,
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
import { federationSchema } from './federationSchema.ts';
import type { JsonSchema, PropertiesOf } from './jsonSchema.ts';
import { loadSchemas } from './loadSchema.ts';

const SIM_LIMIT = "the simulator's limit";
const PODS_LIMIT = `the simulator runs at most ${MAX_PODS.toLocaleString('en-US')} pods`;
const setting = (description: string, extra: Partial<JsonSchema> = {}) =>
  duration(description, { 'x-maxSeconds': MAX_SETTING_SECONDS, 'x-limit': SIM_LIMIT, ...extra });

const versions = Object.keys(KUBERNETES_VERSIONS);

const featureGates = object(
  'kube-controller-manager feature gates. Explicit values win over the kubernetesVersion defaults.',
  {
    HPAConfigurableTolerance: boolean(
      'Per-direction `tolerance` in behavior (KEP-4951). Alpha (off) in 1.33–1.34, beta (on) from 1.35. When off, the API server drops behavior tolerances.',
    ),
    HPAScaleToZero: boolean(
      'Allows minReplicas: 0 (with an Object or External metric). Alpha (off) in 1.33–1.36.',
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
  featureGates,
} satisfies PropertiesOf<ControllerDocument>);

const container = object(
  'A container of the pod template. Its requests are what Utilization targets divide by.',
  {
    name: string('The container name (a DNS label). ContainerResource metrics refer to it.', {
      minLength: 1,
      maxLength: 63,
      pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$',
      examples: ['app'],
    }),
    resources: object('Resource requests (and limits, which the HPA ignores).', {
      requests: mapOf(
        'Requests by resource name: quantities such as cpu: 500m, memory: 256Mi.',
        quantity('A request.'),
      ),
      limits: mapOf(
        'Limits. Accepted and ignored (the HPA reads requests only).',
        quantity('A limit.'),
      ),
    }),
  } satisfies PropertiesOf<ContainerDocument>,
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
  startup: object('Pod start-up: created → scheduled → running → ready.', {
    scheduling: setting('Created → scheduled (status.startTime set). Default 1s.', {
      default: '1s',
    }),
    starting: setting('Scheduled → running (image pull, container start). Default 10s.', {
      default: '10s',
    }),
    readinessDelay: setting('Running → Ready (readiness probe). Default 20s.', { default: '20s' }),
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
    'How long a deleted pod stays Terminating (it no longer serves). Default 30s.',
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
  failedPods: int32(
    'This many of the initial replicas are Failed (not yet replaced by their owner): the controller ignores them. Default 0.',
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
  window: setting('The time each CPU sample averages over (PodMetrics.window). Default 15s.', {
    'x-minSeconds': 0,
    'x-exclusiveMinSeconds': true,
    'x-maxSeconds': 3600,
    default: '15s',
  }),
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
      description: `Kubernetes minor release whose feature-gate defaults apply: ${versions.join(', ')}. Default ${DEFAULT_KUBERNETES_VERSION}.`,
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
    federation: federationSchema,
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
