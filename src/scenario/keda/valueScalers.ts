/**
 * KEDA's value-like scalers beyond the first ports (a query result, a metric, a session count):
 * the default world feeds each a value proportional to traffic. Read from kedacore/keda v2.20
 * pkg/scalers/<name>_scaler.go: the typed metadata, its Validate, the checks the parse function
 * adds, GetMetricSpecForScaling and the activity test in GetMetricsAndActivity.
 */
import type { ScalerParams } from './scalerParams.ts';
import { normalizeString, simple, type ScalerPort } from './scalerPort.ts';

/** A parameter an authenticationRef may hold instead (order=authParams;…): required only without one. */
const auth = (p: ScalerParams, name: string, order = 'authParams') =>
  p.string(name, p.authenticated ? { optional: true } : { order });

/** A value (or its `…FromEnv` name, shown `<ENV>`), or '' when absent. */
const textOrEnv = (p: ScalerParams, name: string): string => {
  const v = p.string(name, { optional: true });
  if (v !== null) return v;
  const env = p.fromEnv(name);
  return env === null ? '' : `<${env}>`;
};

/** The "target read, then refused at 0" the SQL-like scalers add after the typed config. */
function nonZeroTarget(port: ScalerPort, message: string): ScalerPort {
  return {
    ...port,
    parse: (p, ctx) => {
      const metric = port.parse(p, ctx);
      if (metric && metric.target === 0) return p.fail(metric.targetKey, message);
      return metric;
    },
  };
}

// upstream: elasticsearch_scaler.go elasticsearchMetadata.Validate, parseElasticsearchMetadata
const elasticsearch = simple(
  'elasticsearchScaler',
  'pkg/scalers/elasticsearch_scaler.go',
  (p) => {
    p.string('index', p.authenticated ? { optional: true } : {});
    p.string('valueLocation', p.authenticated ? { optional: true } : {});
    const has = (k: string) => p.string(k, { optional: true }) !== null || p.fromEnv(k) !== null;
    const [cloud, key, addresses, user, pass] = [
      has('cloudID'),
      has('apiKey'),
      has('addresses'),
      has('username'),
      has('password'),
    ];
    if (!p.authenticated) {
      if ((cloud || key) && (addresses || user || pass))
        return p.fail(null, "can't provide both cloud config and endpoint addresses");
      if (!cloud && !key && !addresses && !user && !pass)
        return p.fail(null, 'must provide either cloud config or endpoint addresses');
      if (cloud !== key)
        return p.fail(
          null,
          'both cloudID and apiKey must be provided when cloudID or apiKey is used',
        );
      if (addresses && (!user || !pass))
        return p.fail(null, 'both username and password must be provided when addresses is used');
    }
    const template = p.string('searchTemplateName', { optional: true });
    const query = p.string('query', { optional: true });
    if (template === null && query === null)
      return p.fail(null, 'either searchTemplateName or query must be provided');
    if (template !== null && query !== null)
      return p.fail('query', 'cannot provide both searchTemplateName and query');
    return template !== null ? normalizeString(`elasticsearch-${template}`) : 'elasticsearch-query';
  },
  { target: 'targetValue', activation: 'activationTargetValue', int: false },
  'value',
);

// upstream: graphite_scaler.go graphiteMetadata.Validate, GetMetricSpecForScaling
const graphite = simple(
  'graphiteScaler',
  'pkg/scalers/graphite_scaler.go',
  (p) => {
    p.string('serverAddress');
    p.string('query');
    p.string('queryTime');
    const mode = p.string('authMode', { optional: true });
    if (mode !== null && mode !== 'basic') return p.fail('authMode', "authMode must be 'basic'");
    return 'graphite';
  },
  { target: 'threshold', targetDefault: '100', activation: 'activationThreshold', int: false },
  'value',
);

