import { describe, expect, it } from 'vitest';
import { formatElapsed } from '../format/timeAxis.ts';
import {
  axisNeedsDays,
  axisScale,
  niceCeil,
  niceTicks,
  ticksNeedSeconds,
  timeAxis,
  timeTicks,
  timeTicksFor,
} from './ticks.ts';

describe('niceCeil', () => {
  it.each([
    [7, 10],
    [10, 10],
    [11, 20],
    [21, 25],
    [26, 50],
    [0.3, 0.5],
    [0, 0],
  ])('%d → %d', (v, nice) => {
    expect(niceCeil(v)).toBeCloseTo(nice);
  });
});

describe('axisScale', () => {
  it('picks the smallest round step that fits and ends the domain on a tick', () => {
    expect(axisScale(0, 21)).toEqual({ domain: [0, 25], ticks: [0, 5, 10, 15, 20, 25] });
    expect(axisScale(0, 2100)).toEqual({
      domain: [0, 2500],
      ticks: [0, 500, 1000, 1500, 2000, 2500],
    });
    expect(axisScale(0, 1.2)).toEqual({ domain: [0, 1.25], ticks: [0, 0.25, 0.5, 0.75, 1, 1.25] });
    expect(axisScale(-3, 7).ticks).toEqual([-5, -2.5, 0, 2.5, 5, 7.5]);
  });

  it('keeps replica ticks on whole numbers', () => {
    expect(axisScale(0, 2, 6, true)).toEqual({ domain: [0, 2], ticks: [0, 1, 2] });
    expect(axisScale(0, 3.2, 6, true).ticks.every(Number.isInteger)).toBe(true);
  });

  it('survives empty data', () => {
    expect(axisScale(NaN, NaN).domain).toEqual([0, 1]);
  });
});

describe('niceTicks', () => {
  it('without zero, fits the data rather than the origin', () => {
    expect(niceTicks(52, 61, 5, { zero: false })).toEqual({
      domain: [50, 65],
      ticks: [50, 55, 60, 65],
    });
    expect(niceTicks(52, 61, 5)).toEqual({ domain: [0, 80], ticks: [0, 20, 40, 60, 80] });
  });
});

describe('timeAxis', () => {
  it('labels a two-day axis by day and hour', () => {
    const axis = timeAxis([0, 2 * 86_400], 8);
    expect(axis.days).toBe(true);
    expect(axis.ticks).toContain(108_000);
    expect(axis.label(108_000)).toBe('day 2 06:00');
    expect(axis.label(21_600)).toBe('6:00');
  });

  it('adds seconds below a minute step, and fits the count to the width', () => {
    const axis = timeAxis([0, 120], 8);
    expect(axis.seconds).toBe(true);
    expect(axis.label(30)).toBe('0:00:30');
    expect(timeTicksFor(720)).toBe(8);
    expect(timeTicksFor(100)).toBe(2);
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
