import { describe, expect, it } from 'vitest';
import {
  countAxis,
  formatLogTick,
  fromLog,
  invertLinear,
  linear,
  logScale,
  toLog,
} from './scale.ts';

describe('log view', () => {
  it('maps 0 to 0 and decades to whole steps, and back', () => {
    expect(toLog(0)).toBe(0);
    expect(toLog(9)).toBeCloseTo(1);
    expect(toLog(999)).toBeCloseTo(3);
    expect(fromLog(toLog(42))).toBeCloseTo(42);
  });

  it('labels ticks 0, 1, 10, 100, 1000 and covers the maximum', () => {
    const s = logScale(1000);
    expect(s.ticks.map(formatLogTick)).toContain('1k');
    expect(s.ticks.map(formatLogTick)).toContain('100');
    expect(s.ticks[0]).toBe(0);
    expect(s.domain[1]).toBeGreaterThanOrEqual(toLog(1000));
    expect(s.ticks.length).toBeLessThanOrEqual(9);
  });
});

describe('linear', () => {
  it('maps a domain onto a pixel range and back', () => {
    const x = linear([0, 100], 50, 250);
    const t = invertLinear([0, 100], 50, 250);
    expect(x(25)).toBe(100);
    expect(t(100)).toBe(25);
    expect(t(x(73))).toBeCloseTo(73);
    expect(linear([5, 5], 10, 20)(99)).toBe(10);
  });
});

describe('countAxis', () => {
  it('whole ticks with headroom, or the log view', () => {
    expect(countAxis(10, 'linear', false).ticks.every(Number.isInteger)).toBe(true);
    expect(countAxis(10, 'linear', true).domain[1]).toBeGreaterThan(10);
    expect(countAxis(1000, 'log', false).domain[1]).toBeCloseTo(toLog(1000));
  });
});
