import { describe, expect, it } from 'vitest';
import { markerOf, nearestSync, stepArea, waitingSpans, xOf } from './nodeLane.ts';

const time = Float64Array.from([0, 15, 30, 45]);

describe('node lane geometry', () => {
  it('maps time onto the lane over the zoomed domain', () => {
    expect(xOf([0, 100], 50)).toBe(500);
    expect(xOf([50, 100], 75)).toBe(500);
  });

  it('shades the spans where pods waited for a node', () => {
    expect(waitingSpans(time, Float64Array.from([0, 2, 1, 0]))).toEqual([[15, 45]]);
    expect(waitingSpans(time, Float64Array.from([1, 0, 0, 3]))).toEqual([
      [0, 15],
      [45, 45],
    ]);
  });

  it('draws a step area from the bottom series to the top one', () => {
    const d = stepArea(
      time,
      (i) => [1, 2, 2, 1][i]!,
      () => 0,
      [0, 45],
      (v) => 10 - v,
    );
    expect(d.startsWith('M0.0,9.0L333.3,9.0L333.3,8.0')).toBe(true);
    expect(d.endsWith('Z')).toBe(true);
    expect(
      stepArea(
        time,
        () => 1,
        () => 0,
        [100, 200],
        (v) => v,
      ),
    ).toBe('');
  });

  it('marks scale-ups, removals and limits, and finds the nearest sync', () => {
    const e = { time: 0, nodes: [], pods: 0, message: '' };
    expect(markerOf({ ...e, kind: 'scale-up' })?.kind).toBe('up');
    expect(markerOf({ ...e, kind: 'drain' })?.kind).toBe('down');
    expect(markerOf({ ...e, kind: 'no-fit' })?.kind).toBe('limit');
    expect(markerOf({ ...e, kind: 'node-ready' })).toBeNull();
    expect(nearestSync(time, 20)).toBe(1);
    expect(nearestSync(time, 40)).toBe(3);
  });
});
