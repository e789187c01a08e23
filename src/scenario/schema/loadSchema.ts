/** Schema of `spec.load`: how each HPA metric responds to the workload. */
import type {
  ExternalLoadDocument,
  LoadDocument,
  ObjectLoadDocument,
  PerPodLoadDocument,
  QueueDocument,
} from '../simulation/document.ts';
import { mapOf, number, object, quantity, ref } from './common.ts';
import type { JsonSchema, PropertiesOf } from './jsonSchema.ts';

const perPodLoad = (what: string): JsonSchema =>
  object(
    `How ${what} responds: usage per pod = perPod + perUnit × the work that pod serves (its share of the traffic, or of demand).`,
    {
      perPod: quantity('Usage of an idle pod (e.g. 50m CPU, 300Mi memory). Default 0.'),
      perUnit: quantity(
        'Usage per unit of work per second. Kept exact (not rounded up to 1m), e.g. 100Ki or 0.0001. Default 0.',
      ),
      demand: ref('curve', "This metric's own work curve instead of spec.traffic."),
    } satisfies PropertiesOf<PerPodLoadDocument>,
  );

const objectLoad = object(
  'An Object metric: a curve, or spec.traffic × perUnit. Give exactly one.',
  {
    value: ref('curve', "The metric's value over time, in its base unit."),
    perUnit: quantity('The value is spec.traffic × perUnit.'),
  } satisfies PropertiesOf<ObjectLoadDocument>,
);

const queue = object(
  'A queue: backlog grows with arrivals and shrinks by perPodThroughput per ready pod; the metric is the backlog.',
  {
    perPodThroughput: number('Items per second one ready pod drains (> 0).', {
      exclusiveMinimum: 0,
      maximum: 1e15,
    }),
    initialBacklog: number('Items waiting at the start. Default 0.', { minimum: 0, maximum: 1e15 }),
    arrivals: ref('curve', 'Items arriving per second. Default: spec.traffic.'),
  } satisfies PropertiesOf<QueueDocument>,
  { required: ['perPodThroughput'] },
);

const externalLoad = object(
  'An External metric: a curve, spec.traffic × perUnit, or a queue. Give exactly one.',
  {
    value: ref('curve', "The metric's value over time, in its base unit."),
    perUnit: quantity('The value is spec.traffic × perUnit.'),
    queue,
  } satisfies PropertiesOf<ExternalLoadDocument>,
);

export const loadSchemas: Record<string, JsonSchema> = {
  load: object(
    'How each HPA metric responds, keyed like the HPA: resources by resource name, pods/object/external by metric name. A Resource cpu metric without an entry uses perPod 0, perUnit 1m; any other metric needs an entry.',
    {
      resources: mapOf(
        'Resource and ContainerResource metrics by resource name (cpu, memory).',
        perPodLoad('a resource metric'),
      ),
      pods: mapOf('Pods metrics by metric name.', perPodLoad('a Pods metric')),
      object: mapOf('Object metrics by metric name.', objectLoad),
      external: mapOf('External metrics by metric name.', externalLoad),
    } satisfies PropertiesOf<LoadDocument>,
  ),
};
