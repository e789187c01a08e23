// Replacements on a text as offsets into it: how the tab fix is checked and how a diagnostic's
// fix is applied (once its lines and columns are offsets).

/** One replacement on the text, as offsets into it. */
export interface OffsetEdit {
  start: number;
  end: number;
  text: string;
}

/** `text` with `edits` (non-overlapping, in text order) applied together. */
export function applyOffsetEdits(text: string, edits: readonly OffsetEdit[]): string {
  let out = '';
  let at = 0;
  for (const e of edits) {
    out += text.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + text.slice(at);
}
