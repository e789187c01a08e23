/**
 * Finds where a path points in a YAML document: the key of the field, or its value. A path that
 * does not exist in the text (a defaulted or converted field) resolves to its deepest existing
 * ancestor, so every diagnostic lands somewhere useful.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, type Document } from 'yaml';
import type { Path } from '../types.ts';

export type Range = readonly [number, number];

interface Found {
  node: unknown;
  key: unknown;
  complete: boolean;
}

function walk(doc: Document.Parsed, path: Path): Found {
  let node: unknown = doc.contents;
  let key: unknown = null;
  for (const segment of path) {
    // A `!!pairs` list item is a bare pair: a map of one key.
    const pairs = isPair(node) ? [node] : isMap(node) ? node.items : null;
    if (pairs) {
      const pair = pairs.find(
        (p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(segment),
      );
      if (!pair) return { node, key, complete: false };
      key = pair.key;
      if (pair.value === null || pair.value === undefined)
        return { node: null, key, complete: true };
      node = pair.value;
    } else if (isSeq(node) && typeof segment === 'number' && segment < node.items.length) {
      node = node.items[segment];
      key = null;
    } else {
      return { node, key, complete: false };
    }
  }
  return { node, key, complete: true };
}

function rangeOf(node: unknown): Range | null {
  if (isPair(node)) {
    const [k, v] = [rangeOf(node.key), rangeOf(node.value)];
    return k && v ? [k[0], v[1]] : (k ?? v);
  }
  const r = (node as { range?: [number, number, number] } | null)?.range;
  return r ? [r[0], r[1]] : null;
}

/** The text range a diagnostic should underline. */
export function locate(doc: Document.Parsed, path: Path, at: 'key' | 'value', text: string): Range {
  const found = walk(doc, path);
  const keyRange = rangeOf(found.key);
  if (found.complete && at === 'key' && keyRange) return keyRange;
  if (found.complete && (isScalar(found.node) || isAlias(found.node))) {
    const r = rangeOf(found.node);
    if (r && r[1] > r[0]) return r;
  }
  if (keyRange) return keyRange;
  const r = rangeOf(found.node) ?? [doc.range[0], doc.range[1]];
  return firstLine(text, r);
}

/** The part of `range` on its first line (a whole map would underline many lines). */
function firstLine(text: string, range: Range): Range {
  let start = range[0];
  // Skip leading whitespace and comments so the marker sits on the first real token.
  while (start < range[1] && /\s/.test(text[start] ?? '')) start++;
  const newline = text.indexOf('\n', start);
  const end = Math.min(range[1], newline < 0 ? text.length : newline);
  return [start, Math.max(end, start)];
}

export interface Position {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** Offset → 1-based line and column, as yaml's LineCounter answers. */
export interface LinePositions {
  linePos(offset: number): { line: number; col: number };
}

/**
 * Line starts counted from the text itself. yaml's LineCounter only learns the newlines its lexer
 * reads, and after some syntax errors (a `---` inside a line) it skips lines, so positions came
 * out lines too early.
 */
export function textLines(text: string): LinePositions {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return {
    linePos(offset) {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid]! <= offset) lo = mid;
        else hi = mid - 1;
      }
      return { line: lo + 1, col: offset - starts[lo]! + 1 };
    },
  };
}

export function toPosition(lineCounter: LinePositions, range: Range, text: string): Position {
  const start = Math.max(0, Math.min(range[0], text.length));
  let end = Math.max(start, Math.min(range[1], text.length));
  if (end === start && start < text.length && text[start] !== '\n') end = start + 1;
  const a = lineCounter.linePos(start);
  const b = lineCounter.linePos(end);
  const line = a.line || 1;
  const column = a.col || 1;
  let endLine = b.line || line;
  let endColumn = b.col || column;
  if (endLine === line && endColumn <= column) endColumn = column + 1;
  if (endLine < line) {
    endLine = line;
    endColumn = column + 1;
  }
  return { line, column, endLine, endColumn };
}
