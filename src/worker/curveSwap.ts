// A curve drag's run without a parse: the plan of the text the drag started from, with its
// traffic curve swapped for the dragged one. A drag changes numbers only, so everything the parse
// derives from the text (the HPA, the world, each run's work budget, which counts the curve's
// nodes) is the start text's; the curve alone is new. Anything this cannot vouch for answers null
// and the caller parses the text as usual, so the run is always the one the text gives.

import { validateCurve, type Curve } from '../engine/simulation/curves/index.ts';
import { sameSpec } from '../engine/simulation/curves/sameSpec.ts';
import type { RunPlan, ScenarioPlan } from '../run/index.ts';
import type { CurveEdit } from './protocol.ts';

/** Where the swap applies: the Simulation document's `spec.traffic`, as a whole. */
const TRAFFIC = ['spec', 'traffic'] as const;

/** Same keys and array lengths everywhere, any leaf a number where the other has a number. */
function sameShape(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number') return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return ka.every((k) => Object.hasOwn(rb, k) && sameShape(ra[k], rb[k]));
}

/** Whether `target` is reachable from `root` by any path other than the skipped key of root. */
function refersTo(root: object, target: object, skip: string): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = Object.entries(root)
    .filter(([k]) => k !== skip)
    .map(([, v]) => v);
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== 'object' || v === null || ArrayBuffer.isView(v) || seen.has(v)) continue;
    if (v === target) return true;
    seen.add(v);
    for (const child of Object.values(v)) if (typeof child === 'object') stack.push(child);
  }
  return false;
}

/**
 * `plan` with every run's traffic curve replaced by `edit.after`, or null when the swap would not
 * give the run the edited text gives: another curve than `spec.traffic` was dragged, the plan's
 * traffic is not `edit.before` as written (a migration or a default changed it), the drag changed
 * more than numbers, the new curve is invalid, a multi-cluster plan (its members split the
 * traffic), or the curve object is used anywhere else in a run's input.
 */
export function swapTraffic(plan: ScenarioPlan, edit: CurveEdit): ScenarioPlan | null {
  if (!plan.summary.ok || plan.runs.length === 0) return null;
  if (edit.path.length !== TRAFFIC.length || edit.path.some((k, i) => k !== TRAFFIC[i]))
    return null;
  const old = plan.runs[0]!.input.traffic;
  if (old === null || !sameSpec(old, edit.before) || !sameShape(edit.before, edit.after))
    return null;
  if (validateCurve(edit.after, '').length > 0) return null;
  const runs: RunPlan[] = [];
  for (const r of plan.runs) {
    if (r.federation || r.input.federation || r.input.traffic !== old) return null;
    if (refersTo(r.input, old, 'traffic')) return null;
    runs.push({ ...r, input: { ...r.input, traffic: edit.after as Curve } });
  }
  return { summary: plan.summary, runs };
}
