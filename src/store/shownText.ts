// Text that came from input (a link, a scenario, a simulator message quoting either) and is shown
// in the page: control characters are escaped so they cannot reorder or hide what is around them,
// and the length is capped so a 100,000-digit version string cannot fill the screen or storage.

/** C0/C1 controls, and the bidirectional overrides and isolates that reorder displayed text. */
const CONTROL = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

export const SHOWN_TEXT_MAX_CHARS = 300;

function escapeControl(ch: string): string {
  if (ch === '\n') return '\\n';
  if (ch === '\t') return '\\t';
  if (ch === '\r') return '\\r';
  return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** `text` made safe to show: controls escaped, at most `maxChars` characters plus a note. */
export function shownText(text: string, maxChars = SHOWN_TEXT_MAX_CHARS): string {
  // Cap before escaping (a huge input costs nothing), then again after (escaping lengthens).
  const escaped = text.slice(0, maxChars).replace(CONTROL, escapeControl);
  if (text.length <= maxChars && escaped.length <= maxChars) return escaped;
  let out = escaped.slice(0, maxChars);
  if (/[\ud800-\udbff]$/.test(out)) out = out.slice(0, -1); // never half a surrogate pair
  return `${out}… (${text.length.toLocaleString('en-US')} characters in all)`;
}
