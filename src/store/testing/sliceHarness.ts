// One slice on its own: a plain state object behind the slice's get/set, recording every field
// each write names, so a test checks what the slice does and that it writes only its own fields.

import type { SliceContext } from '../slice.ts';
import type { SimState } from '../types.ts';

export function sliceHarness(state: Partial<SimState> = {}) {
  let current = { ...state } as SimState;
  const written = new Set<string>();
  const ctx: SliceContext = {
    get: () => current,
    set(partial) {
      for (const k of Object.keys(partial)) written.add(k);
      current = { ...current, ...partial };
    },
  };
  return {
    ctx,
    /** the state now */
    get state(): SimState {
      return current;
    },
    /** set fields as another slice would (not recorded as this slice's writes) */
    put(partial: Partial<SimState>) {
      current = { ...current, ...partial };
    },
    /** every field written so far, sorted */
    written: () => [...written].sort(),
  };
}
