import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../index.ts';
import { textLines } from './locate.ts';

describe('positions come from the text itself', () => {
  it('textLines agrees with counting newlines by hand', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.nat(70), (text, at) => {
        const offset = Math.min(at, text.length);
        const before = text.slice(0, offset).split('\n');
        expect(textLines(text).linePos(offset)).toEqual({
          line: before.length,
          col: before[before.length - 1]!.length + 1,
        });
      }),
      { numRuns: 300 },
    );
  });

  it('after a `---` inside a line, YAML errors still point at their own line (found by fuzzing)', () => {
    const text = readFileSync(
      new URL('../__fixtures__/skipped-lines.yaml', import.meta.url),
      'utf8',
    );
    const lines = text.split('\n');
    // The parser's last error, 53 lines after the `---` inside line 1, at the stray U+200E that
    // ends line 54 (the "Unexpected token" echoes of the first error are no longer listed).
    const d = parseScenario(text)
      .diagnostics.filter((x) => x.message.startsWith('YAML:'))
      .at(-1);
    expect(d).toMatchObject({ line: 54, column: 40 });
    expect(lines[d!.line - 1]!.slice(d!.column - 1)).toBe('\u200e');
  });
});
