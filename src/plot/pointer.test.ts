import { describe, expect, it } from 'vitest';
import { CHART_MARGIN, Y_AXIS_WIDTH } from './layout.ts';
import {
  clampRange,
  nearestIndex,
  nearestRowSync,
  panToInclude,
  plotSpan,
  timeAtPixel,
  zoomForKey,
} from './pointer.ts';

describe('timeAtPixel', () => {
  const width = 600;
  const [l, r] = plotSpan(width);

  it('maps the plot area edges to the domain ends and clamps outside', () => {
    expect(l).toBe(CHART_MARGIN.left + Y_AXIS_WIDTH);
    expect(r).toBe(width - CHART_MARGIN.right);
    expect(timeAtPixel(l, width, [0, 3600])).toBe(0);
    expect(timeAtPixel(r, width, [0, 3600])).toBe(3600);
    expect(timeAtPixel((l + r) / 2, width, [100, 200])).toBe(150);
    expect(timeAtPixel(0, width, [100, 200])).toBe(100);
    expect(timeAtPixel(9999, width, [100, 200])).toBe(200);
  });
});

describe('nearestIndex', () => {
  const time = [0, 15, 30, 45];
  it('finds the closest sync (ties go to the earlier one)', () => {
    expect(nearestIndex(time, 16)).toBe(1);
    expect(nearestIndex(time, 22.5)).toBe(1);
    expect(nearestIndex(time, 23)).toBe(2);
    expect(nearestIndex(time, -5)).toBe(0);
    expect(nearestIndex(time, 99)).toBe(3);
    expect(nearestIndex([], 5)).toBe(-1);
  });
});

describe('zoom keys', () => {
  const full: [number, number] = [0, 86_400];
  it('zooms in around the centre, out, and resets', () => {
    expect(zoomForKey('+', null, 43_200, full)).toEqual([21_600, 64_800]);
    expect(zoomForKey('-', [21_600, 64_800], 43_200, full)).toBeNull();
    expect(zoomForKey('-', [40_000, 42_000], 41_000, full)).toEqual([39_000, 43_000]);
    expect(zoomForKey('0', [1, 2], 0, full)).toBeNull();
    expect(zoomForKey('x', null, 0, full)).toBeUndefined();
  });

  it('keeps ranges inside the run and at least a minute long', () => {
    expect(clampRange(10, 1000, full)).toEqual([0, 1000]);
    expect(clampRange(86_390, 1000, full)).toEqual([85_400, 86_400]);
    expect(clampRange(500, 5, full)).toEqual([470, 530]);
  });

  it('pans a zoom to include a time outside it', () => {
    expect(panToInclude([100, 200], 150, full)).toEqual([100, 200]);
    expect(panToInclude([100, 200], 1000, full)).toEqual([950, 1050]);
  });
});

describe('nearestRowSync', () => {
  it('picks among the drawn rows, so a click names the sync the tooltip shows', () => {
    const time = Float64Array.from({ length: 10 }, (_, i) => i * 15);
    const rows = Int32Array.from([0, 4, 9]);
    // 75 s is sync 5, but the nearest drawn row is sync 4 (60 s)
    expect(nearestIndex(time, 75)).toBe(5);
    expect(nearestRowSync(time, rows, 75)).toBe(4);
    expect(nearestRowSync(time, rows, 130)).toBe(9);
    expect(nearestRowSync(time, new Int32Array(0), 10)).toBe(-1);
  });
});
