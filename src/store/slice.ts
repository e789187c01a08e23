// What every slice gets from the store: read the whole state (any slice may read another's
// fields), and write — by the rule of README.md, only its own fields.

import type { SimState } from './types.ts';

export interface SliceContext {
  get: () => SimState;
  set: (partial: Partial<SimState>) => void;
}
