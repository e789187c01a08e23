// Where the value of a candidate drawn as an arrow at the chart's edge goes: beside its arrow, on
// the first of a few spots that covers no point drawn on the axes and no other label (the QA pass
// found the label written over a point next to the edge). Pure, so it is tested without a DOM.

export interface EdgeArrowAt {
  /** the arrow's tip, on the plot's edge */
  x: number;
  y: number;
  /** which way the value lies off the axes (-1, 0 or 1; SVG's y grows down) */
  dx: number;
  dy: number;
}

export interface EdgeLabel {
  x: number;
  /** the text's baseline */
  y: number;
  anchor: 'start' | 'middle' | 'end';
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** The label's font (.edge-value: 9 px): a character's width and the text's height, generous. */
const CHAR = 5.5;
const HEIGHT = 9;
/** Room kept around a point's centre (the front's points are 5 px, the ring 9). */
const POINT = 6;

function boxOf(l: EdgeLabel, text: string): Box {
  const w = text.length * CHAR;
  const x0 = l.anchor === 'start' ? l.x : l.anchor === 'end' ? l.x - w : l.x - w / 2;
  return { x0, y0: l.y - HEIGHT + 2, x1: x0 + w, y1: l.y + 2 };
}

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** The spots tried, nearest first: inward along the arrow, then to either side of it. */
function spots(at: EdgeArrowAt): EdgeLabel[] {
  const anchor = at.dx > 0 ? 'end' : at.dx < 0 ? 'start' : 'middle';
  const inX = at.x - at.dx * 10;
  const inY = at.y - at.dy * 10 + 3;
  if (at.dx !== 0 && at.dy === 0)
    // a left or right edge: beside the arrow, else above or below it
    return [
      { x: inX, y: inY, anchor },
      { x: inX, y: at.y - 8, anchor },
      { x: inX, y: at.y + 14, anchor },
    ];
  if (at.dx === 0)
    // the top or bottom edge: inward, else to the right or the left of the arrow
    return [
      { x: at.x, y: inY, anchor },
      { x: at.x + 7, y: at.y - at.dy * 4 + 3, anchor: 'start' },
      { x: at.x - 7, y: at.y - at.dy * 4 + 3, anchor: 'end' },
    ];
  // a corner: inward along both
  return [
    { x: inX, y: inY, anchor },
    { x: inX, y: at.y - at.dy * 20 + 3, anchor },
  ];
}

/**
 * The spot for `text` beside the arrow `at`, clear of `points` (the centres of the candidates on
 * the axes) and of the labels placed before (`taken`, which it joins); null when every spot is
 * covered (the arrow's title still gives the value).
 */
export function placeEdgeLabel(
  at: EdgeArrowAt,
  text: string,
  points: readonly { x: number; y: number }[],
  taken: Box[],
): EdgeLabel | null {
  for (const spot of spots(at)) {
    const box = boxOf(spot, text);
    const clear =
      !taken.some((t) => overlaps(t, box)) &&
      !points.some((p) =>
        overlaps(box, { x0: p.x - POINT, y0: p.y - POINT, x1: p.x + POINT, y1: p.y + POINT }),
      );
    if (clear) {
      taken.push(box);
      return spot;
    }
  }
  return null;
}
