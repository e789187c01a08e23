/**
 * A JSON syntax check that reports where the first error is. JSON.parse's messages differ
 * between engines; this gives the same located message everywhere, and caps nesting so a hostile
 * `[[[[…` never builds millions of arrays. Iterative (no recursion) and allocation-free per token.
 */

export interface JsonSyntaxError {
  /** UTF-16 index into the text. */
  index: number;
  message: string;
}

/** What the parser expects next (plain numbers: no enum, so the file is erasable TypeScript). */
const Expect = { Value: 0, FirstValue: 1, Key: 2, FirstKey: 3, Colon: 4, After: 5 } as const;
type Expect = (typeof Expect)[keyof typeof Expect];

const QUOTE = 34;
const BACKSLASH = 92;
const ESCAPES = '"\\/bfnrt';

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isHex(c: number): boolean {
  return isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/** The end index of the string starting at `start` (a quote), or an error. */
function scanString(text: string, start: number): number | JsonSyntaxError {
  let i = start + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) return i + 1;
    if (c < 32) return { index: i, message: 'control character in a string (escape it)' };
    if (c === BACKSLASH) {
      const e = text[i + 1] ?? '';
      if (e === 'u') {
        for (let k = 2; k < 6; k++) {
          if (!isHex(text.charCodeAt(i + k))) return { index: i, message: 'bad \\u escape' };
        }
        i += 6;
        continue;
      }
      if (e === '' || !ESCAPES.includes(e)) return { index: i, message: `bad escape '\\${e}'` };
      i += 2;
      continue;
    }
    i++;
  }
  return { index: start, message: 'unterminated string' };
}

function skipDigits(text: string, i: number): number {
  while (isDigit(text.charCodeAt(i))) i++;
  return i;
}

/** The end of a JSON number at `i`, or -1: `-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`. */
function scanNumber(text: string, start: number): number {
  let i = start;
  if (text.charCodeAt(i) === 45) i++; // -
  const c = text.charCodeAt(i);
  if (c === 48) i++;
  else if (isDigit(c)) i = skipDigits(text, i);
  else return -1;
  if (text.charCodeAt(i) === 46) {
    if (!isDigit(text.charCodeAt(i + 1))) return -1;
    i = skipDigits(text, i + 1);
  }
  const e = text.charCodeAt(i);
  if (e === 101 || e === 69) {
    i++;
    const sign = text.charCodeAt(i);
    if (sign === 43 || sign === 45) i++;
    if (!isDigit(text.charCodeAt(i))) return -1;
    i = skipDigits(text, i);
  }
  return i;
}

/** The end index of the scalar (number or literal) at `i`, or -1 if there is none. */
function scanScalar(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 116) return text.startsWith('true', i) ? i + 4 : -1;
  if (c === 102) return text.startsWith('false', i) ? i + 5 : -1;
  if (c === 110) return text.startsWith('null', i) ? i + 4 : -1;
  return scanNumber(text, i);
}

function unexpected(text: string, i: number, expected: string): JsonSyntaxError {
  const c = text.codePointAt(i);
  const got = c === undefined ? 'end of input' : `'${String.fromCodePoint(c)}'`;
  return { index: i, message: `unexpected ${got}; expected ${expected}` };
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** The first syntax error in `text`, or undefined if it is valid JSON nesting ≤ maxDepth. */
export function checkJsonSyntax(text: string, maxDepth: number): JsonSyntaxError | undefined {
  const closers: number[] = []; // the closing bracket of each open container
  let expect: Expect = Expect.Value;
  let i = 0;
  const n = text.length;
  for (;;) {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
    if (i >= n) {
      if (expect === Expect.After && closers.length === 0) return undefined;
      return { index: i, message: 'unexpected end of input' };
    }
    const c = text.charCodeAt(i);
    switch (expect) {
      case Expect.FirstValue:
      case Expect.Value: {
        if (c === 93 && expect === Expect.FirstValue) {
          closers.pop(); // []
          expect = Expect.After;
          i++;
          break;
        }
        if (c === 123 || c === 91) {
          if (closers.length >= maxDepth) {
            return { index: i, message: `nesting deeper than ${maxDepth} levels (the limit)` };
          }
          closers.push(c + 2); // { → }, [ → ]
          expect = c === 123 ? Expect.FirstKey : Expect.FirstValue;
          i++;
          break;
        }
        const end = c === QUOTE ? scanString(text, i) : scanScalar(text, i);
        if (typeof end !== 'number') return end;
        if (end < 0) return unexpected(text, i, 'a value');
        i = end;
        expect = Expect.After;
        break;
      }
      case Expect.FirstKey:
      case Expect.Key: {
        if (c === 125 && expect === Expect.FirstKey) {
          closers.pop(); // {}
          expect = Expect.After;
          i++;
          break;
        }
        if (c !== QUOTE) return unexpected(text, i, 'a quoted key');
        const end = scanString(text, i);
        if (typeof end !== 'number') return end;
        i = end;
        expect = Expect.Colon;
        break;
      }
      case Expect.Colon:
        if (c !== 58) return unexpected(text, i, "':'");
        expect = Expect.Value;
        i++;
        break;
      case Expect.After: {
        const close = closers[closers.length - 1];
        if (close === undefined) return unexpected(text, i, 'nothing more after the JSON value');
        if (c === 44) expect = close === 125 ? Expect.Key : Expect.Value;
        else if (c === close) closers.pop();
        else return unexpected(text, i, `',' or '${String.fromCharCode(close)}'`);
        i++;
        break;
      }
    }
  }
}
