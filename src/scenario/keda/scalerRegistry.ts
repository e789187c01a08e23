/**
 * Each ported KEDA scaler: the External metric its GetMetricSpecForScaling names (the part after
 * `s<index>-`, through NormalizeString as the scaler applies it), the metadata key and value of its
 * target and of its activation threshold, and how the default world feeds it (a queue, a value, or
 * cron's own window). Read from kedacore/keda v2.20.2 pkg/scalers/<scaler>_scaler.go: the
 * metadata parsing (only the part that names the metric and sets its target) and
 * GetMetricSpecForScaling / GetMetricsAndActivity; never the scaler's client.
 */
import { checkCronSpec, checkTimezone } from '../../engine/keda/index.ts';
import {
  normalizeString,
  queryEscape,
  simple,
  type PortedMetric,
  type ScalerPort,
} from './scalerPort.ts';
import type { ScalerParams } from './scalerParams.ts';
import { QUEUE_SCALERS } from './queueScalers.ts';
import { VALUE_SCALERS } from './valueScalers.ts';
import { EXTERNAL_SCALERS } from './externalScalers.ts';
import { BROKER_SCALERS } from './brokerScalers.ts';
import { VENDOR_SCALERS } from './vendorScalers.ts';
import { AZURE_SCALERS } from './azureScalers.ts';
import { OBSERVABILITY_SCALERS } from './observabilityScalers.ts';
import { str } from './types.ts';

export { normalizeString, type PortedMetric, type ScalerPort } from './scalerPort.ts';

