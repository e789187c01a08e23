/**
 * YAML syntax errors as a person reads them: the parser's first error on a line, none of the
 * "Unexpected … token" errors that follow a first error in the same document (they are its echo:
 * kubectl's decoder stops at the first), and the common messages in plain words.
 */

interface ParserError {
  message: string;
  pos: [number, number];
}

const ECHO = /^Unexpected [\w-]+ token in YAML stream/;

/** The errors worth showing, in order: the first per line, the first error's echoes dropped. */
export function keptErrors<E extends ParserError>(errors: readonly E[], text: string): E[] {
  const lineOf = (offset: number) => {
    let n = 0;
    for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) n++;
    return n;
  };
  const sorted = [...errors].sort((a, b) => a.pos[0] - b.pos[0]);
  const seen = new Set<number>();
  const kept: E[] = [];
  for (const e of sorted) {
    const line = lineOf(e.pos[0]);
    if (seen.has(line)) continue;
    if (kept.length > 0 && ECHO.test(e.message)) continue;
    seen.add(line);
    kept.push(e);
  }
  return kept;
}

const PLAIN: [RegExp, (m: RegExpExecArray) => string][] = [
  [
    /^Nested mappings are not allowed in compact mappings/,
    () =>
      'a second "key:" on one line: a value here cannot start a mapping (put it on its own line, or quote it)',
  ],
  [
    /^Implicit keys need to be on a single line/,
    () => 'a key runs over more than one line (a missing ":" or an unclosed quote?)',
  ],
  [
    /^Flow sequence in block collection must be sufficiently indented and end with a \]/,
    () => 'a [ … ] list is not closed with "]", or not indented under its key',
  ],
  [
    /^Flow map in block collection must be sufficiently indented and end with a \}/,
    () => 'a { … } map is not closed with "}", or not indented under its key',
  ],
  [
    /^All mapping items must start at the same column/,
    () => 'the keys of this mapping do not start in the same column (check the indentation)',
  ],
  [
    /^All sequence items must start at the same column/,
    () => 'the "- " items of this list do not start in the same column (check the indentation)',
  ],
  [
    /^Unexpected [\w-]+ token in YAML stream: (".*")/,
    (m) => `${m[1]} cannot stand here (check this line's indentation and the line above)`,
  ],
  [
    /^Missing closing "?quote/i,
    () => 'a quoted value is not closed (its closing quote is missing)',
  ],
];

/** A parser message in plain words (unknown messages stay as they are). */
export function plainYamlReason(reason: string): string {
  for (const [re, say] of PLAIN) {
    const m = re.exec(reason);
    if (m) return say(m);
  }
  return reason;
}
