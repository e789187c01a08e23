/**
 * KEDA's last broker- and queue-like scalers: apache-kafka (the kafka-go one), Solace's event
 * queue and direct messaging, OpenStack Swift's object count and Forgejo's runner jobs. Read from
 * kedacore/keda v2.20 pkg/scalers/<name>_scaler.go: the typed metadata, its Validate, the checks
 * the parse function adds, GetMetricSpecForScaling and the activity GetMetricsAndActivity returns.
 */
import type { ScalerParams } from './scalerParams.ts';
import { normalizeString, type PortedMetric, type ScalerPort } from './scalerPort.ts';

/** A parameter only a TriggerAuthentication holds (order=authParams): required without one. */
const authOnly = (p: ScalerParams, name: string, order = 'authParams') =>
  p.string(name, p.authenticated ? { optional: true } : { order });

// upstream: apache_kafka_scaler.go apacheKafkaMetadata.Validate, parseApacheKafkaAuthParams,
// GetMetricSpecForScaling, GetMetricsAndActivity
/**
 * Differs from `kafka` (Sarama) in what it accepts (typed config: no `…FromEnv` for topic
 * lists split by ',' kept as written, sasl gssapi, no partitionLimitation without a topic) and
 * in its messages; the metric name and target are the same rule.
 */
const apacheKafka: ScalerPort = {
  goType: 'apacheKafkaScaler',
  file: 'pkg/scalers/apache_kafka_scaler.go',
  label: 'error parsing kafka metadata: error parsing kafka metadata',
  parse: (p) => {
    p.string('bootstrapServers', { order: 'triggerMetadata resolvedEnv' });
    const group = p.string('consumerGroup', { order: 'triggerMetadata resolvedEnv' });
    const groupEnv = p.fromEnv('consumerGroup');
    const topic = p.string('topic', { optional: true });
    p.oneOf('offsetResetPolicy', ['earliest', 'latest'], { default: 'latest' });
    const lag = p.int('lagThreshold', { default: '10' });
    const activation = p.int('activationLagThreshold', { default: '0' });
    const sasl = p.oneOf(
      'sasl',
      ['none', 'plaintext', 'scram_sha256', 'scram_sha512', 'gssapi', 'aws_msk_iam'],
      { default: 'none' },
    );
    const tls = p.oneOf('tls', ['enable', 'disable'], { default: 'disable' });
    if (!p.ok || lag === null || activation === null) return null;
    if (lag <= 0) return p.fail('lagThreshold', 'lagThreshold must be a positive number');
    if (activation < 0)
      return p.fail('activationLagThreshold', 'activationLagThreshold must be a positive number');
    if (p.flag('allowIdleConsumers') && p.flag('limitToPartitionsWithLag'))
      return p.fail(
        'limitToPartitionsWithLag',
        'allowIdleConsumers and limitToPartitionsWithLag cannot be set simultaneously',
      );
    if (topic === null && p.flag('limitToPartitionsWithLag'))
      return p.fail(
        'limitToPartitionsWithLag',
        'topic must be specified when using limitToPartitionsWithLag',
      );
    // username/password live in the authentication (order=authParams).
    if (sasl === 'plaintext' && !p.authenticated)
      return p.fail('sasl', 'username and password must be set when using SASL/PLAINTEXT');
    if (sasl === 'aws_msk_iam') {
      if (p.string('awsRegion', { optional: true }) === null)
        return p.fail('sasl', 'awsRegion must be set when using AWS MSK IAM');
      if (tls !== 'enable') return p.fail('tls', 'TLS must be enabled when using AWS MSK IAM');
    }
    const who = group ?? (groupEnv ? `<${groupEnv}>` : null);
    if (who === null) return null;
    return {
      name: normalizeString(topic !== null ? `kafka-${topic}` : `kafka-${who}-topics`),
      target: lag,
      milli: false,
      targetKey: 'lagThreshold',
      // GetMetricsAndActivity: totalLagWithPersistent > activationLagThreshold
      activation,
      activationKey: 'activationLagThreshold',
      model: 'queue',
    };
  },
};