// upstream: selenium_grid_scaler.go parseSeleniumGridScalerMetadata (TargetValue is always 1),
// GetMetricSpecForScaling
const seleniumGrid: ScalerPort = {
  goType: 'seleniumGridScaler',
  file: 'pkg/scalers/selenium_grid_scaler.go',
  parse: (p) => {
    auth(p, 'url', 'authParams triggerMetadata');
    const browser = p.string('browserName', { optional: true }) ?? '';
    const version = p.string('browserVersion', { optional: true }) ?? '';
    const platform = p.string('platformName', { optional: true }) ?? '';
    const activation = p.int('activationThreshold', { default: '0' });
    p.int('nodeMaxSessions', { default: '1' });
    if (!p.ok || activation === null) return null;
    return {
      name: normalizeString(`selenium-grid-${browser}-${version}-${platform}`),
      target: 1,
      milli: false,
      targetKey: 'browserName',
      activation,
      activationKey: 'activationThreshold',
      model: 'value',
    };
  },
};

// upstream: mssql_scaler.go mssqlMetadata.Validate, parseMSSQLMetadata
const mssql = nonZeroTarget(
  simple(
    'mssqlScaler',
    'pkg/scalers/mssql_scaler.go',
    (p) => {
      p.string('query');
      const conn = textOrEnv(p, 'connectionString');
      const host = p.string('host', { optional: true });
      if (!p.authenticated && conn === '' && host === null)
        return p.fail(null, 'must provide either connectionstring or host');
      return 'mssql';
    },
    { target: 'targetValue', activation: 'activationTargetValue', int: false },
    'value',
  ),
  'no targetValue given',
);

// upstream: mysql_scaler.go parseMySQLMetadata, parseMySQLDbNameFromConnectionStr
const mysql = simple(
  'mySQLScaler',
  'pkg/scalers/mysql_scaler.go',
  (p) => {
    p.string('query');
    const conn = textOrEnv(p, 'connectionString');
    const dbName = p.string('dbName', { optional: true });
    // A connection string in the authentication names a database the text does not show.
    const db =
      conn !== ''
        ? conn.split('/').at(-1)!
        : (dbName ?? (p.authenticated ? '<dbName of the authentication>' : ''));
    return normalizeString(`mysql-${db}`);
  },
  { target: 'queryValue', activation: 'activationQueryValue', int: false },
  'value',
);

// upstream: cassandra_scaler.go cassandraMetadata.Validate, GetMetricSpecForScaling
const cassandra = simple(
  'cassandraScaler',
  'pkg/scalers/cassandra_scaler.go',
  (p) => {
    p.string('username');
    auth(p, 'password');
    const address = p.string('clusterIPAddress');
    const port = p.int('port', { optional: true });
    const keyspace = p.string('keyspace');
    p.string('query');
    p.int('protocolVersion', { default: '4' });
    if (!p.ok || address === null || keyspace === null) return null;
    const parts = address.split(':');
    const portInAddress = parts.length === 2 && /^[+-]?\d+$/.test(parts[1]!);
    if (!portInAddress && !port) return p.fail('clusterIPAddress', 'no port given');
    return normalizeString(`cassandra-${keyspace}`);
  },
  { target: 'targetQueryValue', activation: 'activationTargetQueryValue', int: true },
  'value',
);

// upstream: couchdb_scaler.go couchDBMetadata.Validate, parseCouchDBMetadata, and
// GetMetricSpecForScaling's name (KEDA spells it "coucdb")
const couchdb = nonZeroTarget(
  simple(
    'couchDBScaler',
    'pkg/scalers/couchdb_scaler.go',
    (p) => {
      const conn = textOrEnv(p, 'connectionString');
      const db = p.string('dbName', { optional: true });
      if (conn === '' && !p.authenticated)
        for (const k of ['host', 'port', 'username', 'password', 'dbName'])
          if (p.string(k, { optional: true }) === null && p.fromEnv(k) === null)
            return p.fail(null, `no ${k} given`);
      return normalizeString(`coucdb-${db ?? ''}`);
    },
    { target: 'queryValue', targetDefault: '0', activation: 'activationQueryValue', int: true },
    'value',
  ),
  'no queryValue given',
);

