/**
 * kubectl reads a file as JSON, not YAML, when its first non-space byte is `{`
 * (`GuessJSONStream` / `hasJSONPrefix` in k8s.io/apimachinery/pkg/util/yaml/decoder.go): such a
 * file is handed to Go's encoding/json, which refuses what YAML's flow style would forgive —
 * trailing commas, comments, single quotes, unquoted keys, `010`, `+1`, `.5`, tabs inside strings.
 * This checks that part of the text as encoding/json would and reports the first error with Go's
 * wording, so a JSON file the cluster refuses is refused here too.
 *
 * A scenario may add its own Simulation document after a `---` line; that part is YAML (ours, not
 * kubectl's), so only the text before the first `---` line is checked. A `---` line cannot occur
 * inside valid JSON (strings hold no raw newlines).
 */

export interface JsonStreamProblem {
  offset: number;
  message: string;
}

/** How far kubectl peeks for the `{` (the decoder's buffer size in `kubectl apply`). */
const PEEK_BYTES = 4096;

/** Go's unicode.IsSpace (a byte-order mark is not a space: such a file is read as YAML). */
function isGoSpace(c: number): boolean {
  return (
    (c >= 0x09 && c <= 0x0d) ||
    c === 0x20 ||
    c === 0x85 ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000
  );
}

function utf8Length(c: number): number {
  return c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
}

/** Whether kubectl would decode this text (as given, a byte-order mark included) as JSON. */
export function isJsonStream(text: string): boolean {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b) return bytes < PEEK_BYTES;
    if (!isGoSpace(c)) return false;
    bytes += utf8Length(c);
    if (bytes >= PEEK_BYTES) return false;
  }
  return false;
}

/** Go's quoteChar in encoding/json's scanner. */
function quoteChar(ch: string): string {
  if (ch === "'") return `'\\''`;
  if (ch === '"') return `'"'`;
  const s = JSON.stringify(ch);
  return `'${s.slice(1, -1)}'`;
}

const HINT =
  "the file starts with '{', so kubectl reads it as JSON, where trailing commas, comments, single quotes and unquoted keys are errors";

/** End of the part kubectl's JSON decoder reads: the first line that starts with `---`. */
function jsonPartEnd(text: string): number {
  const m = /^---/m.exec(text);
  return m ? m.index : text.length;
}

/**
 * Checks the JSON part of `text` (a stream of JSON values, as json.Decoder reads it). Returns the
 * first error, or null when the part is valid JSON or the text is not read as JSON at all.
 */
export function checkJsonStream(text: string): JsonStreamProblem | null {
  return readJsonStream(text)?.problem ?? null;
}

export interface JsonStream {
  /** The first error, or null. */
  problem: JsonStreamProblem | null;
  /** [start, end) of each value read before the first error (kubectl decodes each as an object). */
  values: [number, number][];
  /** Where the JSON part ends: the first `---` line, or the end of the text. */
  partEnd: number;
}

