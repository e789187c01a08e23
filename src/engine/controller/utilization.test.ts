// metrics/utilization.go (TestGetResourceUtilizationRatio, TestGetMetricUsageRatio in
// utilization_test.go) and the Go numeric conversions the port relies on.

import { describe, expect, it } from 'vitest';
import {
  addInt32,
  getMetricUsageRatio,
  getResourceUtilizationRatio,
  goInt32,
  int32OfInt64,
  int64Div,
  MAX_INT32,
} from './utilization.ts';
import { metricsInfo } from './testing/builders.ts';

describe('TestGetResourceUtilizationRatio', () => {
  it('truncates the utilization to a whole percent before taking the ratio', () => {
    // 5100 / 7200 = 70.83 % → 70; ratio 70/60
    const r = getResourceUtilizationRatio(
      metricsInfo({ a: 2550, b: 2550 }),
      new Map([
        ['a', 3600],
        ['b', 3600],
      ]),
      60,
    );
    expect(r).toEqual({ ok: true, utilization: 70, usageRatio: 70 / 60, rawAverageValue: 2550 });
  });

  it('reports the truncated mean usage over the samples that have a request', () => {
    const r = getResourceUtilizationRatio(
      metricsInfo({ a: 100, b: 201, c: 999 }),
      new Map([
        ['a', 1000],
        ['b', 1000],
      ]),
      50,
    );
    // c has no request (an unlisted pod): skipped everywhere
    expect(r).toEqual({ ok: true, utilization: 15, usageRatio: 15 / 50, rawAverageValue: 150 });
  });

  it('fails when no sample matches a known pod', () => {
    const r = getResourceUtilizationRatio(
      metricsInfo({ 'an-older-pod-name': 100 }),
      new Map([['pod-0', 1000]]),
      100,
    );
    expect(r).toEqual({ ok: false, error: 'no metrics returned matched known pods' });
  });

  it('fails when every matching request is zero', () => {
    const r = getResourceUtilizationRatio(metricsInfo({ a: 10 }), new Map([['a', 0]]), 50);
    expect(r.ok).toBe(false);
  });

  it('computes huge memory figures exactly (Σusage × 100 beyond 2^53)', () => {
    // 3 pods × 2^52 milli-bytes used of 3 × (2^52 + 1) requested: 99.99…% → 99
    const big = 2 ** 52;
    const r = getResourceUtilizationRatio(
      metricsInfo({ a: big, b: big, c: big }),
      new Map([
        ['a', big + 1],
        ['b', big + 1],
        ['c', big + 1],
      ]),
      100,
    );
    expect(r).toMatchObject({ ok: true, utilization: 99, rawAverageValue: big });
  });
});

describe('TestGetMetricUsageRatio', () => {
  it('truncates the mean over all samples (unlisted pods included)', () => {
    const r = getMetricUsageRatio(metricsInfo({ a: 20000, b: 21000, c: 21000 }), 20000);
    expect(r.usage).toBe(20666);
    expect(r.usageRatio).toBe(20666 / 20000);
  });

  it('divides by the target as a float', () => {
    expect(getMetricUsageRatio(metricsInfo({ a: 10, b: 20 }), 15)).toEqual({
      usage: 15,
      usageRatio: 1,
    });
    expect(getMetricUsageRatio(metricsInfo({ a: 1 }), 3).usageRatio).toBe(1 / 3);
  });
});

describe('Go numeric conversions', () => {
  it('int32(f) truncates toward zero', () => {
    expect(goInt32(2.9)).toBe(2);
    expect(goInt32(-2.9)).toBe(-2);
    expect(goInt32(-0.5)).toBe(0);
    expect(Object.is(goInt32(-0.5), 0)).toBe(true);
    expect(goInt32(MAX_INT32)).toBe(MAX_INT32);
  });

  it('int32(f) of NaN or an out-of-range value is the integer-indefinite MinInt32 (amd64)', () => {
    expect(goInt32(Number.NaN)).toBe(-2147483648);
    expect(goInt32(Number.POSITIVE_INFINITY)).toBe(-2147483648);
    expect(goInt32(MAX_INT32 + 1)).toBe(-2147483648);
  });

  it('int32 of an int64 keeps the low 32 bits (no integer indefinite)', () => {
    expect(int32OfInt64(3e9)).toBe(3e9 - 2 ** 32);
    expect(int32OfInt64(2 ** 32 + 50)).toBe(50);
    expect(int32OfInt64(-(2 ** 31) - 1)).toBe(MAX_INT32);
  });

  it('an overflowing utilization wraps as int32((metricsTotal * 100) / requestsTotal)', () => {
    // 3e7 m of usage on a 1 m request: 3e9 %, whose low 32 bits are 3e9 − 2^32.
    const wrapped = getResourceUtilizationRatio(
      metricsInfo({ a: 30_000_000 }),
      new Map([['a', 1]]),
      50,
    );
    expect(wrapped).toMatchObject({ ok: true, utilization: 3e9 - 2 ** 32 });
    // Past 2^53 the sums are exact, and Go's int64 product wraps before the division:
    // (2^62 · 100) mod 2^64 = 0, so the utilization is 0.
    const exact = getResourceUtilizationRatio(
      metricsInfo({ a: 2 ** 62 }),
      new Map([['a', 1000]]),
      50,
    );
    expect(exact).toMatchObject({ ok: true, utilization: 0 });
  });

  it('int32 addition wraps', () => {
    expect(addInt32(MAX_INT32, 1)).toBe(-2147483648);
    expect(addInt32(5, -7)).toBe(-2);
  });

  it('int64 division truncates, also where a float quotient would round up', () => {
    expect(int64Div(7, 2)).toBe(3);
    expect(int64Div(2 ** 53 - 1, 2 ** 53 - 2)).toBe(1);
    expect(int64Div(9007199254740991, 3)).toBe(3002399751580330);
    expect(int64Div(-7, 2)).toBe(-3);
  });
});
