// Where the run's writes of others (Simulation spec.changes: an HPA edit, a kubectl scale, and
// any later kind such as a rollout) sit on the time axis: pure, so the overlay only places them.

/** A write someone else made during the run, as the result lists it (ResultPayload.changes). */
export interface RunChangeMark {
  time: number;
  description: string;
}

/** A change as drawn: its place across the plot (0..1), its number and its words. */
export interface PlacedChange {
  /** 1-based, in time order: the number on the marker and in its label */
  n: number;
  time: number;
  /** fraction of the plot's width */
  f: number;
  description: string;
}

/** The changes inside the shown time range, numbered over the whole run (zooming keeps numbers). */
export function placeChanges(
  changes: readonly RunChangeMark[],
  xDomain: readonly [number, number],
): PlacedChange[] {
  const span = xDomain[1] - xDomain[0];
  if (!(span > 0)) return [];
  const out: PlacedChange[] = [];
  changes.forEach((c, i) => {
    const f = (c.time - xDomain[0]) / span;
    if (f >= 0 && f <= 1) out.push({ n: i + 1, time: c.time, f, description: c.description });
  });
  return out;
}
