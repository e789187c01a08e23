// KEDA objects: a ScaledObject with triggers of every type KEDA ships (those the simulator ports and
// those it refuses), `advanced` (HPA name, behavior, scalingModifiers), fallback, the pause
// annotations, idle/min/max counts; sometimes a ScaledJob, a KEDA 1 object, the scaled
// Deployment, or an HPA that already scales the same workload.
import fc from 'fast-check';
import { mostly, quotedUnsafe } from '../arbitraries.ts';

/** Every scaler type KEDA 2 lists (docs: keda.sh/docs/2.18/scalers), and a few it does not. */
export const KEDA_TRIGGER_TYPES = [
  'cpu',
  'memory',
  'prometheus',
  'metrics-api',
  'activemq',
  'apache-kafka',
  'arangodb',
  'artemis-queue',
  'aws-cloudwatch',
  'aws-dynamodb',
  'aws-dynamodb-streams',
  'aws-kinesis-stream',
  'aws-sqs-queue',
  'azure-app-insights',
  'azure-blob',
  'azure-data-explorer',
  'azure-eventhub',
  'azure-log-analytics',
  'azure-monitor',
  'azure-pipelines',
  'azure-queue',
  'azure-servicebus',
  'cassandra',
  'couchdb',
  'cron',
  'datadog',
  'dynatrace',
  'elasticsearch',
  'etcd',
  'external',
  'external-push',
  'gcp-cloudtasks',
  'gcp-pubsub',
  'gcp-stackdriver',
  'gcp-storage',
  'github-runner',
  'graphite',
  'huawei-cloudeye',
  'ibmmq',
  'influxdb',
  'kafka',
  'kubernetes-workload',
  'liiklus',
  'loki',
  'memcached',
  'mongodb',
  'mssql',
  'mysql',
  'nats-jetstream',
  'new-relic',
  'openstack-metric',
  'openstack-swift',
  'postgresql',
  'predictkube',
  'pulsar',
  'rabbitmq',
  'redis',
  'redis-cluster',
  'redis-sentinel',
  'redis-streams',
  'selenium-grid',
  'solace-event-queue',
  'solr',
  'splunk',
  'stan',
  'temporal',
  'no-such-scaler',
  '',
] as const;

const metadataValue = mostly(
  fc.constantFrom('"60"', '"30"', '"0.5"', '"1k"', '"100m"'),
  fc.oneof(
    fc.constantFrom('60', '-1', '"x"', '"1e400"', '"1e308"', '"9.3e15"', 'null', '[1]', '{a: 1}'),
    quotedUnsafe,
  ),
);
const metadata = fc
  .record(
    {
      value: metadataValue,
      threshold: metadataValue,
      activationThreshold: metadataValue,
      targetValue: metadataValue,
      query: fc.constantFrom('"sum(rate(x[1m]))"', '""'),
      serverAddress: fc.constantFrom('"http://prom:9090"'),
      url: fc.constantFrom('"http://api/x"'),
      valueLocation: fc.constantFrom('"a.b"', '"x/y:z%(1)"', '""'),
      containerName: fc.constantFrom('app', 'other'),
      type: fc.constantFrom('Utilization', 'AverageValue', 'Value', 'x'),
      timezone: fc.constantFrom('Etc/UTC'),
      start: fc.constantFrom('"0 8 * * *"'),
      end: fc.constantFrom('"0 18 * * *"'),
      desiredReplicas: fc.constantFrom('"5"'),
      queueName: fc.constantFrom('q'),
      lagThreshold: metadataValue,
    },
    { requiredKeys: [] },
  )
  .map(
    (m) =>
      `{ ${Object.entries(m)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ')} }`,
  );
