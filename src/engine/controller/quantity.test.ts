// resource.Quantity as the controller uses it: ParseQuantity, MilliValue() (ceil to milli-units)
// and AsApproximateFloat64() (tolerances). Cases follow apimachinery's quantity_test.go
// (TestQuantityParse, TestQuantityParseZero, TestQuantityRoundUp) where they apply.

import { describe, expect, it } from 'vitest';
import {
  approximateFloat64,
  milliValue,
  milliValueOf,
  parseQuantity,
  quantitySign,
} from './quantity.ts';

describe('TestQuantityParse: MilliValue of valid quantities', () => {
  it.each([
    // plain numbers and decimal fractions
    ['0', 0],
    ['1', 1000],
    ['+5', 5000],
    ['1.5', 1500],
    ['0.5', 500],
    ['.5', 500],
    ['5.', 5000],
    ['007', 7000],
    ['250m', 250],
    ['2500m', 2500],
    ['8.6', 8600],
    ['15', 15000],
    // ceil to whole milli-units ("rounds up", like MilliValue())
    ['1.0001', 1001],
    ['0.0001', 1],
    ['0.1m', 1],
    ['1.5m', 2],
    ['1n', 1],
    ['1u', 1],
    ['1000u', 1],
    ['1001u', 2],
    ['999999n', 1],
    ['1000000n', 1],
    ['1000001n', 2],
    // decimal SI suffixes
    ['1k', 1_000_000],
    ['1.5k', 1_500_000],
    ['.0001k', 100],
    ['1M', 1e9],
    ['1G', 1e12],
    ['1.G', 1e12],
    ['1T', 1e15],
    ['1P', 1e18],
    // binary SI suffixes
    ['1Ki', 1_024_000],
    ['512Ki', 524_288_000],
    ['100Mi', 104_857_600_000],
    ['128Mi', 134_217_728_000],
    ['1.5Gi', 1_610_612_736_000],
    ['0.5Mi', 524_288_000],
    // decimal exponents
    ['1e3', 1_000_000],
    ['1E3', 1_000_000],
    ['1e+3', 1_000_000],
    ['1e-3', 1],
    ['25e-5', 1],
    ['12e-1', 1200],
    // negative values are exact when they are whole milli-units
    ['-1', -1000],
    ['-250m', -250],
    ['-1.5', -1500],
  ])('%s → %d', (text, milli) => {
    expect(parseQuantity(text)).not.toBeNull();
    expect(milliValue(text)).toBe(milli);
  });

  it('reads YAML numbers by their shortest decimal spelling', () => {
    expect(milliValue(0.05)).toBe(50);
    expect(milliValue(1.5)).toBe(1500);
    expect(milliValue(3)).toBe(3000);
    expect(milliValue(0.0001)).toBe(1);
    expect(milliValue(1e21)).toBe(milliValue('1e21'));
  });

  it('saturates MilliValue at the int64 maximum', () => {
    const max = Number(9223372036854775807n);
    expect(milliValue('10E')).toBe(max);
    expect(milliValue('9223372036854775807')).toBe(max);
    expect(milliValue('9223372036854775')).toBe(9223372036854775000);
  });

  it('keeps the format of the suffix', () => {
    expect(parseQuantity('1Ki')?.format).toBe('BinarySI');
    expect(parseQuantity('1k')?.format).toBe('DecimalSI');
    expect(parseQuantity('1e3')?.format).toBe('DecimalExponent');
    expect(parseQuantity('1')?.format).toBe('DecimalSI');
  });

  it('milliValueOf agrees with milliValue', () => {
    const q = parseQuantity('1.25Ki');
    expect(q).not.toBeNull();
    expect(milliValueOf(q!)).toBe(1_280_000);
  });
});

describe('TestQuantityParse: invalid quantities', () => {
  it.each([
    '',
    'aoeu',
    '1.1.M',
    '1+1.0M',
    '0.1mi',
    '0.1am',
    '.5i',
    '1i',
    '-3.01i',
    '-3.01e-',
    ' 1',
    '1 ',
    '1 Ki',
    '1KiB',
    '1ki',
    '1K',
    '1Zi',
    '1Z',
    '1e',
    '1e+',
    '1e1.5',
    '1e3k',
    '1..5',
    '++1',
    '1,5',
    '1_000',
    '0x10',
    'Inf',
    'NaN',
    '1µ',
  ])('%j does not parse', (text) => {
    expect(parseQuantity(text)).toBeNull();
    expect(milliValue(text)).toBeNaN();
    expect(approximateFloat64(text)).toBeNaN();
    expect(quantitySign(text)).toBeNaN();
  });

  it('non-finite numbers and absent values are not quantities', () => {
    expect(parseQuantity(Number.NaN)).toBeNull();
    expect(parseQuantity(Number.POSITIVE_INFINITY)).toBeNull();
    expect(milliValue(undefined)).toBeNaN();
    expect(milliValue(null)).toBeNaN();
  });
});

