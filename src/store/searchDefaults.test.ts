// The search form's default goals (issue 25): unmet demand alone recommended a slow, cheap HPA
// (recovery +56 %), so the defaults pair it with recovery time and reversals.

import { describe, expect, it } from 'vitest';
import { THRESHOLDS } from '../tune/goals.ts';
import { DEFAULT_SEARCH_FORM, searchFormValid } from './searchSlice.ts';

describe('the search’s default goals', () => {
  it('pair unmet demand with recovery time and reversals, each a check flag', () => {
    const flags = DEFAULT_SEARCH_FORM.constraints.map((c) => c.flag);
    expect(flags).toEqual(['max-unmet-demand-percent', 'max-recovery-seconds', 'max-reversals']);
    const known = new Set(THRESHOLDS.map((t) => t.flag));
    for (const f of flags) expect(known.has(f)).toBe(true);
    expect(searchFormValid(DEFAULT_SEARCH_FORM)).toBe(true);
  });
});
