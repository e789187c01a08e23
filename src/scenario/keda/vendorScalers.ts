/**
 * KEDA's last value-like scalers, each a vendor's query or metric API (AWS DynamoDB, Huawei Cloud Eye, OpenStack metrics) and a
 * number kept in a ConfigMap or Secret: the default world feeds each a value proportional
 * to traffic. Read from kedacore/keda v2.20 pkg/scalers/<name>_scaler.go: the typed metadata, its
 * Validate, the checks the parse function adds, GetMetricSpecForScaling and the activity test.
 * aws-dynamodb's count of matching items is fed as a queue (work waiting), the rest as values.
 */
import type { ScalerParams } from './scalerParams.ts';
import { normalizeString, type PortedMetric, type ScalerPort } from './scalerPort.ts';

/** A parameter an authenticationRef may hold instead: required only without one. */
export const auth = (p: ScalerParams, name: string, order = 'authParams') =>
  p.string(name, p.authenticated ? { optional: true } : { order });

/** A value-model metric read with GetMetricTargetMili (a float target). */
export const valueMetric = (
  name: string,
  target: number,
  targetKey: string,
  activation: number,
  activationKey: string | null,
): PortedMetric => ({
  name,
  target,
  milli: true,
  targetKey,
  activation,
  activationKey,
  model: 'value',
});

