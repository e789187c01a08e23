/**
 * Each ported scaler names its External metric, sets its target and activation as its Go code
 * does (kedacore/keda v2.20.2 pkg/scalers/*_scaler.go GetMetricSpecForScaling and metadata
 * parsing); expected values are written from that code.
 */
import { describe, expect, it } from 'vitest';
import { jsonNumber } from './scalerParams.ts';
import { convert, ext } from './testing/convert.ts';

describe('ported scalers: metric name, target and activation from their code', () => {
  const cases: [string, Record<string, string>, string, unknown, number, string][] = [
    [
      'kafka',
      {
        bootstrapServers: 'k:9092',
        consumerGroup: 'g1',
        topic: 'orders.v1',
        activationLagThreshold: '3',
      },
      's0-kafka-orders-v1',
      { type: 'AverageValue', averageValue: '10' },
      3,
      'queue',
    ],
    [
      'kafka',
      { bootstrapServers: 'k:9092', consumerGroup: 'g1', lagThreshold: '50' },
      's0-kafka-g1-topics',
      { type: 'AverageValue', averageValue: '50' },
      0,
      'queue',
    ],
    [
      'rabbitmq',
      { queueName: 'jobs/high', mode: 'QueueLength', value: '20.5' },
      's0-rabbitmq-jobs%2Fhigh'.replace('%', '-'),
      { type: 'AverageValue', averageValue: '20500m' },
      0,
      'queue',
    ],
    [
      'rabbitmq',
      { queueName: 'hello', queueLength: '5' },
      's0-rabbitmq-hello',
      { type: 'AverageValue', averageValue: '5' },
      0,
      'queue',
    ],
    [
      'rabbitmq',
      { queueName: 'hello' },
      's0-rabbitmq-hello',
      { type: 'AverageValue', averageValue: '20' },
      0,
      'queue',
    ],
    [
      'mongodb',
      { query: '{"status":"new"}', collection: 'jobs.v2', queryValue: '2.5' },
      's0-mongodb-jobs-v2',
      { type: 'AverageValue', averageValue: '2500m' },
      0,
      'value',
    ],
    [
      'loki',
      {
        serverAddress: 'http://loki',
        query: 'sum(rate({app="x"}[1m]))',
        threshold: '7',
        activationThreshold: '1',
      },
      's0-loki',
      { type: 'AverageValue', averageValue: '7' },
      1,
      'value',
    ],
    [
      'new-relic',
      { nrql: 'SELECT count(*) FROM Transaction', threshold: '50' },
      's0-new-relic',
      { type: 'AverageValue', averageValue: '50' },
      0,
      'value',
    ],
    [
      'github-runner',
      { owner: 'acme', runnerScope: 'org', targetWorkflowQueueLength: '3' },
      's0-github-runner-acme',
      { type: 'AverageValue', averageValue: '3' },
      2,
      'queue',
    ],
    [
      'aws-kinesis-stream',
      { streamName: 'clicks', awsRegion: 'x' },
      's0-aws-kinesis-clicks',
      { type: 'AverageValue', averageValue: '2' },
      0,
      'value',
    ],
    [
      'azure-blob',
      { blobContainerName: 'inbox' },
      's0-azure-blob-inbox',
      { type: 'AverageValue', averageValue: '5' },
      0,
      'queue',
    ],
    [
      'azure-monitor',
      {
        resourceURI: 'r',
        tenantId: 't',
        subscriptionId: 's',
        resourceGroupName: 'g',
        metricName: 'Requests',
        metricAggregationType: 'Average',
        targetValue: '100',
      },
      's0-azure-monitor-Requests',
      { type: 'AverageValue', averageValue: '100' },
      0,
      'value',
    ],
    [
      'azure-pipelines',
      { poolID: '12', organizationURLFromEnv: 'AZP_URL' },
      's0-azure-pipelines-12',
      { type: 'AverageValue', averageValue: '1' },
      0,
      'queue',
    ],
    [
      'artemis-queue',
      { managementEndpoint: 'a:8161', queueName: 'orders', brokerName: 'b', brokerAddress: 'x' },
      's0-artemis-orders',
      { type: 'AverageValue', averageValue: '10' },
      10,
      'queue',
    ],
    [
      'influxdb',
      {
        serverURL: 'http://influx',
        organizationName: 'acme.io',
        query: 'from(bucket:"b")',
        thresholdValue: '4.5',
      },
      's0-influxdb-acme-io',
      { type: 'AverageValue', averageValue: '4500m' },
      0,
      'value',
    ],
    [
      'aws-sqs-queue',
      {
        queueURL: 'https://sqs.eu-west-1.amazonaws.com/123456789/orders-queue',
        awsRegion: 'eu-west-1',
      },
      's0-aws-sqs-orders-queue',
      { type: 'AverageValue', averageValue: '5' },
      0,
      'queue',
    ],
    [
      'redis',
      { address: 'r:6379', listName: 'mylist', listLength: '7', activationListLength: '2' },
      's0-redis-mylist',
      { type: 'AverageValue', averageValue: '7' },
      2,
      'queue',
    ],
    [
      'gcp-pubsub',
      { subscriptionName: 'projects/p/subscriptions/s1', value: '4' },
      's0-gcp-ps-projects-p-subscriptions-s1',
      { type: 'AverageValue', averageValue: '4' },
      0,
      'queue',
    ],
    [
      'aws-cloudwatch',
      {
        namespace: 'AWS/SQS',
        metricName: 'N',
        targetMetricValue: '2.5',
        minMetricValue: '0',
        awsRegion: 'x',
      },
      's0-aws-cloudwatch',
      { type: 'AverageValue', averageValue: '2500m' },
      0,
      'value',
    ],
    [
      'azure-servicebus',
      { queueName: 'orders', messageCount: '9' },
      's0-azure-servicebus-orders',
      { type: 'AverageValue', averageValue: '9' },
      0,
      'queue',
    ],
    [
      'azure-servicebus',
      { topicName: 't', subscriptionName: 's', useRegex: 'true' },
      's0-azure-servicebus-topic-regex',
      { type: 'AverageValue', averageValue: '5' },
      0,
      'queue',
    ],
    [
      'azure-queue',
      { queueName: 'q1' },
      's0-azure-queue-q1',
      { type: 'AverageValue', averageValue: '5' },
      0,
      'queue',
    ],
    [
      'azure-eventhub',
      { storageConnectionFromEnv: 'S' },
      's0-azure-eventhub-$Default',
      { type: 'AverageValue', averageValue: '64' },
      0,
      'queue',
    ],
    [
      'postgresql',
      { query: 'select 1', targetQueryValue: '1.5', activationTargetQueryValue: '0.5' },
      's0-postgresql',
      { type: 'AverageValue', averageValue: '1500m' },
      0.5,
      'value',
    ],
    [
      'datadog',
      { query: 'sum:trace.http{service:web}', queryValue: '7' },
      's0-datadog-sum-trace-http',
      { type: 'AverageValue', averageValue: '7' },
      0,
      'value',
    ],
    [
      'kubernetes-workload',
      { podSelector: 'app=x', value: '0.5' },
      's0-workload-shop',
      { type: 'AverageValue', averageValue: '500m' },
      0,
      'value',
    ],
    [
      'nats-jetstream',
      { natsServerMonitoringEndpoint: 'n:8222', account: '$G', stream: 'ORDERS', consumer: 'c' },
      's0-nats-jetstream-ORDERS',
      { type: 'AverageValue', averageValue: '10' },
      0,
      'queue',
    ],
    [
      'cron',
      {
        timezone: 'Europe/Paris',
        start: '0 8 * * 1-5',
        end: '0 18 * * 1-5',
        desiredReplicas: '10',
      },
      's0-cron-Europe-Paris-08xx1-5-018xx1-5',
      { type: 'AverageValue', averageValue: '1' },
      0,
      'cron',
    ],
  ];
  for (const [type, metadata, name, target, activation, model] of cases) {
    it(`${type} ${JSON.stringify(metadata)} → ${name}`, () => {
      const { out, said } = convert([{ type, metadata }]);
      expect(said).toEqual([]);
      expect(ext(out)).toEqual({ name, target });
      expect(out!.keda.feeds[0]).toMatchObject({ activation, model });
      expect(out!.keda.scaledObject.triggers[0]!.metrics[0]!.name).toBe(name);
      expect(out!.queueMetrics.includes(name)).toBe(model === 'queue');
    });
  }

  it("datadog through the Cluster Agent: a DatadogMetric's name, no index, targetValue", () => {
    const metadata = {
      useClusterAgentProxy: 'true',
      datadogMetricName: 'nginx-requests',
      datadogMetricNamespace: 'default',
      targetValue: '2',
      activationTargetValue: '1',
    };
    const { out, said } = convert([
      { type: 'datadog', metadata, authenticationRef: { name: 'datadog-cluster-agent-creds' } },
    ]);
    expect(said).toEqual([]);
    expect(ext(out)).toEqual({
      name: 'datadogmetric@default:nginx-requests',
      target: { type: 'AverageValue', averageValue: '2' },
    });
    expect(out!.keda.feeds[0]).toMatchObject({ activation: 1, model: 'value' });
    // The service and its namespace are authParams; the metric's name and namespace metadata.
    const without = convert([{ type: 'datadog', metadata }]).said;
    expect(without[0]!.message).toContain('datadog metrics service is required');
    const { datadogMetricName: _n, ...noName } = metadata;
    const unnamed = convert([
      { type: 'datadog', metadata: noName, authenticationRef: { name: 'a' } },
    ]).said;
    expect(unnamed[0]!.message).toContain('datadog metric name is required');
    const { targetValue: _t, ...noTarget } = metadata;
    const untargeted = convert([
      { type: 'datadog', metadata: noTarget, authenticationRef: { name: 'a' } },
    ]).said;
    expect(untargeted[0]!.message).toContain('no targetValue or queryValue given');
  });

  it('a Value metricType and minReplicaCount 0 are kept for the KEDA plane (the HPA still says 1)', () => {
    const { out } = convert([{ type: 'redis', metricType: 'Value', metadata: { listName: 'l' } }], {
      minReplicaCount: 0,
      idleReplicaCount: undefined,
    });
    expect(ext(out).target).toEqual({ type: 'Value', value: '5' });
    expect(out!.keda.scaledObject.minReplicaCount).toBe(0);
    expect((out!.manifest.spec as { minReplicas: number }).minReplicas).toBe(1);
  });

  it("KEDA's metadata errors, at the field, with what to write", () => {
    const bad = (type: string, metadata: Record<string, string>) =>
      convert([{ type, metadata }]).said;
    expect(
      bad('prometheus', {
        serverAddress: 's',
        query: 'q',
        threshold: '10',
        activationThreshold: 'ten',
      }),
    ).toEqual([
      {
        path: 'spec.triggers.0.metadata.activationThreshold',
        message:
          'error parsing prometheus metadata: unable to set param "activationThreshold" value "ten": unable to unmarshal to field type float64: invalid character \'t\' looking for beginning of value — write a number, e.g. activationThreshold: "5" or "0.5"',
      },
    ]);
    expect(
      bad('kafka', { bootstrapServers: 'b', consumerGroup: 'g', lagThreshold: '5.5' })[0]!.message,
    ).toContain(
      'cannot unmarshal number 5.5 into Go value of type int64 — write a whole number, e.g. lagThreshold: "10"',
    );
    expect(bad('kafka', { bootstrapServers: 'b' })[0]).toEqual({
      path: 'spec.triggers.0.metadata',
      message:
        'error parsing kafka metadata: missing required parameter "consumerGroup" in [triggerMetadata]',
    });
    expect(bad('rabbitmq', { queueName: 'q', mode: 'Length', value: '1' })[0]!.message).toContain(
      'trigger mode Length must be one of QueueLength, MessageRate',
    );
    expect(bad('rabbitmq', { queueName: 'q', queueLength: '5', value: '1' })[0]!.message).toContain(
      'queueLength is deprecated; configure only mode and value',
    );
    expect(bad('rabbitmq', { queueName: 'q', value: '1' })[0]!.message).toContain(
      'mode must be specified',
    );
    expect(bad('aws-sqs-queue', { queueURL: 'https://sqs/onlyone' })[0]!.message).toContain(
      'cannot get queueName from queueURL',
    );
    expect(bad('gcp-pubsub', { subscriptionName: 's', topicName: 't' })[0]!.message).toContain(
      'exactly one of subscription or topic name must be given',
    );
    expect(bad('datadog', { query: 'avg:cpu', queryValue: '1' })[0]!.message).toContain(
      "Query must contain '{' character",
    );
    expect(
      bad('cron', {
        timezone: 'Mars/Olympus',
        start: '0 8 * * *',
        end: '0 9 * * *',
        desiredReplicas: '2',
      })[0]!.message,
    ).toContain('unable to load timezone');
    expect(
      bad('cron', {
        timezone: 'UTC',
        start: '0 8 * * * *',
        end: '0 9 * * *',
        desiredReplicas: '2',
      })[0]!.message,
    ).toContain('expected exactly 5 fields');
    expect(
      bad('cron', {
        timezone: 'UTC',
        start: '0 8 * * *',
        end: '0 8 * * *',
        desiredReplicas: '2',
      })[0]!.message,
    ).toContain('start and end can not have exactly same time input');
  });

  it('an unknown scaler gets KEDA\'s "no scaler found" and the nearest name', () => {
    const unknown = convert([{ type: 'rabitmq', metadata: {} }]).said;
    expect(unknown[0]!.path).toBe('spec.triggers.0.type');
    expect(unknown[0]!.message).toContain(
      "no scaler found for type: rabitmq (did you mean 'rabbitmq'?)",
    );
    // Every type of KEDA 2.20's scaler registry runs: none is refused by name any more.
    const known = convert([{ type: 'predictkube', metadata: { threshold: '1' } }]).said;
    expect(known[0]!.message).toContain('missing required parameter "prometheusAddress"');
  });

  it('encoding/json decides what a number is', () => {
    expect(jsonNumber('1e3', 'float64')).toBe(1000);
    expect(jsonNumber('.5', 'float64')).toBe(
      "invalid character '.' looking for beginning of value",
    );
    expect(jsonNumber('5.', 'float64')).toBe('unexpected end of JSON input');
    expect(jsonNumber('5x', 'float64')).toBe("invalid character 'x' after top-level value");
    expect(jsonNumber('01', 'float64')).toBe("invalid character '1' after top-level value");
    expect(jsonNumber('-', 'float64')).toBe('unexpected end of JSON input');
    expect(jsonNumber('1e', 'float64')).toBe('unexpected end of JSON input');
    expect(jsonNumber('7', 'int64')).toBe(7);
  });
});

