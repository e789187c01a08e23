import { describe, it, expect } from 'vitest';
import { evaluateCurve, sampleCurve } from './evaluate.ts';
import { CurveError, compileCurve } from './compile.ts';
import type { Curve } from './types.ts';

const at = (curve: Curve, times: number[]) => times.map((t) => evaluateCurve(curve, t));
const ramp: Curve = {
  type: 'ramp',
  points: [
    { at: 0, value: 100 },
    { at: 100, value: 200 },
  ],
};

describe('evaluateCurve: shapes', () => {
  it('constant', () => {
    expect(at({ type: 'constant', value: 7 }, [-5, 0, 1e9])).toEqual([7, 7, 7]);
  });

  it('steps hold until the next step; the first value before the first step', () => {
    const steps: Curve = {
      type: 'steps',
      steps: [
        { at: 60, value: 10 },
        { at: 120, value: 30 },
        { at: 180, value: 5 },
      ],
    };
    expect(at(steps, [0, 59.999, 60, 119, 120, 179.5, 180, 1e6])).toEqual([
      10, 10, 10, 10, 30, 30, 5, 5,
    ]);
  });

  it('ramp interpolates linearly and holds outside', () => {
    expect(at(ramp, [-10, 0, 25, 50, 99, 100, 500])).toEqual([100, 100, 125, 150, 199, 200, 200]);
  });

  it('a repeated time in a ramp is a vertical jump (the later point wins)', () => {
    const jump: Curve = {
      type: 'ramp',
      points: [
        { at: 0, value: 0 },
        { at: 10, value: 10 },
        { at: 10, value: 50 },
        { at: 20, value: 50 },
      ],
    };
    expect(at(jump, [5, 9.99, 10, 15])).toEqual([5, 9.99, 50, 50]);
  });

  it('series interpolates linearly by default, or holds with step', () => {
    const points = [
      { at: 0, value: 0 },
      { at: 10, value: 100 },
    ];
    expect(evaluateCurve({ type: 'series', points }, 5)).toBe(50);
    expect(evaluateCurve({ type: 'series', points, interpolation: 'step' }, 5)).toBe(0);
  });

  it('sine peaks at peakAtSeconds and bottoms half a period later', () => {
    const day: Curve = {
      type: 'sine',
      base: 100,
      amplitude: 50,
      periodSeconds: 86400,
      peakAtSeconds: 50400,
    };
    expect(evaluateCurve(day, 50400)).toBe(150);
    expect(evaluateCurve(day, 50400 - 43200)).toBe(50);
    expect(evaluateCurve(day, 50400 + 86400 * 3)).toBe(150);
    expect(evaluateCurve(day, 50400 + 21600)).toBeCloseTo(100, 12);
  });

  it('sine without peakAtSeconds starts at base and rises (a plain sine)', () => {
    const wave: Curve = { type: 'sine', base: 10, amplitude: 5, periodSeconds: 40 };
    expect(at(wave, [0, 10, 20, 30])).toEqual([10, 15, 10, 5]);
    expect(evaluateCurve(wave, 5)).toBeCloseTo(10 + 5 * Math.sin(Math.PI / 4), 14);
  });

  it('spikes: value is the level, height is above base; back to base after', () => {
    const spikes: Curve = {
      type: 'spikes',
      base: 10,
      spikes: [
        { at: 100, durationSeconds: 30, value: 80 },
        { at: 130, durationSeconds: 10, height: 5 },
      ],
    };
    expect(at(spikes, [0, 99, 100, 129, 130, 139, 140, 1000])).toEqual([
      10, 10, 80, 80, 15, 15, 10, 10,
    ]);
    expect(evaluateCurve({ type: 'spikes', base: 3, spikes: [] }, 50)).toBe(3);
  });

  it('sum, scale, clamp', () => {
    const sum: Curve = { type: 'sum', of: [ramp, { type: 'constant', value: 1 }] };
    expect(evaluateCurve(sum, 50)).toBe(151);
    expect(evaluateCurve({ type: 'scale', factor: 2, of: ramp }, 50)).toBe(300);
    const clamp: Curve = { type: 'clamp', of: ramp, min: 120, max: 180 };
    expect(at(clamp, [0, 50, 100])).toEqual([120, 150, 180]);
  });

  it('shift moves a curve later (or earlier with a negative shift)', () => {
    expect(evaluateCurve({ type: 'shift', bySeconds: 50, of: ramp }, 75)).toBe(125);
    expect(evaluateCurve({ type: 'shift', bySeconds: -50, of: ramp }, 0)).toBe(150);
  });

  it('repeat replays the first period forever', () => {
    const day: Curve = { type: 'repeat', periodSeconds: 100, of: ramp };
    expect(at(day, [25, 125, 1025, 99.5])).toEqual([125, 125, 125, 199.5]);
    expect(evaluateCurve(day, -75)).toBe(125);
  });

  it('repeat keeps times that round just below a period boundary at the end of the period', () => {
    // t / p rounds up to an integer here, so t − floor(t / p)·p comes out slightly negative.
    const p = 281.9112044440127;
    const up: Curve = {
      type: 'ramp',
      points: [
        { at: 0, value: 0 },
        { at: p, value: 1000 },
      ],
    };
    expect(
      evaluateCurve({ type: 'repeat', periodSeconds: p, of: up }, -93432702.84406136),
    ).toBeGreaterThan(999);
    // A hair before 0 is a hair before the end of the previous period.
    expect(evaluateCurve({ type: 'repeat', periodSeconds: 100, of: ramp }, -1e-20)).toBe(200);
  });

  it('a falling ramp never rounds past its end value', () => {
    // Found by search: without the guard the value lands 1e-12 below the end value.
    const down: Curve = {
      type: 'ramp',
      points: [
        { at: 181.1219959775512, value: 44303 },
        { at: 704.0903473063956, value: 0.7698450751495647 },
      ],
    };
    expect(evaluateCurve(down, 704.0903473063955)).toBeGreaterThanOrEqual(0.7698450751495647);
  });
});

