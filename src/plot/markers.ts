// Event markers along a time axis that never overlap: a marker closer to the previous one in its
// row than its own size goes to the next row; when every row is taken there, it joins the
// nearest marker, which then stands for several (drawn with a count). Pure, in pixels.

/** A marker's place: its pixel x, its row (0 on the axis), and what it stands for, in order. */
export interface PlacedMarker<T> {
  x: number;
  row: number;
  items: T[];
}

/**
 * Places `items` (ascending by `x`, in pixels) in at most `maxRows` rows so that no two markers
 * of a row are closer than `size` px. An item with no room in any row is merged into the marker
 * last placed in the row that ends nearest to it.
 */
export function placeMarkers<T>(
  items: readonly { x: number; item: T }[],
  size: number,
  maxRows = 2,
): PlacedMarker<T>[] {
  const out: PlacedMarker<T>[] = [];
  /** the marker last placed in each row */
  const last: PlacedMarker<T>[] = [];
  for (const { x, item } of items) {
    let row = -1;
    for (let r = 0; r < maxRows; r++) {
      const prev = last[r];
      if (!prev || x - prev.x >= size) {
        row = r;
        break;
      }
    }
    if (row >= 0) {
      const m = { x, row, items: [item] };
      last[row] = m;
      out.push(m);
      continue;
    }
    let into = last[0]!;
    for (const m of last) if (m.x > into.x) into = m;
    into.items.push(item);
  }
  return out;
}

/** How many rows the placed markers use (at least 1). */
export function rowsUsed(markers: readonly PlacedMarker<unknown>[]): number {
  let rows = 1;
  for (const m of markers) rows = Math.max(rows, m.row + 1);
  return rows;
}
