import { describe, expect, it } from 'vitest';
import { lane } from './testing/lane.ts';
import { linePath } from '../../plot/geometry.ts';
import {
  intervals,
  LANE_H,
  LANE_W,
  laneMax,
  laneRows,
  laneValues,
  laneX,
  laneY,
  nearestSync,
  rowKey,
  visibleRange,
} from './lanes.ts';

const times = (n: number, step = 15) => Float64Array.from({ length: n }, (_, i) => i * step);

describe('cluster lane scales', () => {
  it('maps time across the width and values up the height, clipped at the top', () => {
    const x = laneX([0, 30]);
    expect([x(0), x(15), x(30)]).toEqual([0, LANE_W / 2, LANE_W]);
    const y = laneY(10);
    expect(y(0)).toBe(LANE_H - 1);
    expect(y(10)).toBe(2);
    expect(y(25)).toBe(2);
  });

  it('follows a zoom: the range spans the width', () => {
    const x = laneX([15, 45]);
    expect([x(15), x(30), x(45)]).toEqual([0, LANE_W / 2, LANE_W]);
  });
});

describe('cluster lane rows', () => {
  it('draws the syncs inside the range plus one on each side', () => {
    const time = [0, 15, 30, 45, 60, 75];
    expect(visibleRange(time, [15, 45])).toEqual([1, 5]);
    expect(visibleRange(time, [20, 40])).toEqual([1, 4]);
    expect(visibleRange(time, [0, 75])).toEqual([0, 6]);
    expect(visibleRange([], [15, 45])).toEqual([0, 0]);
  });

  it('one row list for every lane, keyed by lane, with the Pending stack and the bounds', () => {
    const a = lane([2, 3, 3], {
      pending: Float64Array.from([0, 1, 0]),
      noNode: Float64Array.from([0, 1, 0]),
      min: Float64Array.from([1, 1, 1]),
      max: Float64Array.from([6, 6, NaN]),
    });
    const b = lane([5, 5, 6]);
    const rows = laneRows(times(3), [a, b], [0, 30], 100);
    expect(rows.map((r) => r.i)).toEqual([0, 1, 2]);
    expect(rows[1]).toMatchObject({
      [rowKey.spec(0)]: 3,
      [rowKey.top(0)]: 4,
      [rowKey.noNodeFrom(0)]: 3,
      [rowKey.spec(1)]: 5,
    });
    // a missing bound is a gap, not a zero
    expect(rows[2]![rowKey.max(0)]).toBeNull();
    expect(rows[0]![rowKey.min(1)]).toBeUndefined();
  });

  it('downsamples a week to the budget, keeping a one-sync spike and every rescale that fits', () => {
    const n = 40_321;
    const spec = new Array<number>(n).fill(1);
    spec[12_345] = 10;
    const rows = laneRows(times(n), [lane(spec)], [0, (n - 1) * 15], 1000);
    expect(rows.length).toBeLessThanOrEqual(1000);
    expect(rows.some((r) => r.i === 12_345)).toBe(true);
    expect(rows.some((r) => r.i === 12_346)).toBe(true);
    const d = linePath(rows, (r) => r[rowKey.spec(0)], laneX([0, (n - 1) * 15]), laneY(10), true);
    expect(d).toContain('V2H');
  });

  it('a zoomed hour of a week draws each of its syncs, and nothing outside it', () => {
    const n = 40_321;
    const spec = new Array<number>(n).fill(1);
    spec[100] = 9;
    const rows = laneRows(times(n), [lane(spec)], [3600, 7200], 1000);
    expect(rows.map((r) => r.i)).toEqual(Array.from({ length: 242 }, (_, k) => 240 + k));
    expect(rows.some((r) => r[rowKey.spec(0)] === 9)).toBe(false);
  });
});

describe('cluster lane facts', () => {
  it('finds failed intervals, including one open at the end', () => {
    expect(intervals([0, 15, 30, 45], [0, 1, 0, 1])).toEqual([
      [15, 30],
      [45, 45],
    ]);
    expect(intervals([0, 15], [0, 0])).toEqual([]);
  });

  it('finds the nearest sync, the earlier on a tie', () => {
    const t = [0, 15, 30];
    expect([-5, 7, 7.5, 8, 29, 99].map((x) => nearestSync(t, x))).toEqual([0, 0, 0, 1, 2, 2]);
    expect(nearestSync([], 3)).toBe(-1);
  });

  it('tops a lane at its largest finite value, at least 1', () => {
    expect(laneMax([0, 2.5], [NaN, 1])).toBe(3);
    expect(laneMax([0])).toBe(1);
  });

  it('words the hovered values: replicas, ready, Pending, bounds, size; or failed', () => {
    const a = lane([4, 4], {
      ready: Float64Array.from([3, 3]),
      pending: Float64Array.from([1, 0]),
      noNode: Float64Array.from([1, 0]),
      min: Float64Array.from([2, 2]),
      max: Float64Array.from([14, 14]),
      failed: Uint8Array.from([0, 1]),
      capacity: 10,
    });
    expect(laneValues(a, 0)).toEqual([
      'replicas 4',
      'ready 3',
      'Pending 1 (1 with no node)',
      'bounds 2–14',
      'room for 10',
    ]);
    expect(laneValues(a, 1)).toEqual(['failed']);
  });
});
