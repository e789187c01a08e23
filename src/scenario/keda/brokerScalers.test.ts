/**
 * The last broker- and queue-like scalers (apache-kafka, solace-event-queue,
 * solace-direct-messaging, openstack-swift, forgejo-runner): the metric each GetMetricSpecForScaling
 * names, its target and activation, and a refusal each in KEDA's words at the key.
 */
import { describe, expect, it } from 'vitest';
import { convert, ext } from './testing/convert.ts';

describe('broker scalers: the metric KEDA names', () => {
  // [type, metadata, index, name, target, activation, model]
  const cases: [string, Record<string, string>, number, string, unknown, number, string][] = [
    // apache_kafka_scaler.go GetMetricSpecForScaling: the topic list as written, else the group
    [
      'apache-kafka',
      { bootstrapServers: 'k:9092', consumerGroup: 'my-group', topic: 'orders.v1' },
      0,
      's0-kafka-orders-v1',
      { type: 'AverageValue', averageValue: '10' },
      0,
      'queue',
    ],
    [
      'apache-kafka',
      {
        bootstrapServers: 'k:9092',
        consumerGroup: 'my-group',
        lagThreshold: '50',
        activationLagThreshold: '5',
      },
      1,
      's1-kafka-my-group-topics',
      { type: 'AverageValue', averageValue: '50' },
      5,
      'queue',
    ],
    // solace_scaler.go: solace-<queue>-msgcount; the spool target is megabytes turned to bytes
    [
      'solace-event-queue',
      {
        solaceSempBaseURL: 'http://solace:8080',
        messageVpn: 'vpn',
        queueName: 'orders',
        messageCountTarget: '20',
        activationMessageCountTarget: '3',
      },
      0,
      's0-solace-orders-msgcount',
      { type: 'AverageValue', averageValue: '20' },
      3,
      'queue',
    ],
    [
      'solace-event-queue',
      {
        solaceSempBaseURL: 'http://solace:8080',
        messageVpn: 'vpn',
        queueName: 'q/1',
        messageSpoolUsageTarget: '2',
      },
      0,
      's0-solace-q-1-msgspoolusage',
      { type: 'AverageValue', averageValue: '2097152' },
      0,
      'value',
    ],
    // solace_dm_scaler.go: always active
    [
      'solace-direct-messaging',
      {
        solaceSempBaseURL: 'https://solace.example:943',
        messageVpn: 'vpn',
        clientNamePattern: 'consumer',
        aggregatedClientTxMsgRateTarget: '500',
      },
      0,
      's0-solace-dm-consumer-aggregatedClientTxMsgRateTarget',
      { type: 'AverageValue', averageValue: '500' },
      -1,
      'value',
    ],
    // openstack_swift_scaler.go: container, then prefix
    [
      'openstack-swift',
      { containerName: 'uploads', objectPrefix: 'in/', objectCount: '5' },
      0,
      's0-openstack-swift-uploads-in-',
      { type: 'AverageValue', averageValue: '5' },
      0,
      'queue',
    ],
    [
      'openstack-swift',
      { containerName: 'uploads' },
      0,
      's0-openstack-swift-uploads',
      { type: 'AverageValue', averageValue: '2' },
      0,
      'queue',
    ],
    // forgejo_runner_scaler.go: "forgejo", target defaultForgejoJobsLen 1, always active
    [
      'forgejo-runner',
      { address: 'https://codeberg.org', labels: 'docker' },
      0,
      's0-forgejo',
      { type: 'AverageValue', averageValue: '1' },
      -1,
      'queue',
    ],
  ];
  for (const [type, metadata, index, name, target, activation, model] of cases) {
    it(`${type} → ${name}`, () => {
      const triggers = [
        ...(index === 1
          ? [{ type: 'cpu', metricType: 'Utilization', metadata: { value: '50' } }]
          : []),
        { type, metadata, authenticationRef: { name: 'auth' } },
      ];
      const { out, said } = convert(triggers);
      expect(said).toEqual([]);
      expect(ext(out, 0)).toEqual({ name, target });
      expect(out!.keda.feeds[index]).toMatchObject({ activation, model });
    });
  }

  it('a Value metricType gives a Value target (GetMetricTarget)', () => {
    const { out } = convert([
      {
        type: 'apache-kafka',
        metricType: 'Value',
        metadata: { bootstrapServers: 'k', consumerGroup: 'g', topic: 't' },
      },
    ]);
    expect(ext(out).target).toEqual({ type: 'Value', value: '10' });
  });

  it("refuses what KEDA refuses, in KEDA's words, at the key", () => {
    const bad = (type: string, metadata: Record<string, string>, authenticated = false) =>
      convert([{ type, metadata, ...(authenticated ? { authenticationRef: { name: 'a' } } : {}) }])
        .said[0];
    expect(
      bad('apache-kafka', { bootstrapServers: 'b', consumerGroup: 'g', lagThreshold: '0' }),
    ).toEqual({
      path: 'spec.triggers.0.metadata.lagThreshold',
      message:
        'error parsing kafka metadata: error parsing kafka metadata: lagThreshold must be a positive number',
    });
    expect(bad('apache-kafka', { bootstrapServers: 'b' })!.message).toContain(
      'missing required parameter "consumerGroup" in [triggerMetadata resolvedEnv]',
    );
    expect(
      bad('apache-kafka', {
        bootstrapServers: 'b',
        consumerGroup: 'g',
        allowIdleConsumers: 'true',
        limitToPartitionsWithLag: 'true',
        topic: 't',
      })!.message,
    ).toContain('allowIdleConsumers and limitToPartitionsWithLag cannot be set simultaneously');
    expect(
      bad(
        'solace-event-queue',
        { solaceSempBaseURL: 'http://s', messageVpn: 'v', queueName: 'q' },
        true,
      ),
    ).toEqual({
      path: 'spec.triggers.0.metadata',
      message:
        'error parsing prometheus metadata: no target value found in the scaler configuration',
    });
    expect(
      bad(
        'solace-event-queue',
        {
          solaceSempBaseURL: 'http://s',
          messageVpn: 'v',
          queueName: 'q',
          messageCountTarget: '5',
          messageSpoolUsageTarget: '5',
        },
        true,
      )!.path,
    ).toBe('spec.triggers.0.metadata.messageSpoolUsageTarget');
    expect(
      bad(
        'solace-direct-messaging',
        {
          solaceSempBaseURL: 'https://s.example',
          messageVpn: 'v',
          clientNamePattern: 'a*',
          aggregatedClientTxMsgRateTarget: '5',
        },
        true,
      ),
    ).toEqual({
      path: 'spec.triggers.0.metadata.clientNamePattern',
      message:
        "error parsing metadata: client-name-pattern should not contain '*'. ClientNamePattern: 'a*'",
    });
    expect(bad('openstack-swift', { containerName: 'c' })!.message).toContain(
      'missing required parameter "authURL" in [authParams]',
    );
    expect(bad('forgejo-runner', { address: 'a', labels: 'l' })).toEqual({
      path: 'spec.triggers.0.metadata',
      message:
        'error parsing forgejo metadata: missing required parameter "token" in [authParams triggerMetadata]',
    });
  });
});
