import { describe, expect, it } from 'vitest';
import {
  axisNeedsDays,
  formatDuration,
  formatElapsed,
  ticksNeedSeconds,
  timeTicks,
} from './timeAxis.ts';

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

describe('day labels', () => {
  it('a one-day axis ends at 24:00; a longer one names days', () => {
    expect(axisNeedsDays(86_400)).toBe(false);
    expect(formatElapsed(86_400, false, axisNeedsDays(86_400))).toBe('24:00');
    expect(axisNeedsDays(86_401)).toBe(true);
    expect(formatElapsed(86_400, false, axisNeedsDays(172_800))).toBe('day 2 00:00');
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

describe('timeTicks', () => {
  it('uses round steps with at most maxTicks intervals', () => {
    expect(timeTicks(0, 600, 8)).toEqual([0, 120, 240, 360, 480, 600]);
    expect(timeTicks(0, 86_400, 8)).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24].map((h) => h * 3600));
    const week = timeTicks(0, 7 * 86_400, 8);
    expect(week[1]! - week[0]!).toBe(86_400);
  });

  it('starts at the first round value inside the domain', () => {
    expect(timeTicks(50, 400, 8)[0]).toBe(60);
  });

  it('needs seconds only below a minute step', () => {
    expect(ticksNeedSeconds(timeTicks(0, 120, 8))).toBe(true);
    expect(ticksNeedSeconds(timeTicks(0, 3600, 8))).toBe(false);
  });

  it('handles empty and degenerate domains', () => {
    expect(timeTicks(5, 5)).toEqual([5]);
    expect(timeTicks(10, 5)).toEqual([]);
  });
});
