import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parseCsvSeries } from './csv.ts';
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
const pairs = (result: ImportResult) => ok(result).points.map((p) => [p.at, p.value]);

describe('parseCsvSeries: accepted input', () => {
  it('reads time,value with a header, relative to the first sample', () => {
    const series = ok(parseCsvSeries('time,value\n100,1.5\n115,2\n130,0\n'));
    expect(series.points).toEqual([
      { at: 0, value: 1.5 },
      { at: 15, value: 2 },
      { at: 30, value: 0 },
    ]);
    expect(series.originSeconds).toBe(100);
    expect(series.warnings).toEqual([]);
  });

  it('reads files without a header', () => {
    expect(pairs(parseCsvSeries('0,5\n60,7'))).toEqual([
      [0, 5],
      [60, 7],
    ]);
  });

  it('tolerates a BOM, CRLF, lone CR, blank lines, comments and spaces', () => {
    const text =
      '\ufeff# exported from somewhere\r\n\r\ntime , value\r\n  # another comment\r\n0, 1\r\n\r\n15 ,2\r30,3\r\n';
    expect(pairs(parseCsvSeries(text))).toEqual([
      [0, 1],
      [15, 2],
      [30, 3],
    ]);
  });

  it('reads ISO-8601 times (Z, offsets, space separator, fractions) as Unix seconds', () => {
    const text = [
      '"Time","cpu"',
      '2024-05-01T12:00:00Z,1',
      '2024-05-01 12:00:15.5,2',
      '2024-05-01T14:00:30+02:00,3',
      '2024-05-01T12:00:45.25-0000,4',
    ].join('\n');
    const series = ok(parseCsvSeries(text));
    expect(series.points.map((p) => p.at)).toEqual([0, 15.5, 30, 45.25]);
    expect(series.originSeconds).toBe(Date.UTC(2024, 4, 1, 12) / 1000);
  });

  it('keeps fractional Unix seconds exact relative to the first sample', () => {
    expect(pairs(parseCsvSeries('1700000000.1,1\n1700000015.35,2'))).toEqual([
      [0, 1],
      [15.25, 2],
    ]);
  });

  it('detects Unix milliseconds with a warning, or follows timeUnit', () => {
    const series = ok(parseCsvSeries('1700000000000,1\n1700000015123,2'));
    expect(series.points.map((p) => p.at)).toEqual([0, 15.123]);
    expect(series.originSeconds).toBe(1700000000);
    expect(series.warnings[0]).toMatchObject({
      line: 1,
      column: 1,
      message: expect.stringContaining('milliseconds'),
    });
    expect(pairs(parseCsvSeries('0,1\n1500,2', { timeUnit: 'milliseconds' }))).toEqual([
      [0, 1],
      [1.5, 2],
    ]);
  });

  it('detects ; and tab delimiters, or takes one from options', () => {
    expect(pairs(parseCsvSeries('t;v\n0;1\n1;2'))).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(pairs(parseCsvSeries('0\t1\n1\t2'))).toEqual([
      [0, 1],
      [1, 2],
    ]);
    // A forced delimiter wins over detection (here it makes the file one column wide).
    expect(errors(parseCsvSeries('0;1\n1;2', { delimiter: ',' }))[0]?.message).toContain(
      'two columns',
    );
  });

  it('reads quoted fields with delimiters and escaped quotes', () => {
    const text = 'time,"label, with comma",value\n0,"a ""b""",4\n10,"c",5';
    expect(pairs(parseCsvSeries(text, { valueColumn: 'value' }))).toEqual([
      [0, 4],
      [10, 5],
    ]);
  });

  it('chooses columns by header name or index', () => {
    const text = 'pod,value,timestamp\nweb,3,0\nweb,4,30';
    expect(pairs(parseCsvSeries(text))).toEqual([
      [0, 3],
      [30, 4],
    ]);
    expect(pairs(parseCsvSeries('0,9,1\n5,9,2', { valueColumn: 2 }))).toEqual([
      [0, 1],
      [5, 2],
    ]);
    expect(
      pairs(parseCsvSeries('a,b,c\n0,9,1\n5,9,2', { timeColumn: 'A', valueColumn: 'c' })),
    ).toEqual([
      [0, 1],
      [5, 2],
    ]);
  });

  it('skips NaN/Inf and empty values with located warnings', () => {
    const series = ok(parseCsvSeries('0,1\n15,NaN\n30,\n45,+Inf\n60,2'));
    expect(series.points.map((p) => p.value)).toEqual([1, 2]);
    expect(series.warnings.map((w) => [w.line, w.column])).toEqual([
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
  });

  it('sorts out-of-order rows with a warning and reports repeated times', () => {
    const series = ok(parseCsvSeries('30,3\n0,1\n15,2\n15,5'));
    expect(series.points).toEqual([
      { at: 0, value: 1 },
      { at: 15, value: 2 },
      { at: 15, value: 5 },
      { at: 30, value: 3 },
    ]);
    expect(series.warnings.map((w) => w.message)).toEqual([
      'samples are not in time order (first here); sorted by time',
      '1 samples repeat an earlier time; the later value wins',
    ]);
    expect(series.warnings[0]?.line).toBe(2);
  });

  it('warns about U+FFFD (text that was not UTF-8) with its position', () => {
    const result = parseCsvSeries('# caf\ufffd\n0,1');
    expect(ok(result).warnings[0]).toMatchObject({ line: 1, column: 6 });
  });

  it('reads 100,000 rows', () => {
    const text = Array.from({ length: MAX_POINTS }, (_, i) => `${i * 15},${i % 100}`).join('\n');
    const series = ok(parseCsvSeries(text));
    expect(series.points).toHaveLength(MAX_POINTS);
    expect(series.points.at(-1)).toEqual({ at: (MAX_POINTS - 1) * 15, value: 99 });
  });
});

describe('parseCsvSeries: errors', () => {
  const cases: [
    string,
    string,
    object | undefined,
    number | undefined,
    number | undefined,
    string,
  ][] = [
    ['bad number', '0,1\n15,abc', undefined, 2, 4, "value 'abc' is not a number"],
    ['decimal comma', '0;1\n15;2,5', undefined, 2, 4, "use '.' as the decimal separator"],
    ['negative', '0,1\n15,-2', undefined, 2, 4, 'negative value -2'],
    ['too large', '0,1e300', undefined, 1, 3, 'larger than the limit'],
    ['overflow', '0,1e400', undefined, 1, 3, 'value Infinity is larger than the limit'],
    ['bad time', '0,1\nsoon,2', undefined, 2, 1, "time 'soon' is not a number"],
    ['empty time', '0,1\n,2', undefined, 2, 1, 'empty time'],
    ['bad date', '2024-02-30T00:00:00Z,1', undefined, 1, 1, 'day 30 does not exist in 2024-02'],
    [
      'mixed times',
      '2024-02-01,1\n15,2',
      undefined,
      2,
      1,
      'is not an ISO-8601 date-time like the first row',
    ],
    [
      'short row',
      'time,value\n0,1\n15',
      undefined,
      3,
      undefined,
      'expected at least 2 columns, found 1',
    ],
    ['one column', 'value\n1\n2', undefined, 1, 1, 'at least two columns'],
    ['three columns', '0,1,2', undefined, 1, 1, 'choose the value column'],
    ['unknown column', 'a,b\n0,1', { valueColumn: 'cpu' }, 1, 1, "no column named 'cpu'"],
    ['named without header', '0,1', { valueColumn: 'cpu' }, 1, 1, 'no header row'],
    ['index out of range', '0,1', { valueColumn: 5 }, 1, 1, 'valueColumn 5 does not exist'],
    ['unclosed quote', '0,"1\n', undefined, 1, 3, 'unclosed quote'],
    ['junk after quote', '0,"1"x', undefined, 1, 6, "unexpected 'x' after a quoted field"],
    ['NaN as error', '0,1\n5,NaN', { nonFinite: 'error' }, 2, 3, "value 'NaN' is not finite"],
    ['header only', 'time,value\n', undefined, undefined, undefined, 'no data rows'],
    ['comments only', '# nothing\n', undefined, undefined, undefined, 'no usable samples'],
    ['empty', '  \n ', undefined, undefined, undefined, 'the input is empty'],
    ['binary', 'PK\u0003\u0004\u0000\u0000', undefined, undefined, undefined, 'NUL bytes'],
    ['span', '0,1\n1e12,2', undefined, undefined, undefined, 'about 10 years'],
  ];

  it.each(cases)('%s', (_name, text, options, line, column, fragment) => {
    const [first] = errors(parseCsvSeries(text, options));
    expect(first?.message).toContain(fragment);
    expect(first?.line).toBe(line);
    expect(first?.column).toBe(column);
  });

  it('rejects input over the size limit before reading it', () => {
    const [first] = errors(parseCsvSeries('0,1\n'.repeat(MAX_IMPORT_CHARS / 4 + 1)));
    expect(first?.message).toBe('the input is 10.0 MB; the limit is 10.0 MB');
  });

  it('stops at the row limit', () => {
    const text = Array.from({ length: MAX_POINTS + 5 }, (_, i) => `${i},1`).join('\n');
    expect(errors(parseCsvSeries(text))).toEqual([
      { line: MAX_POINTS + 1, message: `more than ${MAX_POINTS} data rows (the limit)` },
    ]);
  });

  it('stops after 20 errors', () => {
    const list = errors(parseCsvSeries(`0,1\n${'5,x\n'.repeat(500)}`));
    expect(list).toHaveLength(21);
    expect(list.at(-1)?.message).toContain('stopped here');
  });

  it('rejects a line with absurdly many columns', () => {
    expect(errors(parseCsvSeries(`0${',1'.repeat(5000)}`))[0]?.message).toContain(
      'more than 1000 columns',
    );
  });

  it('rejects non-string input instead of throwing', () => {
    expect(errors(parseCsvSeries(42 as unknown as string))[0]?.message).toBe(
      'expected text, got number',
    );
  });
});

describe('parseCsvSeries: properties', () => {
  it('never throws on arbitrary text, and results are well-formed', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc
        .array(
          fc.constantFrom(
            '0',
            '15',
            ',',
            ';',
            '\n',
            '\r\n',
            '"',
            '#',
            'NaN',
            '-',
            '.',
            'e',
            'T',
            '2024-01-01',
            ' ',
            '\ufeff',
          ),
          { maxLength: 60 },
        )
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(text, (t) => {
        const result = parseCsvSeries(t);
        if (result.ok) {
          expect(result.series.points.length).toBeGreaterThan(0);
          expect(result.series.points[0]?.at).toBe(0);
          for (const p of result.series.points)
            expect(Number.isFinite(p.at) && p.value >= 0).toBe(true);
        } else {
          expect(result.errors.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips generated series', () => {
    const rows = fc.array(
      fc.tuple(
        fc.integer({ min: 1e9, max: 1e9 + 3e8 }),
        fc.double({ min: 0, max: 1e12, noNaN: true }),
      ),
      { minLength: 1, maxLength: 50 },
    );
    fc.assert(
      fc.property(rows, (list) => {
        const sorted = [...list].sort((a, b) => a[0] - b[0]);
        const text = `time,value\n${sorted.map(([t, v]) => `${t},${v}`).join('\n')}`;
        const series = ok(parseCsvSeries(text));
        const t0 = sorted[0]?.[0] ?? 0;
        expect(series.points.map((p) => [p.at, p.value])).toEqual(
          sorted.map(([t, v]) => [t - t0, v]),
        );
      }),
    );
  });
});
