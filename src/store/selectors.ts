// Derived values, computed rather than stored so they can never disagree with the state. Each
// reads the fields it needs by slice; stale is the one that compares two slices (the text the
// user has, the text the shown runs came from).

import type { RunsState, ScenarioState } from './types.ts';

type StaleInputs = Pick<ScenarioState, 'text' | 'hpa' | 'gestureActive'> &
  Pick<RunsState, 'result' | 'resultText' | 'resultHpa'>;

/**
 * The charts show a result that is not for the current text (invalid, failed or pending), or not
 * for the HPA now chosen in the picker.
 */
export function selectIsStale(s: StaleInputs): boolean {
  return s.result !== null && (s.resultText !== s.text || s.resultHpa !== s.hpa);
}

/** How many errors the scenario's text has (0: it runs). */
export function selectErrorCount(s: Pick<ScenarioState, 'parse'>): number {
  let n = 0;
  for (const d of s.parse?.diagnostics ?? []) if (d.severity === 'error') n++;
  return n;
}

/**
 * Stale as the charts and KPIs show it: not during a gesture, whose texts arrive a frame apart
 * and whose runs follow within a frame or two (dimming and undimming every chart at each frame
 * costs a full repaint and flickers; the toolbar's status still says "simulating…").
 */
export function selectShownStale(s: StaleInputs): boolean {
  return !s.gestureActive && selectIsStale(s);
}

export function selectCanUndo(s: Pick<ScenarioState, 'past'>): boolean {
  return s.past.length > 0;
}

export function selectCanRedo(s: Pick<ScenarioState, 'future'>): boolean {
  return s.future.length > 0;
}

/**
 * The text, or null during a gesture (a curve drag sends a text per frame): a reader that shows
 * the text on release does not re-render per frame (null is the same each time).
 */
export function selectTextUnlessGesture(s: Pick<ScenarioState, 'text' | 'gestureActive'>) {
  return s.gestureActive ? null : s.text;
}

/** The diagnostics are the text's own (their fixes are located in it). */
export function selectDiagnosticsCurrent(s: Pick<ScenarioState, 'text' | 'parseText'>): boolean {
  return s.parseText !== null && s.parseText === s.text;
}
