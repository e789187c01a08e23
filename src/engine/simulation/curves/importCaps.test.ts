/** Whatever an importer accepts, the curve validator accepts: the caps are the same numbers. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsvSeries } from './csv.ts';
import { MAX_TIME_SECONDS, MAX_VALUE } from './limits.ts';
import { parsePrometheusRangeQuery } from './prometheus.ts';
import { seriesCurve } from './seriesCurve.ts';
import type { ImportResult } from './importTypes.ts';
import { validateCurve } from './validate.ts';

/** The next double above `x` (x > 0). */
function nextUp(x: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) + 1n);
  return view.getFloat64(0);
}

const ABOVE_VALUE = nextUp(MAX_VALUE); // 1000000000000000.125
const EDGE_VALUES = [
  '0',
  '-0',
  '1e15',
  '1E15',
  '1000000000000000',
  '1000000000000000.0625', // rounds to 1e15 exactly
  String(ABOVE_VALUE),
  '1000000000000001',
  '999999999999999.9',
  '4.9e-324',
  '1.7976931348623157e308',
];
const EDGE_TIMES = ['0', '1', String(MAX_TIME_SECONDS), String(MAX_TIME_SECONDS + 1), '1700000000'];

const prometheus = (rows: [string, string][]) =>
  JSON.stringify({
    status: 'success',
    data: {
      resultType: 'matrix',
      result: [{ metric: {}, values: rows.map(([t, v]) => [Number(t), v]) }],
    },
  });

function curveProblems(result: ImportResult): string[] {
  if (!result.ok) return [];
  return [
    ...validateCurve(seriesCurve(result.series, 'linear')).map((d) => d.message),
    ...validateCurve(seriesCurve(result.series, 'step')).map((d) => d.message),
  ];
}

describe('importer caps match the curve validator', () => {
  it('at the 1e15 value cap: the same values pass and fail in both', () => {
    for (const v of EDGE_VALUES) {
      const csv = parseCsvSeries(`time,value\n0,${v}\n15,${v}\n`);
      const prom = parsePrometheusRangeQuery(
        prometheus([
          ['0', v],
          ['15', v],
        ]),
      );
      expect(curveProblems(csv), v).toEqual([]);
      expect(curveProblems(prom), v).toEqual([]);
      const inRange = Number(v) <= MAX_VALUE;
      expect(csv.ok, `csv ${v}`).toBe(inRange);
      expect(prom.ok, `prometheus ${v}`).toBe(inRange);
      // The validator draws the line at the same place.
      const direct = validateCurve({ type: 'series', points: [{ at: 0, value: Number(v) }] });
      expect(direct.length === 0, `validator ${v}`).toBe(inRange);
    }
    expect(ABOVE_VALUE).toBeGreaterThan(MAX_VALUE);
  });

  it('at the 10-year time span', () => {
    for (const t of EDGE_TIMES) {
      const csv = parseCsvSeries(`0,1\n${t},2\n`);
      expect(curveProblems(csv), t).toEqual([]);
      expect(csv.ok, t).toBe(Number(t) <= MAX_TIME_SECONDS);
    }
  });

  it('any accepted CSV or Prometheus import is a valid curve (property)', () => {
    const value = fc.oneof(
      fc.constantFrom(...EDGE_VALUES),
      fc.double({ min: 0, max: 1.01e15, noNaN: true }).map(String),
      fc.integer({ min: 0, max: 1000 }).map(String),
    );
    const time = fc.oneof(
      fc.constantFrom(...EDGE_TIMES),
      fc.double({ min: 0, max: 4e8, noNaN: true }).map((n) => n.toFixed(3)),
      fc.integer({ min: 0, max: 400_000_000 }).map(String),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(time, value), { minLength: 1, maxLength: 8 }), (rows) => {
        const csv = parseCsvSeries(rows.map(([t, v]) => `${t},${v}`).join('\n'));
        expect(curveProblems(csv)).toEqual([]);
        expect(curveProblems(parsePrometheusRangeQuery(prometheus(rows)))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});
