import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parsePrometheusRangeQuery } from './prometheus.ts';
import type { ImportResult } from './importTypes.ts';
import { MAX_IMPORT_CHARS, MAX_POINTS } from './limits.ts';

function ok(result: ImportResult) {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.errors)}`);
  return result.series;
}
function errors(result: ImportResult) {
  if (result.ok) throw new Error('expected failure');
  return result.errors;
}

const T0 = 1_714_564_800;
type Values = [number | string, string][];
const series = (metric: Record<string, string>, values: Values) => ({ metric, values });
const response = (...result: unknown[]) =>
  JSON.stringify({ status: 'success', data: { resultType: 'matrix', result } });
const web1 = series({ __name__: 'rps', pod: 'web-1' }, [
  [T0, '10'],
  [T0 + 15, '12.5'],
  [T0 + 30, '11'],
]);
const web2 = series({ __name__: 'rps', pod: 'web-2' }, [
  [T0, '1'],
  [T0 + 30, '2'],
]);

describe('parsePrometheusRangeQuery', () => {
  it('reads a single-series response relative to its first sample', () => {
    const s = ok(parsePrometheusRangeQuery(response(web1)));
    expect(s.points).toEqual([
      { at: 0, value: 10 },
      { at: 15, value: 12.5 },
      { at: 30, value: 11 },
    ]);
    expect(s.originSeconds).toBe(T0);
    expect(s.label).toBe('rps{pod="web-1"}');
    expect(s.warnings).toEqual([]);
  });

  it('accepts the data object or the bare result list too', () => {
    const data = JSON.stringify({ resultType: 'matrix', result: [web1] });
    expect(ok(parsePrometheusRangeQuery(data)).points).toHaveLength(3);
    expect(ok(parsePrometheusRangeQuery(JSON.stringify([web1]))).points).toHaveLength(3);
  });

  it('keeps fractional timestamps exact and reads numeric-string times', () => {
    const s = series({}, [
      [T0 + 0.5, '1'],
      [`${T0 + 15.75}`, '2'],
    ]);
    expect(ok(parsePrometheusRangeQuery(response(s))).points.map((p) => p.at)).toEqual([0, 15.25]);
  });

  it('selects a series by labels or index', () => {
    expect(
      ok(parsePrometheusRangeQuery(response(web1, web2), { labels: { pod: 'web-2' } })).points,
    ).toEqual([
      { at: 0, value: 1 },
      { at: 30, value: 2 },
    ]);
    expect(ok(parsePrometheusRangeQuery(response(web1, web2), { index: 1 })).label).toBe(
      'rps{pod="web-2"}',
    );
    const filtered = parsePrometheusRangeQuery(response(web1, web2), {
      labels: { __name__: 'rps' },
      index: 0,
    });
    expect(ok(filtered).label).toBe('rps{pod="web-1"}');
  });

  it('sums several series per timestamp, warning about gaps', () => {
    const s = ok(parsePrometheusRangeQuery(response(web1, web2), { aggregate: 'sum' }));
    expect(s.points).toEqual([
      { at: 0, value: 11 },
      { at: 15, value: 12.5 },
      { at: 30, value: 13 },
    ]);
    expect(s.label).toBe('sum of 2 series');
    expect(s.warnings[0]?.message).toContain('1 timestamps are missing from some series');
  });

  it('skips NaN and ±Inf with located warnings, or fails on request', () => {
    const s = series({}, [
      [T0, '1'],
      [T0 + 15, 'NaN'],
      [T0 + 30, '+Inf'],
      [T0 + 45, '-Inf'],
      [T0 + 60, '2'],
    ]);
    const read = ok(parsePrometheusRangeQuery(response(s)));
    expect(read.points.map((p) => p.value)).toEqual([1, 2]);
    expect(read.warnings.map((w) => w.path)).toEqual([
      'data.result[0].values[1][1]',
      'data.result[0].values[2][1]',
      'data.result[0].values[3][1]',
    ]);
    const failed = errors(parsePrometheusRangeQuery(response(s), { nonFinite: 'error' }));
    expect(failed[0]).toEqual({
      path: 'data.result[0].values[1][1]',
      message: 'value "NaN" is not finite',
    });
  });

  it('sorts out-of-order samples with a warning that points at the first one', () => {
    const s = series({}, [
      [T0 + 30, '3'],
      [T0, '1'],
      [T0 + 15, '2'],
    ]);
    const read = ok(parsePrometheusRangeQuery(JSON.stringify([web2, s]), { index: 1 }));
    expect(read.points.map((p) => p.value)).toEqual([1, 2, 3]);
    expect(read.warnings).toEqual([
      {
        path: '[1].values[1]',
        message: 'samples are not in time order (first here); sorted by time',
      },
    ]);
  });

  it('reports JSON syntax errors with line and column', () => {
    const text = '{\n  "status": "success",\n  "data": {\n    "resultType": "matrix",,\n';
    expect(errors(parsePrometheusRangeQuery(text))).toEqual([
      { line: 4, column: 28, message: `invalid JSON: unexpected ','; expected a quoted key` },
    ]);
  });

  const cases: [string, string, object | undefined, string | undefined, string][] = [
    [
      'error status',
      JSON.stringify({ status: 'error', errorType: 'bad_data', error: 'parse error at char 5' }),
      undefined,
      'status',
      'Prometheus returned an error (bad_data): parse error at char 5',
    ],
    [
      'instant query',
      JSON.stringify({ status: 'success', data: { resultType: 'vector', result: [] } }),
      undefined,
      'data.resultType',
      'instant query',
    ],
    [
      'not prometheus',
      JSON.stringify({ hello: 1 }),
      undefined,
      'resultType',
      "expected resultType 'matrix'",
    ],
    ['no series', response(), undefined, 'data.result', 'no series'],
    [
      'several series',
      response(web1, web2),
      undefined,
      'data.result',
      '2 series found (rps{pod="web-1"}, rps{pod="web-2"})',
    ],
    [
      'no match',
      response(web1),
      { labels: { pod: 'api' } },
      'data.result',
      'no series has labels {pod="api"}',
    ],
    ['bad index', response(web1), { index: 3 }, 'data.result', 'index 3 is out of range'],
    [
      'histograms',
      response({ metric: {}, histograms: [] }),
      undefined,
      'data.result[0].histograms',
      'native histogram',
    ],
    [
      'bad pair',
      response(series({}, [[T0, '1'], [T0] as unknown as [number, string]])),
      undefined,
      'data.result[0].values[1]',
      'pair',
    ],
    [
      'bad time',
      response(series({}, [['soon', '1']])),
      undefined,
      'data.result[0].values[0][0]',
      'Unix time',
    ],
    [
      'bad value',
      response(series({}, [[T0, 'lots']])),
      undefined,
      'data.result[0].values[0][1]',
      'value "lots" is not a number',
    ],
    [
      'negative',
      response(series({}, [[T0, '-1']])),
      undefined,
      'data.result[0].values[0][1]',
      'negative value -1',
    ],
    [
      'values not a list',
      response({ metric: {}, values: 5 }),
      undefined,
      'data.result[0].values',
      'list of [time, "value"] pairs',
    ],
  ];

  it.each(cases)('reports %s', (_name, text, options, path, fragment) => {
    const [first] = errors(parsePrometheusRangeQuery(text, options));
    expect(first?.path).toBe(path);
    expect(first?.message).toContain(fragment);
  });

  it('enforces size, depth, sample and binary limits', () => {
    const huge = ' '.repeat(MAX_IMPORT_CHARS + 1);
    expect(errors(parsePrometheusRangeQuery(huge))[0]?.message).toContain('the limit is 10.0 MB');
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(errors(parsePrometheusRangeQuery(deep))[0]).toMatchObject({
      line: 1,
      column: 65,
      message: expect.stringContaining('nesting deeper than 64'),
    });
    const many: Values = Array.from({ length: MAX_POINTS + 1 }, (_, i) => [T0 + i, '1']);
    expect(errors(parsePrometheusRangeQuery(response(series({}, many))))[0]?.message).toContain(
      `the limit is ${MAX_POINTS}`,
    );
    expect(errors(parsePrometheusRangeQuery('{"a":"\u0000"}'))[0]?.message).toContain('NUL');
  });

  it('never throws on arbitrary text or JSON (property)', () => {
    const shaped = fc
      .record({
        status: fc.constantFrom('success', 'error', 1),
        data: fc.oneof(
          fc.jsonValue({ maxDepth: 3 }),
          fc.record({
            resultType: fc.constantFrom('matrix', 'vector'),
            result: fc.jsonValue({ maxDepth: 4 }),
          }),
        ),
      })
      .map((v) => JSON.stringify(v));
    const input = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 100 }),
      fc.json({ maxDepth: 4 }),
      shaped,
    );
    fc.assert(
      fc.property(
        input,
        fc.constantFrom(undefined, { aggregate: 'sum' as const }, { index: 0 }),
        (text, options) => {
          const result = parsePrometheusRangeQuery(text, options);
          if (result.ok) expect(result.series.points[0]?.at).toBe(0);
          else expect(result.errors.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
