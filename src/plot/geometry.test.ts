import { describe, expect, it } from 'vitest';
import {
  areaPath,
  areaPathAt,
  glyphPath,
  linear,
  linePath,
  linePathAt,
  nearestRow,
  plotBox,
  pxText,
} from './geometry.ts';
import { ColumnRows } from './columnRows.ts';
import { CHART_MARGIN, X_AXIS_HEIGHT, Y_AXIS_WIDTH } from './layout.ts';
import type { PlotRow } from './geometry.ts';

const rows = (values: (number | null)[]): PlotRow[] => values.map((v, i) => ({ i, t: i * 10, v }));
const x = (t: number) => t;
const y = (v: number) => 100 - v;
const get = (row: PlotRow) => row.v;

describe('plotBox', () => {
  it('leaves the y-axis on the left and the time axis below, as the overlays assume', () => {
    expect(plotBox(600, 200)).toEqual({
      left: CHART_MARGIN.left + Y_AXIS_WIDTH,
      top: CHART_MARGIN.top,
      right: 600 - CHART_MARGIN.right,
      bottom: 200 - CHART_MARGIN.bottom - X_AXIS_HEIGHT,
    });
  });
});

describe('linear', () => {
  it('maps the domain onto the range, inverted for a y axis', () => {
    const s = linear([0, 20], 100, 0);
    expect(s(0)).toBe(100);
    expect(s(5)).toBe(75);
    expect(s(20)).toBe(0);
  });
  it('maps a degenerate domain to the range start', () => {
    expect(linear([3, 3], 10, 50)(7)).toBe(10);
  });
});

describe('linePath', () => {
  it('draws straight segments, or holds each value until the next row (step)', () => {
    expect(linePath(rows([1, 2, 4]), get, x, y)).toBe('M0,99L10,98L20,96');
    expect(linePath(rows([1, 2, 4]), get, x, y, true)).toBe('M0,99H10V98H20V96');
  });
  it('breaks the line at a gap and never connects across it', () => {
    expect(linePath(rows([1, null, 3, NaN, 5]), get, x, y)).toBe('M0,99M20,97M40,95');
    expect(linePath(rows([null, null]), get, x, y)).toBe('');
  });
  it('keeps coordinates finite for values far off the axis', () => {
    expect(linePath(rows([1e12]), get, x, y)).toBe('M0,-100000');
  });
});

describe('areaPath', () => {
  it('closes a polygon along the upper values and back along the lower ones', () => {
    const d = areaPath(rows([2, 4]), () => 0, get, x, y);
    expect(d).toBe('M0,98L10,96L10,100L0,100Z');
  });
  it('steps like the line it fills', () => {
    const d = areaPath(rows([2, 4]), () => 1, get, x, y, true);
    expect(d).toBe('M0,98L10,98L10,96L10,99L10,99L0,99Z');
  });
  it('starts a new polygon after a gap', () => {
    const d = areaPath(rows([2, null, 4, 6]), () => 0, get, x, y);
    expect(d).toBe('M0,98L0,100ZM20,96L30,94L30,100L20,100Z');
  });
});

describe('nearestRow', () => {
  it('finds the drawn row nearest to a time, the earlier one on a tie', () => {
    const r = rows([1, 2, 3, 4]);
    expect(nearestRow(r, -5)).toBe(0);
    expect(nearestRow(r, 14)).toBe(1);
    expect(nearestRow(r, 15)).toBe(1);
    expect(nearestRow(r, 16)).toBe(2);
    expect(nearestRow(r, 99)).toBe(3);
    expect(nearestRow([], 1)).toBe(-1);
  });
});

describe('rows as columns (ColumnRows)', () => {
  // Every other sync of a series with gaps, as buildChartData keeps them.
  const time = Float64Array.from({ length: 9 }, (_, i) => i * 10);
  const v = Float64Array.from([1, 2, NaN, 4, 5, Infinity, 7, 8, 9]);
  const table = new ColumnRows(time, Int32Array.from([0, 2, 3, 5, 6, 8]), new Map([['v', v]]));
  const objects = [0, 2, 3, 5, 6, 8].map((i): PlotRow => ({
    i,
    t: time[i]!,
    v: Number.isFinite(v[i]!) ? v[i]! : null,
  }));
  const at = (k: number) => table.t(k);

  it('draws the paths the row objects drew', () => {
    for (const step of [false, true]) {
      expect(linePathAt(table.length, at, table.value('v'), x, y, step)).toBe(
        linePath(objects, get, x, y, step),
      );
      expect(areaPathAt(table.length, at, () => 0, table.value('v'), x, y, step)).toBe(
        areaPath(objects, () => 0, get, x, y, step),
      );
    }
  });

  it('finds the nearest row and makes it the row object', () => {
    for (const t of [-5, 14, 25, 31, 55, 200])
      expect(nearestRow(table, t)).toBe(nearestRow(objects, t));
    expect(table.row(3)).toEqual(objects[3]);
  });
});

