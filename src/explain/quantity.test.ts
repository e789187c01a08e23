import { describe, expect, it } from 'vitest';
import { formatMilliQuantity, formatQuantity, quantityMilli } from './quantity.ts';

describe('formatMilliQuantity (Quantity.String() of a DecimalSI milli-value)', () => {
  it.each([
    [350, '350m'],
    [1500, '1500m'],
    [2000, '2'],
    [0, '0'],
    [5_000_000, '5k'],
    [1_000_000_000, '1M'],
    [268_435_456_000, '268435456'],
  ])('%d → %s', (milli, text) => {
    expect(formatMilliQuantity(milli)).toBe(text);
  });

  it('says <unknown> when there is no value', () => {
    expect(formatMilliQuantity(undefined)).toBe('<unknown>');
    expect(formatMilliQuantity(NaN)).toBe('<unknown>');
  });
});

describe('formatQuantity (targets as kubectl prints them)', () => {
  it.each([
    ['500Mi', '500Mi'],
    ['1.5', '1500m'],
    [0.5, '500m'],
    ['2k', '2k'],
    ['2000', '2k'],
    ['1000m', '1'],
    [30, '30'],
  ])('%s → %s', (q, text) => {
    expect(formatQuantity(q)).toBe(text);
  });

  it('parses suffixes to milli-units', () => {
    expect(quantityMilli('250m')).toBe(250);
    expect(quantityMilli('1Ki')).toBe(1_024_000);
    expect(quantityMilli('nonsense')).toBeNaN();
  });
});
