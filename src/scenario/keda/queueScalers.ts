/**
 * KEDA's queue-like scalers beyond the first ports: each metric is a backlog (messages, jobs,
 * pending entries, lag) the default world fills with traffic and the serving pods drain. Read from
 * kedacore/keda v2.20 pkg/scalers/<name>_scaler.go: the typed metadata (`keda:"name=…, default=…"`),
 * its Validate, GetMetricSpecForScaling and the activity test in GetMetricsAndActivity.
 */
import type { ScalerParams } from './scalerParams.ts';
import {
  normalizeString,
  parseRequestURIError,
  queryEscape,
  simple,
  type PortedMetric,
  type ScalerPort,
} from './scalerPort.ts';

/** A typed-config credential (order=authParams;resolvedEnv;triggerMetadata): required unless an authenticationRef may hold it. */
function credential(p: ScalerParams, name: string): void {
  p.string(name, p.authenticated ? { optional: true } : {});
}

// upstream: activemq_scaler.go activeMQMetadata.Validate (restAPITemplate names the destination)
function activeMQDestination(p: ScalerParams): string | null {
  const template = p.string('restAPITemplate', { optional: true });
  if (template === null) {
    const endpoint = p.string('managementEndpoint', { optional: true });
    const destination = p.string('destinationName', { optional: true });
    const broker = p.string('brokerName', { optional: true });
    if (endpoint === null) return p.fail(null, 'no management endpoint given');
    if (destination === null) return p.fail(null, 'no destination name given');
    if (broker === null) return p.fail(null, 'no broker name given');
    return destination;
  }
  const bad = parseRequestURIError(template);
  if (bad) return p.fail('restAPITemplate', `unable to parse ActiveMQ restAPITemplate: ${bad}`);
  const path = template.replace(/^[a-z][a-z0-9+.-]*:(\/\/[^/?#]*)?/i, '').split(/[?#]/)[0]!;
  const part = (path.split(':')[1] ?? '').split('/')[0]!;
  const query = new Map(
    part.split(',').map((kv) => {
      const eq = kv.indexOf('=');
      return eq < 0 ? [kv, ''] : [kv.slice(0, eq), kv.slice(eq + 1)];
    }),
  );
  const destination = query.get('destinationName') ?? '';
  if (destination === '') return p.fail('restAPITemplate', 'no destinationName is given');
  if ((query.get('brokerName') ?? '') === '')
    return p.fail('restAPITemplate', `no brokerName given: ${template}`);
  return destination;
}

const activemq = simple(
  'activeMQScaler',
  'pkg/scalers/activemq_scaler.go',
  (p) => {
    credential(p, 'username');
    credential(p, 'password');
    const destination = activeMQDestination(p);
    return destination === null ? null : normalizeString(`activemq-${destination}`);
  },
  {
    target: 'targetQueueSize',
    targetDefault: '10',
    activation: 'activationTargetQueueSize',
    int: true,
  },
  'queue',
);

const beanstalkd = simple(
  'BeanstalkdScaler',
  'pkg/scalers/beanstalkd_scaler.go',
  (p) => {
    p.string('server');
    const tube = p.string('tube');
    return tube === null ? null : normalizeString(`beanstalkd-${queryEscape(tube)}`);
  },
  { target: 'value', activation: 'activationValue', int: false },
  'queue',
);

// upstream: nsq_scaler.go nsqMetadata.Validate, GetMetricSpecForScaling
const nsq: ScalerPort = {
  goType: 'nsqScaler',
  file: 'pkg/scalers/nsq_scaler.go',
  parse: (p) => {
    p.string('nsqLookupdHTTPAddresses');
    const topic = p.string('topic');
    const channel = p.string('channel');
    const target = p.int('depthThreshold', { default: '10' });
    const activation = p.int('activationDepthThreshold', { default: '0' });
    if (!p.ok || topic === null || channel === null || target === null || activation === null)
      return null;
    if (target <= 0) return p.fail('depthThreshold', 'depthThreshold must be a positive integer');
    if (activation < 0)
      return p.fail(
        'activationDepthThreshold',
        'activationDepthThreshold must be greater than or equal to 0',
      );
    return {
      name: normalizeString(`nsq-${topic}-${channel}`),
      target,
      milli: false,
      targetKey: 'depthThreshold',
      activation,
      activationKey: 'activationDepthThreshold',
      model: 'queue',
    };
  },
};

const liiklus = simple(
  'liiklusScaler',
  'pkg/scalers/liiklus_scaler.go',
  (p) => {
    p.string('address');
    const topic = p.string('topic');
    p.string('group');
    return topic === null ? null : normalizeString(`liiklus-${topic}`);
  },
  {
    target: 'lagThreshold',
    targetDefault: '10',
    activation: 'activationLagThreshold',
    int: true,
  },
  'queue',
);

// upstream: redis_streams_scaler.go redisStreamsMetadata.Validate (the scale factor picks the
// target) and GetMetricSpecForScaling; active when the count is above activationLagCount.
const redisStreams = (goType: string): ScalerPort => ({
  goType,
  file: 'pkg/scalers/redis_streams_scaler.go',
  parse: (p) => {
    const pending = p.int('pendingEntriesCount', { default: '5' });
    const length = p.int('streamLength', { default: '5' });
    const lag = p.int('lagCount', { optional: true });
    const stream = p.string('stream');
    const group = p.string('consumerGroup', { optional: true });
    const activation = p.int('activationLagCount', { default: '0' });
    if (!p.ok || stream === null || pending === null || length === null || activation === null)
      return null;
    const [target, targetKey] =
      group === null
        ? [length, 'streamLength']
        : lag !== null && lag !== 0
          ? [lag, 'lagCount']
          : [pending, 'pendingEntriesCount'];
    return {
      name: normalizeString(`redis-streams-${stream}`),
      target,
      milli: false,
      targetKey,
      activation,
      activationKey: 'activationLagCount',
      model: 'queue',
    };
  },
});

// upstream: ibmmq_scaler.go ibmmqMetadata.Validate, GetMetricSpecForScaling (the first queue names it)
const ibmmq: ScalerPort = {
  goType: 'ibmmqScaler',
  file: 'pkg/scalers/ibmmq_scaler.go',
  parse: (p) => {
    const host = p.string('host');
    const queues =
      p.string('queueName', { optional: true }) ??
      p.string('queueNames', { optional: true }) ??
      p.string('queueName');
    const target = p.int('queueDepth', { default: '20' });
    const activation = p.int('activationQueueDepth', { default: '0' });
    p.oneOf('operation', ['max', 'avg', 'sum'], { default: 'max' });
    credential(p, 'username');
    credential(p, 'password');
    if (!p.ok || host === null || queues === null || target === null || activation === null)
      return null;
    const bad = parseRequestURIError(host);
    if (bad) return p.fail('host', `invalid URL: ${bad}`);
    const first = queues.split(',')[0]!.trim();
    return {
      name: normalizeString(`ibmmq-${first}`),
      target,
      milli: false,
      targetKey: 'queueDepth',
      activation,
      activationKey: 'activationQueueDepth',
      model: 'queue',
    };
  },
};

// upstream: pulsar_scaler.go buildMetricName, GetMetricSpecForScaling (always AverageValue)
const pulsar: ScalerPort = {
  ...simple(
    'pulsarScaler',
    'pkg/scalers/pulsar_scaler.go',
    (p) => {
      p.string('adminURL');
      const topic = p.string('topic') ?? (p.fromEnv('topic') ? `<${p.fromEnv('topic')}>` : null);
      const sub =
        p.string('subscription') ??
        (p.fromEnv('subscription') ? `<${p.fromEnv('subscription')}>` : null);
      return topic === null || sub === null ? null : normalizeString(`pulsar-${topic}-${sub}`);
    },
    {
      target: 'msgBacklogThreshold',
      targetDefault: '10',
      activation: 'activationMsgBacklogThreshold',
      int: true,
    },
    'queue',
  ),
  averageValueOnly: true,
};

const gcpCloudTasks = simple(
  'gcpCloudTasksScaler',
  'pkg/scalers/gcp_cloud_tasks_scaler.go',
  (p) => {
    const queue = p.string('queueName');
    p.string('projectID');
    return queue === null ? null : normalizeString(`gcp-ct-${queue}`);
  },
  { target: 'value', targetDefault: '100', activation: 'activationValue', int: false },
  'queue',
);

/** Queue-like scalers by trigger type. */
export const QUEUE_SCALERS: Record<string, ScalerPort> = {
  activemq,
  beanstalkd,
  nsq,
  liiklus,
  'redis-streams': redisStreams('redisStreamsScaler'),
  'redis-cluster-streams': redisStreams('redisStreamsScaler'),
  'redis-sentinel-streams': redisStreams('redisStreamsScaler'),
  ibmmq,
  pulsar,
  'gcp-cloudtasks': gcpCloudTasks,
};

export type { PortedMetric };
