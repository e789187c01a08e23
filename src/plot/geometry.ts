// The plot's geometry, pure: the plot box inside a plot of a given size, and SVG path strings
// built straight from rows. A plot is a handful of <path> elements whose `d` is one string each,
// so a new run costs a string per series, not a component per point.

import { CHART_LAYOUT, type PlotLayout } from './layout.ts';
import { FAR, pathText, tenths, type PathText } from './pathText.ts';
import { nearestBy } from './pointer.ts';
import { linear } from './scale.ts';

export { linear };

/**
 * One (downsampled) row: `t` its time, `i` the index of the sync (or sample) it stands for, and
 * any number of named values. Null draws a gap. Several series share one row list, so one
 * cursor lines up across them.
 */
export interface PlotRow {
  i: number;
  t: number;
  [key: string]: number | null;
}

/** The plot area in px from the chart's top-left corner (the same on every stacked chart). */
export interface PlotBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export function plotBox(width: number, height: number, layout: PlotLayout = CHART_LAYOUT): PlotBox {
  const left = layout.margin.left + layout.yAxisWidth;
  const top = layout.margin.top;
  return {
    left,
    top,
    right: Math.max(left + 1, width - layout.margin.right),
    bottom: Math.max(top + 1, height - layout.margin.bottom - layout.xAxisHeight),
  };
}

const px = (v: number) => Math.round(Math.max(-FAR, Math.min(FAR, v)) * 10) / 10;

/**
 * `String(px(v))`, built from integers: formatting a fraction as a double (the shortest digits
 * that read back) cost most of a new run's paths, about 30,000 numbers per result, and an
 * integer's digits are cheap (V8 caches small ones). `k / 10` for an integer k below 10^6 prints
 * as the integer part, a point and the one digit, which is what this writes.
 */
export function pxText(v: number): string {
  const k = Math.round(Math.max(-FAR, Math.min(FAR, v)) * 10);
  // Whole pixels (and -0, NaN) as String does them.
  if (k !== k || k % 10 === 0) return String(k / 10);
  const a = k < 0 ? -k : k;
  const tenth = a % 10;
  return (k < 0 ? '-' : '') + (a - tenth) / 10 + '.' + tenth;
}

export type RowValue = (row: PlotRow) => number | null | undefined;

/** A row's value by the row's position; null, undefined and non-finite numbers are gaps. */
export type IndexValue = (k: number) => number | null | undefined;

/**
 * Downsampled rows kept as columns, not an object per row (a new result per frame during a curve
 * drag made ≈ 200 kB of row objects each, the page's largest garbage): row k's values are read
 * where they are, and one row is made an object only for a tooltip.
 */
export interface PlotTable {
  readonly length: number;
  /** the time of row k */
  t(k: number): number;
  /** row k as a `PlotRow` (the hovered one's tooltip), made on demand */
  row(k: number): PlotRow;
  /** `key`'s value of each row (as `row(k)[key]`), read without making rows */
  value(key: string): IndexValue;
}

/** A usable value: null, undefined and non-finite numbers are gaps. */
function usable(v: number | null | undefined): number | null {
  return v === null || v === undefined || !Number.isFinite(v) ? null : v;
}

/**
 * A polyline through the rows' values (`step`: each value holds until the next row's time, as
 * recharts' stepAfter did). A gap (null) breaks the line; nothing is connected across it.
 */
export function linePath(
  rows: readonly PlotRow[],
  get: RowValue,
  x: (t: number) => number,
  y: (v: number) => number,
  step = false,
): string {
  return linePathAt(
    rows.length,
    (k) => rows[k]!.t,
    (k) => get(rows[k]!),
    x,
    y,
    step,
  );
}

/** `linePath` over `n` rows given by position: their times and values (a `PlotTable`'s). */
export function linePathAt(
  n: number,
  timeAt: (k: number) => number,
  get: IndexValue,
  x: (t: number) => number,
  y: (v: number) => number,
  step = false,
): string {
  // Written into one buffer (pathText.ts): no string per point.
  const out = pathText;
  let pen = false;
  for (let k = 0; k < n; k++) {
    const v = usable(get(k));
    if (v === null) {
      pen = false;
      continue;
    }
    const X = tenths(x(timeAt(k)));
    const Y = tenths(y(v));
    if (!pen) {
      out.char(77); // M
      out.pair(X, Y);
    } else if (step) {
      out.char(72); // H
      out.tenths(X);
      out.char(86); // V
      out.tenths(Y);
    } else {
      out.char(76); // L
      out.pair(X, Y);
    }
    pen = true;
  }
  return out.done();
}

