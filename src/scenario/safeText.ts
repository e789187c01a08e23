/**
 * Text from a scenario, a link or an imported file can hold characters that act on whoever reads
 * it: ESC sequences recolour or rewrite a terminal, CR overwrites a line, bidi overrides reorder
 * what is shown. Before such text is printed or shown it is escaped visibly as `\uXXXX`, which
 * inside a JSON or YAML double-quoted string still means the same character.
 */

/** C0 controls, DEL, C1 controls, bidi marks/overrides/isolates, line and paragraph separators. */
export function isUnsafeCode(c: number): boolean {
  return (
    c <= 0x1f ||
    (c >= 0x7f && c <= 0x9f) ||
    c === 0x061c ||
    c === 0x200e ||
    c === 0x200f ||
    c === 0x2028 ||
    c === 0x2029 ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2066 && c <= 0x2069)
  );
}

function escapeUnsafe(text: string, keepLines: boolean): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!isUnsafeCode(c) || (keepLines && (c === 0x0a || c === 0x09))) continue;
    out += text.slice(from, i) + `\\u${c.toString(16).padStart(4, '0')}`;
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** One line of text: every control (line feed and tab included) escaped. */
export function safeLine(text: string): string {
  return escapeUnsafe(text, false);
}

/** Multi-line text: line feeds and tabs kept, every other control escaped. */
export function safeLines(text: string): string {
  return escapeUnsafe(text, true);
}

/** True when `text` holds a character safeLine would escape. */
export function hasUnsafeCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (isUnsafeCode(text.charCodeAt(i))) return true;
  return false;
}
