/**
 * JSON Schema of a KEDA ScaledObject (keda.sh/v1alpha1), as its CRD gives it
 * (kedacore/keda apis/keda/v1alpha1/scaledobject_types.go, scaletriggers_types.go). The API server
 * checks a custom resource against its CRD's schema, unknown fields included under strict field
 * validation, so a misspelt field is refused before KEDA sees the object.
 */
import { boolean, int32, listOf, mapOf, object, ref, string } from '../schema/common.ts';
import {
  crossVersionObjectReference,
  labelSelector,
  metricIdentifier,
  objectMeta,
} from '../schema/hpaCommon.ts';
import { behavior } from '../schema/hpaV2.ts';
import type { JsonSchema } from '../schema/jsonSchema.ts';

const trigger = object(
  'One scaler. cpu and memory become Resource (or ContainerResource) metrics of the HPA; any other scaler an External metric named s<index>-<scaler> served by KEDA.',
  {
    type: string(
      'The scaler: cpu, memory, prometheus, kafka, rabbitmq, aws-sqs-queue, redis, cron, gcp-pubsub, … Required.',
    ),
    name: string('A name for the trigger, unique in the ScaledObject.'),
    useCachedMetrics: boolean(
      "Serve the HPA the value KEDA read at its last polling instead of querying on each of the HPA's syncs.",
    ),
    metadata: mapOf(
      "The scaler's settings, all strings (quote numbers): cpu/memory `value` (and `containerName`); prometheus `threshold`, `query`, `serverAddress`. Required.",
      string('A setting (a string).'),
    ),
    authenticationRef: object('The TriggerAuthentication to use. Ignored.', {
      name: string('Ignored.'),
      kind: string('Ignored.'),
    }),
    metricType: string(
      'The HPA target type: `Utilization` or `AverageValue` for cpu/memory; `AverageValue` (default) or `Value` for the other scalers.',
    ),
  },
  { required: ['type', 'metadata'] },
);

export const scaledObjectSchema: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://hpa-sim.dev/schema/keda-scaledobject.json',
  title: 'ScaledObject',
  ...object(
    "A KEDA ScaledObject: KEDA's operator creates a HorizontalPodAutoscaler from it, which is what is simulated.",
    {
      apiVersion: string('keda.sh/v1alpha1'),
      kind: string('ScaledObject'),
      metadata: ref('objectMeta'),
      spec: object(
        'What KEDA scales, between which bounds, on which triggers.',
        {
          scaleTargetRef: object(
            'The workload to scale. Required.',
            {
              name: string('Name of the workload. Required.'),
              apiVersion: string('Default apps/v1.'),
              kind: string('Default Deployment.'),
              envSourceContainerName: string('Ignored.'),
            },
            { required: ['name'] },
          ),
          pollingInterval: int32(
            'Seconds between KEDA polls of the triggers, for activation (0 ↔ 1 replicas). Default 30. Not modelled.',
          ),
          cooldownPeriod: int32(
            'Seconds after the last active trigger before KEDA scales to 0. Default 300. Not modelled.',
          ),
          initialCooldownPeriod: int32('Not modelled.'),
          idleReplicaCount: int32(
            'Replicas KEDA sets while every trigger is inactive. Not modelled.',
          ),
          minReplicaCount: int32(
            "The HPA's minReplicas (0 or unset: 1 — below that, KEDA's activation acts, not the HPA).",
          ),
          maxReplicaCount: int32("The HPA's maxReplicas. Default 100."),
          advanced: object('Advanced settings.', {
            horizontalPodAutoscalerConfig: object('Passed to the HPA KEDA creates.', {
              behavior: behavior(true),
              name: string('The HPA name. Default keda-hpa-<ScaledObject name>.'),
            }),
            restoreToOriginalReplicaCount: boolean('Ignored.'),
            scalingModifiers: object(
              'One composite metric from a formula over the triggers (by name) instead of their External metrics.',
              {
                formula: string(
                  'An expr-lang formula over trigger names: arithmetic, comparison, a ? b : c, ??, min, max, abs, float.',
                ),
                target: string("The composite metric's target, a number above 0 (quote it)."),
                activationTarget: string('Active when the composite is above this (default 0).'),
                metricType: string('AverageValue (default) or Value.'),
              },
            ),
          }),
          triggers: listOf('The scalers. Required.', trigger),
          fallback: object(
            'Replicas to serve when a scaler keeps failing (more than failureThreshold reads in a row).',
            {
              failureThreshold: int32('Failures before the fallback.'),
              replicas: int32('Replicas during the fallback.'),
              behavior: string('How the fallback replica count applies.'),
            },
            { required: ['failureThreshold', 'replicas'] },
          ),
        },
        { required: ['scaleTargetRef', 'triggers'] },
      ),
      status: { type: 'object', description: 'Ignored.' },
    },
    { required: ['apiVersion', 'kind', 'spec'] },
  ),
  $defs: { objectMeta, crossVersionObjectReference, labelSelector, metricIdentifier },
};
