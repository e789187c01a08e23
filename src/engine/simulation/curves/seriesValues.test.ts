import { describe, expect, it } from 'vitest';
import { compileCurve } from './compile.ts';
import { compactSeriesCurve, compactSeriesYaml } from './seriesCurve.ts';
import {
  countSeriesValues,
  decimalsFor,
  decodeSeriesValues,
  formatSeriesValue,
  LINE_COUNTS,
  MAX_LINE_CHARS,
  seriesValueLines,
} from './seriesValues.ts';
import { validateCurve } from './validate.ts';

describe('the compact series form', () => {
  it('reads numbers separated by spaces and line breaks', () => {
    const decoded = decodeSeriesValues(' 12.5 13\n14.25\t.5 1e3 ', 100);
    expect(decoded).toEqual({ ok: true, values: new Float64Array([12.5, 13, 14.25, 0.5, 1000]) });
    expect(countSeriesValues('1  2\n\n3')).toBe(3);
  });

  it('names the first bad value, by position and text', () => {
    for (const [text, message] of [
      ['1 2 abc 4', 'value 3 ("abc") is not a number'],
      ['1 -2', 'value 2 ("-2") is not a number'],
      ['NaN', 'value 1 ("NaN") is not a number'],
      ['1 1e20', 'value 2 ("1e20") is above'],
    ] as const) {
      const d = validateCurve({ type: 'series', stepSeconds: 60, values: text }, 'traffic');
      expect(d).toHaveLength(1);
      expect(d[0]!.path).toBe('traffic.values');
      expect(d[0]!.message).toContain(message);
    }
  });

  it('asks for exactly one form and a step', () => {
    const both = { type: 'series', points: [{ at: 0, value: 1 }], values: '1', stepSeconds: 1 };
    expect(validateCurve(both)[0]!.message).toContain("exactly one of 'points' and 'values'");
    expect(validateCurve({ type: 'series' })[0]!.message).toContain('exactly one');
    expect(validateCurve({ type: 'series', values: '1 2' })[0]!.path).toBe('stepSeconds');
    expect(validateCurve({ type: 'series', values: ' ', stepSeconds: 5 })[0]!.message).toBe(
      'needs at least one value',
    );
    const stray = { type: 'series', points: [{ at: 0, value: 1 }], stepSeconds: 5 };
    expect(validateCurve(stray)[0]!.path).toBe('stepSeconds');
    expect(validateCurve({ type: 'series', values: 7, stepSeconds: 5 })[0]!.message).toContain(
      'numbers separated by spaces',
    );
  });

  it('evaluates exactly as the same points would', () => {
    const points = [0, 4, 10, 7, 7.5].map((value, i) => ({ at: 30 + i * 60, value }));
    for (const interpolation of ['linear', 'step'] as const) {
      const compact = compactSeriesCurve(points, { interpolation });
      expect(compact).toMatchObject({ startSeconds: 30, stepSeconds: 60, values: '0 4 10 7 7.5' });
      const a = compileCurve(compact).sample(0, 7, 60);
      const b = compileCurve({ type: 'series', points, interpolation }).sample(0, 7, 60);
      expect(Array.from(a)).toEqual(Array.from(b));
    }
  });

  it('resamples irregular points on the median spacing, scales, and rounds to 4 digits', () => {
    const points = [
      { at: 0, value: 1000 },
      { at: 60, value: 1234.5678 },
      { at: 180, value: 1000 }, // a missing row at 120
      { at: 240, value: 10 },
    ];
    const c = compactSeriesCurve(points, { scale: 2 });
    expect(c.stepSeconds).toBe(60);
    expect(c.values).toBe('2000 2469 2235 2000 20');
  });

  it('writes short lines of a round count in a folded block that reads back the same', () => {
    const points = Array.from({ length: 45 }, (_, i) => ({ at: i * 15, value: i }));
    const yaml = compactSeriesYaml('traffic', compactSeriesCurve(points));
    expect(yaml.slice(0, 6)).toEqual([
      'traffic:',
      '  type: series',
      '  interpolation: linear',
      '  startSeconds: 0',
      '  stepSeconds: 15',
      '  values: >-',
    ]);
    // values 0…44 are at most 2 digits: ten a line (29 characters), the last line the rest
    expect(yaml.slice(6).map((l) => l.trim().split(' ').length)).toEqual([10, 10, 10, 10, 5]);
    expect(yaml[6]!.trim()).toBe('0 1 2 3 4 5 6 7 8 9');
  });

  it('keeps every line within MAX_LINE_CHARS, the same count a line, whatever the widths', () => {
    for (const [peak, perLine] of [
      [9, 15], // 1 character a value
      [99, 10],
      [999, 6],
      [9999, 6],
      [99999, 5],
      [0.05, 4], // 0.0083: 6 characters
    ] as const) {
      const values = Array.from({ length: 100 }, (_, i) => {
        const v = (peak * (i % 7)) / 6;
        return peak >= 1 ? Math.round(v) : v;
      });
      const lines = seriesValueLines(values, decimalsFor(values, 3));
      for (const l of lines) expect(l.length).toBeLessThanOrEqual(MAX_LINE_CHARS);
      expect(lines.slice(0, -1).every((l) => l.split(' ').length === perLine)).toBe(true);
      expect(LINE_COUNTS).toContain(perLine);
    }
  });

  it('reads a file written the old way (20 values a line) the same as the new layout', () => {
    const values = Array.from({ length: 60 }, (_, i) => 1000 + 37 * i);
    const old: string[] = [];
    for (let i = 0; i < values.length; i += 20) old.push(values.slice(i, i + 20).join(' '));
    const now = seriesValueLines(values, 0);
    expect(now.length).toBeGreaterThan(old.length);
    const read = (lines: string[]) => decodeSeriesValues(lines.join('\n'), 1000);
    expect(read(now)).toEqual(read(old));
    expect(read(old)).toEqual({ ok: true, values: new Float64Array(values) });
  });

  it('never writes -0 or exponent noise for small values', () => {
    expect(formatSeriesValue(-0.0001, 2)).toBe('0');
    expect(formatSeriesValue(0.1 + 0.2, 3)).toBe('0.3');
  });
});
