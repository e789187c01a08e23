import { describe, expect, it } from 'vitest';
import { frameFor, keyMove, niceMax, timeAt, valueAt, xOf, yOf } from './geometry.ts';

describe('curve panel geometry', () => {
  const f = frameFor(456, 126, 600, 1000);

  it('maps time and value to pixels and back', () => {
    expect([xOf(f, 0), xOf(f, 600), yOf(f, 0), yOf(f, 1000)]).toEqual([44, 444, 108, 8]);
    expect(timeAt(f, xOf(f, 150))).toBeCloseTo(150, 9);
    expect(valueAt(f, yOf(f, 250))).toBeCloseTo(250, 9);
  });

  it('keeps raising above the top, never below zero', () => {
    expect(valueAt(f, -92)).toBeCloseTo(2000, 9);
    expect(valueAt(f, 500)).toBe(0);
  });

  it('rounds the axis up with headroom', () => {
    expect(niceMax([100000])).toBe(200000);
    expect(niceMax([80, 3])).toBe(100);
    expect(niceMax([])).toBe(1);
  });

  it('moves a focused handle by 1 % (10 % with Shift) per key', () => {
    expect(keyMove('ArrowUp', false, 60, 10, f)).toEqual({ at: 60, value: 20 });
    expect(keyMove('ArrowRight', true, 60, 10, f)).toEqual({ at: 120, value: 10 });
    expect(keyMove('ArrowDown', true, 60, 10, f)).toEqual({ at: 60, value: 0 });
    expect(keyMove('ArrowLeft', false, 3, 10, f)).toEqual({ at: 0, value: 10 });
    expect(keyMove('Enter', false, 3, 10, f)).toBeNull();
  });
});
