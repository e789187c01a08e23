import { describe, expect, it } from 'vitest';
import { createSeriesPool, POOL_MAX_BUFFERS, POOL_MAX_BYTES } from './seriesPool.ts';

describe('the series pool', () => {
  it('gives back the smallest free buffer that fits, else a new one', () => {
    const pool = createSeriesPool();
    const [a, b, c] = [pool.take(100), pool.take(300), pool.take(200)];
    [a, b, c].forEach((x) => pool.give(x));
    expect(pool.take(150)).toBe(c);
    expect(pool.take(150)).toBe(b);
    const fresh = pool.take(150);
    expect([a, b, c]).not.toContain(fresh);
    expect(fresh.byteLength).toBe(150);
  });

  it('ignores a buffer it did not make, and one given twice', () => {
    const pool = createSeriesPool();
    pool.give(new ArrayBuffer(64));
    const mine = pool.take(64);
    pool.give(mine);
    pool.give(mine);
    expect(pool.free).toEqual([mine]);
  });

  it('keeps at most POOL_MAX_BUFFERS free, and POOL_MAX_BYTES, dropping the largest', () => {
    const pool = createSeriesPool();
    const all = Array.from({ length: POOL_MAX_BUFFERS + 2 }, (_, i) => pool.take(8 * (i + 1)));
    all.forEach((x) => pool.give(x));
    expect(pool.free).toEqual(all.slice(0, POOL_MAX_BUFFERS));
    const huge = pool.take(POOL_MAX_BYTES);
    pool.give(huge);
    expect(pool.free).not.toContain(huge);
  });
});
