// Structural edits of the scenario text for the curve editor — add or remove a list item,
// replace a node — made as splices of the original characters, so every byte outside the edit
// (comments, blank lines, quoting, flow or block style) stays. Each result is parsed again and
// checked to hold exactly the intended value; anything else is refused with a reason, never
// written.

import {
  isCollection,
  isDocument,
  isNode,
  isSeq,
  parseAllDocuments,
  type Document,
  type Node,
} from 'yaml';
import { flowYaml } from './flowYaml.ts';
import { nodeAt, type EditResult, type YamlPath } from './setScalar.ts';

function documentOf(text: string, index: number): Document.Parsed | string {
  const docs = Array.from(parseAllDocuments(text, { logLevel: 'silent' }));
  const doc = docs[index];
  if (!doc || !isDocument(doc)) return `no document ${index}`;
  if (doc.errors.length > 0) return 'the document has syntax errors';
  return doc as Document.Parsed;
}

const where = (path: YamlPath) => path.join('.') || '(document)';

/** `spliced` if document `index` now holds `expected` at `path` (compared as JSON), else refused. */
function checked(spliced: string, index: number, path: YamlPath, expected: unknown): EditResult {
  const doc = documentOf(spliced, index);
  if (typeof doc === 'string')
    return { ok: false, error: `the edit would break the text (${doc})` };
  const node = nodeAt(doc.contents, path);
  const got = isNode(node) ? node.toJSON() : node;
  if (JSON.stringify(got) !== JSON.stringify(expected))
    return { ok: false, error: `cannot edit ${where(path)} in place here` };
  return { ok: true, text: spliced };
}

function lineStart(text: string, pos: number): number {
  return text.lastIndexOf('\n', pos - 1) + 1;
}

/** The start of the line after the one holding `pos - 1` (the end of a node's value). */
function nextLineStart(text: string, end: number): number {
  if (end > 0 && text[end - 1] === '\n') return end;
  const nl = text.indexOf('\n', end);
  return nl < 0 ? text.length : nl + 1;
}

/** Where a block sequence item's line starts and its indentation (the text before its `-`). */
function blockItemLine(text: string, item: Node): { start: number; indent: string } | null {
  const dash = text.lastIndexOf('-', item.range![0]);
  if (dash < 0) return null;
  const start = lineStart(text, dash);
  const indent = text.slice(start, dash);
  return /^[ \t]*$/.test(indent) ? { start, indent } : null;
}

function seqAt(doc: Document.Parsed, path: YamlPath) {
  const seq = nodeAt(doc.contents, path);
  return isSeq(seq) && seq.range ? seq : null;
}

