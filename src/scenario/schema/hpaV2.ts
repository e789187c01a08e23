/** Schema of autoscaling/v2 (and v2beta2, which lacks only `tolerance`) HPA specs. */
import type {
  ContainerResourceMetricSource,
  ExternalMetricSource,
  HPAScalingPolicy,
  HPAScalingRules,
  HorizontalPodAutoscalerBehavior,
  HorizontalPodAutoscalerSpec,
  MetricSpec,
  MetricTarget,
  ObjectMetricSource,
  PodsMetricSource,
  ResourceMetricSource,
} from '../../engine/controller/index.ts';
import { enumOf, int32, listOf, object, quantity, ref, string } from './common.ts';
import type { JsonSchema, PropertiesOf } from './jsonSchema.ts';

export const METRIC_TYPES = ['Resource', 'ContainerResource', 'Pods', 'Object', 'External'];

const metricType = enumOf(
  'The metric source type; fill exactly the matching field (`resource`, `containerResource`, `pods`, `object` or `external`).',
  METRIC_TYPES,
);

export const metricTarget: JsonSchema = object(
  'The target value of a metric. Set the field that matches `type`.',
  {
    type: enumOf(
      "`Utilization` (percent of the pods' requests, Resource/ContainerResource only), `AverageValue` (value per pod: the total is divided by the current replica count) or `Value` (the metric's raw value, Object/External only).",
      ['Utilization', 'Value', 'AverageValue'],
    ),
    value: quantity('Target value of the metric as a whole (type `Value`). Must be positive.'),
    averageValue: quantity(
      'Target value per pod (type `AverageValue`): the metric total divided by the current number of pods. Must be positive.',
    ),
    averageUtilization: int32(
      "Target utilization in percent of the pods' resource requests (type `Utilization`), e.g. 70. Must be ≥ 1.",
    ),
  } satisfies PropertiesOf<MetricTarget>,
);

const resourceSource = object(
  'A resource metric of the pods (cpu, memory) as reported by metrics-server, averaged over all pods.',
  {
    name: string('The resource: `cpu` or `memory` (any resource name the metrics API reports).'),
    target: ref(
      'metricTarget',
      'The target: `Utilization` (percent of requests) or `AverageValue`.',
    ),
  } satisfies PropertiesOf<ResourceMetricSource>,
);

const containerResourceSource = object(
  'A resource metric of one container in each pod (ignores sidecars).',
  {
    name: string('The resource: `cpu` or `memory`.'),
    container: string(
      'The container whose usage counts. A pod whose metrics lack it counts as missing (since 1.33, #127193).',
    ),
    target: ref(
      'metricTarget',
      "The target: `Utilization` (percent of the container's request) or `AverageValue`.",
    ),
  } satisfies PropertiesOf<ContainerResourceMetricSource>,
);

const podsSource = object(
  'A custom metric reported per pod (e.g. requests per second), averaged over the pods.',
  {
    metric: ref('metricIdentifier'),
    target: ref('metricTarget', 'Only `AverageValue` is supported.'),
  } satisfies PropertiesOf<PodsMetricSource>,
);

const objectSource = object(
  "A metric describing one Kubernetes object (e.g. an Ingress's hits per second).",
  {
    describedObject: ref('crossVersionObjectReference', 'The object the metric describes.'),
    metric: ref('metricIdentifier'),
    target: ref(
      'metricTarget',
      '`Value` (compare the value directly) or `AverageValue` (divide it by the replica count).',
    ),
  } satisfies PropertiesOf<ObjectMetricSource>,
);

const externalSource = object(
  'A metric from outside the cluster (e.g. a queue length), served by an external metrics adapter.',
  {
    metric: ref('metricIdentifier'),
    target: ref(
      'metricTarget',
      '`Value` (compare the total) or `AverageValue` (divide the total by the replica count, as KEDA does).',
    ),
  } satisfies PropertiesOf<ExternalMetricSource>,
);

export const metricSpecV2: JsonSchema = object(
  'One metric the HPA scales on. With several metrics, the largest proposal wins.',
  {
    type: metricType,
    resource: resourceSource,
    containerResource: containerResourceSource,
    pods: podsSource,
    object: objectSource,
    external: externalSource,
  } satisfies PropertiesOf<MetricSpec>,
);