/** The JSON part of `text` value by value; null when kubectl would not read the text as JSON. */
export function readJsonStream(text: string): JsonStream | null {
  if (!isJsonStream(text)) return null;
  const end = jsonPartEnd(text);
  const s = text.slice(0, end);
  let i = 0;
  const fail = (offset: number, why: string): JsonStreamProblem => ({
    offset,
    message: `JSON: ${why} (${HINT})`,
  });
  const skipSpace = () => {
    while (i < s.length && (s[i] === ' ' || s[i] === '\t' || s[i] === '\n' || s[i] === '\r')) i++;
  };
  const invalid = (context: string): JsonStreamProblem =>
    i >= s.length
      ? fail(Math.min(i, text.length), 'unexpected end of JSON input')
      : fail(i, `invalid character ${quoteChar(s[i]!)} ${context}`);

  // One value; containers are walked with an explicit stack (no recursion on deep input).
  const value = (): JsonStreamProblem | null => {
    const stack: ('{' | '[')[] = [];
    for (;;) {
      skipSpace();
      // Expecting a value (or, right after an opening bracket, its end).
      const c = s[i];
      if (c === '{' || c === '[') {
        i++;
        skipSpace();
        if (s[i] === (c === '{' ? '}' : ']')) {
          i++;
        } else {
          stack.push(c);
          if (c === '{') {
            const key = objectKey();
            if (key) return key;
          }
          continue;
        }
      } else {
        const scalar = scalarValue();
        if (scalar) return scalar;
      }
      // After a value: a comma or the end of the enclosing container.
      for (;;) {
        const top = stack.at(-1);
        if (top === undefined) return null;
        skipSpace();
        const after = top === '{' ? 'after object key:value pair' : 'after array element';
        if (s[i] === ',') {
          i++;
          if (top === '{') {
            skipSpace();
            const key = objectKey();
            if (key) return key;
          }
          break;
        }
        if ((top === '{' && s[i] === '}') || (top === '[' && s[i] === ']')) {
          i++;
          stack.pop();
          continue;
        }
        return invalid(after);
      }
    }
  };

  // At a key: `"name"` then `:`.
  const objectKey = (): JsonStreamProblem | null => {
    if (s[i] !== '"') return invalid('looking for beginning of object key string');
    const str = stringLiteral();
    if (str) return str;
    skipSpace();
    if (s[i] !== ':') return invalid('after object key');
    i++;
    return null;
  };

  const stringLiteral = (): JsonStreamProblem | null => {
    i++; // the opening quote
    while (i < s.length) {
      const c = s.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return null;
      }
      if (c < 0x20) return invalid('in string literal');
      if (c === 0x5c) {
        i++;
        const e = s[i];
        if (e === undefined) break;
        if ('"\\/bfnrt'.includes(e)) {
          i++;
          continue;
        }
        if (e !== 'u') return invalid('in string escape code');
        i++;
        for (let k = 0; k < 4; k++, i++) {
          if (i >= s.length) break;
          if (!/[0-9a-fA-F]/.test(s[i]!)) return invalid('in \\u hexadecimal character escape');
        }
        continue;
      }
      i++;
    }
    return fail(Math.min(i, text.length), 'unexpected end of JSON input');
  };

  const literal = (word: string): JsonStreamProblem | null => {
    for (let k = 1; k < word.length; k++) {
      i++;
      if (s[i] !== word[k]) return invalid(`in literal ${word} (expecting ${quoteChar(word[k]!)})`);
    }
    i++;
    return null;
  };

  const digits = (): void => {
    while (i < s.length && s[i]! >= '0' && s[i]! <= '9') i++;
  };

  const number = (): JsonStreamProblem | null => {
    if (s[i] === '-') {
      i++;
      if (!(s[i]! >= '0' && s[i]! <= '9')) return invalid('in numeric literal');
    }
    if (s[i] === '0') i++;
    else digits();
    if (s[i] === '.') {
      i++;
      if (!(s[i]! >= '0' && s[i]! <= '9')) return invalid('after decimal point in numeric literal');
      digits();
    }
    if (s[i] === 'e' || s[i] === 'E') {
      i++;
      if (s[i] === '+' || s[i] === '-') i++;
      if (!(s[i]! >= '0' && s[i]! <= '9')) return invalid('in exponent of numeric literal');
      digits();
    }
    return null;
  };

  const scalarValue = (): JsonStreamProblem | null => {
    const c = s[i];
    if (c === '"') return stringLiteral();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
    return invalid('looking for beginning of value');
  };

  // A stream: values, with or without white space between them (`{…}{…}` is two), until the end
  // of the JSON part.
  const values: [number, number][] = [];
  for (;;) {
    skipSpace();
    const start = i;
    const problem = value();
    if (problem) return { problem, values, partEnd: end };
    values.push([start, i]);
    skipSpace();
    if (i >= s.length) return { problem: null, values, partEnd: end };
  }
}