/** Solace's event-queue targets: metadata key, metric suffix, activation key, bytes per unit. */
const SOLACE_QUEUE_TARGETS = [
  ['messageCountTarget', 'msgcount', 'activationMessageCountTarget', 1, 'queue'],
  [
    'messageSpoolUsageTarget',
    'msgspoolusage',
    'activationMessageSpoolUsageTarget',
    1024 ** 2,
    'value',
  ],
  ['messageReceiveRateTarget', 'msgrcvrate', 'activationMessageReceiveRateTarget', 1, 'value'],
] as const;

/**
 * A Solace trigger gives KEDA one metric per target it sets; hpa-sim runs one metric per trigger,
 * so a trigger with two targets is asked to be split (the same HPA metrics, one per trigger).
 */
function oneTarget(p: ScalerParams, keys: string[]): string | null {
  if (keys.length <= 1) return keys[0] ?? null;
  return p.need(
    keys[1]!,
    `this trigger gives KEDA ${keys.length} metrics (${keys.join(', ')}); hpa-sim simulates one metric per trigger: write one trigger per target`,
  );
}

// upstream: solace_scaler.go SolaceMetadata.Validate, parseSolaceMetadata,
// GetMetricSpecForScaling, GetMetricsAndActivity
const solaceEventQueue: ScalerPort = {
  goType: 'SolaceScaler',
  file: 'pkg/scalers/solace_scaler.go',
  // parseSolaceMetadata wraps its typed config's errors in another scaler's words.
  label: 'error parsing prometheus metadata',
  parse: (p) => {
    p.string('solaceSempBaseURL');
    p.string('messageVpn');
    const queue = p.string('queueName');
    const order = 'authParams triggerMetadata resolvedEnv';
    authOnly(p, 'username', order);
    authOnly(p, 'password', order);
    const given: string[] = [];
    const values = new Map<string, number>();
    for (const [key, , activationKey] of SOLACE_QUEUE_TARGETS) {
      const v = p.int(key, { optional: true }) ?? 0;
      values.set(key, v);
      values.set(activationKey, p.int(activationKey, { default: '0' }) ?? 0);
      if (v > 0) given.push(key);
    }
    if (!p.ok || queue === null) return null;
    if (given.length === 0)
      return p.fail(null, 'no target value found in the scaler configuration');
    const key = oneTarget(p, given);
    if (key === null) return null;
    const [, suffix, activationKey, unit, model] = SOLACE_QUEUE_TARGETS.find((t) => t[0] === key)!;
    return {
      name: normalizeString(`solace-${queue}-${suffix}`),
      // Validate turns megabytes of spool into bytes, the unit the broker reports.
      target: values.get(key)! * unit,
      milli: false,
      targetKey: key,
      activation: values.get(activationKey)! * unit,
      activationKey,
      model,
    };
  },
};

const SOLACE_DM_TARGETS = [
  'aggregatedClientTxByteRateTarget',
  'aggregatedClientAverageTxByteRateTarget',
  'aggregatedClientTxMsgRateTarget',
  'aggregatedClientAverageTxMsgRateTarget',
] as const;

/** solace_dm_scaler.go urlValidationPattern (host, optional port). */
const SOLACE_DM_URL = /^https?:\/\/[-_.A-Za-z0-9]{2,255}(:[0-9]{2,5})?/;

