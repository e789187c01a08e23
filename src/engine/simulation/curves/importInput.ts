/** Checks every importer runs first (type, size, binary content) and text positions. */
import type { ImportIssue } from './importTypes.ts';

/** An error when `input` is not text an importer should read, else undefined. */
export function inputLimitError(input: unknown, maxChars: number): ImportIssue | undefined {
  if (typeof input !== 'string') return { message: `expected text, got ${typeof input}` };
  if (input.length > maxChars) {
    const mb = (n: number) => (n / (1024 * 1024)).toFixed(1);
    return { message: `the input is ${mb(input.length)} MB; the limit is ${mb(maxChars)} MB` };
  }
  if (input.includes('\u0000')) {
    return { message: 'the input contains NUL bytes: it looks like a binary file, not text' };
  }
  if (input.trim() === '') return { message: 'the input is empty' };
  return undefined;
}

/** 1-based line and column (UTF-16 units, as editors count) of `index` in `text`. */
export function lineColumnAt(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(index, text.length);
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/** A warning when the text holds U+FFFD, the mark a decoder leaves for bytes that were not UTF-8. */
export function encodingWarning(text: string): ImportIssue | undefined {
  const index = text.indexOf('\ufffd');
  if (index < 0) return undefined;
  const message = "the text contains '\ufffd' (U+FFFD): the file was probably not UTF-8";
  return { ...lineColumnAt(text, index), message };
}
