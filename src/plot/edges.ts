// Fitting an axis to the values that matter and marking the rest at its edge (issue 25: the
// tune chart fits the feasible candidates; an infeasible outlier far away would squash them into
// a corner). A new function of the plot kit, beside scale.ts and ticks.ts (the tune panel's
// owner added it; any plot may use it).

/**
 * The range an axis must fit: the `focus` values (the ones that matter), or all of them when
 * there is no focus value. Non-finite values are ignored; null when nothing is left.
 */
export function focusRange(
  all: readonly number[],
  focus: readonly number[],
): [number, number] | null {
  const pick = focus.filter(Number.isFinite);
  const from = pick.length > 0 ? pick : all.filter(Number.isFinite);
  if (from.length === 0) return null;
  return [Math.min(...from), Math.max(...from)];
}

/** Where a value lands on an axis of `domain`: itself inside it, else the end it is past. */
export interface EdgePlace {
  at: number;
  /** -1 below the domain, 1 above it, 0 inside */
  edge: -1 | 0 | 1;
}

export function placeOnAxis(v: number, domain: readonly [number, number]): EdgePlace {
  const lo = Math.min(domain[0], domain[1]);
  const hi = Math.max(domain[0], domain[1]);
  if (v < lo) return { at: lo, edge: -1 };
  if (v > hi) return { at: hi, edge: 1 };
  return { at: v, edge: 0 };
}

/**
 * An arrow at the plot's edge pointing out towards a value off the axis, as an SVG path: tip at
 * (x, y), `dx`/`dy` the direction (each -1, 0 or 1), `size` px long.
 */
export function edgeArrow(x: number, y: number, dx: number, dy: number, size = 7): string {
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  // base of the arrow behind the tip, spread across the direction
  const bx = x - ux * size;
  const by = y - uy * size;
  const px = -uy * (size / 2);
  const py = ux * (size / 2);
  const f = (n: number) => Math.round(n * 10) / 10;
  return `M${f(x)},${f(y)}L${f(bx + px)},${f(by + py)}L${f(bx - px)},${f(by - py)}Z`;
}
