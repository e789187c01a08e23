/**
 * KEDA's Azure query scalers (Application Insights, Data Explorer, Log Analytics): the default
 * world feeds each a value proportional to traffic. Read from kedacore/keda v2.20
 * pkg/scalers/azure_<name>_scaler.go: the typed metadata (or getParameterFromConfig), Validate,
 * the pod-identity checks, GetMetricSpecForScaling and the activity test.
 */
import type { ScalerParams } from './scalerParams.ts';
import { normalizeString, type ScalerPort } from './scalerPort.ts';
import { auth, parseFloat64, valueMetric } from './vendorScalers.ts';

/** pkg/scalers/azure AzureClouds / AppInsightsResourceURLInCloud keys, and PrivateCloud. */
const AZURE_CLOUDS = ['AZUREPUBLICCLOUD', 'AZURECHINACLOUD', 'AZUREUSGOVERNMENTCLOUD'];

// upstream: azure_app_insights_scaler.go azureAppInsightsMetadata.Validate,
// parseAzureAppInsightsMetadata, parsePodIdentityParams, GetMetricSpecForScaling
const azureAppInsights: ScalerPort = {
  goType: 'azureAppInsightsScaler',
  file: 'pkg/scalers/azure_app_insights_scaler.go',
  label: 'error parsing azure app insights metadata: error parsing azure app insights metadata',
  parse: (p) => {
    const target = p.float('targetValue', { default: '0' });
    const activation = p.float('activationTargetValue', { default: '0' });
    const metric = p.string('metricId');
    const span = p.string('metricAggregationTimespan');
    p.string('metricAggregationType');
    const everywhere = 'triggerMetadata authParams resolvedEnv';
    auth(p, 'applicationInsightsId', everywhere);
    auth(p, 'tenantId', everywhere);
    if (!p.ok || target === null || activation === null || metric === null || span === null)
      return null;
    if (span.split(':').length !== 2)
      return p.fail(
        'metricAggregationTimespan',
        'metricAggregationTimespan not in the correct format. Should be hh:mm',
      );
    p.label = 'error parsing azure app insights metadata';
    if (target === 0) return p.fail('targetValue', 'no targetValue given');
    const cloud = p.string('cloud', { optional: true });
    if (cloud !== null) {
      if (cloud.toLowerCase() === 'private') {
        if (p.string('appInsightsResourceURL', { optional: true }) === null)
          return p.fail('cloud', 'appInsightsResourceURL must be provided for Private cloud type');
      } else if (!AZURE_CLOUDS.includes(cloud.toUpperCase()))
        return p.fail('cloud', `there is no cloud environment matching the name ${cloud}`);
    }
    // Without a TriggerAuthentication (and so no pod identity) the client id and secret are needed.
    if (!p.authenticated) {
      const id = p.string('activeDirectoryClientId', { optional: true });
      if (id === null && p.fromEnv('activeDirectoryClientId') === null)
        return p.fail(null, 'no activeDirectoryClientId given');
      if (p.fromEnv('activeDirectoryClientPassword') === null)
        return p.fail(null, 'no activeDirectoryClientPassword given');
    }
    return valueMetric(
      normalizeString(`azure-app-insights-${metric}`),
      target,
      'targetValue',
      activation,
      'activationTargetValue',
    );
  },
};

/** getParameterFromConfig: the metadata, its `…FromEnv`, or (checkAuth) the authentication. */
function fromConfig(p: ScalerParams, name: string, checkAuth: boolean): string | null {
  const v = p.string(name, { optional: true });
  if (v !== null) return v;
  const env = p.fromEnv(name);
  if (env !== null) return `<${env}>`;
  if (checkAuth && p.authenticated) return `<${name} of the authentication>`;
  return p.fail(
    null,
    `error parsing metadata. Details: ${name} was not found in metadata. Check your ScaledObject configuration`,
  );
}