/** cron_scaler.go parseCronMetadata / GetMetricSpecForScaling (parseCronTimeFormat). */
function cronTimeFormat(s: string): string {
  return s.replace(/ /g, '').replace(/\*/g, 'x').replace(/\//g, 'Sl').replace(/\?/g, 'Qm');
}

const cron: ScalerPort = {
  goType: 'cronScaler',
  file: 'pkg/scalers/cron_scaler.go',
  parse: (p) => {
    const timezone = p.string('timezone');
    const start = p.string('start');
    const end = p.string('end');
    const desired = p.string('desiredReplicas');
    if (!p.ok || timezone === null || start === null || end === null || desired === null)
      return null;
    const tz = checkTimezone(timezone);
    if (tz) return p.fail('timezone', `unable to load timezone. Error: ${tz}`);
    for (const [key, spec] of [
      ['start', start],
      ['end', end],
    ] as const) {
      const bad = checkCronSpec(spec);
      if (bad) return p.fail(key, `error parsing ${key} schedule: ${bad}`);
    }
    if (start === end)
      return p.fail(
        'end',
        'error parsing schedule: start and end can not have exactly same time input',
      );
    if (!/^[+-]?\d+$/.test(desired))
      return p.fail('desiredReplicas', 'error parsing desiredReplicas metadata');
    return {
      name: normalizeString(`cron-${timezone}-${cronTimeFormat(start)}-${cronTimeFormat(end)}`),
      target: 1,
      milli: false,
      targetKey: 'desiredReplicas',
      activation: 0,
      activationKey: null,
      model: 'cron',
      cron: { timezone, start, end, desiredReplicas: Number(desired) },
    };
  },
};

const redis = (goType: string) =>
  simple(
    goType,
    'pkg/scalers/redis_scaler.go',
    (p) => {
      const list = p.string('listName');
      return list === null ? null : normalizeString(`redis-${list}`);
    },
    { target: 'listLength', targetDefault: '5', activation: 'activationListLength', int: true },
    'queue',
  );

/** Every ported scaler by trigger type. */
export const SCALERS: Record<string, ScalerPort> = {
  prometheus: simple(
    'prometheusScaler',
    'pkg/scalers/prometheus_scaler.go',
    () => 'prometheus',
    { target: 'threshold', activation: 'activationThreshold', int: false },
    'value',
    ['serverAddress', 'query'],
  ),
  'metrics-api': simple(
    'metricsAPIScaler',
    'pkg/scalers/metrics_api_scaler.go',
    (p) => {
      const loc = p.string('valueLocation');
      return loc === null ? null : normalizeString(`metric-api-${loc}`);
    },
    { target: 'targetValue', activation: 'activationTargetValue', int: false },
    'value',
  ),
  cron,
  kafka: simple(
    'kafkaScaler',
    'pkg/scalers/kafka_scaler.go',
    (p) => {
      p.string('bootstrapServers');
      const group = p.string('consumerGroup');
      const topic = p.string('topic', { optional: true });
      return group === null
        ? null
        : normalizeString(topic ? `kafka-${topic}` : `kafka-${group}-topics`);
    },
    {
      target: 'lagThreshold',
      targetDefault: '10',
      activation: 'activationLagThreshold',
      int: true,
    },
    'queue',
  ),
  rabbitmq: {
    goType: 'rabbitMQScaler',
    file: 'pkg/scalers/rabbitmq_scaler.go',
    parse: (p) => {
      const queue = p.string('queueName');
      const modeText = p.string('mode', { default: 'Unknown' });
      const queueLength = p.float('queueLength', { optional: true }) ?? 0;
      let value = p.float('value', { optional: true }) ?? 0;
      const activation = p.float('activationValue', { default: '0' });
      if (!p.ok || queue === null || modeText === null || activation === null) return null;
      // validateTrigger: nothing given → QueueLength 20; the deprecated queueLength alone still works.
      let mode = modeText;
      if (queueLength === 0 && mode === 'Unknown' && value === 0)
        [mode, value] = ['QueueLength', 20];
      else if (queueLength !== 0 && (mode !== 'Unknown' || value !== 0))
        return p.fail('queueLength', 'queueLength is deprecated; configure only mode and value');
      else if (queueLength !== 0) [mode, value] = ['QueueLength', queueLength];
      else if (mode === 'Unknown') return p.fail(null, 'mode must be specified');
      else if (value === 0) return p.fail(null, 'value must be specified');
      if (mode !== 'QueueLength' && mode !== 'MessageRate')
        return p.fail('mode', `trigger mode ${mode} must be one of QueueLength, MessageRate`);
      const name = normalizeString(`rabbitmq-${queryEscape(queue)}`);
      const key = queueLength !== 0 ? 'queueLength' : 'value';
      const model = mode === 'QueueLength' ? 'queue' : 'value';
      return {
        name,
        target: value,
        milli: true,
        targetKey: key,
        activation,
        activationKey: 'activationValue',
        model,
      };
    },
  },
  'aws-sqs-queue': simple(
    'awsSqsQueueScaler',
    'pkg/scalers/aws_sqs_queue_scaler.go',
    (p) => {
      const url = p.string('queueURL');
      if (url === null)
        return p.fromEnv('queueURL') ? normalizeString(`aws-sqs-<${p.fromEnv('queueURL')}>`) : null;
      // parseAwsSqsQueueMetadata: a queueURL that url.ParseRequestURI refuses is the queue's name;
      // otherwise the name is the last of exactly two path segments.
      if (!/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('/'))
        return normalizeString(`aws-sqs-${url}`);
      const path = url.replace(/^[a-z][a-z0-9+.-]*:(\/\/[^/?#]*)?/i, '').split(/[?#]/)[0]!;
      const parts = path.split('/');
      if (parts.length !== 3 || parts[2] === '')
        return p.fail('queueURL', `cannot get queueName from queueURL`);
      return normalizeString(`aws-sqs-${parts[2]}`);
    },
    { target: 'queueLength', targetDefault: '5', activation: 'activationQueueLength', int: true },
    'queue',
  ),
  redis: redis('redisScaler'),
  'redis-cluster': redis('redisScaler'),
  'redis-sentinel': redis('redisScaler'),
  'gcp-pubsub': {
    goType: 'pubsubScaler',
    file: 'pkg/scalers/gcp_pubsub_scaler.go',
    parse: (p) => {
      const sub = p.string('subscriptionName', { optional: true });
      const topic = p.string('topicName', { optional: true });
      const mode = p.oneOf('mode', ['SubscriptionSize', 'OldestUnackedMessageAge'], {
        default: 'SubscriptionSize',
      });
      // The deprecated subscriptionSize is the target when value is not given (pubsubMetadata.Validate).
      const size = p.int('subscriptionSize', { optional: true });
      if (size !== null && size !== 0 && str(p.metadata.topicName).trim() !== '')
        return p.fail(
          'subscriptionSize',
          'you cannot use subscriptionSize field together with topicName field. Use subscriptionName field instead',
        );
      const value = p.float('value', { default: size ? String(size) : '10' });
      const activation = p.float('activationValue', { default: '0' });
      const subEnv = p.fromEnv('subscriptionName');
      if ((sub === null && subEnv === null) === (topic === null))
        return p.fail(null, 'exactly one of subscription or topic name must be given');
      if (!p.ok || mode === null || value === null || activation === null) return null;
      return {
        name: normalizeString(`gcp-ps-${sub ?? topic ?? `<${subEnv}>`}`),
        target: value,
        milli: true,
        targetKey: 'value',
        activation,
        activationKey: 'activationValue',
        model: mode === 'SubscriptionSize' ? 'queue' : 'value',
      };
    },
  },
  'aws-cloudwatch': simple(
    'awsCloudwatchScaler',
    'pkg/scalers/aws_cloudwatch_scaler.go',
    (p) => {
      p.float('minMetricValue');
      return 'aws-cloudwatch';
    },
    { target: 'targetMetricValue', activation: 'activationTargetMetricValue', int: false },
    'value',
  ),
  'azure-servicebus': simple(
    'azureServiceBusScaler',
    'pkg/scalers/azure_servicebus_scaler.go',
    (p) => {
      const queue = p.string('queueName', { optional: true });
      const topic = p.string('topicName', { optional: true });
      if (queue === null && topic === null) return p.fail(null, 'no queueName or topicName given');
      if (topic !== null) p.string('subscriptionName');
      const regex = str(p.metadata.useRegex).trim() === 'true';
      const entity = queue !== null ? 'queue' : 'topic';
      return normalizeString(`azure-servicebus-${regex ? `${entity}-regex` : (queue ?? topic)}`);
    },
    { target: 'messageCount', targetDefault: '5', activation: 'activationMessageCount', int: true },
    'queue',
  ),
  'azure-queue': simple(
    'azureQueueScaler',
    'pkg/scalers/azure_queue_scaler.go',
    (p) => {
      const q = p.string('queueName');
      return q === null ? null : normalizeString(`azure-queue-${q}`);
    },
    { target: 'queueLength', targetDefault: '5', activation: 'activationQueueLength', int: true },
    'queue',
  ),
  'azure-eventhub': simple(
    'azureEventHubScaler',
    'pkg/scalers/azure_eventhub_scaler.go',
    (p) =>
      normalizeString(
        `azure-eventhub-${p.string('consumerGroup', { default: '$Default' }) ?? '$Default'}`,
      ),
    {
      target: 'unprocessedEventThreshold',
      targetDefault: '64',
      activation: 'activationUnprocessedEventThreshold',
      int: true,
    },
    'queue',
  ),
  'azure-pipelines': simple(
    'azurePipelinesScaler',
    'pkg/scalers/azure_pipelines_scaler.go',
    (p) => {
      // The pool is named by poolID, or by poolName which KEDA resolves to an ID with Azure DevOps.
      const id = p.int('poolID', { optional: true });
      const name = p.string('poolName', { optional: true });
      if (!p.ok) return null;
      if (id === null && name === null) return p.fail(null, 'no poolName or poolID given');
      return normalizeString(`azure-pipelines-${id ?? `<id of pool ${name}>`}`);
    },
    {
      target: 'targetPipelinesQueueLength',
      targetDefault: '1',
      activation: 'activationTargetPipelinesQueueLength',
      int: true,
    },
    'queue',
  ),
  mongodb: simple(
    'mongoDBScaler',
    'pkg/scalers/mongo_scaler.go',
    (p) => {
      p.string('query');
      const c = p.string('collection');
      return c === null ? null : normalizeString(`mongodb-${c}`);
    },
    { target: 'queryValue', activation: 'activationQueryValue', int: false },
    'value',
  ),
  loki: simple(
    'lokiScaler',
    'pkg/scalers/loki_scaler.go',
    () => 'loki',
    { target: 'threshold', activation: 'activationThreshold', int: false },
    'value',
    ['serverAddress', 'query'],
  ),
  'new-relic': simple(
    'newrelicScaler',
    'pkg/scalers/newrelic_scaler.go',
    () => 'new-relic',
    { target: 'threshold', activation: 'activationThreshold', int: false },
    'value',
    ['nrql'],
  ),
  'github-runner': {
    goType: 'githubRunnerScaler',
    file: 'pkg/scalers/github_runner_scaler.go',
    parse: (p) => {
      const owner = p.string('owner');
      p.oneOf('runnerScope', ['org', 'ent', 'repo']);
      const target = p.int('targetWorkflowQueueLength', { default: '1' });
      if (!p.ok || owner === null || target === null) return null;
      // GetMetricsAndActivity: active when the queue length is at least the target (>=), so the
      // integer queue is active above target − 1.
      const name = normalizeString(`github-runner-${owner}`);
      return {
        name,
        target,
        milli: false,
        targetKey: 'targetWorkflowQueueLength',
        activation: target - 1,
        activationKey: null,
        model: 'queue',
      };
    },
  },
  'aws-kinesis-stream': simple(
    'awsKinesisStreamScaler',
    'pkg/scalers/aws_kinesis_stream_scaler.go',
    (p) => {
      const stream = p.string('streamName');
      return stream === null ? null : normalizeString(`aws-kinesis-${stream}`);
    },
    { target: 'shardCount', targetDefault: '2', activation: 'activationShardCount', int: true },
    'value',
  ),
  'azure-blob': simple(
    'azureBlobScaler',
    'pkg/scalers/azure_blob_scaler.go',
    (p) => {
      const c = p.string('blobContainerName');
      return c === null ? null : normalizeString(`azure-blob-${c}`);
    },
    { target: 'blobCount', targetDefault: '5', activation: 'activationBlobCount', int: true },
    'queue',
  ),
  'azure-monitor': {
    goType: 'azureMonitorScaler',
    file: 'pkg/scalers/azure_monitor_scaler.go',
    parse: (p) => {
      for (const k of [
        'resourceURI',
        'tenantId',
        'subscriptionId',
        'resourceGroupName',
        'metricAggregationType',
      ])
        p.string(k);
      const metric = p.string('metricName');
      const target = p.float('targetValue', { default: '0' });
      const activation = p.float('activationTargetValue', { default: '0' });
      if (!p.ok || metric === null || target === null || activation === null) return null;
      if (target === 0) return p.fail('targetValue', 'no targetValue given');
      const name = normalizeString(`azure-monitor-${metric}`);
      return {
        name,
        target,
        milli: true,
        targetKey: 'targetValue',
        activation,
        activationKey: 'activationTargetValue',
        model: 'value',
      };
    },
  },
  'artemis-queue': simple(
    'artemisScaler',
    'pkg/scalers/artemis_scaler.go',
    (p) => normalizeString(`artemis-${p.string('queueName', { optional: true }) ?? ''}`),
    // artemisMetadata: both the target and the activation default to 10.
    {
      target: 'queueLength',
      targetDefault: '10',
      activation: 'activationQueueLength',
      activationDefault: '10',
      int: true,
    },
    'queue',
  ),
  influxdb: simple(
    'influxDBScaler',
    'pkg/scalers/influxdb_scaler.go',
    (p) => {
      p.string('query');
      const org = p.string('organizationName');
      return org === null ? null : normalizeString(`influxdb-${org}`);
    },
    { target: 'thresholdValue', activation: 'activationThresholdValue', int: false },
    'value',
  ),
  postgresql: simple(
    'postgreSQLScaler',
    'pkg/scalers/postgresql_scaler.go',
    () => 'postgresql',
    { target: 'targetQueryValue', activation: 'activationTargetQueryValue', int: false },
    'value',
    ['query'],
  ),
  datadog: {
    goType: 'datadogScaler',
    file: 'pkg/scalers/datadog_scaler.go',
    // NewDatadogScaler: the Cluster Agent's metrics API (validateClusterAgentMetadata) or
    // Datadog's query API (validateAPIMetadata).
    parse: (p, ctx) =>
      p.flag('useClusterAgentProxy') ? datadogClusterAgent(p) : datadogApi(p, ctx),
  },
  'kubernetes-workload': simple(
    'kubernetesWorkloadScaler',
    'pkg/scalers/kubernetes_workload_scaler.go',
    (p, ctx) => {
      p.string('podSelector');
      return normalizeString(`workload-${ctx.namespace}`);
    },
    { target: 'value', activation: 'activationValue', int: false },
    'value',
  ),
  'nats-jetstream': simple(
    'natsJetStreamScaler',
    'pkg/scalers/nats_jetstream_scaler.go',
    (p) => {
      const stream = p.string('stream');
      p.string('consumer');
      p.string('account');
      return stream === null ? null : normalizeString(`nats-jetstream-${stream}`);
    },
    {
      target: 'lagThreshold',
      targetDefault: '10',
      activation: 'activationLagThreshold',
      int: true,
    },
    'queue',
    ['natsServerMonitoringEndpoint'],
  ),
  ...QUEUE_SCALERS,
  ...VALUE_SCALERS,
  ...EXTERNAL_SCALERS,
  ...BROKER_SCALERS,
  ...VENDOR_SCALERS,
  ...AZURE_SCALERS,
  ...OBSERVABILITY_SCALERS,
};

/**
 * Scalers KEDA has deprecated for removal, refused in KEDA's own words (the message each logs).
 */
export const REMOVED_SCALERS: Record<string, string> = {
  // upstream: stan_scaler.go GetMetricsAndActivity
  stan: "The Stan scaler (NATS Streaming) is DEPRECATED and will be removed in v2.19 - Use scaler 'nats-jetstream' instead",
};

/** Edit distance for "did you mean". */
export function closestScaler(type: string): string | null {
  const all = ['cpu', 'memory', ...Object.keys(SCALERS), ...Object.keys(REMOVED_SCALERS)];
  let best: string | null = null;
  let bestD = 3;
  for (const name of all) {
    const d = distance(type.toLowerCase(), name);
    if (d < bestD) [best, bestD] = [name, d];
  }
  return best;
}

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length]!;
}

/** datadog_scaler.go validateAPIMetadata: a query's metric, `queryValue` its target. */
const datadogApi = simple(
  'datadogScaler',
  'pkg/scalers/datadog_scaler.go',
  (p) => {
    const query = p.string('query');
    if (query === null) return null;
    const brace = query.indexOf('{');
    if (brace < 0) return p.fail('query', "Query must contain '{' character");
    return normalizeString(`datadog-${query.slice(0, brace)}`);
  },
  { target: 'queryValue', activation: 'activationQueryValue', int: false },
  'value',
).parse;

/**
 * datadog_scaler.go validateClusterAgentMetadata: a DatadogMetric read through the Cluster
 * Agent, named `datadogmetric@<namespace>:<name>` (no trigger index), `targetValue` (or
 * `queryValue`) its target, `activationTargetValue` its activation. The service and its
 * namespace are authParams: present when the trigger names a TriggerAuthentication.
 */
function datadogClusterAgent(p: ScalerParams): PortedMetric | null {
  if (!p.authenticated)
    return p.need(
      null,
      'datadog metrics service is required (useClusterAgentProxy reads datadogMetricsService and datadogNamespace from a TriggerAuthentication: add authenticationRef)',
    );
  const name = p.string('datadogMetricName', { optional: true });
  if (name === null) return p.need(null, 'datadog metric name is required (datadogMetricName)');
  const namespace = p.string('datadogMetricNamespace', { optional: true });
  if (namespace === null)
    return p.need(null, 'datadog metric namespace is required (datadogMetricNamespace)');
  const key = p.raw('targetValue', { optional: true }) !== null ? 'targetValue' : 'queryValue';
  const target = p.float(key, { default: '-1' });
  if (target === -1) return p.need(null, 'no targetValue or queryValue given');
  const activation = p.float('activationTargetValue', { default: '0' });
  if (!p.ok || target === null || activation === null) return null;
  return {
    name: `datadogmetric@${namespace}:${name}`,
    unindexed: true,
    target,
    milli: true,
    targetKey: key,
    activation,
    activationKey: 'activationTargetValue',
    model: 'value',
  };
}
