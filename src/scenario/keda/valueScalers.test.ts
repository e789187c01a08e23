/**
 * The value-like scalers' metric names, targets and activations, written from each scaler's Go
 * code (kedacore/keda pkg/scalers/<name>_scaler.go GetMetricSpecForScaling, its typed metadata and
 * Validate); refusals in KEDA's words at the metadata key.
 */
import { describe, expect, it } from 'vitest';
import { convert, ext } from './testing/convert.ts';

describe('value-like scalers: the metric KEDA names, fed as a value', () => {
  // [type, metadata, name, target, activation]
  const cases: [string, Record<string, string>, string, unknown, number][] = [
    [
      'elasticsearch',
      {
        addresses: 'http://es:9200',
        username: 'u',
        password: 'p',
        index: 'i',
        searchTemplateName: 'my.Search',
        valueLocation: 'hits.total.value',
        targetValue: '12',
        activationTargetValue: '3',
      },
      's0-elasticsearch-my-Search',
      { type: 'AverageValue', averageValue: '12' },
      3,
    ],
    [
      'elasticsearch',
      {
        cloudID: 'c',
        apiKey: 'k',
        index: 'i',
        query: '{"query":{}}',
        valueLocation: 'v',
        targetValue: '0.5',
      },
      's0-elasticsearch-query',
      { type: 'AverageValue', averageValue: '500m' },
      0,
    ],
    [
      'graphite',
      { serverAddress: 'http://g:81', query: 'stats.counter', queryTime: '-10Minutes' },
      's0-graphite',
      { type: 'AverageValue', averageValue: '100' },
      0,
    ],
    [
      'selenium-grid',
      {
        url: 'http://hub:4444/graphql',
        browserName: 'chrome',
        browserVersion: '91.0',
        platformName: 'linux',
        activationThreshold: '2',
      },
      's0-selenium-grid-chrome-91-0-linux',
      { type: 'AverageValue', averageValue: '1' },
      2,
    ],
    [
      'selenium-grid',
      { url: 'http://hub:4444/graphql' },
      's0-selenium-grid---',
      { type: 'AverageValue', averageValue: '1' },
      0,
    ],
    [
      'mssql',
      { host: 'db', query: 'select 1', targetValue: '5.5' },
      's0-mssql',
      { type: 'AverageValue', averageValue: '5500m' },
      0,
    ],
    [
      'mysql',
      {
        host: 'db',
        port: '3306',
        username: 'u',
        dbName: 'stats_db',
        query: 'q',
        queryValue: '4',
        activationQueryValue: '1',
      },
      's0-mysql-stats_db',
      { type: 'AverageValue', averageValue: '4' },
      1,
    ],
    [
      'cassandra',
      {
        username: 'cassandra',
        clusterIPAddress: 'cassandra.test:9042',
        keyspace: 'test_keyspace',
        query: 'SELECT COUNT(*) FROM t',
        targetQueryValue: '1',
      },
      's0-cassandra-test_keyspace',
      { type: 'AverageValue', averageValue: '1' },
      0,
    ],
    [
      'couchdb',
      {
        host: 'c',
        port: '5984',
        username: 'admin',
        password: 'p',
        dbName: 'animals',
        query: '{}',
        queryValue: '2',
      },
      's0-coucdb-animals',
      { type: 'AverageValue', averageValue: '2' },
      0,
    ],
    [
      'arangodb',
      {
        endpoints: 'https://a:8529',
        dbName: 'db',
        collection: 'c',
        query: 'FOR d IN c RETURN d',
        queryValue: '3',
      },
      's0-arangodb',
      { type: 'AverageValue', averageValue: '3' },
      0,
    ],
    [
      'solr',
      {
        host: 'http://solr:8983',
        collection: 'c',
        targetQueryValue: '10',
        username: 'u',
        password: 'p',
      },
      's0-solr',
      { type: 'AverageValue', averageValue: '10' },
      0,
    ],
    [
      'etcd',
      { endpoints: 'e:2379', watchKey: 'length', value: '5.5', activationValue: '0.5' },
      's0-etcd-length',
      { type: 'AverageValue', averageValue: '5500m' },
      0.5,
    ],
    [
      'dynatrace',
      {
        host: 'https://x.live.dynatrace.com',
        metricSelector: 'builtin:service.requestCount.total',
        threshold: '100',
      },
      's0-dynatrace',
      { type: 'AverageValue', averageValue: '100' },
      0,
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
    const bad = (type: string, metadata: Record<string, string>) =>
      convert([{ type, metadata }]).said[0];
    expect(
      bad('elasticsearch', { index: 'i', valueLocation: 'v', targetValue: '1', query: 'q' }),
    ).toEqual({
      path: 'spec.triggers.0.metadata',
      message:
        'error parsing elasticsearch metadata: must provide either cloud config or endpoint addresses',
    });
    expect(
      bad('elasticsearch', {
        addresses: 'a',
        username: 'u',
        password: 'p',
        index: 'i',
        valueLocation: 'v',
        targetValue: '1',
      })!.message,
    ).toContain('either searchTemplateName or query must be provided');
    expect(
      bad('graphite', { serverAddress: 's', query: 'q', queryTime: 't', authMode: 'tls' }),
    ).toEqual({
      path: 'spec.triggers.0.metadata.authMode',
      message: "error parsing graphite metadata: authMode must be 'basic'",
    });
    expect(bad('mssql', { query: 'q', targetValue: '1' })!.message).toContain(
      'must provide either connectionstring or host',
    );
    expect(bad('mssql', { host: 'h', query: 'q', targetValue: '0' })).toEqual({
      path: 'spec.triggers.0.metadata.targetValue',
      message: 'error parsing mssql metadata: no targetValue given',
    });
    expect(
      bad('cassandra', {
        username: 'u',
        clusterIPAddress: 'c',
        keyspace: 'k',
        query: 'q',
        targetQueryValue: '1',
      }),
    ).toEqual({
      path: 'spec.triggers.0.metadata',
      message:
        'error parsing cassandra metadata: missing required parameter "password" in [authParams]',
    });
    expect(
      bad('couchdb', {
        host: 'h',
        port: '1',
        username: 'u',
        password: 'p',
        query: 'q',
        queryValue: '1',
      })!.message,
    ).toContain('no dbName given');
    expect(bad('etcd', { endpoints: 'e', watchKey: 'k', value: '0' })).toEqual({
      path: 'spec.triggers.0.metadata.value',
      message: 'error parsing etcd metadata: value must be a float greater than 0',
    });
    expect(
      bad('dynatrace', { host: 'h', token: 't', metricSelector: 'm', query: 'q', threshold: '1' })!
        .message,
    ).toContain("'metricSelector' and 'query' are mutually exclusive");
    expect(
      bad('solr', {
        host: 'h',
        collection: 'c',
        username: 'u',
        password: 'p',
        targetQueryValue: 'x',
      })!.path,
    ).toBe('spec.triggers.0.metadata.targetQueryValue');
  });
});

describe('mysql with its connection string in the authentication', () => {
  it('names the metric after the database the text does not show, and says so', () => {
    const { out, said } = convert([
      {
        type: 'mysql',
        metadata: { query: 'q', queryValue: '8' },
        authenticationRef: { name: 'a' },
      },
    ]);
    expect(said).toEqual([]);
    expect(ext(out).name).toBe('s0-mysql-<dbName of the authentication>');
  });
});