const policy = object('A limit on how much the replica count may change within a period.', {
  type: enumOf(
    '`Pods` (an absolute number of pods) or `Percent` (of the replica count at the start of the period).',
    ['Pods', 'Percent'],
  ),
  value: int32(
    'How many pods, or what percent, may be added/removed within the period. Must be > 0.',
  ),
  periodSeconds: int32(
    'The length of the sliding window the change is counted over, in seconds: 0 < periodSeconds ≤ 1800.',
  ),
} satisfies PropertiesOf<HPAScalingPolicy>);

function scalingRules(direction: 'up' | 'down', withTolerance: boolean): JsonSchema {
  const up = direction === 'up';
  const properties: Record<string, JsonSchema> = {
    stabilizationWindowSeconds: int32(
      up
        ? 'Seconds of past recommendations considered when scaling up; the lowest wins. 0 ≤ value ≤ 3600. Default 0 (no stabilization).'
        : 'Seconds of past recommendations considered when scaling down; the highest wins (a window, not a cooldown). 0 ≤ value ≤ 3600. Default: the controller flag --horizontal-pod-autoscaler-downscale-stabilization (300 s).',
    ),
    selectPolicy: enumOf(
      'Which policy applies when several do: `Max` (the one allowing the biggest change, default), `Min` (the smallest), or `Disabled` (no scaling in this direction: the limit is the current count; minReplicas/maxReplicas act only when the current count is already outside them, at the start of a sync).',
      ['Max', 'Min', 'Disabled'],
    ),
    policies: listOf(
      up
        ? 'Rate limits. Policies only cap the change the metrics ask for; they never add pods by themselves. Default: 4 pods or 100 % per 15 s, whichever is more (selectPolicy Max).'
        : 'Rate limits. Default: 100 % per 15 s (everything above the recommendation may go at once).',
      policy,
    ),
  };
  if (withTolerance) {
    properties.tolerance = quantity(
      `Tolerance for scaling ${direction}: no change while the usage ratio stays within it (ratio ≤ 1 + tolerance for up, ≥ 1 − tolerance for down). Default: the controller flag --horizontal-pod-autoscaler-tolerance (0.1). Needs the HPAConfigurableTolerance feature gate (beta, on by default from Kubernetes 1.35).`,
    );
  }
  return object(
    up ? 'How to scale up.' : 'How to scale down.',
    properties satisfies Partial<PropertiesOf<HPAScalingRules>>,
  );
}

export function behavior(withTolerance: boolean): JsonSchema {
  return object(
    'Scaling behavior per direction. Without a behavior block the controller uses its legacy rules: scale up to at most max(2 × current, 4) per sync, and scale down after the --horizontal-pod-autoscaler-downscale-stabilization window (300 s) with no rate limit. Note: the API reference text says "4 pods or 100 % per 60 s" for scaleUp; the defaults really applied are per 15 s.',
    {
      scaleUp: scalingRules('up', withTolerance),
      scaleDown: scalingRules('down', withTolerance),
    } satisfies PropertiesOf<HorizontalPodAutoscalerBehavior>,
  );
}

function spec(withTolerance: boolean): JsonSchema {
  return object('What to scale, between which bounds, on which metrics, and how fast.', {
    scaleTargetRef: ref(
      'crossVersionObjectReference',
      'The workload to scale (e.g. kind Deployment). Required.',
    ),
    minReplicas: int32(
      'Lowest replica count. Default 1. 0 needs the HPAScaleToZero feature gate and an Object or External metric.',
    ),
    maxReplicas: int32(
      'Highest replica count; must be ≥ minReplicas. Required. The simulator runs at most 5,000 pods.',
    ),
    metrics: listOf(
      'Metrics to scale on. Default: CPU at 80 % average utilization.',
      ref('metricSpecV2'),
    ),
    behavior: behavior(withTolerance),
  } satisfies PropertiesOf<HorizontalPodAutoscalerSpec>);
}

export const specV2 = spec(true);
export const specV2beta2 = spec(false);
