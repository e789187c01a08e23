import { describe, expect, it } from 'vitest';
import { edgeArrow, focusRange, placeOnAxis } from './edges.ts';

describe('edges: an axis fitted to the values that matter (issue 25)', () => {
  it('fits the focus values, or all when there is none', () => {
    expect(focusRange([1, 2, 90, 3], [2, 3])).toEqual([2, 3]);
    expect(focusRange([1, 2, 90], [])).toEqual([1, 90]);
    expect(focusRange([NaN], [])).toBeNull();
  });

  it('places a value past either end at that end, with which edge', () => {
    expect(placeOnAxis(5, [0, 10])).toEqual({ at: 5, edge: 0 });
    expect(placeOnAxis(90, [0, 10])).toEqual({ at: 10, edge: 1 });
    expect(placeOnAxis(-1, [0, 10])).toEqual({ at: 0, edge: -1 });
  });

  it('draws an arrow whose tip is the edge point, pointing out', () => {
    expect(edgeArrow(100, 10, 0, -1, 6)).toBe('M100,10L103,16L97,16Z');
    expect(edgeArrow(200, 50, 1, 0, 6)).toBe('M200,50L194,53L194,47Z');
  });
});