// upstream: azure_data_explorer_scaler.go parseAzureDataExplorerMetadata,
// parseAzureDataExplorerAuthParams, GetMetricSpecForScaling
const azureDataExplorer: ScalerPort = {
  goType: 'azureDataExplorerScaler',
  file: 'pkg/scalers/azure_data_explorer_scaler.go',
  label: 'failed to parse azure data explorer metadata',
  parse: (p) => {
    if (!p.authenticated) {
      if (fromConfig(p, 'tenantId', true) === null) return null;
      if (fromConfig(p, 'clientId', true) === null) return null;
      if (p.fromEnv('clientSecret') === null)
        return p.fail(
          null,
          'error parsing metadata. Details: clientSecret was not found in metadata. Check your ScaledObject configuration',
        );
    }
    const db = fromConfig(p, 'databaseName', false);
    if (db === null || fromConfig(p, 'endpoint', false) === null) return null;
    if (fromConfig(p, 'query', false) === null) return null;
    const number = (key: string): number | null => {
      const v = p.string(key, { optional: true });
      if (v === null) return 0;
      const n = parseFloat64(v);
      return n !== null
        ? n
        : p.fail(
            key,
            `error parsing metadata. Details: can't parse ${key}. Inner Error: strconv.ParseFloat: parsing "${v}": invalid syntax`,
          );
    };
    const threshold = number('threshold');
    const activation = threshold === null ? null : number('activationThreshold');
    if (threshold === null || activation === null) return null;
    return valueMetric(
      normalizeString(`azure-data-explorer-${db}`),
      threshold,
      'threshold',
      activation,
      'activationThreshold',
    );
  },
};

// upstream: azure_log_analytics_scaler.go azureLogAnalyticsMetadata.Validate,
// parseAzureLogAnalyticsMetadata, GetMetricSpecForScaling
const azureLogAnalytics: ScalerPort = {
  goType: 'azureLogAnalyticsScaler',
  file: 'pkg/scalers/azure_log_analytics_scaler.go',
  label: 'error parsing azure loganalytics metadata',
  parse: (p) => {
    const workspace = auth(p, 'workspaceId', 'authParams triggerMetadata resolvedEnv');
    const workspaceEnv = p.fromEnv('workspaceId');
    p.string('query');
    const threshold = p.float('threshold');
    const activation = p.float('activationThreshold', { default: '0' });
    const cloud = p.string('cloud', { default: 'azurePublicCloud' }) ?? 'azurePublicCloud';
    if (!p.ok || threshold === null || activation === null) return null;
    let missing: string | null = null;
    if (!p.authenticated)
      for (const k of ['tenantId', 'clientId', 'clientSecret'])
        if (p.string(k, { optional: true }) === null && p.fromEnv(k) === null) missing = k;
    if (cloud.toLowerCase() === 'private') {
      if (p.string('logAnalyticsResourceURL', { optional: true }) === null)
        return p.fail('cloud', 'logAnalyticsResourceURL must be provided for Private cloud type');
    } else if (!AZURE_CLOUDS.includes(cloud.toUpperCase()))
      return p.fail('cloud', `there is no cloud environment matching the name ${cloud}`);
    if (missing !== null)
      return p.fail(
        null,
        `error parsing metadata. Details: ${missing} was not found in metadata. Check your ScaledObject configuration`,
      );
    const ws =
      workspace ?? (workspaceEnv ? `<${workspaceEnv}>` : '<workspaceId of the authentication>');
    return valueMetric(
      normalizeString(`azure-log-analytics-${ws}`),
      threshold,
      'threshold',
      activation,
      'activationThreshold',
    );
  },
};

/** Azure's query scalers by trigger type. */
export const AZURE_SCALERS: Record<string, ScalerPort> = {
  'azure-app-insights': azureAppInsights,
  'azure-data-explorer': azureDataExplorer,
  'azure-log-analytics': azureLogAnalytics,
};
