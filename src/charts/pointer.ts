// Pointer geometry of the stacked charts: every chart has the same margins and y-axis width, so a
// pixel maps to a time the same way on each. Pure, for clicks, hover and drag-to-zoom.

import { nearestIndex } from '../format/timeAxis.ts';
import { CHART_MARGIN, Y_AXIS_WIDTH } from './layout.ts';

export { nearestIndex };

/** Plot area of a chart `width` px wide: [left, right] in px from the chart's left edge. */
export function plotSpan(width: number): [number, number] {
  return [
    CHART_MARGIN.left + Y_AXIS_WIDTH,
    Math.max(CHART_MARGIN.left + Y_AXIS_WIDTH + 1, width - CHART_MARGIN.right),
  ];
}

/** The time under pixel `px` (clamped to the domain). */
export function timeAtPixel(px: number, width: number, domain: [number, number]): number {
  const [l, r] = plotSpan(width);
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
