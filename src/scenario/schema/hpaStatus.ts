/**
 * The HPA's status, per API version (k8s.io/api/autoscaling/{v1,v2beta1,v2beta2,v2} types.go).
 * The API server decodes a new object's status before it discards it (the registry's
 * PrepareForCreate resets it), and strict field validation — kubectl's default since v1.27 —
 * refuses an unknown field there as anywhere else (`strict decoding error: unknown field
 * "status.…"`). So the shape is checked here; the values that need more than a JSON type (times,
 * quantities, integer ranges) are checked by `hpa/status.ts`, which these leaves leave to it.
 */
import { listOf, object, ref, string } from './common.ts';
import type { JsonSchema } from './jsonSchema.ts';

/** A leaf `hpa/status.ts` checks (time, quantity, integer), with that file's messages. */
const checked = (description: string): JsonSchema => ({ description });

const ignored = 'Ignored: the API server discards the status of a new object.';

const condition = object('A condition of the autoscaler (ignored).', {
  type: string(ignored),
  status: string(ignored),
  lastTransitionTime: checked('An RFC 3339 time. Ignored.'),
  reason: string(ignored),
  message: string(ignored),
});

const header = {
  observedGeneration: checked('An integer. Ignored.'),
  lastScaleTime: checked('An RFC 3339 time. Ignored.'),
  currentReplicas: checked('An integer. Ignored.'),
  desiredReplicas: checked('An integer. Ignored.'),
};

const valueStatus = object('A metric value (ignored).', {
  value: checked('A quantity. Ignored.'),
  averageValue: checked('A quantity. Ignored.'),
  averageUtilization: checked('An integer. Ignored.'),
});

const metricStatusV2 = object('The last value read of one metric (ignored).', {
  type: string(ignored),
  object: object('An Object metric (ignored).', {
    metric: ref('metricIdentifier'),
    current: valueStatus,
    describedObject: ref('crossVersionObjectReference'),
  }),
  pods: object('A Pods metric (ignored).', {
    metric: ref('metricIdentifier'),
    current: valueStatus,
  }),
  resource: object('A Resource metric (ignored).', { name: string(ignored), current: valueStatus }),
  containerResource: object('A ContainerResource metric (ignored).', {
    name: string(ignored),
    container: string(ignored),
    current: valueStatus,
  }),
  external: object('An External metric (ignored).', {
    metric: ref('metricIdentifier'),
    current: valueStatus,
  }),
});

/** autoscaling/v2 and v2beta2 share the status shape. */
export const statusV2: JsonSchema = object(
  'The status as the cluster reported it. Decoded (unknown fields are errors, as with kubectl apply), then discarded as the API server discards it on create: the simulator computes its own at every sync.',
  {
    ...header,
    currentMetrics: listOf(ignored, metricStatusV2),
    conditions: listOf(ignored, condition),
  },
);

const metricStatusV2beta1 = object('The last value read of one metric (ignored).', {
  type: string(ignored),
  object: object('An Object metric (ignored).', {
    target: ref('crossVersionObjectReference'),
    metricName: string(ignored),
    currentValue: checked('A quantity. Ignored.'),
    selector: ref('labelSelector'),
    averageValue: checked('A quantity. Ignored.'),
  }),
  pods: object('A Pods metric (ignored).', {
    metricName: string(ignored),
    currentAverageValue: checked('A quantity. Ignored.'),
    selector: ref('labelSelector'),
  }),
  resource: object('A Resource metric (ignored).', {
    name: string(ignored),
    currentAverageUtilization: checked('An integer. Ignored.'),
    currentAverageValue: checked('A quantity. Ignored.'),
  }),
  containerResource: object('A ContainerResource metric (ignored).', {
    name: string(ignored),
    container: string(ignored),
    currentAverageUtilization: checked('An integer. Ignored.'),
    currentAverageValue: checked('A quantity. Ignored.'),
  }),
  external: object('An External metric (ignored).', {
    metricName: string(ignored),
    metricSelector: ref('labelSelector'),
    currentValue: checked('A quantity. Ignored.'),
    currentAverageValue: checked('A quantity. Ignored.'),
  }),
});

export const statusV2beta1: JsonSchema = object(
  'The status as the cluster reported it (autoscaling/v2beta1 shape). Decoded, then discarded as the API server discards it on create.',
  {
    ...header,
    currentMetrics: listOf(ignored, metricStatusV2beta1),
    conditions: listOf(ignored, condition),
  },
);

/** v1 keeps conditions and metrics in annotations; its status has one metric field. */
export const statusV1: JsonSchema = object(
  'The status as the cluster reported it (autoscaling/v1 shape). Decoded, then discarded as the API server discards it on create.',
  { ...header, currentCPUUtilizationPercentage: checked('An integer. Ignored.') },
);
