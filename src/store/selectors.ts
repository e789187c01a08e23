// Derived values, computed rather than stored so they can never disagree with the state.

import type { SimState } from './types.ts';

/**
 * The charts show a result that is not for the current text (invalid, failed or pending), or not
 * for the HPA now chosen in the picker.
 */
export function selectIsStale(s: SimState): boolean {
  return s.result !== null && (s.resultText !== s.text || s.resultHpa !== s.hpa);
}

/** How many errors the scenario's text has (0: it runs). */
export function selectErrorCount(s: SimState): number {
  let n = 0;
  for (const d of s.parse?.diagnostics ?? []) if (d.severity === 'error') n++;
  return n;
}

/**
 * Stale as the charts and KPIs show it: not during a gesture, whose texts arrive a frame apart
 * and whose runs follow within a frame or two (dimming and undimming every chart at each frame
 * costs a full repaint and flickers; the toolbar's status still says "simulating…").
 */
export function selectShownStale(s: SimState): boolean {
  return !s.gestureActive && selectIsStale(s);
}

export function selectCanUndo(s: SimState): boolean {
  return s.past.length > 0;
}

export function selectCanRedo(s: SimState): boolean {
  return s.future.length > 0;
}