describe('scalingModifiers: one composite-metric, the formula compiled over trigger names', () => {
  const AB = [
    { type: 'prometheus', name: 'a', metadata: { serverAddress: 's', query: 'q', threshold: '5' } },
    { type: 'cpu', metricType: 'Utilization', metadata: { value: '50' } },
    { type: 'redis', name: 'b', metadata: { listName: 'l' } },
  ];
  it('replaces the External metrics, keeps the Resource one, and targets `target` as metricType', () => {
    const { out, said } = convert(AB, {
      advanced: { scalingModifiers: { formula: 'a + b', target: '2.5', activationTarget: '1' } },
    });
    expect(said).toEqual([]);
    const metrics = (out!.manifest.spec as { metrics: { type: string; external?: unknown }[] })
      .metrics;
    expect(metrics.map((m) => m.type)).toEqual(['External', 'Resource']);
    expect(metrics[0]!.external).toEqual({
      metric: {
        name: 'composite-metric',
        selector: { matchLabels: { 'scaledobject.keda.sh/name': 'orders' } },
      },
      target: { type: 'AverageValue', averageValue: '2500m' },
    });
    expect(out!.keda.scaledObject.scalingModifiers!.formula).toBe('a + b');
  });
  it('refuses, at the field, a formula that does not parse, an unknown name, a bad target', () => {
    const sm = (formula: string, target = '2') =>
      convert(AB, { advanced: { scalingModifiers: { formula, target } } }).said;
    expect(sm('a +')[0]).toMatchObject({ path: 'spec.advanced.scalingModifiers.formula' });
    expect(sm('a +')[0]!.message).toContain('(1:4)');
    expect(sm('a + c')[0]!.message).toContain('unknown name c (1:5)');
    expect(sm('a + c')[0]!.message).toContain('the triggers by their name: a, b');
    expect(sm('a.b')[0]!.message).toContain('outside the formula grammar');
    expect(sm('a + b', '0')[0]).toMatchObject({ path: 'spec.advanced.scalingModifiers.target' });
    expect(sm('', '2')[0]!.message).toContain('error ScalingModifiers.Formula is mandatory');
    expect(
      convert(AB, {
        advanced: { scalingModifiers: { formula: 'a', target: '1', activationTarget: 'x' } },
      }).said[0],
    ).toMatchObject({
      path: 'spec.advanced.scalingModifiers.activationTarget',
    });
  });
});
