import { describe, expect, it } from 'vitest';
import { formatCompact, formatNumber, tidyNumbers } from './format.ts';

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

describe('tidyNumbers', () => {
  it('shortens long decimals only', () => {
    expect(tidyNumbers('rebalanced over 12 samples, ratio 1.1666666666666667 → 14')).toBe(
      'rebalanced over 12 samples, ratio 1.1667 → 14',
    );
    expect(tidyNumbers('ratio 0.95, 1.25 and 3')).toBe('ratio 0.95, 1.25 and 3');
  });
});