/** Go's strconv.ParseFloat verdict: the number, or null when Go refuses the text. */
export function parseFloat64(text: string): number | null {
  if (/^[+-]?(inf|infinity|nan)$/i.test(text)) return null;
  if (!/^[+-]?(\d+(_\d+)*\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return null;
  return Number(text.replace(/_/g, ''));
}

// upstream: aws_dynamodb_scaler.go parseAwsDynamoDBMetadata, json2Map, GetMetricSpecForScaling
const awsDynamoDB: ScalerPort = {
  goType: 'awsDynamoDBScaler',
  file: 'pkg/scalers/aws_dynamodb_scaler.go',
  label: 'error parsing DynamoDb metadata: error parsing DynamoDb metadata',
  parse: (p) => {
    const table = p.string('tableName');
    auth(p, 'awsRegion', 'triggerMetadata authParams');
    p.string('keyConditionExpression');
    const names = p.string('expressionAttributeNames');
    const values = p.string('expressionAttributeValues');
    const target = p.int('targetValue', { default: '-1' });
    const activation = p.int('activationTargetValue', { default: '0' });
    if (!p.ok || table === null || names === null || values === null) return null;
    if (target === null || activation === null) return null;
    p.label = 'error parsing DynamoDb metadata';
    let parsedNames: unknown = null;
    try {
      parsedNames = JSON.parse(names);
    } catch {
      return p.fail(
        'expressionAttributeNames',
        'error parsing expressionAttributeNames: invalid expressionAttributeNames',
      );
    }
    if (typeof parsedNames !== 'object' || parsedNames === null || Array.isArray(parsedNames))
      return p.fail(
        'expressionAttributeNames',
        'error parsing expressionAttributeNames: invalid expressionAttributeNames',
      );
    if (Object.keys(parsedNames).length === 0)
      return p.fail(
        'expressionAttributeNames',
        'error parsing expressionAttributeNames: empty map',
      );
    try {
      JSON.parse(values);
    } catch (e) {
      return p.fail(
        'expressionAttributeValues',
        `error parsing expressionAttributeValues: ${(e as Error).message}`,
      );
    }
    // targetValue stays -1 when not given: the scaler refuses it (it is no metric source here).
    if (target === -1) return p.fail(null, 'no targetValue given');
    return {
      name: normalizeString(`aws-dynamodb-${table}`),
      target,
      milli: false,
      targetKey: 'targetValue',
      activation,
      activationKey: 'activationTargetValue',
      // The query counts the items it matches (KEDA: "the records count"): a backlog of work.
      model: 'queue',
    };
  },
};

// upstream: aws_dynamodb_streams_scaler.go parseAwsDynamoDBStreamsMetadata, GetMetricSpecForScaling
const awsDynamoDBStreams: ScalerPort = {
  goType: 'awsDynamoDBStreamsScaler',
  file: 'pkg/scalers/aws_dynamodb_streams_scaler.go',
  label: 'error parsing dynamodb stream metadata: error parsing prometheus metadata',
  parse: (p) => {
    const table = p.string('tableName');
    p.string('awsRegion');
    if (!p.ok || table === null) return null;
    // shardCount and activationShardCount go through strconv.ParseInt; a bad one is logged and
    // the default (2, 0) used, never refused.
    const int = (key: string, fallback: number) => {
      const v = p.string(key, { optional: true });
      return v !== null && /^[+-]?\d+$/.test(v) ? Number(v) : fallback;
    };
    return {
      name: normalizeString(`aws-dynamodb-streams-${table}`),
      target: int('shardCount', 2),
      milli: false,
      targetKey: 'shardCount',
      activation: int('activationShardCount', 0),
      activationKey: 'activationShardCount',
      model: 'value',
    };
  },
};

const HUAWEI_AUTH = ['IdentityEndpoint', 'ProjectID', 'DomainID', 'Region', 'Domain'];

// upstream: huawei_cloudeye_scaler.go huaweiCloudeyeMetadata.Validate, parseHuaweiCloudeyeMetadata,
// GetMetricSpecForScaling
const huaweiCloudeye: ScalerPort = {
  goType: 'huaweiCloudeyeScaler',
  file: 'pkg/scalers/huawei_cloudeye_scaler.go',
  label: 'error parsing Cloudeye metadata: error parsing huawei cloudeye metadata',
  parse: (p) => {
    p.string('namespace');
    const metric = p.string('metricName');
    p.string('dimensionName');
    p.string('dimensionValue');
    const target = p.float('targetMetricValue');
    let activation = p.float('activationTargetMetricValue', { default: '0' });
    const min = p.float('minMetricValue', { optional: true });
    p.int('metricCollectionTime', { default: '300' });
    p.oneOf('metricFilter', ['average', 'max', 'min', 'sum'], { default: 'average' });
    for (const k of [...HUAWEI_AUTH, 'AccessKey', 'SecretKey']) auth(p, k);
    if (!p.ok || metric === null || target === null || activation === null) return null;
    // Validate: the deprecated minMetricValue is the activation when none is given.
    let activationKey = 'activationTargetMetricValue';
    if (min !== null && min !== 0 && activation === 0)
      [activation, activationKey] = [min, 'minMetricValue'];
    return valueMetric(
      normalizeString(`huawei-cloudeye-${metric}`),
      target,
      'targetMetricValue',
      activation,
      activationKey,
    );
  },
};

// upstream: openstack_metrics_scaler.go parseOpenstackMetricMetadata,
// parseOpenstackMetricAuthenticationMetadata, GetMetricSpecForScaling
const openstackMetric: ScalerPort = {
  goType: 'openstackMetricScaler',
  file: 'pkg/scalers/openstack_metrics_scaler.go',
  label: 'error parsing openstack Metric metadata: error parsing openstack metric metadata',
  parse: (p) => {
    p.string('metricsURL');
    const id = p.string('metricID');
    p.string('aggregationMethod');
    p.int('granularity');
    const threshold = p.float('threshold', { default: '0' });
    const activation = p.float('activationThreshold', { default: '0' });
    p.int('timeout', { default: '30' });
    if (!p.ok || id === null || threshold === null || activation === null) return null;
    if (!p.authenticated) {
      p.label = 'error parsing openstack metric authentication metadata';
      return p.fail(null, "authURL doesn't exist in the authParams");
    }
    return valueMetric(
      normalizeString(`openstack-metric-${id}`),
      threshold,
      'threshold',
      activation,
      'activationThreshold',
    );
  },
};

// upstream: kubernetes_resource_scaler.go kubernetesResourceMetadata.Validate,
// parseKubernetesResourceMetadata, GetMetricSpecForScaling (a number in a ConfigMap or Secret key)
const kubernetesResource: ScalerPort = {
  goType: 'kubernetesResourceScaler',
  file: 'pkg/scalers/kubernetes_resource_scaler.go',
  label: 'error parsing kubernetes resource metadata: error parsing kubernetes resource metadata',
  parse: (p) => {
    const kind = p.oneOf('resourceKind', ['ConfigMap', 'Secret']);
    const name = p.string('resourceName');
    const key = p.string('key');
    const format = p.oneOf('format', ['number', 'json', 'yaml'], { default: 'number' });
    const location = p.string('valueLocation', { optional: true });
    p.oneOf('valueType', ['float64', 'int64', 'quantity'], { default: 'float64' });
    const target = p.float('targetValue');
    const activation = p.float('activationTargetValue', { default: '0' });
    if (!p.ok || kind === null || name === null || key === null || format === null) return null;
    if (target === null || activation === null) return null;
    if (target <= 0) return p.fail('targetValue', 'targetValue must be a float greater than 0');
    if (format === 'number' && location !== null)
      return p.fail('valueLocation', 'valueLocation is only supported with json or yaml format');
    if (format !== 'number' && location === null)
      return p.fail('format', `valueLocation is required for ${format} format`);
    return valueMetric(
      normalizeString(`${kind.toLowerCase()}-${name}-${key}`),
      target,
      'targetValue',
      activation,
      'activationTargetValue',
    );
  },
};

/** Vendor query and metric scalers by trigger type. */
export const VENDOR_SCALERS: Record<string, ScalerPort> = {
  'aws-dynamodb': awsDynamoDB,
  'aws-dynamodb-streams': awsDynamoDBStreams,
  'huawei-cloudeye': huaweiCloudeye,
  'kubernetes-resource': kubernetesResource,
  'openstack-metric': openstackMetric,
};
