/**
 * JSON Schema of the first scenario document: a HorizontalPodAutoscaler manifest in any API
 * version the API server converts. The spec's shape depends on `apiVersion` (if/then branches).
 */
import { enumOf, object, ref } from './common.ts';
import {
  crossVersionObjectReference,
  labelSelector,
  metricIdentifier,
  objectMeta,
} from './hpaCommon.ts';
import { metricSpecV2beta1, specV1, specV2beta1 } from './hpaLegacy.ts';
import { statusV1, statusV2, statusV2beta1 } from './hpaStatus.ts';
import { metricSpecV2, metricTarget, specV2, specV2beta2 } from './hpaV2.ts';
import type { JsonSchema } from './jsonSchema.ts';

export const HPA_API_VERSIONS = [
  'autoscaling/v2',
  'autoscaling/v2beta2',
  'autoscaling/v2beta1',
  'autoscaling/v1',
] as const;
export type HpaApiVersion = (typeof HPA_API_VERSIONS)[number];

const SPEC_DEF: Record<HpaApiVersion, string> = {
  'autoscaling/v2': 'specV2',
  'autoscaling/v2beta2': 'specV2beta2',
  'autoscaling/v2beta1': 'specV2beta1',
  'autoscaling/v1': 'specV1',
};

const STATUS_DEF: Record<HpaApiVersion, string> = {
  'autoscaling/v2': 'statusV2',
  'autoscaling/v2beta2': 'statusV2',
  'autoscaling/v2beta1': 'statusV2beta1',
  'autoscaling/v1': 'statusV1',
};

const branches: JsonSchema[] = HPA_API_VERSIONS.map((version) => ({
  if: { properties: { apiVersion: { const: version } }, required: ['apiVersion'] },
  then: { properties: { spec: ref(SPEC_DEF[version]!), status: ref(STATUS_DEF[version]!) } },
}));

export const hpaSchema: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://hpa-sim.dev/schema/horizontalpodautoscaler.json',
  title: 'HorizontalPodAutoscaler',
  ...object(
    'A Kubernetes HorizontalPodAutoscaler manifest, pasted unchanged. autoscaling/v2 is used as is; v2beta2, v2beta1 and v1 are converted to v2 exactly as the API server converts them.',
    {
      apiVersion: enumOf(
        'The API version: autoscaling/v2 (current), autoscaling/v2beta2, autoscaling/v2beta1 or autoscaling/v1.',
        [...HPA_API_VERSIONS],
      ),
      kind: enumOf('Always HorizontalPodAutoscaler.', ['HorizontalPodAutoscaler']),
      metadata: ref('objectMeta'),
      spec: { type: 'object', description: 'The HPA spec; its fields depend on apiVersion.' },
      status: {
        type: 'object',
        description:
          'The status as the cluster reported it (kubectl get -o yaml). Decoded — unknown fields are errors, as with kubectl apply — then discarded, as the API server discards the status of a new object: the simulator computes its own at every sync.',
      },
    },
    { required: ['apiVersion', 'kind'] },
  ),
  allOf: branches,
  $defs: {
    objectMeta,
    statusV2,
    statusV2beta1,
    statusV1,
    crossVersionObjectReference,
    labelSelector,
    metricIdentifier,
    metricTarget,
    metricSpecV2,
    metricSpecV2beta1,
    specV2,
    specV2beta2,
    specV2beta1,
    specV1,
  },
};
