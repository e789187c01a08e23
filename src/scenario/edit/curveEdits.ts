// The curve editor's edits as text: a drag's numbers, a point added or removed, a new shape.
// Each takes the whole text and returns the whole new text (or a reason), so the page sends it
// down the same path as typing.

import type { CurveSlot } from './findCurves.ts';
import { pointsField, tidy, type Write } from './handles.ts';
import { insertItem, removeItem, replaceNode } from './nodeEdit.ts';
import { nodeAt, setNumberAt, type EditResult } from './setScalar.ts';
import { isNode, parseAllDocuments } from 'yaml';

/** The number at `path` in the text now (undefined when absent or not a number). */
function currentNumber(text: string, slot: CurveSlot, path: Write['path']): number | undefined {
  const doc = Array.from(parseAllDocuments(text, { logLevel: 'silent' }))[slot.document];
  if (!doc || !('contents' in doc)) return undefined;
  const node = nodeAt(doc.contents, [...slot.path, ...path]);
  const v = isNode(node) ? node.toJSON() : undefined;
  return typeof v === 'number' ? v : undefined;
}

/** `text` with each write made; numbers already equal are left as written. */
export function applyWrites(text: string, slot: CurveSlot, writes: readonly Write[]): EditResult {
  let out = text;
  for (const w of writes) {
    if (currentNumber(out, slot, w.path) === w.value) continue;
    const r = setNumberAt(out, slot.document, [...slot.path, ...w.path], w.value);
    if (!r.ok) return r;
    out = r.text;
  }
  return { ok: true, text: out };
}

/** A point at (`at`, `value`) in a steps, ramp or series curve, in time order. */
export function addPoint(text: string, slot: CurveSlot, at: number, value: number): EditResult {
  const field = pointsField(slot.json);
  if (!field) return { ok: false, error: `${slot.label} is not a list of points` };
  const list = (slot.json as Record<string, unknown>)[field] as { at?: unknown }[];
  const t = Math.max(0, Math.round(at));
  let index = list.findIndex((p) => typeof p?.at === 'number' && p.at > t);
  if (index < 0) index = list.length;
  return insertItem(text, slot.document, [...slot.path, field], index, {
    at: t,
    value: tidy(value),
  });
}

/** Without point `index` (a curve keeps at least one). */
export function removePoint(text: string, slot: CurveSlot, index: number): EditResult {
  const field = pointsField(slot.json);
  if (!field) return { ok: false, error: `${slot.label} is not a list of points` };
  return removeItem(text, slot.document, [...slot.path, field], index, 1);
}

/** The curve replaced by `curve` (a new shape), written in flow style where it was. */
export function setShape(text: string, slot: CurveSlot, curve: unknown): EditResult {
  return replaceNode(text, slot.document, slot.path, curve);
}
