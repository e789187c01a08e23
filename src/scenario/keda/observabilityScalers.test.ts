/**
 * The observability-platform scalers (predictkube, solarwinds, splunk-observability, sumologic):
 * the metric each GetMetricSpecForScaling names, its target (splunk-observability's is always a
 * Value), its activation, and a refusal each in KEDA's words at the key.
 */
import { describe, expect, it } from 'vitest';
import { convert, ext } from './testing/convert.ts';

const SUMO = { host: 'https://api.sumologic.com', queryType: 'logs', timerange: '5m' };

describe('observability scalers: the metric KEDA names, fed as a value', () => {
  // [type, metadata, name, target, activation]
  const cases: [string, Record<string, string>, string, unknown, number][] = [
    [
      'predictkube',
      {
        prometheusAddress: 'http://prometheus:9090',
        query: 'sum(rate(http_requests_total[2m]))',
        predictHorizon: '2h',
        queryStep: '2m',
        historyTimeWindow: '7d',
        threshold: '2000',
      },
      's0-predictkube-predictkube_metric',
      { type: 'AverageValue', averageValue: '2000' },
      0,
    ],
    [
      'solarwinds',
      {
        host: 'https://api.na-01.cloud.solarwinds.com',
        targetValue: '12',
        activationValue: '3',
        metricName: 'composite.custom.queue',
        aggregation: 'AVG',
        intervalS: '60',
      },
      's0-solarwinds',
      { type: 'AverageValue', averageValue: '12' },
      3,
    ],
    // GetMetricTargetMili(v2.ValueMetricType, …): a Value target though metricType is unset
    [
      'splunk-observability',
      {
        query: "data('demo.trans.latency').max().publish()",
        duration: '10',
        targetValue: '400.1',
        queryAggregator: 'max',
        activationTargetValue: '1.1',
      },
      's0-signalfx',
      { type: 'Value', value: '400100m' },
      1.1,
    ],
    [
      'sumologic',
      { ...SUMO, query: '_view=x | count', resultField: '_count', threshold: '100' },
      's0-sumologic-logs',
      { type: 'AverageValue', averageValue: '100' },
      0,
    ],
    [
      'sumologic',
      {
        ...SUMO,
        queryType: 'metrics',
        'query.A': 'metric=cpu',
        'query.B': 'metric=mem',
        resultQueryRowID: 'B',
        quantization: '1m',
        threshold: '0.5',
        activationThreshold: '0.1',
      },
      's0-sumologic-metrics',
      { type: 'AverageValue', averageValue: '500m' },
      0.1,
    ],
  ];
  for (const [type, metadata, name, target, activation] of cases) {
    it(`${type} → ${name}`, () => {
      const { out, said } = convert([{ type, metadata, authenticationRef: { name: 'auth' } }]);
      expect(said).toEqual([]);
      expect(ext(out)).toEqual({ name, target });
      expect(out!.keda.feeds[0]).toMatchObject({ activation, model: 'value' });
    });
  }

  it("refuses what KEDA refuses, in KEDA's words, at the key", () => {
    const bad = (type: string, metadata: Record<string, string>, authenticated = true) =>
      convert([{ type, metadata, ...(authenticated ? { authenticationRef: { name: 'a' } } : {}) }])
        .said[0];
    expect(
      bad('predictkube', {
        prometheusAddress: 'p',
        query: 'q',
        predictHorizon: '2h',
        queryStep: '2m',
        historyTimeWindow: '7d',
      }),
    ).toEqual({
      path: 'spec.triggers.0.metadata',
      message: 'error parsing PredictKube metadata: no threshold given',
    });
    expect(
      bad('solarwinds', {
        host: 'not a url',
        targetValue: '1',
        activationValue: '0',
        metricName: 'm',
        aggregation: 'AVG',
        intervalS: '60',
      }),
    ).toEqual({
      path: 'spec.triggers.0.metadata.host',
      message:
        "error parsing SolarWinds metadata: invalid value for host. Must be a valid URL such as 'https://api.na-01.cloud.solarwinds.com'",
    });
    expect(
      bad(
        'splunk-observability',
        {
          query: 'q',
          duration: '10',
          targetValue: '1',
          queryAggregator: 'max',
          activationTargetValue: '0',
        },
        false,
      )!.message,
    ).toBe(
      'error parsing Splunk metadata: error parsing splunk observability metadata: missing required parameter "accessToken" in [authParams]',
    );
    expect(bad('sumologic', { ...SUMO, threshold: '1', resultField: 'r' })).toEqual({
      path: 'spec.triggers.0.metadata',
      message: 'error parsing metadata: error parsing metadata: missing required metadata: query',
    });
    expect(
      bad('sumologic', { ...SUMO, queryType: 'metrics', query: 'q', threshold: '1' })!.message,
    ).toContain('missing required metadata: quantization for metrics queryType');
  });
});
