// The handles the curve editor draws for one chosen curve, placed on its line: the curve's own,
// or, for a wrapper without handles of its own, those of the curves inside it — through `noise`
// and `clamp` (same frame: drawn on the line they shape), and into each term of a `sum`, lifted
// by the other terms at that time (so a sine plus spikes shows both, each on the total). A drag
// subtracts the lift again before writing the term's own numbers.

import { curveValueAt } from './curveLine.ts';
import type { CurveSlot } from './findCurves.ts';
import { curveHandles, type Handle, type Write } from './handles.ts';

export interface PlacedHandle extends Handle {
  /** the curve whose numbers this handle writes */
  slot: CurveSlot;
  /** how far the shown line is above this curve's own value at a time (0 but inside a sum) */
  lift(at: number): number;
}

const SEE_THROUGH = new Set(['noise', 'clamp']);
const slotKey = (s: CurveSlot) => `${s.document}:${s.path.join('.')}`;
const typeOf = (json: unknown) =>
  json !== null && typeof json === 'object' ? (json as { type?: unknown }).type : undefined;

function place(slot: CurveSlot, handle: Handle, lift: (at: number) => number): PlacedHandle {
  return {
    ...handle,
    key: `${slot.path.join('.')}#${handle.key}`,
    value: handle.value + lift(handle.at),
    slot,
    lift,
    drag: (at: number, value: number): Write[] => handle.drag(at, value - lift(at)),
  };
}

/** The handles shown for `shown` (one of `slots`); `middle` places a constant's level. */
export function placedHandles(
  slots: readonly CurveSlot[],
  shown: CurveSlot,
  middle: number,
): PlacedHandle[] {
  const byKey = new Map(slots.map((s) => [slotKey(s), s]));
  const inner = (s: CurveSlot, ...rest: (string | number)[]) =>
    byKey.get(slotKey({ ...s, path: [...s.path, ...rest] }));
  const walk = (s: CurveSlot, lift: (at: number) => number, depth: number): PlacedHandle[] => {
    const own = curveHandles(s.json, middle);
    if (own.length > 0) return own.map((h) => place(s, h, lift));
    if (depth >= 4) return [];
    const type = typeOf(s.json);
    if (typeof type === 'string' && SEE_THROUGH.has(type)) {
      const of = inner(s, 'of');
      return of ? walk(of, lift, depth + 1) : [];
    }
    if (type === 'sum') {
      const terms = (s.json as { of?: unknown }).of;
      if (!Array.isArray(terms)) return [];
      return terms.flatMap((_, i) => {
        const term = inner(s, 'of', i);
        if (!term) return [];
        const others = terms.filter((_, j) => j !== i);
        const termLift = (at: number) =>
          lift(at) + others.reduce((sum, c) => sum + curveValueAt(c, at), 0);
        return walk(term, termLift, depth + 1);
      });
    }
    return [];
  };
  return walk(shown, () => 0, 0);
}
