/** The Pareto front of points to minimise on both axes: the indexes no other point dominates. */
export function paretoFront(points: { index: number; x: number; y: number }[]): number[] {
  // Sorted by x then y (index breaks exact ties, so the result does not depend on input order),
  // a point is on the front when its y is below every y seen before it.
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y || a.index - b.index);
  const front: number[] = [];
  let bestY = Infinity;
  for (const p of sorted) {
    if (p.y < bestY) {
      front.push(p.index);
      bestY = p.y;
    }
  }
  return front.sort((a, b) => a - b);
}
