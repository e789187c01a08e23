// Pointer geometry, pure: a pixel → a time (the plot's layout says where its area sits; the
// stacked charts share one, so a pixel is the same time on each), the sync or row nearest to a
// time (one rule for every chart, lane and lookup), and the zoom keys and ranges.

import { CHART_LAYOUT, type PlotLayout } from './layout.ts';

/**
 * Index of the entry nearest to `t` among `n` ascending times read by `timeAt` (-1 when n is 0);
 * a tie goes to the earlier one. Every chart, lane and row lookup uses this one rule.
 */
export function nearestBy(n: number, timeAt: (i: number) => number, t: number): number {
  if (n === 0) return -1;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (timeAt(mid) < t) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && Math.abs(timeAt(lo - 1) - t) <= Math.abs(timeAt(lo) - t)) return lo - 1;
  return lo;
}

/** Index of the sync nearest to `t` in the ascending `time` (-1 when empty). */
export function nearestIndex(time: ArrayLike<number>, t: number): number {
  return nearestBy(time.length, (i) => time[i]!, t);
}

/** Plot area of a plot `width` px wide: [left, right] in px from its left edge. */
export function plotSpan(width: number, layout: PlotLayout = CHART_LAYOUT): [number, number] {
  const left = layout.margin.left + layout.yAxisWidth;
  return [left, Math.max(left + 1, width - layout.margin.right)];
}

/** The time under pixel `px` (clamped to the domain). */
export function timeAtPixel(
  px: number,
  width: number,
  domain: readonly [number, number],
  layout: PlotLayout = CHART_LAYOUT,
): number {
  const [l, r] = plotSpan(width, layout);
  const f = Math.min(1, Math.max(0, (px - l) / (r - l)));
  return domain[0] + f * (domain[1] - domain[0]);
}

/**
 * The sync of the drawn row nearest to `t` (rows are the downsampled `indices` into `time`), so
 * a click selects the very sync the hover tooltip names, not a hidden neighbour between rows.
 */
export function nearestRowSync(
  time: ArrayLike<number>,
  indices: ArrayLike<number>,
  t: number,
): number {
  // A copy of the row times is cheap: rows are bounded by the downsampling budget.
  const rowTimes = new Float64Array(indices.length);
  for (let k = 0; k < indices.length; k++) rowTimes[k] = time[indices[k]!]!;
  const k = nearestIndex(rowTimes, t);
  return k < 0 ? -1 : indices[k]!;
}

/** Smallest zoom span: a few syncs. */
export const MIN_ZOOM_SECONDS = 60;

/**
 * The zoom range after a key press (null: whole run), or undefined when the key is not a zoom key.
 * + zooms in around `center`, − zooms out, 0 resets.
 */
export function zoomForKey(
  key: string,
  zoom: [number, number] | null,
  center: number,
  full: [number, number],
): [number, number] | null | undefined {
  const cur = zoom ?? full;
  const span = cur[1] - cur[0];
  if (key === '0') return null;
  if (key === '+' || key === '=') return clampRange(center, span / 2, full);
  if (key === '-' || key === '_') {
    if (span * 2 >= full[1] - full[0]) return null;
    return clampRange(center, span * 2, full);
  }
  return undefined;
}

/** A range of `span` seconds around `center`, inside `full`. */
export function clampRange(center: number, span: number, full: [number, number]): [number, number] {
  const s = Math.min(full[1] - full[0], Math.max(MIN_ZOOM_SECONDS, span));
  let a = center - s / 2;
  a = Math.max(full[0], Math.min(full[1] - s, a));
  return [a, a + s];
}

/** Shift `zoom` (keeping its span) so it contains `t`; unchanged when it already does. */
export function panToInclude(
  zoom: [number, number],
  t: number,
  full: [number, number],
): [number, number] {
  if (t >= zoom[0] && t <= zoom[1]) return zoom;
  return clampRange(t, zoom[1] - zoom[0], full);
}
