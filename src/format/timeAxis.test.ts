import { describe, expect, it } from 'vitest';
import { formatDuration, formatElapsed } from './timeAxis.ts';

describe('formatElapsed', () => {
  it.each([
    [0, false, '0:00'],
    [3900, false, '1:05'],
    [75, false, '0:01:15'],
    [60, true, '0:01:00'],
    [90_000, false, 'day 2 01:00'],
    [604_800, false, 'day 8 00:00'],
    [86_400 + 21_600 + 15, false, 'day 2 06:00:15'],
    [86_399, false, '23:59:59'],
    [-60, false, '-0:01'],
  ])('%d s (seconds: %s) → %s', (s, withSeconds, text) => {
    expect(formatElapsed(s, withSeconds)).toBe(text);
  });
});

describe('formatDuration', () => {
  it.each([
    [45, '45 s'],
    [300, '5 min'],
    [330, '5 min 30 s'],
    [9000, '2 h 30 min'],
    [3600, '1 h'],
  ])('%d s → %s', (s, text) => {
    expect(formatDuration(s)).toBe(text);
  });
});
