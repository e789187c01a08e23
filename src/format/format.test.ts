import { describe, expect, it } from 'vitest';
import { axisScale, formatCompact, formatNumber, niceCeil, tidyNumbers } from './format.ts';

describe('formatCompact', () => {
  it.each([
    [0, '0'],
    [12, '12'],
    [1234, '1.23k'],
    [2_000_000, '2M'],
    [0.01234, '0.0123'],
    [12.345, '12.3'],
    [NaN, '—'],
    [Infinity, '∞'],
  ])('%d → %s', (v, text) => {
    expect(formatCompact(v)).toBe(text);
  });
});

describe('formatNumber', () => {
  it('trims trailing zeros', () => {
    expect(formatNumber(1.5)).toBe('1.5');
    expect(formatNumber(1 / 3)).toBe('0.333');
    expect(formatNumber(2)).toBe('2');
    expect(formatNumber(null)).toBe('—');
  });
});

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

describe('tidyNumbers', () => {
  it('shortens long decimals only', () => {
    expect(tidyNumbers('rebalanced over 12 samples, ratio 1.1666666666666667 → 14')).toBe(
      'rebalanced over 12 samples, ratio 1.1667 → 14',
    );
    expect(tidyNumbers('ratio 0.95, 1.25 and 3')).toBe('ratio 0.95, 1.25 and 3');
  });
});
