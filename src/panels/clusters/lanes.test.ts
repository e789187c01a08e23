import { describe, expect, it } from 'vitest';
import {
  bandPath,
  buckets,
  intervals,
  LANE_H,
  LANE_W,
  laneMax,
  nearestSync,
  stepPath,
  timeAt,
  visibleRange,
  xOf,
  yOf,
} from './lanes.ts';

const scale = { tMax: 30, yMax: 10 };

describe('cluster lane geometry', () => {
  it('maps time across the width and values up the height, clipped at the top', () => {
    expect([xOf(0, scale), xOf(15, scale), xOf(30, scale)]).toEqual([0, LANE_W / 2, LANE_W]);
    expect(yOf(0, scale)).toBe(LANE_H - 1);
    expect(yOf(10, scale)).toBe(2);
    expect(yOf(25, scale)).toBe(2);
  });

  it('puts every sync in exactly one bucket, at most the maximum', () => {
    const b = buckets(40_321, 500);
    expect(b).toHaveLength(500);
    expect(b[0]![0]).toBe(0);
    expect(b.at(-1)![1]).toBe(40_321);
    for (let i = 1; i < b.length; i++) expect(b[i]![0]).toBe(b[i - 1]![1]);
    expect(buckets(3)).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
  });

  it('draws steps, breaks at NaN, and keeps a one-sync spike when reducing', () => {
    const time = [0, 15, 30];
    expect(stepPath(time, [0, 10, NaN], scale)).toBe('M0 47H500V2H1000');
    expect(stepPath(time, [NaN, 10, 10], scale)).toBe('M500 2H1000V2H1000');
    const n = 5000;
    const t = Array.from({ length: n }, (_, i) => i);
    const v = new Array<number>(n).fill(1);
    v[1234] = 10;
    const d = stepPath(t, v, { tMax: n - 1, yMax: 10 });
    expect(d).toContain('V2H');
    expect(d.split('H').length - 1).toBeLessThanOrEqual(500);
  });

  it('fills a band between two series, one polygon per stretch where both exist', () => {
    const time = [0, 15, 30];
    const d = bandPath(time, [1, NaN, 1], [5, 5, 5], scale);
    expect(d.match(/M/g)).toHaveLength(2);
    expect(d.endsWith('Z')).toBe(true);
    expect(bandPath(time, [5, 5, 5], [5, 5, 5], scale)).toBe('');
  });

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

  it('follows a zoom: the range spans the width, clicks map back, only its syncs are drawn', () => {
    const zoomed = { tMin: 15, tMax: 45, yMax: 10 };
    expect([xOf(15, zoomed), xOf(30, zoomed), xOf(45, zoomed)]).toEqual([0, LANE_W / 2, LANE_W]);
    expect(timeAt(0.5, zoomed)).toBe(30);
    expect(timeAt(0.5, scale)).toBe(15);
    const time = [0, 15, 30, 45, 60, 75];
    // The syncs inside [15, 45] plus one past the end, so the last step reaches the edge.
    expect(visibleRange(time, zoomed)).toEqual([1, 5]);
    expect(visibleRange(time, { tMin: 20, tMax: 40, yMax: 1 })).toEqual([1, 4]);
    expect(visibleRange(time, { tMax: 75, yMax: 1 })).toEqual([0, 6]);
    expect(visibleRange([], zoomed)).toEqual([0, 0]);
    // A one-sync spike outside the zoom is not drawn; inside it is drawn at full resolution.
    const values = [1, 1, 1, 1, 1, 9];
    expect(yOf(9, zoomed)).toBe(6.5);
    expect(stepPath(time, values, zoomed)).not.toContain('V6.5H');
    expect(stepPath(time, values, { ...zoomed, tMax: 75 })).toContain('V6.5H');
    const n = 40_321;
    const week = Array.from({ length: n }, (_, i) => i * 15);
    const hour = { tMin: 3600, tMax: 7200, yMax: 10 };
    // An hour of a week: its 241 syncs each get their own point (not 500 buckets of ~80 syncs).
    const d = stepPath(week, new Array<number>(n).fill(1), hour);
    expect(d.startsWith(`M0 `)).toBe(true);
    expect(visibleRange(week, hour)).toEqual([240, 482]);
  });
});
