// The vector's `trace` is exact too (same oracle) but not normative. To compare, project our
// richer trace onto the vector's keys: extra explanation fields (names, messages, notes, the
// stabilization window, policies) are ours alone.

import type { ReconcileTrace } from '../engine/controller/index.ts';

const OURS_ONLY_TOP = new Set(['stabilization', 'policies', 'rescaleReason']);
const OURS_ONLY_METRIC = new Set(['name', 'message', 'note']);

export function projectTrace(
  expected: Record<string, unknown>,
  actual: ReconcileTrace,
): Record<string, unknown> {
  const a = actual as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(a)) if (!OURS_ONLY_TOP.has(k)) out[k] = a[k];
  for (const k of Object.keys(expected)) out[k] = a[k];
  if (Array.isArray(actual.metrics)) {
    out.metrics = actual.metrics.map((m) => {
      const o: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(m)) if (!OURS_ONLY_METRIC.has(k)) o[k] = v;
      return o;
    });
  }
  return out;
}
