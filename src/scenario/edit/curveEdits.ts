// The curve editor's edits as text: a drag's numbers, a point added or removed, a new shape.
// Each takes the whole text and returns the whole new text (or a reason), so the page sends it
// down the same path as typing.

import type { CurveSlot } from './findCurves.ts';
import { pointsField, tidy, type Write } from './handles.ts';
import { insertItem, removeItem, replaceNode } from './nodeEdit.ts';
import { formatNumber, nodeAt, type EditResult } from './setScalar.ts';
import { isScalar, parseAllDocuments } from 'yaml';

/** The last text `applyWrites` parsed: a drag writes over the same starting text every frame. */
let lastParsed: { text: string; docs: ReturnType<typeof readDocuments> } | null = null;

const readDocuments = (text: string) => Array.from(parseAllDocuments(text, { logLevel: 'silent' }));

/** The documents of `text`, read only (never edited: the cache hands the same ones out again). */
function documentsOf(text: string) {
  if (lastParsed?.text !== text) {
    lastParsed = { text, docs: readDocuments(text) };
  }
  return lastParsed.docs;
}

/**
 * `text` with each write made; numbers already equal are left as written. One parse for all the
 * writes (a drag sends one text per frame): each number's characters are replaced, last first.
 */
export function applyWrites(text: string, slot: CurveSlot, writes: readonly Write[]): EditResult {
  const doc = documentsOf(text)[slot.document];
  if (!doc || !('contents' in doc)) return { ok: false, error: `no document ${slot.document}` };
  if (doc.errors.length > 0) return { ok: false, error: 'the document has syntax errors' };
  const splices: [number, number, string][] = [];
  for (const w of writes) {
    const path = [...slot.path, ...w.path];
    if (!Number.isFinite(w.value)) return { ok: false, error: `not a finite number: ${w.value}` };
    const node = nodeAt(doc.contents, path);
    if (!isScalar(node) || typeof node.value !== 'number' || !node.range)
      return { ok: false, error: `no number at ${path.join('.')}` };
    if (node.type !== 'PLAIN') return { ok: false, error: `${path.join('.')} is quoted` };
    if (node.value === w.value) continue;
    splices.push([node.range[0], node.range[1], formatNumber(w.value)]);
  }
  let out = text;
  for (const [start, end, written] of splices.sort((x, y) => y[0] - x[0]))
    out = out.slice(0, start) + written + out.slice(end);
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