describe('glyphPath', () => {
  const box = { left: 0, top: 0, right: 100, bottom: 100 };
  it('draws one closed glyph per point inside the plot', () => {
    const d = glyphPath(
      [
        { x: 10, y: 50 },
        { x: 20, y: 60 },
      ],
      'up',
      box,
    );
    expect(d.match(/Z/g)).toHaveLength(2);
    expect(d.startsWith('M10,38.5')).toBe(true); // 7 px above the line, 4.5 px tall half
  });
  it('puts a scale-down glyph below the line and leaves out points off the plot', () => {
    expect(glyphPath([{ x: 10, y: 50 }], 'down', box)).toBe('M10,61.5L14.5,52.5L5.5,52.5Z');
    expect(glyphPath([{ x: 150, y: 50 }], 'mixed', box)).toBe('');
  });
});

describe('pxText', () => {
  // What the paths wrote before: the coordinate rounded to a tenth, then String().
  const old = (v: number) => String(Math.round(Math.max(-1e5, Math.min(1e5, v)) * 10) / 10);

  it('writes every coordinate as String(rounded to a tenth) did', () => {
    const values = [0, -0, 0.04, -0.04, 0.05, -0.05, 0.5, -0.5, 1.25, -1.25, 12.34, -12.36];
    values.push(99999.95, -99999.95, 1e5, -1e5, 3e7, -3e7, NaN, 0.1 + 0.2, 7 / 3);
    // A seeded walk over the range a plot uses, and some far outside it.
    let seed = 1;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
    for (let k = 0; k < 20_000; k++) values.push(next() * (k % 2 ? 2000 : 2e5));
    for (const v of values) expect(pxText(v), String(v)).toBe(old(v));
  });
});

describe('paths written into one buffer (pathText.ts)', () => {
  // What linePath and areaPath wrote when they built strings point by point.
  const line = (rs: PlotRow[], step: boolean) => {
    let d = '';
    let pen = false;
    for (const row of rs) {
      const v = row.v;
      if (v === null || v === undefined || !Number.isFinite(v)) {
        pen = false;
        continue;
      }
      const X = pxText(x(row.t));
      const Y = pxText(y(v));
      d += !pen ? `M${X},${Y}` : step ? `H${X}V${Y}` : `L${X},${Y}`;
      pen = true;
    }
    return d;
  };
  const area = (rs: PlotRow[], step: boolean) => {
    let d = '';
    let top = '';
    let bottom = '';
    let lastT = '';
    let lastB = '';
    const close = () => {
      if (top !== '') d += `M${top}L${bottom}Z`;
      top = bottom = '';
    };
    for (const row of rs) {
      const lo = row.lo;
      const hi = row.v;
      if (lo === null || hi === null || !Number.isFinite(lo!) || !Number.isFinite(hi!)) {
        close();
        continue;
      }
      const X = pxText(x(row.t));
      const T = pxText(y(hi!));
      const B = pxText(y(lo!));
      if (top === '') {
        top = `${X},${T}`;
        bottom = `${X},${B}`;
      } else {
        if (step) {
          top += `L${X},${lastT}`;
          bottom = `${X},${lastB}L${bottom}`;
        }
        top += `L${X},${T}`;
        bottom = `${X},${B}L${bottom}`;
      }
      lastT = T;
      lastB = B;
    }
    close();
    return d;
  };

  it('writes exactly what the point-by-point strings were, gaps and far values included', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let trial = 0; trial < 200; trial++) {
      const n = Math.floor(next() * (trial < 5 ? 5000 : 60));
      const rs: PlotRow[] = [];
      for (let i = 0; i < n; i++) {
        const pick = () => {
          const r = next();
          if (r < 0.08) return null;
          if (r < 0.1) return NaN;
          if (r < 0.12) return (next() - 0.5) * 1e9;
          return (next() - 0.5) * 400;
        };
        rs.push({ i, t: i * 7.3 + next(), v: pick(), lo: pick() });
      }
      for (const step of [false, true]) {
        expect(linePath(rs, get, x, y, step)).toBe(line(rs, step));
        expect(areaPath(rs, (r) => r.lo, get, x, y, step)).toBe(area(rs, step));
      }
    }
  });
});
