// Writing one value back into a scenario's YAML text: only the scalar's own characters change, so
// comments, key order, quoting elsewhere and blank lines stay byte for byte. The first piece of
// the curve editor (dragging a point rewrites its `at` or `value`); pure, no DOM.

import { isMap, isScalar, isSeq, parseAllDocuments, type Node } from 'yaml';

export type YamlPath = readonly (string | number)[];

export type EditResult = { ok: true; text: string } | { ok: false; error: string };

/** The node at `path` inside `node` (maps by key, sequences by index), or undefined. */
export function nodeAt(node: unknown, path: YamlPath): unknown {
  let cur: unknown = node;
  for (const key of path) {
    if (isMap(cur)) cur = cur.get(key, true);
    else if (isSeq(cur) && typeof key === 'number') cur = cur.get(key, true);
    else return undefined;
  }
  return cur;
}

/** How a number is written: integers plainly, others shortest round-trip, never exponent. */
export function formatNumber(v: number): string {
  if (Number.isInteger(v)) return String(v);
  const s = String(Number(v.toPrecision(12)));
  return /e/i.test(s) ? v.toFixed(12).replace(/\.?0+$/, '') : s;
}

/**
 * `text` with the number at `path` of YAML document `documentIndex` replaced by `value`.
 * Refuses (with a reason) when the path is not an existing plain number: the editor only moves
 * what is already there.
 */
export function setNumberAt(
  text: string,
  documentIndex: number,
  path: YamlPath,
  value: number,
): EditResult {
  if (!Number.isFinite(value)) return { ok: false, error: `not a finite number: ${value}` };
  const docs = Array.from(parseAllDocuments(text, { logLevel: 'silent' }));
  const doc = docs[documentIndex];
  if (!doc || !('contents' in doc)) return { ok: false, error: `no document ${documentIndex}` };
  if (doc.errors.length > 0) return { ok: false, error: 'the document has syntax errors' };
  const node = nodeAt(doc.contents, path);
  if (!isScalar(node) || typeof node.value !== 'number' || !(node as Node).range)
    return { ok: false, error: `no number at ${path.join('.')}` };
  if (node.type !== 'PLAIN') return { ok: false, error: `${path.join('.')} is quoted` };
  const [start, end] = (node as Node).range!;
  return { ok: true, text: text.slice(0, start) + formatNumber(value) + text.slice(end) };
}
