import { describe, expect, it } from 'vitest';
import { checkQuantity, formatSeconds, milliCeil, milliExact, parseDuration } from './units.ts';

describe('parseDuration (Go time.ParseDuration, or seconds)', () => {
  const ok: [unknown, number][] = [
    ['90s', 90],
    ['5m', 300],
    ['1h30m', 5400],
    ['1.5h', 5400],
    ['500ms', 0.5],
    ['2h45m30.5s', 9930.5],
    ['1us', 1e-6],
    ['1µs', 1e-6],
    ['0', 0],
    ['+10s', 10],
    ['.5s', 0.5],
    [42, 42],
    [0.25, 0.25],
  ];
  it.each(ok)('%s → %s s', (input, seconds) => {
    expect(parseDuration(input)).toEqual({ ok: true, value: seconds });
  });

  const bad: [unknown, string][] = [
    [
      '90',
      'missing unit in duration "90": write 90s (or the number 90 without quotes for seconds)',
    ],
    ['2d', 'unknown unit "d" in duration "2d" (Go durations have no days: write 24h per day)'],
    ['5 m', 'invalid duration "5 m": expected e.g. 90s, 5m, 1h30m or 1.5h'],
    ['-5m', 'must not be negative, got -5m'],
    [-1, 'must not be negative, got -1'],
    ['h', 'invalid duration "h": expected e.g. 90s, 5m, 1h30m or 1.5h'],
    ['1hm', 'unknown unit "hm" in duration "1hm" (units: ns, us, ms, s, m, h)'],
    [
      '9'.repeat(400) + 'h',
      'expected a duration such as 90s, 5m or 1h30m, got "' + '9'.repeat(40) + '"',
    ],
    [Infinity, 'must be a finite number of seconds, got an infinite number'],
    [true, 'expected a duration such as 90s, 5m or 1h30m, or a number of seconds'],
  ];
  it.each(bad)('%s is rejected', (input, message) => {
    expect(parseDuration(input)).toEqual({ ok: false, message });
  });
});

describe('formatSeconds', () => {
  it.each([
    [90, '1m30s'],
    [3600, '1h'],
    [5400, '1h30m'],
    [0, '0s'],
    [0.5, '500ms'],
    [2678400, '744h (31 days)'],
  ])('%s → %s', (s, text) => expect(formatSeconds(s)).toBe(text));
});

describe('quantities', () => {
  it('milliExact keeps fractions that MilliValue would round up', () => {
    expect(milliExact('100Ki')).toBe(102_400_000);
    expect(milliExact('0.0001')).toBeCloseTo(0.1, 12);
    expect(milliCeil('0.0001')).toBe(1);
    expect(milliExact('5m')).toBe(5);
    expect(milliExact(1)).toBe(1000);
    expect(milliExact('1e3')).toBe(1_000_000);
    expect(milliExact('1.5Gi')).toBe(1.5 * 2 ** 30 * 1000);
  });

  it('checkQuantity explains the accepted forms', () => {
    expect(checkQuantity('500m')).toEqual({ ok: true, value: '500m' });
    expect(checkQuantity('5 cores')).toEqual({
      ok: false,
      message: '"5 cores" is not a Kubernetes quantity (e.g. 500m, 1.5, 2, 256Mi, 1Gi, 1e3)',
    });
    expect(checkQuantity(NaN).ok).toBe(false);
  });
});
