import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { daysFromCivil, parseIsoTime } from './isoTime.ts';

describe('isoTime', () => {
  it('daysFromCivil agrees with Date.UTC (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 9999 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        (y, m, d) => {
          expect(daysFromCivil(y, m, d)).toBe(Date.UTC(y, m - 1, d) / 86_400_000);
        },
      ),
    );
  });

  it('parses the strict ISO form like Date.parse (property)', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('2200-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const text = date.toISOString(); // YYYY-MM-DDTHH:mm:ss.sssZ
          const parsed = parseIsoTime(text);
          if (typeof parsed === 'string') throw new Error(parsed);
          expect(parsed.whole * 1000 + Math.round(parsed.frac * 1000)).toBe(date.getTime());
        },
      ),
    );
  });

  it('handles zones, date-only, leap days and fraction separators', () => {
    expect(parseIsoTime('1970-01-01')).toEqual({ whole: 0, frac: 0 });
    expect(parseIsoTime('1970-01-01T01:00+01:00')).toEqual({ whole: 0, frac: 0 });
    expect(parseIsoTime('1970-01-01T00:00:00-0130')).toEqual({ whole: 5400, frac: 0 });
    expect(parseIsoTime('1970-01-01 00:00:01,5 UTC')).toEqual({ whole: 1, frac: 0.5 });
    expect(parseIsoTime('2024-02-29T00:00:00Z')).toEqual({
      whole: Date.UTC(2024, 1, 29) / 1000,
      frac: 0,
    });
  });

  it.each([
    ['2023-02-29', 'day 29 does not exist in 2023-02'],
    ['1900-02-29', 'day 29 does not exist'],
    ['2024-13-01', 'month 13'],
    ['2024-01-01T24:00:00Z', 'out of range'],
    ['2024-01-01T12:00:00+25:00', 'time zone offset'],
    ['2024-01-01T12', 'not an ISO-8601 date-time'],
    ['2024-01-01T12:00:00 PST', 'not an ISO-8601 date-time'],
  ])('rejects %s', (text, fragment) => {
    expect(parseIsoTime(text)).toContain(fragment);
  });
});
