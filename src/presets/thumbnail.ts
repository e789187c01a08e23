// A preset card's thumbnail: the run's replicas as a tiny line. The values are computed from the
// preset's own run when the presets change (thumbnails.json, checked by thumbnails.test.ts), so
// the gallery draws them without running anything.

/** Points per thumbnail: about one per 2 px of a card. */
export const THUMB_POINTS = 60;

/**
 * `values` reduced to `points` buckets, each keeping its maximum (a spike of one sync must still
 * show), rounded to whole replicas.
 */
export function sparkline(values: ArrayLike<number>, points = THUMB_POINTS): number[] {
  const n = values.length;
  if (n === 0) return [];
  const k = Math.min(points, n);
  const out: number[] = [];
  for (let b = 0; b < k; b++) {
    const from = Math.floor((b * n) / k);
    const to = Math.max(from + 1, Math.floor(((b + 1) * n) / k));
    let m = -Infinity;
    for (let i = from; i < to; i++) if (Number.isFinite(values[i]!)) m = Math.max(m, values[i]!);
    out.push(Number.isFinite(m) ? Math.round(m) : 0);
  }
  return out;
}

/** An SVG path of the sparkline as steps in a `w`×`h` box (0 at the bottom, the max at the top). */
export function sparkPath(values: readonly number[], w: number, h: number): string {
  if (values.length === 0) return '';
  const max = Math.max(1, ...values);
  const dx = w / values.length;
  const y = (v: number) => (h - 1 - (v / max) * (h - 2)).toFixed(1);
  let d = `M0 ${y(values[0]!)}`;
  values.forEach((v, i) => {
    if (i > 0) d += ` V${y(v)}`;
    d += ` H${((i + 1) * dx).toFixed(1)}`;
  });
  return d;
}
