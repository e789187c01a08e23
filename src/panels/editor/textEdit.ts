/**
 * The smallest single replacement turning one text into another (common prefix and suffix kept).
 * Applying an external value (preset, undo in the store, share link) as this edit instead of
 * `setValue` keeps Monaco's undo stack, its cursor and scroll position when the change is
 * elsewhere, and the markers and folding of untouched lines.
 */
export interface TextReplacement {
  /** UTF-16 offset in the old text where the replaced part starts. */
  start: number;
  /** UTF-16 offset in the old text where the replaced part ends (exclusive). */
  end: number;
  /** The text that replaces `old[start, end)`. */
  text: string;
}

/** `null` when the texts are equal. Never splits a surrogate pair or a CR LF line break. */
export function minimalReplacement(oldText: string, newText: string): TextReplacement | null {
  if (oldText === newText) return null;
  const max = Math.min(oldText.length, newText.length);
  let prefix = 0;
  while (prefix < max && oldText.charCodeAt(prefix) === newText.charCodeAt(prefix)) prefix++;
  // Do not stop between the halves of a surrogate pair or of "\r\n".
  while (prefix > 0 && (isSplitPoint(oldText, prefix) || isSplitPoint(newText, prefix))) prefix--;
  let suffix = 0;
  const maxSuffix = max - prefix;
  while (
    suffix < maxSuffix &&
    oldText.charCodeAt(oldText.length - 1 - suffix) ===
      newText.charCodeAt(newText.length - 1 - suffix)
  ) {
    suffix++;
  }
  while (
    suffix > 0 &&
    (isSplitPoint(oldText, oldText.length - suffix) ||
      isSplitPoint(newText, newText.length - suffix))
  ) {
    suffix--;
  }
  return {
    start: prefix,
    end: oldText.length - suffix,
    text: newText.slice(prefix, newText.length - suffix),
  };
}

/** Whether offset `i` falls inside a surrogate pair or a CR LF pair of `text`. */
function isSplitPoint(text: string, i: number): boolean {
  if (i <= 0 || i >= text.length) return false;
  const before = text.charCodeAt(i - 1);
  const after = text.charCodeAt(i);
  if (before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff) return true;
  return before === 13 && after === 10;
}
