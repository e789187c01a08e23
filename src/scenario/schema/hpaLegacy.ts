/** Schema of the autoscaling/v1 and autoscaling/v2beta1 HPA specs. */
import type {
  V1Spec,
  V2beta1ContainerResourceMetricSource,
  V2beta1ExternalMetricSource,
  V2beta1MetricSpec,
  V2beta1ObjectMetricSource,
  V2beta1PodsMetricSource,
  V2beta1ResourceMetricSource,
  V2beta1Spec,
} from '../hpa/legacyTypes.ts';
import { int32, listOf, object, quantity, ref, string, enumOf } from './common.ts';
import type { JsonSchema, PropertiesOf } from './jsonSchema.ts';
import { METRIC_TYPES } from './hpaV2.ts';

const scaleTargetRef = ref(
  'crossVersionObjectReference',
  'The workload to scale (e.g. kind Deployment). Required.',
);
const minReplicas = int32('Lowest replica count. Default 1.');
const maxReplicas = int32(
  'Highest replica count; must be ≥ minReplicas. Required. The simulator runs at most 5,000 pods.',
);

export const specV1: JsonSchema = object(
  'autoscaling/v1 spec: CPU utilization only. Converted to autoscaling/v2 as the API server does.',
  {
    scaleTargetRef,
    minReplicas,
    maxReplicas,
    targetCPUUtilizationPercentage: int32(
      'Target average CPU utilization in percent of requests. Becomes a Resource cpu Utilization metric in autoscaling/v2. Default 80.',
    ),
  } satisfies PropertiesOf<V1Spec>,
);

const resource = object('A resource metric (v2beta1 shape).', {
  name: string('The resource: `cpu` or `memory`.'),
  targetAverageUtilization: int32(
    'Target utilization in percent of requests → v2 target type Utilization.',
  ),
  targetAverageValue: quantity(
    'Target value per pod → v2 target type AverageValue (when no utilization is set).',
  ),
} satisfies PropertiesOf<V2beta1ResourceMetricSource>);

const containerResource = object('A container resource metric (v2beta1 shape).', {
  name: string('The resource: `cpu` or `memory`.'),
  container: string('The container whose usage counts.'),
  targetAverageUtilization: int32("Target utilization in percent of the container's request."),
  targetAverageValue: quantity('Target value per pod.'),
} satisfies PropertiesOf<V2beta1ContainerResourceMetricSource>);

const pods = object('A per-pod custom metric (v2beta1 shape).', {
  metricName: string('The metric name → v2 metric.name.'),
  targetAverageValue: quantity('Target value per pod → v2 target.averageValue. Required.'),
  selector: ref('labelSelector', '→ v2 metric.selector.'),
} satisfies PropertiesOf<V2beta1PodsMetricSource>);

const objectSource = object('An object metric (v2beta1 shape).', {
  target: ref('crossVersionObjectReference', 'The described object → v2 describedObject.'),
  metricName: string('The metric name → v2 metric.name.'),
  targetValue: quantity(
    'Target value → v2 target.value (always set: an omitted targetValue converts to 0, which v2 validation rejects).',
  ),
  selector: ref('labelSelector', '→ v2 metric.selector.'),
  averageValue: quantity(
    'Target value per pod → v2 target.averageValue; when set, the v2 target type is AverageValue.',
  ),
} satisfies PropertiesOf<V2beta1ObjectMetricSource>);

const external = object('An external metric (v2beta1 shape).', {
  metricName: string('The metric name → v2 metric.name.'),
  metricSelector: ref('labelSelector', '→ v2 metric.selector.'),
  targetValue: quantity('Target value → v2 target type Value.'),
  targetAverageValue: quantity(
    'Target value per pod → v2 target type AverageValue (when no targetValue is set).',
  ),
} satisfies PropertiesOf<V2beta1ExternalMetricSource>);

export const metricSpecV2beta1: JsonSchema = object(
  'One metric (autoscaling/v2beta1 shape, also used by the autoscaling/v1 metrics annotation).',
  {
    type: enumOf('The metric source type.', METRIC_TYPES),
    resource,
    containerResource,
    pods,
    object: objectSource,
    external,
  } satisfies PropertiesOf<V2beta1MetricSpec>,
);

export const specV2beta1: JsonSchema = object(
  'autoscaling/v2beta1 spec. Converted to autoscaling/v2 as the API server does.',
  {
    scaleTargetRef,
    minReplicas,
    maxReplicas,
    metrics: listOf(
      'Metrics to scale on. Default: CPU at 80 % average utilization.',
      ref('metricSpecV2beta1'),
    ),
  } satisfies PropertiesOf<V2beta1Spec>,
);
