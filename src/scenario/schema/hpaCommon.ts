/** Schema fragments every HPA API version shares: object metadata, references, selectors. */
import type {
  CrossVersionObjectReference,
  LabelSelector,
  MetricIdentifier,
} from '../../engine/controller/index.ts';
import { listOf, mapOf, object, ref, string, enumOf } from './common.ts';
import type { JsonSchema, PropertiesOf } from './jsonSchema.ts';

const freeForm = (description: string): JsonSchema => ({ type: 'object', description });
const flag = (description: string): JsonSchema => ({ type: 'boolean', description });

// Strict field validation checks every level of metadata too, these lists' items included.
const ownerReference = object('An owner of this object. Ignored.', {
  apiVersion: string('Ignored.'),
  kind: string('Ignored.'),
  name: string('Ignored.'),
  uid: string('Ignored.'),
  controller: flag('Ignored.'),
  blockOwnerDeletion: flag('Ignored.'),
});

const managedFieldsEntry = object('Server-side apply bookkeeping. Ignored.', {
  manager: string('Ignored.'),
  operation: string('Ignored.'),
  apiVersion: string('Ignored.'),
  time: string('Ignored.'),
  fieldsType: string('Ignored.'),
  fieldsV1: freeForm('The fields this manager owns. Ignored.'),
  subresource: string('Ignored.'),
});

export const objectMeta: JsonSchema = object(
  'Standard object metadata. Only name, namespace, labels and annotations matter here; the fields `kubectl get -o yaml` adds (uid, resourceVersion, managedFields, …) are accepted and ignored.',
  {
    name: string('The HPA name, shown in the simulation.'),
    generateName: string('Ignored by the simulator.'),
    namespace: string('Ignored by the simulator.'),
    labels: mapOf('Labels. Ignored by the simulator.', string('Label value.')),
    annotations: mapOf(
      'Annotations. The API server reads the round-trip annotations `autoscaling.alpha.kubernetes.io/metrics` and `…/behavior` (autoscaling/v1, v2beta1) and `…/scale-up-tolerance`, `…/scale-down-tolerance` (v2beta2) when converting to autoscaling/v2, and so does the simulator.',
      string('Annotation value (a string: quote numbers).'),
    ),
    uid: string('Ignored.'),
    resourceVersion: string('Ignored.'),
    generation: { type: 'integer', description: 'Ignored.' },
    creationTimestamp: { type: ['string'], description: 'Ignored.' },
    deletionTimestamp: { type: ['string'], description: 'Ignored.' },
    deletionGracePeriodSeconds: { type: 'integer', description: 'Ignored.' },
    selfLink: string('Ignored.'),
    ownerReferences: listOf('Ignored.', ownerReference),
    finalizers: listOf('Ignored.', string('A finalizer.')),
    managedFields: listOf('Ignored (server-side apply bookkeeping).', managedFieldsEntry),
  },
);

export const crossVersionObjectReference: JsonSchema = object(
  'A reference to an object in the same namespace.',
  {
    kind: string('Kind of the referent, e.g. `Deployment`. Required.'),
    name: string('Name of the referent. Required.'),
    apiVersion: string('API version of the referent, e.g. `apps/v1`.'),
  } satisfies PropertiesOf<CrossVersionObjectReference>,
);

const labelSelectorRequirement: JsonSchema = object('A label selector requirement.', {
  key: string('The label key the selector applies to.'),
  operator: enumOf('How the key relates to the values.', ['In', 'NotIn', 'Exists', 'DoesNotExist']),
  values: listOf('Values for In/NotIn; empty for Exists/DoesNotExist.', string('A value.')),
});

export const labelSelector: JsonSchema = object(
  'A label selector. The simulator does not evaluate metric selectors: samples are matched by metric name.',
  {
    matchLabels: mapOf('Labels that must match exactly.', string('Label value.')),
    matchExpressions: listOf(
      'Set-based requirements, all of which must hold.',
      labelSelectorRequirement,
    ),
  } satisfies PropertiesOf<LabelSelector>,
);

export const metricIdentifier: JsonSchema = object('Identifies a custom or external metric.', {
  name: string('The metric name. Required.'),
  selector: ref(
    'labelSelector',
    'Narrows the metric to a set of series. Not evaluated by the simulator.',
  ),
} satisfies PropertiesOf<MetricIdentifier>);
