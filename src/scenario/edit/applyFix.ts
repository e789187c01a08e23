// A diagnostic's fix applied to the text it was computed for: its edits are located as
// diagnostics are (1-based lines, 1-based UTF-16 columns, end exclusive), non-overlapping and in
// text order, and replace their ranges together.

import { applyOffsetEdits, type OffsetEdit } from '../offsetEdits.ts';
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
  const edits: OffsetEdit[] = [];
  for (const e of fix.edits) {
    const start = offset(e.line, e.column);
    const end = offset(e.endLine, e.endColumn);
    if (start === null || end === null || end < start) return null;
    const before = edits[edits.length - 1];
    if (before && start < before.end) return null;
    edits.push({ start, end, text: e.text });
  }
  return applyOffsetEdits(text, edits);
}
