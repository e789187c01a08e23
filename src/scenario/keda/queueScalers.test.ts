/**
 * The queue-like scalers' metric names, targets and activations, from each scaler's Go test tables
 * (kedacore/keda pkg/scalers/<name>_scaler_test.go `…MetricIdentifiers`, `parse…TestDataset`)
 * and its GetMetricSpecForScaling; refusals in KEDA's words at the metadata key.
 */
import { describe, expect, it } from 'vitest';
import { convert, ext } from './testing/convert.ts';

const AUTH = { username: 'u', password: 'p' };

describe('queue-like scalers: the metric KEDA names, fed as a queue', () => {
  // [type, metadata, index, name, target, activation]
  const cases: [string, Record<string, string>, number, string, unknown, number][] = [
    // activemq_scaler_test.go activeMQMetricIdentifiers
    [
      'activemq',
      {
        managementEndpoint: 'localhost:8161',
        destinationName: 'testQueue',
        brokerName: 'localhost',
        ...AUTH,
      },
      0,
      's0-activemq-testQueue',
      { type: 'AverageValue', averageValue: '10' },
      0,
    ],
    [
      'activemq',
      {
        restAPITemplate:
          'http://localhost:8161/api/jolokia/read/org.apache.activemq:type=Broker,brokerName=localhost,destinationType=Queue,destinationName=testQueue/QueueSize',
        targetQueueSize: '7',
        activationTargetQueueSize: '2',
        ...AUTH,
      },
      1,
      's1-activemq-testQueue',
      { type: 'AverageValue', averageValue: '7' },
      2,
    ],
    // beanstalkd_scaler_test.go beanstalkdMetricIdentifiers; value is GetMetricTargetMili
    [
      'beanstalkd',
      { server: 'b:11300', tube: 'delayed', value: '1.5' },
      1,
      's1-beanstalkd-delayed',
      { type: 'AverageValue', averageValue: '1500m' },
      0,
    ],
    [
      'beanstalkd',
      { server: 'b:11300', tube: 'a b/c', value: '2', activationValue: '10' },
      0,
      's0-beanstalkd-a+b%2Fc'.replace('%', '-'),
      { type: 'AverageValue', averageValue: '2' },
      10,
    ],
    // nsq_scaler_test.go nsqMetricIdentifiers
    [
      'nsq',
      { nsqLookupdHTTPAddresses: 'nsqlookupd-0:4161', topic: 'topic', channel: 'channel' },
      1,
      's1-nsq-topic-channel',
      { type: 'AverageValue', averageValue: '10' },
      0,
    ],
    [
      'liiklus',
      {
        address: 'l:6565',
        topic: 'foo',
        group: 'mygroup',
        lagThreshold: '20',
        activationLagThreshold: '3',
      },
      0,
      's0-liiklus-foo',
      { type: 'AverageValue', averageValue: '20' },
      3,
    ],
    // redis_streams_scaler_test.go redisStreamMetricIdentifiers; the scale factor picks the target
    [
      'redis-streams',
      {
        stream: 'my-stream',
        consumerGroup: 'my-stream-consumer-group',
        pendingEntriesCount: '5',
        address: 'r:6379',
      },
      1,
      's1-redis-streams-my-stream',
      { type: 'AverageValue', averageValue: '5' },
      0,
    ],
    [
      'redis-cluster-streams',
      { stream: 'my-stream', addresses: 'a:1', streamLength: '30' },
      0,
      's0-redis-streams-my-stream',
      { type: 'AverageValue', averageValue: '30' },
      0,
    ],
    [
      'redis-sentinel-streams',
      {
        stream: 's',
        consumerGroup: 'g',
        lagCount: '12',
        activationLagCount: '4',
        addresses: 'a:1',
      },
      0,
      's0-redis-streams-s',
      { type: 'AverageValue', averageValue: '12' },
      4,
    ],
    // ibmmq_scaler_test.go IBMMQMetricIdentifiers; the first of queueNames names the metric
    [
      'ibmmq',
      {
        host: 'https://localhost:9443/ibmmq/rest/v2/admin/action/qmgr/QM1/mqsc',
        queueName: 'testQueue',
        ...AUTH,
      },
      0,
      's0-ibmmq-testQueue',
      { type: 'AverageValue', averageValue: '20' },
      0,
    ],
    [
      'ibmmq',
      {
        host: 'https://h/x',
        queueNames: 'q1, q2',
        queueDepth: '8',
        activationQueueDepth: '1',
        operation: 'sum',
        ...AUTH,
      },
      1,
      's1-ibmmq-q1',
      { type: 'AverageValue', averageValue: '8' },
      1,
    ],
    // pulsar_scaler.go buildMetricName
    [
      'pulsar',
      {
        adminURL: 'http://p:8080',
        topic: 'persistent://public/default/my-topic',
        subscription: 'sub1',
        msgBacklogThreshold: '5',
      },
      0,
      's0-pulsar-persistent---public-default-my-topic-sub1',
      { type: 'AverageValue', averageValue: '5' },
      0,
    ],
    [
      'gcp-cloudtasks',
      { queueName: 'myqueue', projectID: 'p', activationValue: '5' },
      0,
      's0-gcp-ct-myqueue',
      { type: 'AverageValue', averageValue: '100' },
      5,
    ],
  ];
  for (const [type, metadata, index, name, target, activation] of cases) {
    it(`${type} → ${name}`, () => {
      const filler = { type: 'cpu', metricType: 'Utilization', metadata: { value: '50' } };
      const triggers = [...Array<unknown>(index).fill(filler), { type, metadata }];
      const { out, said } = convert(triggers);
      expect(said).toEqual([]);
      const i = (out!.manifest.spec as { metrics: { type: string }[] }).metrics.findIndex(
        (m) => m.type === 'External',
      );
      expect(ext(out, i)).toEqual({ name, target });
      expect(out!.keda.feeds[index]).toMatchObject({ activation, model: 'queue' });
      expect(out!.queueMetrics).toEqual([name]);
    });
  }

  it("nsq keeps a Value metricType (nsqMetricIdentifiers' first row); pulsar's target is AverageValue whatever it says", () => {
    const nsq = { nsqLookupdHTTPAddresses: 'n:4161', topic: 'topic', channel: 'channel' };
    expect(ext(convert([{ type: 'nsq', metricType: 'Value', metadata: nsq }]).out).target).toEqual({
      type: 'Value',
      value: '10',
    });
    const pulsar = { adminURL: 'http://p', topic: 't', subscription: 's' };
    expect(
      ext(convert([{ type: 'pulsar', metricType: 'Value', metadata: pulsar }]).out).target,
    ).toEqual({ type: 'AverageValue', averageValue: '10' });
  });

  it("refuses what KEDA refuses, in KEDA's words, at the key", () => {
    const bad = (type: string, metadata: Record<string, string>) =>
      convert([{ type, metadata }]).said[0];
    expect(bad('activemq', { ...AUTH })).toEqual({
      path: 'spec.triggers.0.metadata',
      message: 'error parsing activemq metadata: no management endpoint given',
    });
    expect(
      bad('activemq', { managementEndpoint: 'm', destinationName: 'd', brokerName: 'b' }),
    ).toEqual({
      path: 'spec.triggers.0.metadata',
      message:
        'error parsing activemq metadata: missing required parameter "username" in [triggerMetadata]',
    });
    const nsq = { nsqLookupdHTTPAddresses: 'n:4161', topic: 't', channel: 'c' };
    expect(bad('nsq', { ...nsq, depthThreshold: '0' })).toEqual({
      path: 'spec.triggers.0.metadata.depthThreshold',
      message: 'error parsing nsq metadata: depthThreshold must be a positive integer',
    });
    expect(bad('nsq', { ...nsq, activationDepthThreshold: '-1' })!.message).toContain(
      'activationDepthThreshold must be greater than or equal to 0',
    );
    expect(
      bad('beanstalkd', { server: 's', tube: 't', value: '1', activationValue: 'AA' })!.path,
    ).toBe('spec.triggers.0.metadata.activationValue');
    expect(bad('ibmmq', { host: 'not a url', queueName: 'q', ...AUTH })).toEqual({
      path: 'spec.triggers.0.metadata.host',
      message:
        'error parsing ibmmq metadata: invalid URL: parse "not a url": invalid URI for request',
    });
    expect(bad('redis-streams', { consumerGroup: 'g' })!.message).toContain(
      'missing required parameter "stream"',
    );
    expect(
      bad('liiklus', { address: 'a', topic: 't', group: 'g', lagThreshold: '1.5' })!.message,
    ).toContain('cannot unmarshal number 1.5 into Go value of type int64');
  });

  it("a scaler KEDA has retired is refused in KEDA's own words", () => {
    const said = convert([
      {
        type: 'stan',
        metadata: {
          natsServerMonitoringEndpoint: 'n',
          queueGroup: 'q',
          durableName: 'd',
          subject: 's',
        },
      },
    ]).said;
    expect(said).toEqual([
      {
        path: 'spec.triggers.0.type',
        message: expect.stringContaining(
          "The Stan scaler (NATS Streaming) is DEPRECATED and will be removed in v2.19 - Use scaler 'nats-jetstream' instead",
        ),
      },
    ]);
  });
});
