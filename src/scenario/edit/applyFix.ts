// A diagnostic's fix applied to the text it was computed for: its edits are located as
// diagnostics are (1-based lines, 1-based UTF-16 columns, end exclusive), non-overlapping and in
// text order, and replace their ranges together.

import type { DiagnosticFix } from '../types.ts';

/** Offset of each line's start in `text` (lines split at \n; a \r stays in its line). */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * The text with `fix` applied, or null when an edit falls outside the text or the edits overlap
 * (the fix was computed for another text).
 */
export function applyFix(text: string, fix: DiagnosticFix): string | null {
  const starts = lineStarts(text);
  const offset = (line: number, column: number): number | null => {
    const start = starts[line - 1];
    if (start === undefined || !Number.isInteger(column) || column < 1) return null;
    const end = line < starts.length ? starts[line]! - 1 : text.length;
    const at = start + column - 1;
    return at <= end ? at : null;
  };
  const ranges: { from: number; to: number; text: string }[] = [];
  for (const e of fix.edits) {
    const from = offset(e.line, e.column);
    const to = offset(e.endLine, e.endColumn);
    if (from === null || to === null || to < from) return null;
    const before = ranges[ranges.length - 1];
    if (before && from < before.to) return null;
    ranges.push({ from, to, text: e.text });
  }
  let out = '';
  let at = 0;
  for (const r of ranges) {
    out += text.slice(at, r.from) + r.text;
    at = r.to;
  }
  return out + text.slice(at);
}