/** The lower edge of the polygon being drawn, in tenths (x, y pairs), written backwards. */
let lowerEdge = new Float64Array(2048);

/** Ends the polygon: its lower edge backwards, then Z. */
function closeArea(out: PathText, count: number): void {
  const edge = lowerEdge;
  for (let k = 2 * count - 2; k >= 0; k -= 2) {
    out.char(76); // L
    out.pair(edge[k]!, edge[k + 1]!);
  }
  out.char(90); // Z
}

/**
 * The filled region between `lower` and `upper` (stepAfter or linear), one closed polygon per run
 * of rows where both are defined.
 */
export function areaPath(
  rows: readonly PlotRow[],
  lower: RowValue,
  upper: RowValue,
  x: (t: number) => number,
  y: (v: number) => number,
  step = false,
): string {
  return areaPathAt(
    rows.length,
    (k) => rows[k]!.t,
    (k) => lower(rows[k]!),
    (k) => upper(rows[k]!),
    x,
    y,
    step,
  );
}

/** `areaPath` over `n` rows given by position: their times and both edges' values. */
export function areaPathAt(
  n: number,
  timeAt: (k: number) => number,
  lower: IndexValue,
  upper: IndexValue,
  x: (t: number) => number,
  y: (v: number) => number,
  step = false,
): string {
  // The upper edge is written forward as it goes, the lower one kept (in tenths) and written
  // backwards when the polygon closes: one string per area, no array of points.
  const out = pathText;
  if (lowerEdge.length < 4 * n) lowerEdge = new Float64Array(4 * n);
  const edge = lowerEdge;
  let count = 0;
  let lastT = 0;
  let lastB = 0;
  for (let k = 0; k < n; k++) {
    const lo = usable(lower(k));
    const hi = usable(upper(k));
    if (lo === null || hi === null) {
      if (count > 0) closeArea(out, count);
      count = 0;
      continue;
    }
    const X = tenths(x(timeAt(k)));
    const T = tenths(y(hi));
    const B = tenths(y(lo));
    if (count === 0) {
      out.char(77); // M
      out.pair(X, T);
    } else {
      if (step) {
        out.char(76); // L
        out.pair(X, lastT);
        edge[2 * count] = X;
        edge[2 * count + 1] = lastB;
        count++;
      }
      out.char(76); // L
      out.pair(X, T);
    }
    edge[2 * count] = X;
    edge[2 * count + 1] = B;
    count++;
    lastT = T;
    lastB = B;
  }
  if (count > 0) closeArea(out, count);
  return out.done();
}

/** The row drawn nearest to time `t` (rows ascend in time; -1 when there are none). */
export function nearestRow(rows: readonly PlotRow[] | PlotTable, t: number): number {
  if (isTable(rows)) return nearestBy(rows.length, (k) => rows.t(k), t);
  return nearestBy(rows.length, (i) => rows[i]!.t, t);
}

function isTable(rows: readonly PlotRow[] | PlotTable): rows is PlotTable {
  return !Array.isArray(rows);
}

export type GlyphDirection = 'up' | 'down' | 'mixed';

/**
 * Rescale glyphs as one path: ▲ just above the line for up, ▼ just below for down, ◆ for both;
 * points outside the plot box are left out (as recharts' ifOverflow="hidden" did).
 */
export function glyphPath(
  points: readonly { x: number; y: number }[],
  direction: GlyphDirection,
  box: PlotBox,
): string {
  const s = 4.5;
  let d = '';
  for (const { x, y } of points) {
    if (!(x >= box.left && x <= box.right && y >= box.top && y <= box.bottom)) continue;
    const cx = px(x);
    if (direction === 'up') {
      const c = px(y - 7);
      d += `M${cx},${c - s}L${cx + s},${c + s}L${cx - s},${c + s}Z`;
    } else if (direction === 'down') {
      const c = px(y + 7);
      d += `M${cx},${c + s}L${cx + s},${c - s}L${cx - s},${c - s}Z`;
    } else {
      const c = px(y - 7);
      d += `M${cx},${c - s}L${cx + s},${c}L${cx},${c + s}L${cx - s},${c}Z`;
    }
  }
  return d;
}
