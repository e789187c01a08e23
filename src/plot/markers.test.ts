import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeMarkers, rowsUsed } from './markers.ts';

const at = (...xs: number[]) => xs.map((x, k) => ({ x, item: k }));

describe('placeMarkers', () => {
  it('keeps markers apart on one row when there is room', () => {
    const m = placeMarkers(at(0, 20, 40), 14);
    expect(m.map((p) => [p.x, p.row, p.items])).toEqual([
      [0, 0, [0]],
      [20, 0, [1]],
      [40, 0, [2]],
    ]);
    expect(rowsUsed(m)).toBe(1);
  });

  it('stacks a marker closer than its size on the next row', () => {
    const m = placeMarkers(at(100, 105, 130), 14);
    expect(m.map((p) => [p.x, p.row])).toEqual([
      [100, 0],
      [105, 1],
      [130, 0],
    ]);
    expect(rowsUsed(m)).toBe(2);
  });

  it('merges into the nearest marker once every row is taken, with a count', () => {
    const m = placeMarkers(at(0, 2, 4, 6, 30), 14, 2);
    expect(m.map((p) => [p.x, p.row, p.items])).toEqual([
      [0, 0, [0]],
      [2, 1, [1, 2, 3]],
      [30, 0, [4]],
    ]);
  });

  it('never lets two markers of a row overlap, and loses no item', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 600 }), { maxLength: 80 }),
        fc.integer({ min: 4, max: 30 }),
        fc.integer({ min: 1, max: 3 }),
        (xs, size, rows) => {
          const sorted = [...xs].sort((a, b) => a - b);
          const m = placeMarkers(at(...sorted), size, rows);
          expect(m.flatMap((p) => p.items).sort((a, b) => a - b)).toEqual(sorted.map((_, k) => k));
          for (let r = 0; r < rows; r++) {
            const row = m.filter((p) => p.row === r);
            for (let k = 1; k < row.length; k++)
              expect(row[k]!.x - row[k - 1]!.x).toBeGreaterThanOrEqual(size);
          }
        },
      ),
    );
  });
});