/** `text` with `value` inserted as item `index` of the list at `path` (index = length appends). */
export function insertItem(
  text: string,
  documentIndex: number,
  path: YamlPath,
  index: number,
  value: unknown,
): EditResult {
  const doc = documentOf(text, documentIndex);
  if (typeof doc === 'string') return { ok: false, error: doc };
  const seq = seqAt(doc, path);
  if (!seq) return { ok: false, error: `no list at ${where(path)}` };
  const items = seq.items as Node[];
  if (!Number.isInteger(index) || index < 0 || index > items.length)
    return { ok: false, error: `no place ${index} in ${where(path)}` };
  let written: string;
  try {
    written = flowYaml(value);
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
  const expected = [...(seq.toJSON() as unknown[])];
  expected.splice(index, 0, JSON.parse(JSON.stringify(value)));
  let spliced: string;
  if (seq.flow) {
    if (items.length === 0) {
      const open = text.indexOf('[', seq.range![0]);
      spliced = text.slice(0, open + 1) + written + text.slice(open + 1);
    } else if (index < items.length) {
      const at = items[index]!.range![0];
      spliced = `${text.slice(0, at)}${written}, ${text.slice(at)}`;
    } else {
      const at = items[items.length - 1]!.range![1];
      spliced = `${text.slice(0, at)}, ${written}${text.slice(at)}`;
    }
  } else {
    if (items.length === 0) return { ok: false, error: `${where(path)} is empty` };
    const ref = items[Math.min(index, items.length - 1)]!;
    const line = blockItemLine(text, ref);
    if (!line) return { ok: false, error: `cannot edit ${where(path)} in place here` };
    const at = index < items.length ? line.start : nextLineStart(text, ref.range![1]);
    const eol = text.includes('\r\n') ? '\r\n' : '\n';
    const before = at === text.length && !text.endsWith('\n') && at > 0 ? eol : '';
    spliced = `${text.slice(0, at)}${before}${line.indent}- ${written}${eol}${text.slice(at)}`;
  }
  return checked(spliced, documentIndex, path, expected);
}

/** `text` without item `index` of the list at `path` (a list keeps at least `keep` items). */
export function removeItem(
  text: string,
  documentIndex: number,
  path: YamlPath,
  index: number,
  keep = 1,
): EditResult {
  const doc = documentOf(text, documentIndex);
  if (typeof doc === 'string') return { ok: false, error: doc };
  const seq = seqAt(doc, path);
  if (!seq) return { ok: false, error: `no list at ${where(path)}` };
  const items = seq.items as Node[];
  if (!Number.isInteger(index) || index < 0 || index >= items.length)
    return { ok: false, error: `no item ${index} in ${where(path)}` };
  if (items.length <= keep)
    return {
      ok: false,
      error: `${where(path)} keeps at least ${keep} item${keep === 1 ? '' : 's'}`,
    };
  const expected = (seq.toJSON() as unknown[]).filter((_, i) => i !== index);
  const item = items[index]!;
  let spliced: string;
  if (seq.flow) {
    const [from, to] =
      index < items.length - 1
        ? [item.range![0], items[index + 1]!.range![0]]
        : [items[index - 1]!.range![1], item.range![1]];
    spliced = text.slice(0, from) + text.slice(to);
  } else {
    const line = blockItemLine(text, item);
    if (!line) return { ok: false, error: `cannot edit ${where(path)} in place here` };
    spliced = text.slice(0, line.start) + text.slice(nextLineStart(text, item.range![1]));
  }
  return checked(spliced, documentIndex, path, expected);
}

/**
 * `text` with the node at `path` replaced by `value`, written as flow YAML where the node was
 * (its own comments go with it; a comment after it on its last line stays).
 */
export function replaceNode(
  text: string,
  documentIndex: number,
  path: YamlPath,
  value: unknown,
): EditResult {
  const doc = documentOf(text, documentIndex);
  if (typeof doc === 'string') return { ok: false, error: doc };
  const node = nodeAt(doc.contents, path);
  if (!isNode(node) || !node.range) return { ok: false, error: `nothing at ${where(path)}` };
  let written: string;
  try {
    written = flowYaml(value);
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
  const [start, valueEnd] = node.range;
  // A block collection's value end runs past its last line break and trailing comment: stop at
  // the end of its last value, keeping the line break.
  let end = valueEnd;
  if (isCollection(node) && !node.flow) end = lastValueEnd(node) ?? valueEnd;
  const spliced = text.slice(0, start) + written + text.slice(end);
  return checked(spliced, documentIndex, path, JSON.parse(JSON.stringify(value)));
}

/** The end of the innermost last scalar or flow collection of a block collection. */
function lastValueEnd(node: Node): number | undefined {
  let cur: unknown = node;
  for (;;) {
    if (!isNode(cur)) return undefined;
    if (!isCollection(cur) || cur.flow) return cur.range?.[1];
    const last = cur.items.at(-1) as unknown;
    if (last === undefined) return cur.range?.[1];
    // Map items are pairs: their value (or their key when the value is empty) ends the map.
    cur =
      last && typeof last === 'object' && 'key' in last
        ? ((last as { value: unknown; key: unknown }).value ?? (last as { key: unknown }).key)
        : last;
  }
}
