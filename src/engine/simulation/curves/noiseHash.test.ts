import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { mix32, noiseUnit } from './noiseHash.ts';

describe('noiseUnit', () => {
  it('pins known values, so a change to the hash is noticed (it would change every scenario)', () => {
    expect(mix32(0)).toBe(0);
    expect([0, 1, 2, -1, 2 ** 40].map((i) => noiseUnit(42, i).toFixed(12))).toMatchInlineSnapshot(`
      [
        "0.802070309408",
        "0.020196149126",
        "-0.373555499595",
        "-0.773923558649",
        "0.455276062246",
      ]
    `);
  });

  it('is in [-1, 1) and a pure function of (seed, index) (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0xffffffff }),
        fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        (seed, index) => {
          const u = noiseUnit(seed, index);
          expect(u).toBeGreaterThanOrEqual(-1);
          expect(u).toBeLessThan(1);
          expect(noiseUnit(seed, index)).toBe(u);
        },
      ),
    );
  });

  it('is roughly uniform: mean near 0 and each tenth of the range near 10 %', () => {
    const n = 100_000;
    const buckets = new Array<number>(10).fill(0);
    let sum = 0;
    for (let i = 0; i < n; i++) {
      const u = noiseUnit(7, i);
      sum += u;
      buckets[Math.floor((u + 1) * 5)]! += 1;
    }
    expect(Math.abs(sum / n)).toBeLessThan(0.01);
    for (const count of buckets) expect(Math.abs(count / n - 0.1)).toBeLessThan(0.005);
  });

  it('gives unrelated sequences for neighbouring seeds and indices', () => {
    let same = 0;
    for (let i = 0; i < 1000; i++) if (noiseUnit(1, i) === noiseUnit(2, i)) same += 1;
    expect(same).toBe(0);
    // Adjacent indices are not correlated: the lag-1 correlation is near zero.
    let product = 0;
    for (let i = 0; i < 50_000; i++) product += noiseUnit(3, i) * noiseUnit(3, i + 1);
    expect(Math.abs(product / 50_000)).toBeLessThan(0.01);
  });

  it('separates indices that differ only above 32 bits', () => {
    expect(noiseUnit(5, 1)).not.toBe(noiseUnit(5, 1 + 2 ** 32));
    expect(noiseUnit(5, -1)).not.toBe(noiseUnit(5, 2 ** 32 - 1));
  });
});
