// Derived values, computed rather than stored so they can never disagree with the state.

import type { SimState } from './types.ts';

/**
 * The charts show a result that is not for the current text (invalid, failed or pending), or not
 * for the HPA now chosen in the picker.
 */
export function selectIsStale(s: SimState): boolean {
  return s.result !== null && (s.resultText !== s.text || s.resultHpa !== s.hpa);
}

export function selectCanUndo(s: SimState): boolean {
  return s.past.length > 0;
}

export function selectCanRedo(s: SimState): boolean {
  return s.future.length > 0;
}
