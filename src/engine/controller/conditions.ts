// setConditionInList (horizontal.go): update in place keeping the position, append a new type;
// removeCondition (v1.36+) drops a type. And, not upstream, the reconcile's working copy of the list.

import type { HPACondition } from './types.ts';

export function setCondition(
  list: HPACondition[],
  type: string,
  status: string,
  reason: string,
  message: string,
): void {
  for (let i = 0; i < list.length; i++) {
    const existing = list[i]!;
    if (existing.type !== type) continue;
    // upstream overwrites all three; a status or reason already equal is left (the same value,
    // and no write barrier for a store into an old object: most syncs set the condition they
    // found). The message is always written: proving a built one equal would flatten it.
    if (existing.status !== status) existing.status = status;
    if (existing.reason !== reason) existing.reason = reason;
    existing.message = message;
    return;
  }
  list.push({ type, status, reason, message });
}

// upstream: horizontal.go removeCondition (v1.36+)
/** Every condition of `type` left out, the others keeping their order (in place, as upstream filters). */
export function removeCondition(list: HPACondition[], type: string): void {
  let kept = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    if (c.type !== type) list[kept++] = c;
  }
  list.length = kept;
}

/**
 * Which list of conditions the last reconcile returned, when every condition in it has the
 * shape setCondition gives one (ByPositionScratch keeps it per caller). A memo of where a list
 * came from, never of its content: a miss only takes the slower copy.
 */
export interface ConditionsMemo {
  ownConditions: readonly HPACondition[] | null;
}

/**
 * Not in upstream (which deep-copies the HPA): the list a reconcile may update, leaving the
 * observed one untouched. A list this controller returned last (`memo`) holds only conditions in
 * setCondition's shape — type, status, reason, message, in that order — and is copied field by
 * field, several times faster than a spread; any other list (a status from a file or a test)
 * with a spread, keeping every field and its order. Both give the same copy
 * (horizontal.properties.test.ts compares runs with and without the memo, key order included).
 * The copy is the list returned, so it becomes the memo when it is all in setCondition's shape.
 * `inPlace` (ReconcileOptions.reuse: nobody else holds the list the last reconcile returned):
 * that list itself is the working copy, updated in place.
 */
export function workingConditions(
  list: readonly HPACondition[],
  memo: ConditionsMemo,
  inPlace = false,
): HPACondition[] {
  const n = list.length;
  if (inPlace && n > 0 && list === memo.ownConditions) return list as HPACondition[];
  const out = new Array<HPACondition>(n);
  if (n === 0 || list === memo.ownConditions) {
    for (let i = 0; i < n; i++) {
      const c = list[i]!;
      out[i] = { type: c.type, status: c.status, reason: c.reason, message: c.message };
    }
    memo.ownConditions = out;
  } else {
    for (let i = 0; i < n; i++) out[i] = { ...list[i]! };
    memo.ownConditions = null;
  }
  return out;
}
