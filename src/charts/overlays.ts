// The variants drawn over a chart's own lines: in which order, and their legend entries (one
// legend key per run, so hiding a variant on one chart hides it on all).

import type { LegendItem } from './ChartLegend.tsx';
import { overlayStroke } from './seriesStyles.ts';
import type { OverlayLines } from './types.ts';

/** Overlays with the focused one last, so it is drawn on top of the others. */
export function orderByFocus(overlays: OverlayLines[], focusedRun: string): OverlayLines[] {
  return [
    ...overlays.filter((o) => o.key !== focusedRun),
    ...overlays.filter((o) => o.key === focusedRun),
  ];
}

/** Legend entries of the variants: each toggles its run on every chart. */
export function overlayLegend(
  overlays: OverlayLines[],
  hidden: ReadonlySet<string>,
  focusedRun: string,
  what: string,
): LegendItem[] {
  return overlays.map((o) => ({
    key: o.legendKey,
    label: o.name,
    color: o.colour,
    swatch: overlayStroke(o.key, focusedRun).swatch,
    help: `variant ${o.name}: ${what}${o.key === focusedRun ? ' (the run the explanation follows)' : ''}`,
    hidden: hidden.has(o.legendKey),
  }));
}
