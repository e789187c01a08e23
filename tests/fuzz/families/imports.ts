// Exported traffic at the edges, with every option of `cli import` and of the app's traffic
// import: Prometheus answers with several series (labels odd or missing, samples microseconds or
// a million seconds apart, NaN and ±Inf, values at the curve limit and sums past it), CSV with
// the same, and every flag (--from, --series, --step, --scale, --points; meaning, replicas,
// factor, offset, interpolation, series).
import fc from 'fast-check';
import type { TrafficImportRequest } from '../../../src/run/index.ts';
import { csvText, prometheusText, unsafeChar } from '../arbitraries.ts';

const time = fc.oneof(
  fc.constantFrom(0, 1.5, 8.5, 1699999985, 1699999985.001, 1000001.5),
  fc.double({ min: -10, max: 2e9, noNaN: true }),
);
const gap = fc.constantFrom(0.0001, 0.0005, 0.001, 0.0009999, 0.5, 1, 15, 60, 3600, 1e6, -1, 0);
const value = fc.oneof(
  fc.constantFrom('0', '1', '9', '239.78', '999999999', '500000000000005', '999999999999999.9'),
  fc.constantFrom('1e15', '1000000000000001', 'NaN', '+Inf', '-Inf', '-1', '', 'x', '1_000'),
  fc.double({ min: 0, max: 1e6, noNaN: true }).map(String),
);
const samples = fc
  .tuple(time, fc.array(fc.tuple(gap, value), { minLength: 0, maxLength: 8 }))
  .map(([t0, steps]) => {
    let t = t0;
    return steps.map(([g, v]) => [(t += g), v] as [number, string]);
  });
const labels = fc.oneof(
  fc.constant<unknown>({ __name__: 'http_requests_total', zone: 'z0' }),
  fc.constant<unknown>({ __proto__: 'x', constructor: 'y' }),
  fc.constant<unknown>('x'),
  fc.constant<unknown>(undefined),
  unsafeChar.map((c): unknown => ({ pod: `web${c}` })),
);

/** A Prometheus query_range answer with 1–12 series at the edges. */
export const edgePrometheus: fc.Arbitrary<string> = fc
  .array(fc.tuple(labels, samples), { minLength: 1, maxLength: 12 })
  .map((all) =>
    JSON.stringify({
      status: 'success',
      data: {
        resultType: 'matrix',
        result: all.map(([metric, values]) => ({ metric, values })),
      },
    }),
  );

/** A CSV of one series at the same edges, with a header or not, a replicas column or not. */
export const edgeCsv: fc.Arbitrary<string> = fc
  .tuple(
    samples,
    fc.constantFrom('', 'time,value\n', 'timestamp,value,replicas\n', 'time;value\n'),
    fc.constantFrom(',', ';'),
  )
  .map(([rows, header, sep]) => {
    const s = header.includes(';') ? ';' : sep;
    const extra = header.includes('replicas') ? `${s}3` : '';
    return header + rows.map(([t, v]) => `${t}${s}${v}${extra}`).join('\n');
  });

export const importText = fc.oneof(
  { weight: 3, arbitrary: edgePrometheus.map((t) => ({ text: t, ext: 'json' })) },
  { weight: 2, arbitrary: edgeCsv.map((t) => ({ text: t, ext: 'csv' })) },
  { weight: 1, arbitrary: prometheusText.map((t) => ({ text: t, ext: 'json' })) },
  { weight: 1, arbitrary: csvText.map((t) => ({ text: t, ext: 'csv' })) },
);

/** `cli import` flags, every one, sometimes wrong. */
export const importArgs: fc.Arbitrary<string[]> = fc
  .record(
    {
      from: fc.constantFrom('csv', 'prometheus', 'influx'),
      series: fc.constantFrom('sum', '0', '1', '11', 'first', '-1'),
      step: fc.constant(true),
      scale: fc.constantFrom('0', '0.5', '1', '3', '1e6', '1e15', '1e300', '-1', 'NaN', 'x'),
      points: fc.constant(true),
    },
    { requiredKeys: [] },
  )
  .map((o) => [
    ...(o.from ? ['--from', o.from] : []),
    ...(o.series ? ['--series', o.series] : []),
    ...(o.step ? ['--step'] : []),
    ...(o.scale ? ['--scale', o.scale] : []),
    ...(o.points ? ['--points'] : []),
  ]);

/** The app's traffic import request, every option. */
export const trafficRequest: fc.Arbitrary<TrafficImportRequest> = fc
  .record({
    input: importText,
    meaning: fc.constantFrom('demand', 'metric+replicas') as fc.Arbitrary<
      TrafficImportRequest['meaning']
    >,
    replicas: fc.option(importText, { nil: undefined }),
    factor: fc.option(fc.constantFrom(0, 0.2, 1, 250, 1e9, 1e10, -1, NaN), { nil: undefined }),
    offsetSeconds: fc.option(fc.constantFrom(0, 30, 86400, 3.2e8, -5), { nil: undefined }),
    interpolation: fc.option(fc.constantFrom('linear', 'step') as fc.Arbitrary<'linear' | 'step'>, {
      nil: undefined,
    }),
    series: fc.option(fc.constantFrom<'sum' | number>('sum', 0, 1, 2, 11, 1.5), { nil: undefined }),
  })
  .map(({ input, replicas, ...rest }) => {
    const request: TrafficImportRequest = { text: input.text, meaning: rest.meaning };
    if (replicas) request.replicasText = replicas.text;
    if (rest.factor !== undefined) request.factor = rest.factor;
    if (rest.offsetSeconds !== undefined) request.offsetSeconds = rest.offsetSeconds;
    if (rest.interpolation !== undefined) request.interpolation = rest.interpolation;
    if (rest.series !== undefined) request.series = rest.series;
    return request;
  });
