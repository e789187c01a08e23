import { describe, expect, it } from 'vitest';
import { createHoverStore } from './hover.ts';

describe('the shared hover row', () => {
  it('tells its listeners of a new row once, and no more after they leave', () => {
    const hover = createHoverStore();
    const seen: (number | null)[] = [];
    const stop = hover.subscribe(() => seen.push(hover.get()));
    expect(hover.get()).toBeNull();
    hover.set(3);
    hover.set(3); // the same row: nothing to redraw
    hover.set(null);
    stop();
    hover.set(5);
    expect(seen).toEqual([3, null]);
    expect(hover.get()).toBe(5);
  });
});
