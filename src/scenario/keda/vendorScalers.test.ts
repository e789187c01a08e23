/**
 * The last value-like vendor scalers (AWS DynamoDB and its streams, Huawei Cloud Eye, OpenStack
 * metrics, kubernetes-resource, and Azure's App Insights / Data Explorer / Log Analytics): the metric
 * each GetMetricSpecForScaling names, its target and activation, and a refusal each in KEDA's words.
 */
import { describe, expect, it } from 'vitest';
import { convert, ext } from './testing/convert.ts';

const DYNAMO = {
  tableName: 'Jobs',
  awsRegion: 'eu-west-1',
  keyConditionExpression: '#k = :v',
  expressionAttributeNames: '{ "#k": "status" }',
  expressionAttributeValues: '{ ":v": { "S": "queued" } }',
};

describe('vendor scalers: the metric KEDA names, fed as a value', () => {
  it('aws-dynamodb counts the items its query matches: fed as a queue', () => {
    const { out, said } = convert([
      {
        type: 'aws-dynamodb',
        metadata: { ...DYNAMO, targetValue: '3', activationTargetValue: '1' },
        authenticationRef: { name: 'auth' },
      },
    ]);
    expect(said).toEqual([]);
    expect(ext(out)).toEqual({
      name: 's0-aws-dynamodb-Jobs',
      target: { type: 'AverageValue', averageValue: '3' },
    });
    expect(out!.keda.feeds[0]).toMatchObject({ activation: 1, model: 'queue' });
    expect(out!.queueMetrics).toEqual(['s0-aws-dynamodb-Jobs']);
  });

  // [type, metadata, name, target, activation]
  const cases: [string, Record<string, string>, string, unknown, number][] = [
    // shardCount read with strconv; a bad one falls back to 2 (logged, not refused)
    [
      'aws-dynamodb-streams',
      { tableName: 'Jobs', awsRegion: 'eu-west-1', shardCount: 'x', activationShardCount: '1' },
      's0-aws-dynamodb-streams-Jobs',
      { type: 'AverageValue', averageValue: '2' },
      1,
    ],
    [
      'huawei-cloudeye',
      {
        namespace: 'SYS.ELB',
        metricName: 'mb_l7_qps',
        dimensionName: 'lbaas_instance_id',
        dimensionValue: 'x',
        targetMetricValue: '5.5',
        minMetricValue: '2',
      },
      's0-huawei-cloudeye-mb_l7_qps',
      { type: 'AverageValue', averageValue: '5500m' },
      2,
    ],
    [
      'openstack-metric',
      {
        metricsURL: 'http://gnocchi:8041/v1/metric',
        metricID: '003bb589-166d-439d-8c31-cbf098d863de',
        aggregationMethod: 'mean',
        granularity: '300',
        threshold: '1250',
      },
      's0-openstack-metric-003bb589-166d-439d-8c31-cbf098d863de',
      { type: 'AverageValue', averageValue: '1250' },
      0,
    ],
    [
      'kubernetes-resource',
      { resourceKind: 'ConfigMap', resourceName: 'queue', key: 'depth', targetValue: '10' },
      's0-configmap-queue-depth',
      { type: 'AverageValue', averageValue: '10' },
      0,
    ],
    [
      'azure-app-insights',
      {
        metricId: 'requests/count',
        metricAggregationTimespan: '0:1',
        metricAggregationType: 'avg',
        applicationInsightsId: 'app',
        tenantId: 't',
        targetValue: '2.5',
        activationTargetValue: '1',
      },
      's0-azure-app-insights-requests-count',
      { type: 'AverageValue', averageValue: '2500m' },
      1,
    ],
    [
      'azure-data-explorer',
      { databaseName: 'db.1', endpoint: 'https://adx', query: 'q', threshold: '4' },
      's0-azure-data-explorer-db-1',
      { type: 'AverageValue', averageValue: '4' },
      0,
    ],
    [
      'azure-log-analytics',
      { workspaceId: 'ws-1', query: 'q', threshold: '7', activationThreshold: '0.5' },
      's0-azure-log-analytics-ws-1',
      { type: 'AverageValue', averageValue: '7' },
      0.5,
    ],
  ];
  for (const [type, metadata, name, target, activation] of cases) {
    it(`${type} → ${name}`, () => {
      const { out, said } = convert([{ type, metadata, authenticationRef: { name: 'auth' } }]);
      expect(said).toEqual([]);
      expect(ext(out)).toEqual({ name, target });
      expect(out!.keda.feeds[0]).toMatchObject({ activation, model: 'value' });
      expect(out!.queueMetrics).toEqual([]);
    });
  }

  it("refuses what KEDA refuses, in KEDA's words, at the key", () => {
    const bad = (type: string, metadata: Record<string, string>, authenticated = true) =>
      convert([{ type, metadata, ...(authenticated ? { authenticationRef: { name: 'a' } } : {}) }])
        .said[0];
    expect(bad('aws-dynamodb', DYNAMO)).toEqual({
      path: 'spec.triggers.0.metadata',
      message: 'error parsing DynamoDb metadata: no targetValue given',
    });
    expect(
      bad('aws-dynamodb', { ...DYNAMO, expressionAttributeNames: '{}', targetValue: '1' }),
    ).toEqual({
      path: 'spec.triggers.0.metadata.expressionAttributeNames',
      message: 'error parsing DynamoDb metadata: error parsing expressionAttributeNames: empty map',
    });
    expect(bad('aws-dynamodb-streams', { awsRegion: 'r' })!.message).toContain(
      'missing required parameter "tableName" in [triggerMetadata]',
    );
    expect(
      bad(
        'huawei-cloudeye',
        {
          namespace: 'n',
          metricName: 'm',
          dimensionName: 'd',
          dimensionValue: 'v',
          targetMetricValue: '1',
        },
        false,
      )!.message,
    ).toContain('missing required parameter "IdentityEndpoint" in [authParams]');
    expect(
      bad(
        'openstack-metric',
        { metricsURL: 'u', metricID: 'i', aggregationMethod: 'mean', granularity: '300' },
        false,
      ),
    ).toEqual({
      path: 'spec.triggers.0.metadata',
      message:
        "error parsing openstack metric authentication metadata: authURL doesn't exist in the authParams",
    });
    expect(
      bad('kubernetes-resource', {
        resourceKind: 'Secret',
        resourceName: 'r',
        key: 'k',
        format: 'json',
        targetValue: '1',
      }),
    ).toEqual({
      path: 'spec.triggers.0.metadata.format',
      message:
        'error parsing kubernetes resource metadata: error parsing kubernetes resource metadata: valueLocation is required for json format',
    });
    expect(
      bad('azure-app-insights', {
        metricId: 'm',
        metricAggregationTimespan: '1h',
        metricAggregationType: 'avg',
        applicationInsightsId: 'a',
        tenantId: 't',
        targetValue: '1',
      })!.path,
    ).toBe('spec.triggers.0.metadata.metricAggregationTimespan');
    expect(
      bad('azure-data-explorer', { databaseName: 'd', endpoint: 'e', query: 'q', threshold: 'x' })!
        .message,
    ).toContain("can't parse threshold. Inner Error: strconv.ParseFloat");
    expect(
      bad('azure-log-analytics', { workspaceId: 'w', query: 'q', threshold: '1' }, false),
    ).toEqual({
      path: 'spec.triggers.0.metadata',
      message:
        'error parsing azure loganalytics metadata: error parsing metadata. Details: clientSecret was not found in metadata. Check your ScaledObject configuration',
    });
  });
});
