// Whether two texts' curves are the same, so the panel keeps the first's (and everything made
// from them: handles, the line, its path) through an edit that leaves the curves alone.
import type { CurveSlot } from '../../scenario/edit/index.ts';

/** The same curves: each slot's document, path, label, depth and curve as written. */
export function sameSlots(a: readonly CurveSlot[], b: readonly CurveSlot[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  return a.every(
    (s, i) =>
      s.document === b[i]!.document &&
      s.depth === b[i]!.depth &&
      s.label === b[i]!.label &&
      JSON.stringify(s.path) === JSON.stringify(b[i]!.path) &&
      JSON.stringify(s.json) === JSON.stringify(b[i]!.json),
  );
}