describe('evaluateCurve: noise', () => {
  const base: Curve = { type: 'constant', value: 100 };

  it('relative noise stays within ±amplitude and varies between buckets', () => {
    const noisy: Curve = { type: 'noise', of: base, seed: 1, amplitude: 0.2 };
    const values = sampleCurve(noisy, 0, 15, 1000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(80);
    expect(Math.max(...values)).toBeLessThan(120);
    expect(new Set(values).size).toBeGreaterThan(900);
  });

  it('holds within an interval (step) and moves linearly between buckets (linear)', () => {
    const step: Curve = { type: 'noise', of: base, seed: 9, amplitude: 0.5, intervalSeconds: 60 };
    expect(evaluateCurve(step, 61)).toBe(evaluateCurve(step, 119));
    expect(evaluateCurve(step, 60)).not.toBe(evaluateCurve(step, 120));
    const linear: Curve = { ...step, interpolation: 'linear' };
    const [a, mid, b] = at(linear, [60, 90, 120]) as [number, number, number];
    expect(a).toBe(evaluateCurve(step, 60));
    expect(b).toBe(evaluateCurve(step, 120));
    expect(mid).toBeCloseTo((a + b) / 2, 9);
  });

  it('absolute noise adds ±amplitude; a different seed gives different noise', () => {
    const noisy: Curve = { type: 'noise', of: base, seed: 3, amplitude: 10, mode: 'absolute' };
    const values = sampleCurve(noisy, 0, 15, 500);
    for (const v of values) expect(Math.abs(v - 100)).toBeLessThanOrEqual(10);
    const other = sampleCurve({ ...noisy, seed: 4 }, 0, 15, 500);
    expect(Array.from(other)).not.toEqual(Array.from(values));
  });
});

describe('clamping and errors', () => {
  const wave: Curve = { type: 'sine', base: 0, amplitude: 10, periodSeconds: 40 };

  it('clamps negative results to 0 unless allowNegative', () => {
    expect(evaluateCurve(wave, 30)).toBe(0);
    expect(evaluateCurve(wave, 30, { allowNegative: true })).toBe(-10);
    expect(Array.from(sampleCurve(wave, 0, 10, 4))).toEqual([0, 10, 0, 0]);
    expect(Array.from(sampleCurve(wave, 0, 10, 4, { allowNegative: true }))).toEqual([
      0, 10, 0, -10,
    ]);
    expect(Object.is(evaluateCurve(wave, 20), 0)).toBe(true); // never -0
  });

  it('throws CurveError with every diagnostic for an invalid spec', () => {
    const bad = {
      type: 'steps',
      steps: [
        { at: -1, value: 1 },
        { at: 0, value: -1 },
      ],
    } as Curve;
    expect(() => evaluateCurve(bad, 0)).toThrow(CurveError);
    try {
      compileCurve(bad);
      expect.unreachable();
    } catch (error) {
      expect((error as CurveError).diagnostics.map((d) => d.path)).toEqual([
        'steps[0].at',
        'steps[1].value',
      ]);
      expect((error as CurveError).message).toBe('invalid curve: steps[0].at: must be ≥ 0, got -1');
    }
    expect(() => evaluateCurve(null as unknown as Curve, 0)).toThrow(CurveError);
  });

  it('throws RangeError for non-finite times and bad sampling arguments', () => {
    expect(() => evaluateCurve(ramp, NaN)).toThrow(RangeError);
    expect(() => evaluateCurve(ramp, Infinity)).toThrow(RangeError);
    expect(() => evaluateCurve(ramp, 2e12)).toThrow(RangeError);
    expect(() => sampleCurve(ramp, 0, 0, 10)).toThrow(/stepSeconds/);
    expect(() => sampleCurve(ramp, 0, 15, -1)).toThrow(/count/);
    expect(() => sampleCurve(ramp, 0, 15, 1.5)).toThrow(/count/);
    expect(() => sampleCurve(ramp, 0, 15, 1e8)).toThrow(/count/);
    expect(() => sampleCurve(ramp, 0, 1e9, 10_000)).toThrow(/sample time/);
  });
});

describe('sampleCurve', () => {
  it('samples at start + i·step', () => {
    expect(Array.from(sampleCurve(ramp, -50, 50, 5))).toEqual([100, 100, 150, 200, 200]);
    expect(sampleCurve(ramp, 0, 15, 0)).toHaveLength(0);
  });

  it('handles a 7-day run at 15 s over a composed curve, across chunk boundaries', () => {
    const week: Curve = {
      type: 'noise',
      seed: 11,
      amplitude: 0.1,
      of: {
        type: 'sum',
        of: [
          { type: 'sine', base: 500, amplitude: 300, periodSeconds: 86400, peakAtSeconds: 50400 },
          { type: 'spikes', base: 0, spikes: [{ at: 3600, durationSeconds: 600, height: 400 }] },
        ],
      },
    };
    const count = (7 * 86400) / 15;
    const values = sampleCurve(week, 0, 15, count);
    expect(values).toHaveLength(40320);
    for (const i of [0, 1023, 1024, 1025, 20000, count - 1]) {
      expect(values[i]).toBe(evaluateCurve(week, i * 15));
    }
  });

  it('compiled curves sample arbitrary time lists in any order', () => {
    const compiled = compileCurve(ramp);
    expect(Array.from(compiled.sampleAt([100, 0, 50, -1, 75]))).toEqual([200, 100, 150, 100, 175]);
    expect(compiled.valueAt(10)).toBe(110);
  });
});
