/**
 * KEDA's observability-platform scalers (PredictKube, SolarWinds, Splunk Observability, Sumo
 * Logic): a query's answer, fed by the default world as a value proportional to traffic. Read from
 * kedacore/keda v2.20 pkg/scalers/<name>_scaler.go: the typed metadata, Validate, the checks the
 * parse function adds and GetMetricSpecForScaling.
 */
import { normalizeString, parseRequestURIError, type ScalerPort } from './scalerPort.ts';
import { auth, valueMetric } from './vendorScalers.ts';

/** Go's time.ParseDuration accepts it ("300ms", "1h30m", "0"). */
const isDuration = (text: string) =>
  text === '0' || /^[+-]?((\d+\.?\d*|\.\d+)(ns|us|µs|ms|s|m|h))+$/.test(text);

// upstream: predictkube_scaler.go parsePredictKubeMetadata, GetMetricSpecForScaling
const predictkube: ScalerPort = {
  goType: 'PredictKubeScaler',
  file: 'pkg/scalers/predictkube_scaler.go',
  label: 'error parsing PredictKube metadata: error parsing predictKube metadata',
  parse: (p) => {
    for (const k of [
      'prometheusAddress',
      'query',
      'predictHorizon',
      'queryStep',
      'historyTimeWindow',
    ])
      p.string(k);
    auth(p, 'apiKey');
    const threshold = p.float('threshold', { default: '0' });
    const activation = p.float('activationThreshold', { default: '0' });
    if (!p.ok || threshold === null || activation === null) return null;
    p.label = 'error parsing PredictKube metadata';
    if (threshold === 0) return p.fail('threshold', 'no threshold given');
    // predictKubeMetricPrefix "predictkube_metric"; NormalizeString keeps the underscore.
    return valueMetric(
      'predictkube-predictkube_metric',
      threshold,
      'threshold',
      activation,
      'activationThreshold',
    );
  },
};

// upstream: solarwinds_scaler.go parseSolarWindsMetadata, GetMetricSpecForScaling
const solarwinds: ScalerPort = {
  goType: 'solarWindsScaler',
  file: 'pkg/scalers/solarwinds_scaler.go',
  label: 'error parsing SolarWinds metadata: error parsing solarwinds metadata',
  parse: (p) => {
    const host = p.string('host');
    const target = p.float('targetValue');
    const activation = p.float('activationValue');
    p.string('metricName');
    p.oneOf('aggregation', ['COUNT', 'MIN', 'MAX', 'AVG', 'SUM', 'LAST']);
    p.int('intervalS');
    if (!p.ok || host === null || target === null || activation === null) return null;
    p.label = 'error parsing SolarWinds metadata';
    if (parseRequestURIError(host))
      return p.fail(
        'host',
        "invalid value for host. Must be a valid URL such as 'https://api.na-01.cloud.solarwinds.com'",
      );
    // The metric is named "solarwinds" as is (no NormalizeString).
    return valueMetric('solarwinds', target, 'targetValue', activation, 'activationValue');
  },
};

// upstream: splunk_observability_scaler.go parseSplunkObservabilityMetadata,
// GetMetricSpecForScaling (GetMetricTargetMili(v2.ValueMetricType, …): always a Value target)
const splunkObservability: ScalerPort = {
  goType: 'splunkObservabilityScaler',
  file: 'pkg/scalers/splunk_observability_scaler.go',
  label: 'error parsing Splunk metadata: error parsing splunk observability metadata',
  valueOnly: true,
  parse: (p) => {
    auth(p, 'accessToken');
    auth(p, 'realm');
    p.string('query');
    p.int('duration');
    const target = p.float('targetValue');
    p.string('queryAggregator');
    const activation = p.float('activationTargetValue');
    if (!p.ok || target === null || activation === null) return null;
    return valueMetric('signalfx', target, 'targetValue', activation, 'activationTargetValue');
  },
};

// upstream: sumologic_scaler.go sumologicMetadata.Validate, parseSumoMetadata,
// parseMultiMetricsQueries, GetMetricSpecForScaling
const sumologic: ScalerPort = {
  goType: 'sumologicScaler',
  file: 'pkg/scalers/sumologic_scaler.go',
  label: 'error parsing metadata',
  parse: (p) => {
    const queries: Record<string, string> = {};
    for (const [key, value] of Object.entries(p.metadata)) {
      if (!key.startsWith('query.')) continue;
      const row = key.slice('query.'.length);
      if (row === '')
        return p.fail(key, `malformed metadata, unable to parse rowID from key: ${key}`);
      if (String(value) === '')
        return p.fail(null, `malformed metadata, invalid value for key: ${key}`);
      queries[row] = String(value);
    }
    p.label = 'error parsing metadata: error parsing metadata';
    auth(p, 'accessID');
    auth(p, 'accessKey');
    p.string('host');
    const type = p.oneOf('queryType', ['logs', 'metrics']);
    const query = p.string('query', { optional: true });
    const row = p.string('resultQueryRowID', { optional: true });
    p.oneOf('rollup', ['Avg', 'Sum', 'Count', 'Min', 'Max'], { default: 'Avg' });
    const resultField = p.string('resultField', { optional: true });
    const timerange = p.string('timerange');
    p.oneOf('queryAggregator', ['Latest', 'Avg', 'Sum', 'Count', 'Min', 'Max'], {
      default: 'Avg',
    });
    const activation = p.float('activationThreshold', { default: '0' });
    const threshold = p.float('threshold');
    const quantization = p.string('quantization', { optional: true });
    if (!p.ok || type === null || timerange === null || threshold === null || activation === null)
      return null;
    for (const [key, v] of [
      ['timerange', timerange],
      ['quantization', quantization],
    ] as const)
      if (v !== null && !isDuration(v))
        return p.fail(
          key,
          `unable to set param "${key}" value "${v}": time: invalid duration "${v}"`,
        );
    const rows = Object.keys(queries);
    if (type === 'logs') {
      if (query === null) return p.fail(null, 'missing required metadata: query');
      if (rows.length > 0)
        return p.fail(null, 'invalid metadata, query.<RowId> not supported for logs queryType');
      if (resultField === null)
        return p.fail(null, 'missing required metadata: resultField (required for logs queryType)');
    } else {
      if (query === null && rows.length === 0)
        return p.fail(
          null,
          'missing metadata: either of query or query.<RowId> must be defined for metrics queryType',
        );
      if (query !== null && rows.length > 0)
        return p.fail(
          'query',
          'invalid metadata: only one of query or query.<RowId> must be defined for metrics queryType',
        );
      if (rows.length > 0) {
        if (row === null)
          return p.fail(
            null,
            'missing required metadata: resultQueryRowID for multi-metrics query',
          );
        if (!rows.includes(row))
          return p.fail('resultQueryRowID', `resultQueryRowID '${row}' not found in queries`);
      }
      if (quantization === null || /^[+-]?0+(\.0*)?[a-zµ]*$/.test(quantization))
        return p.fail(null, 'missing required metadata: quantization for metrics queryType');
    }
    return valueMetric(
      normalizeString(`sumologic-${type}`),
      threshold,
      'threshold',
      activation,
      'activationThreshold',
    );
  },
};

/** Observability-platform scalers by trigger type. */
export const OBSERVABILITY_SCALERS: Record<string, ScalerPort> = {
  predictkube,
  solarwinds,
  'splunk-observability': splunkObservability,
  sumologic,
};
