// Wrong shapes and YAML tags in otherwise valid scenarios: a field's value (with its nested
// block) replaced by a scalar, a list, a map, a null, a list of nulls or a tagged node (`!!pairs`,
// `!!omap`, `!!set`, `!!binary`, `!!str` with nothing after it, a custom tag). Every reader after
// the schema must answer with a located diagnostic, never an internal error.
import fc from 'fast-check';

export const HOSTILE_VALUES = [
  '3',
  '"x"',
  '~',
  '[]',
  '{}',
  '[null]',
  '[3]',
  '[[1]]',
  '{ a: [1] }',
  '!!str',
  '!!str ',
  '!!pairs [{ a: 1 }]',
  '!!omap [{ a: 1 }, { b: 2 }]',
  '!!set { a, b }',
  '!!binary aGk=',
  '!!timestamp 2001-12-14',
  '!!null',
  '!!int "3"',
  '!!float .inf',
  '!!seq []',
  '!!map {}',
  '!custom x',
  '&a 3',
  '*nowhere',
  '-1',
  '1e400',
  'true',
] as const;

/** `text` with the value at line `at` (counted among `key: …` and `- …` lines) replaced. */
export function withHostileValue(text: string, at: number, value: string): string {
  const lines = text.split('\n');
  const candidates = lines
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => /^\s*(?:- )?[\w.\-/]+:(?:\s|$)/.test(line) || /^\s*- \S/.test(line));
  if (candidates.length === 0) return text;
  const { line, i } = candidates[at % candidates.length]!;
  const indent = line.length - line.trimStart().length;
  // The field's nested block goes with it.
  let end = i + 1;
  while (end < lines.length) {
    const next = lines[end]!;
    if (next.trim() !== '' && next.length - next.trimStart().length <= indent) break;
    end++;
  }
  const key = /^(\s*(?:- )?[\w.\-/]+:)/.exec(line)?.[1] ?? /^(\s*-)/.exec(line)![1]!;
  return [...lines.slice(0, i), `${key} ${value}`, ...lines.slice(end)].join('\n');
}

export const withShapes = (base: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc
    .tuple(
      base,
      fc.array(fc.tuple(fc.nat(400), fc.constantFrom(...HOSTILE_VALUES)), {
        minLength: 1,
        maxLength: 3,
      }),
    )
    .map(([text, edits]) => edits.reduce((t, [at, v]) => withHostileValue(t, at, v), text));