// upstream: solace_dm_scaler.go SolaceDMScalerConfiguration.Validate, parseSolaceDMConfiguration,
// GetMetricSpecForScaling, GetMetricsAndActivity
const solaceDirectMessaging: ScalerPort = {
  goType: 'SolaceDMScaler',
  file: 'pkg/scalers/solace_dm_scaler.go',
  label: 'error parsing metadata',
  parse: (p) => {
    const urls = p.string('solaceSempBaseURL');
    authOnly(p, 'username', 'authParams resolvedEnv');
    authOnly(p, 'password', 'authParams resolvedEnv');
    p.string('messageVpn');
    const pattern = p.string('clientNamePattern');
    const factor = p.int('queuedMessagesFactor', { default: '3' });
    const given: string[] = [];
    const values = new Map<string, number>();
    for (const key of SOLACE_DM_TARGETS) {
      const v = p.int(key, { default: '0' }) ?? 0;
      p.int(`activation${key[0]!.toUpperCase()}${key.slice(1)}`, { default: '0' });
      values.set(key, v);
      if (v > 0) given.push(key);
    }
    if (!p.ok || urls === null || pattern === null || factor === null) return null;
    for (const [i, raw] of urls.split(',').entries()) {
      const url = raw.trim();
      if (url === '')
        return p.fail(
          'solaceSempBaseURL',
          `empty host url value found in the scaler configuration. Url[${i}]: '${url}'`,
        );
      if (!SOLACE_DM_URL.test(url))
        return p.fail(
          'solaceSempBaseURL',
          `invalid host url value found in the scaler configuration. Url[${i}]: '${url}'`,
        );
    }
    if (pattern.includes('*'))
      return p.fail(
        'clientNamePattern',
        `client-name-pattern should not contain '*'. ClientNamePattern: '${pattern}'`,
      );
    if (factor < 1 || factor > 100)
      return p.fail(
        'queuedMessagesFactor',
        `queued messages factor should be >0 and <=100. QueuedMessagesFactor: '${factor}'`,
      );
    if (given.length === 0)
      return p.fail(null, 'no target value found in the scaler configuration');
    const key = oneTarget(p, given);
    if (key === null) return null;
    return {
      name: normalizeString(`solace-dm-${pattern}-${key}`),
      target: values.get(key)!,
      milli: false,
      targetKey: key,
      // GetMetricsAndActivity always answers active (the activation keys are read, never used).
      activation: -1,
      activationKey: null,
      model: 'value',
    };
  },
};

// upstream: openstack_swift_scaler.go openstackSwiftMetadata.Validate, parseOpenstackSwiftMetadata,
// GetMetricSpecForScaling, GetMetricsAndActivity
const openstackSwift: ScalerPort = {
  goType: 'openstackSwiftScaler',
  file: 'pkg/scalers/openstack_swift_scaler.go',
  label: 'error parsing swift metadata: error parsing openstack swift metadata',
  parse: (p) => {
    const container = p.string('containerName');
    const prefix = p.string('objectPrefix', { optional: true });
    const count = p.int('objectCount', { default: '2' });
    const activation = p.int('activationObjectCount', { default: '0' });
    authOnly(p, 'authURL');
    if (!p.ok || container === null || count === null || activation === null) return null;
    return {
      name: normalizeString(
        `openstack-swift-${prefix !== null ? `${container}-${prefix}` : container}`,
      ),
      target: count,
      milli: false,
      targetKey: 'objectCount',
      activation,
      activationKey: 'activationObjectCount',
      model: 'queue',
    };
  },
};

// upstream: forgejo_runner_scaler.go parseForgejoRunnerMetadata, GetMetricSpecForScaling,
// GetMetricsAndActivity
const forgejoRunner: ScalerPort = {
  goType: 'forgejoRunnerScaler',
  file: 'pkg/scalers/forgejo_runner_scaler.go',
  label: 'error parsing forgejo metadata',
  parse: (p): PortedMetric | null => {
    authOnly(p, 'token', 'authParams triggerMetadata');
    p.string('address');
    p.string('labels');
    if (!p.ok) return null;
    return {
      name: 'forgejo',
      // defaultForgejoJobsLen: the target is always 1 job per runner pod.
      target: 1,
      milli: false,
      targetKey: 'labels',
      // GetMetricsAndActivity answers active whatever the job count.
      activation: -1,
      activationKey: null,
      model: 'queue',
    };
  },
};

/** Broker- and queue-like scalers by trigger type. */
export const BROKER_SCALERS: Record<string, ScalerPort> = {
  'apache-kafka': apacheKafka,
  'solace-event-queue': solaceEventQueue,
  'solace-direct-messaging': solaceDirectMessaging,
  'openstack-swift': openstackSwift,
  'forgejo-runner': forgejoRunner,
};
