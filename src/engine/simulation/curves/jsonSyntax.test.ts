import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { checkJsonSyntax } from './jsonSyntax.ts';

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe('checkJsonSyntax', () => {
  it.each([
    ['{"a": 1', 7, 'unexpected end of input'],
    ['{"a" 1}', 5, "unexpected '1'; expected ':'"],
    ['[1, 2,]', 6, "unexpected ']'; expected a value"],
    ['[1 2]', 3, "expected ',' or ']'"],
    ['{"a": tru}', 6, 'expected a value'],
    ['{a: 1}', 1, 'expected a quoted key'],
    ['"abc', 0, 'unterminated string'],
    ['"a\\x"', 2, "bad escape '\\x'"],
    ['"\\u12g4"', 1, 'bad \\u escape'],
    ['"a\nb"', 2, 'control character'],
    ['{} {}', 3, 'expected nothing more'],
    ['01', 1, 'expected nothing more'],
    ['', 0, 'unexpected end of input'],
    ['[[[1]]]', 2, 'nesting deeper than 2 levels'],
  ])('locates the error in %j', (text, index, fragment) => {
    const error = checkJsonSyntax(text, 2);
    expect(error?.index).toBe(index);
    expect(error?.message).toContain(fragment);
  });

  it('accepts everything JSON.stringify produces (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.boolean(), (value, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined);
        expect(checkJsonSyntax(text, 64)).toBeUndefined();
      }),
    );
  });

  it('agrees with JSON.parse on valid/invalid for mangled JSON (property)', () => {
    const mangled = fc
      .tuple(
        fc.json({ maxDepth: 4 }),
        fc.nat(),
        fc.constantFrom('', ',', ']', '}', '"', ':', '\\', '-', '0', ' ', 'e', '.', 'x', '\n'),
        fc.nat(3),
      )
      .map(([text, at, insert, cut]) => {
        const i = text.length === 0 ? 0 : at % text.length;
        return text.slice(0, i) + insert + text.slice(i + cut);
      });
    fc.assert(
      fc.property(fc.oneof(mangled, fc.string({ maxLength: 20 })), (text) => {
        expect(checkJsonSyntax(text, 1000) === undefined).toBe(parses(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('handles 100,000 levels of nesting without recursion', () => {
    const text = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(checkJsonSyntax(text, 200_000)).toBeUndefined();
    expect(checkJsonSyntax(text, 64)?.index).toBe(64);
  });
});