// upstream: arangodb_scaler.go parseArangoDBMetadata, GetMetricSpecForScaling
const arangodb = nonZeroTarget(
  simple(
    'arangoDBScaler',
    'pkg/scalers/arangodb_scaler.go',
    (p) => {
      auth(p, 'endpoints', 'authParams triggerMetadata');
      p.string('collection');
      p.string('query');
      // GetFromAuthOrMeta(config, "dbName")
      if (!p.authenticated && p.string('dbName', { optional: true }) === null)
        return p.fail(null, 'no dbName given');
      return 'arangodb';
    },
    { target: 'queryValue', targetDefault: '0', activation: 'activationQueryValue', int: false },
    'value',
  ),
  'no QueryValue given',
);

// upstream: solr_scaler.go parseSolrMetadata, GetMetricSpecForScaling
const solr = nonZeroTarget(
  simple(
    'solrScaler',
    'pkg/scalers/solr_scaler.go',
    (p) => {
      p.string('host');
      p.string('collection');
      auth(p, 'username', 'authParams triggerMetadata');
      auth(p, 'password', 'authParams triggerMetadata');
      return 'solr';
    },
    { target: 'targetQueryValue', activation: 'activationTargetQueryValue', int: false },
    'value',
  ),
  'no targetQueryValue given',
);

// upstream: etcd_scaler.go parseEtcdMetadata (strconv, not the typed config), GetMetricSpecForScaling
const etcd: ScalerPort = {
  goType: 'etcdScaler',
  file: 'pkg/scalers/etcd_scaler.go',
  parse: (p) => {
    const endpoints = p.string('endpoints', { optional: true });
    if (endpoints === null) return p.fail(null, 'endpoints required');
    const key = p.string('watchKey', { optional: true });
    if (key === null) return p.fail(null, 'watchKey required');
    const valueText = p.string('value', { optional: true }) ?? '';
    const value = goParseFloat(valueText);
    if (value === null || value <= 0)
      return p.fail('value', 'value must be a float greater than 0');
    const activationText = p.string('activationValue', { optional: true });
    const activation = activationText === null ? 0 : goParseFloat(activationText);
    if (activation === null) return p.fail('activationValue', 'activationValue must be a float');
    return {
      name: normalizeString(`etcd-${key}`),
      target: value,
      milli: true,
      targetKey: 'value',
      activation,
      activationKey: 'activationValue',
      model: 'value',
    };
  },
};

/**
 * strconv.ParseFloat(s, 64) for plain decimals; out of range is Go's ErrRange. An "inf" Go accepts
 * would make an infinite HPA target, which no quantity can hold: refused here too.
 */
function goParseFloat(s: string): number | null {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

// upstream: dynatrace_scaler.go dynatraceMetadata.Validate, GetMetricSpecForScaling
const dynatrace = simple(
  'dynatraceScaler',
  'pkg/scalers/dynatrace_scaler.go',
  (p) => {
    auth(p, 'host', 'triggerMetadata authParams');
    auth(p, 'token');
    const selector = p.string('metricSelector', { optional: true });
    const query = p.string('query', { optional: true });
    const from = p.string('from', { optional: true });
    if (query === null && selector === null)
      return p.fail(null, "either 'metricSelector' or 'query' must be provided");
    if (query !== null && selector !== null)
      return p.fail(
        'query',
        "'metricSelector' and 'query' are mutually exclusive; only one can be provided",
      );
    if (query !== null && from !== null)
      return p.fail(
        'from',
        "'from' can't be used with query, set time range in the DQL query itself",
      );
    return 'dynatrace';
  },
  { target: 'threshold', activation: 'activationThreshold', int: false },
  'value',
);

/** Value-like scalers by trigger type. */
export const VALUE_SCALERS: Record<string, ScalerPort> = {
  elasticsearch,
  graphite,
  'selenium-grid': seleniumGrid,
  mssql,
  mysql,
  cassandra,
  couchdb,
  arangodb,
  solr,
  etcd,
  dynatrace,
};