const trigger = fc
  .record(
    {
      type: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom('cpu', 'memory', 'prometheus', 'metrics-api') },
        { weight: 1, arbitrary: fc.constantFrom(...KEDA_TRIGGER_TYPES) },
      ),
      name: fc.option(fc.constantFrom('a', 'b', 'a'), { nil: undefined }),
      metricType: fc.option(fc.constantFrom('Utilization', 'AverageValue', 'Value', 'X'), {
        nil: undefined,
      }),
      useCachedMetrics: fc.option(fc.boolean(), { nil: undefined }),
      metadata,
    },
    { requiredKeys: ['type', 'metadata'] },
  )
  .map(
    (t) =>
      `{ ${Object.entries(t)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${k}: ${k === 'type' ? JSON.stringify(v) : v}`)
        .join(', ')} }`,
  );

const annotations = fc
  .record(
    {
      'autoscaling.keda.sh/paused-replicas': fc.constantFrom('"0"', '"3"', '"x"', '"-1"'),
      'autoscaling.keda.sh/paused-scale-in': fc.constantFrom('"true"', '"false"'),
      'autoscaling.keda.sh/paused-scale-out': fc.constantFrom('"true"', '"yes"'),
      'autoscaling.keda.sh/paused': fc.constantFrom('"true"'),
      'validations.keda.sh/hpa-ownership': fc.constantFrom('"false"'),
    },
    { requiredKeys: [] },
  )
  .map((a) => Object.entries(a).map(([k, v]) => `    ${k}: ${v}\n`));

const advanced = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    '  advanced:\n    horizontalPodAutoscalerConfig:\n      name: custom-hpa\n',
    '  advanced:\n    horizontalPodAutoscalerConfig:\n      behavior:\n        scaleDown: { stabilizationWindowSeconds: 0, policies: [{ type: Percent, value: 100, periodSeconds: 15 }] }\n',
    '  advanced:\n    horizontalPodAutoscalerConfig:\n      behavior: { scaleUp: { selectPolicy: Disabled } }\n',
    '  advanced:\n    scalingModifiers: { formula: "a + b", target: "2" }\n',
    '  advanced:\n    restoreToOriginalReplicaCount: true\n',
    '  advanced: 3\n',
    '  advanced:\n    horizontalPodAutoscalerConfig: [1]\n',
  ),
);
const fallback = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    '  fallback: { failureThreshold: 3, replicas: 6 }\n',
    '  fallback: { failureThreshold: 3, replicas: 6, behavior: currentReplicasIfHigher }\n',
    '  fallback: { failureThreshold: 3, replicas: 6, behavior: currentReplicasIfLower }\n',
    '  fallback: { failureThreshold: 0, replicas: 2, behavior: currentReplicas }\n',
    '  fallback: { failureThreshold: 3, replicas: 0, behavior: static }\n',
    '  fallback: { failureThreshold: 3, replicas: 6, behavior: sometimes }\n',
    '  fallback: { failureThreshold: -1 }\n',
  ),
);
const count = mostly(fc.integer({ min: 0, max: 40 }), fc.constantFrom(-1, 5000, 5001, 2 ** 31));

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata: { name: worker }
spec:
  replicas: 3
  template:
    spec:
      containers: [{ name: app, resources: { requests: { cpu: 200m, memory: 64Mi } } }]
---
`;
const RIVAL_HPA = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: rival }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: worker }
  maxReplicas: 5
---
`;

export const kedaScenario: fc.Arbitrary<string> = fc
  .record({
    kind: mostly(
      fc.constant('ScaledObject'),
      fc.constantFrom('ScaledJob', 'TriggerAuthentication'),
    ),
    apiVersion: mostly(fc.constant('keda.sh/v1alpha1'), fc.constant('keda.k8s.io/v1alpha1')),
    name: mostly(fc.constantFrom('worker', 'queue'), quotedUnsafe),
    annotations,
    target: mostly(
      fc.constantFrom(
        '{ name: worker }',
        '{ apiVersion: apps/v1, kind: Deployment, name: worker }',
      ),
      fc.constantFrom('{ kind: StatefulSet, name: worker }', '{}', '{ name: other }'),
    ),
    min: fc.option(count, { nil: undefined }),
    max: fc.option(count, { nil: undefined }),
    idle: fc.option(count, { nil: undefined }),
    polling: fc.option(fc.constantFrom(30, 0, -1), { nil: undefined }),
    cooldown: fc.option(fc.constantFrom(300, 0), { nil: undefined }),
    initialCooldown: fc.option(fc.constantFrom(0, 60, -1), { nil: undefined, freq: 4 }),
    triggers: mostly(
      fc.array(trigger, { minLength: 1, maxLength: 3 }),
      fc.array(trigger, { maxLength: 0 }),
    ),
    advanced,
    fallback,
    before: fc.constantFrom('', DEPLOYMENT, RIVAL_HPA, DEPLOYMENT + RIVAL_HPA),
    simulation: fc.constantFrom(
      '',
      '---\napiVersion: hpa-sim.dev/v1alpha1\nkind: Simulation\nspec:\n  duration: 10m\n  traffic: { type: constant, value: 200 }\n',
    ),
    // spec.kedaVersion: the KEDA release whose loop runs (and ones there are not)
    kedaVersion: fc.option(
      mostly(
        fc.constantFrom("'2.19'", "'2.20.0'", "'2.20.2'"),
        fc.constantFrom("'2.18'", '2.2', "'x'", '[]'),
      ),
      { nil: undefined },
    ),
  })
  .map(
    (s) => `${s.before}apiVersion: ${s.apiVersion}
kind: ${s.kind}
metadata:
  name: ${s.name}
${s.annotations.length ? `  annotations:\n${s.annotations.join('')}` : ''}spec:
  scaleTargetRef: ${s.target}
${s.min === undefined ? '' : `  minReplicaCount: ${s.min}\n`}${s.max === undefined ? '' : `  maxReplicaCount: ${s.max}\n`}${s.idle === undefined ? '' : `  idleReplicaCount: ${s.idle}\n`}${s.polling === undefined ? '' : `  pollingInterval: ${s.polling}\n`}${s.cooldown === undefined ? '' : `  cooldownPeriod: ${s.cooldown}\n`}${s.initialCooldown === undefined ? '' : `  initialCooldownPeriod: ${s.initialCooldown}\n`}${s.advanced}${s.fallback}  triggers:
${s.triggers.map((t) => `    - ${t}\n`).join('')}${
      s.kedaVersion === undefined
        ? s.simulation
        : `${s.simulation || '---\napiVersion: hpa-sim.dev/v1alpha1\nkind: Simulation\nspec:\n'}  kedaVersion: ${s.kedaVersion}\n`
    }`,
  );
