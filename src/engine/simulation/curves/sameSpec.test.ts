import { describe, expect, it } from 'vitest';
import { sameSpec } from './sameSpec.ts';

describe('sameSpec', () => {
  it('is true for equal specs that are different objects', () => {
    const a = {
      type: 'sum',
      of: [
        { type: 'sine', base: 1, amplitude: 2 },
        { type: 'constant', value: 3 },
      ],
    };
    const b = JSON.parse(JSON.stringify(a)) as unknown;
    expect(sameSpec(a, b)).toBe(true);
  });

  it('is false when a number, a string, an array length or a nesting differs', () => {
    const a = {
      type: 'ramp',
      points: [
        { at: 0, value: 1 },
        { at: 10, value: 2 },
      ],
    };
    expect(
      sameSpec(a, {
        type: 'ramp',
        points: [
          { at: 0, value: 1 },
          { at: 10, value: 2.5 },
        ],
      }),
    ).toBe(false);
    expect(sameSpec(a, { type: 'Ramp', points: a.points })).toBe(false);
    expect(sameSpec(a, { type: 'ramp', points: a.points.slice(0, 1) })).toBe(false);
    expect(sameSpec(a, { type: 'ramp', points: { 0: a.points[0], 1: a.points[1] } })).toBe(false);
    expect(sameSpec([1, 2], [1, '2'])).toBe(false);
    expect(sameSpec(null, {})).toBe(false);
  });

  it('reads an absent field and one set to undefined alike, and no other difference', () => {
    expect(sameSpec({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameSpec({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameSpec({ a: 1, b: null }, { a: 1 })).toBe(false);
    expect(sameSpec({ a: 1 }, { a: 1, c: 0 })).toBe(false);
  });

  it('never calls two NaNs the same curve', () => {
    expect(sameSpec({ v: NaN }, { v: NaN })).toBe(false);
  });
});