describe('quantitySign (validation: "must be positive")', () => {
  it.each([
    ['0', 0],
    ['0m', 0],
    ['0.000', 0],
    ['0Ki', 0],
    ['1n', 1],
    ['250m', 1],
    ['-1', -1],
    ['-0.001', -1],
  ])('%s → %d', (text, sign) => {
    expect(quantitySign(text)).toBe(sign);
  });
});

describe('approximateFloat64 (AsApproximateFloat64, used for behavior tolerances)', () => {
  it('keeps every written digit and multiplies by 1/10^k like math.Pow10', () => {
    expect(approximateFloat64('0.05')).toBe(5 * (1 / 100));
    expect(approximateFloat64('0.10')).toBe(10 * (1 / 100));
    expect(approximateFloat64('0.1')).toBe(0.1);
    expect(approximateFloat64('0.01')).toBe(0.01);
    expect(approximateFloat64('1')).toBe(1);
    expect(approximateFloat64('0')).toBe(0);
    expect(approximateFloat64('150m')).toBe(150 * (1 / 1000));
  });

  it('reproduces the float artefacts of digits × 10^-k (not digits / 10^k)', () => {
    // 7 × 0.1 and 3 × 0.1 are one ulp above the nearest doubles of 0.7 and 0.3.
    expect(approximateFloat64('0.7')).toBe(0.7000000000000001);
    expect(approximateFloat64('0.7')).not.toBe(0.7);
    expect(approximateFloat64('0.3')).toBe(0.30000000000000004);
    expect(approximateFloat64('0.57')).toBe(0.5700000000000001);
    expect(approximateFloat64('0.70')).toBe(70 * (1 / 100));
    expect(approximateFloat64(0.7)).toBe(approximateFloat64('0.7'));
  });

  it('applies decimal and binary suffixes', () => {
    expect(approximateFloat64('1.5k')).toBe(1500);
    expect(approximateFloat64('1Ki')).toBe(1024);
    expect(approximateFloat64('2Mi')).toBe(2 * 1024 * 1024);
    expect(approximateFloat64('1e3')).toBe(1000);
    expect(approximateFloat64('2e-1')).toBe(2 * (1 / 10));
    expect(approximateFloat64('-0.5')).toBe(-0.5);
  });
});

// Behaviours where the port differs from k8s.io/apimachinery/pkg/api/resource (quantity.go,
// math.go). They only matter for manifests the API server would reject or never write, but they
// are observable through the engine's exported functions.
describe('upstream Quantity corner cases', () => {
  it('MilliValue of a negative sub-milli quantity rounds away from zero (negativeScaleInt64)', () => {
    // "-1.5m" parses to int64Amount{-15, -4}; MilliValue → negativeScaleInt64(-15, 1) = -2
    // ("The value returned, if not exact, is rounded away from zero").
    expect(milliValue('-1.5m')).toBe(-2);
    // int64Amount{-1, -4} → -1, not 0.
    expect(milliValue('-0.0001')).toBe(-1);
  });

  it('ParseQuantity rounds a value finer than 1n up to nano precision (AsApproximateFloat64)', () => {
    // scale -10 < Nano: the slow path rounds the inf.Dec up to 1n before anything reads it.
    expect(approximateFloat64('0.0000000001')).toBe(1 * (1 / 1e9));
    expect(approximateFloat64('0.0000000015')).toBe(2 * (1 / 1e9));
  });

  it('ParseQuantity parses numbers of 19 or more digits on the inf.Dec slow path', () => {
    // precision = maxInt64Factors (18) − 19 digits < 0, so the int64 fast path is skipped and the
    // value parses exactly (upstream then caps it at the int64 maximum).
    expect(parseQuantity('9223372036854775807')).not.toBeNull();
    expect(parseQuantity('9223372036854775808')).not.toBeNull();
    expect(parseQuantity('10000000000000000000')).not.toBeNull();
  });

  it('ParseQuantity accepts a bare sign, dot or suffix as zero (parseQuantityString)', () => {
    for (const text of ['-', '+', '.', 'm', 'Ki']) {
      expect(milliValue(text), text).toBe(0);
    }
  });
});
