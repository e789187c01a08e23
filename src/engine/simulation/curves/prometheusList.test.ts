import { describe, expect, it } from 'vitest';
import { listPrometheusSeries } from './prometheusList.ts';
import { parsePrometheusRangeQuery } from './prometheus.ts';

const T0 = 1_714_564_800;
const response = (...result: unknown[]) =>
  JSON.stringify({ status: 'success', data: { resultType: 'matrix', result } });
const pod = (name: string, values: [number, string][]) => ({
  metric: { __name__: 'rps', pod: name },
  values,
});
const a = pod('web-1', [
  [T0, '10'],
  [T0 + 15, '12'],
]);
const b = pod('web-2', [
  [T0 + 15, '1'],
  [T0, '3'],
]);
const nan = pod('web-3', [[T0, 'NaN']]);

describe('listPrometheusSeries', () => {
  it('reads each series on its own, as picking it by index would', () => {
    const listed = listPrometheusSeries(response(a, b));
    if (!listed.ok) throw new Error(JSON.stringify(listed.errors));
    expect(listed.total).toBe(2);
    expect(listed.series.map((s) => s.label)).toEqual(['rps{pod="web-1"}', 'rps{pod="web-2"}']);
    for (const index of [0, 1]) {
      const one = parsePrometheusRangeQuery(response(a, b), { index });
      if (!one.ok) throw new Error('expected success');
      expect(listed.series[index]).toEqual(one.series);
    }
    expect(listed.series[1]!.warnings[0]!.path).toBe('data.result[1].values[1]');
  });

  it('lists a series with no usable samples as empty instead of refusing the rest', () => {
    const listed = listPrometheusSeries(response(a, nan));
    if (!listed.ok) throw new Error(JSON.stringify(listed.errors));
    expect(listed.series[1]!.points).toEqual([]);
    expect(listed.series[1]!.warnings.at(-1)).toEqual({
      path: 'data.result[1].values',
      message: 'no usable samples',
    });
  });

  it('caps how many are read but counts them all', () => {
    const listed = listPrometheusSeries(response(a, b, a), { maxSeries: 2 });
    expect(listed.ok && [listed.series.length, listed.total]).toEqual([2, 3]);
  });

  it('fails with the located reason the single-series reader gives', () => {
    const bad = '{\n  "status": "success",,\n}';
    const listed = listPrometheusSeries(bad);
    const single = parsePrometheusRangeQuery(bad);
    expect(listed.ok).toBe(false);
    expect(!listed.ok && listed.errors).toEqual(!single.ok && single.errors);
    const empty = listPrometheusSeries(response());
    expect(!empty.ok && empty.errors[0]!.message).toBe('the query returned no series');
  });
});
