import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH } from '../limits.ts';
import { IssueList } from '../diagnostics.ts';
import { MAX_SYNTAX_ERRORS, readDocuments } from './documents.ts';
import { toPlain } from './plain.ts';
import { prescan } from './prescan.ts';

const plain = (text: string) => {
  const [doc] = parseAllDocuments(text, { uniqueKeys: false });
  return toPlain(doc!);
};

describe('toPlain', () => {
  it('keeps __proto__ as a plain key (no prototype pollution)', () => {
    const { value, issues } = plain('__proto__: { polluted: 1 }\nconstructor: 2\n');
    expect(issues).toEqual([]);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value as object)).toEqual(['__proto__', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('applies YAML 1.1 merge keys; explicit keys win', () => {
    const { value } = plain('base: &b { a: 1, b: 2 }\nx:\n  <<: *b\n  b: 3\n');
    expect(value).toEqual({ base: { a: 1, b: 2 }, x: { a: 1, b: 3 } });
  });

  it('expands aliases and rejects unknown anchors', () => {
    expect(plain('a: &x [1, 2]\nb: *x\n').value).toEqual({ a: [1, 2], b: [1, 2] });
    expect(plain('a: *nope\n').issues.map((i) => i.message)).toEqual([
      "unknown YAML anchor '&nope' (define the anchor before the alias)",
    ]);
  });

  it('rejects collection keys and duplicate keys', () => {
    expect(plain('? [a]\n: 1\n').issues.map((i) => i.message)).toEqual([
      'map keys must be plain strings, not maps or lists',
    ]);
    const dup = plain('a: 1\nb: 2\na: 3\n');
    expect(dup.issues.map((i) => [i.message, i.range])).toEqual([
      ["duplicate key 'a': keys in a map must be unique", [10, 11]],
    ]);
  });

  it('read as kubectl reads a Kubernetes object, a duplicate keeps its last value, with a warning', () => {
    const [doc] = parseAllDocuments('a: 1\nb: 2\na: 3\n', { uniqueKeys: false });
    const { value, issues } = toPlain(doc!, { kubectl: true });
    expect(value).toEqual({ a: 3, b: 2 });
    expect(issues.map((i) => [i.severity, i.message])).toEqual([
      [
        'warning',
        "duplicate key 'a': kubectl keeps only the last value, so this one replaces the earlier 'a', which the cluster never sees",
      ],
    ]);
  });

  it('a second apiVersion or kind at the top says the --- line is missing', () => {
    const two = plain(
      'apiVersion: v1\nkind: A\napiVersion: v2\nkind: B\nspec: { kind: C, kind: D }\n',
    );
    const messages = two.issues.map((i) => i.message);
    expect(messages.slice(0, 2)).toEqual([
      "duplicate key 'apiVersion': keys in a map must be unique (two objects with no --- line between them? Put --- on its own line before each object)",
      "duplicate key 'kind': keys in a map must be unique (two objects with no --- line between them? Put --- on its own line before each object)",
    ]);
    // Deeper in the object a duplicate is only a duplicate.
    expect(messages[2]).toBe("duplicate key 'kind': keys in a map must be unique");
  });

  it(`stops at ${MAX_DEPTH} levels`, () => {
    const ok = `${'['.repeat(MAX_DEPTH)}${']'.repeat(MAX_DEPTH)}`;
    expect(plain(ok).issues).toEqual([]);
    const deep = `${'['.repeat(MAX_DEPTH + 1)}${']'.repeat(MAX_DEPTH + 1)}`;
    expect(plain(deep).issues.map((i) => i.path.length)).toEqual([MAX_DEPTH]);
  });

  it('turns non-finite and special scalars into plain values', () => {
    expect(plain('a: .nan\nb: 0x10\nc: ~\nd: "1"\n').value).toEqual({
      a: NaN,
      b: 16,
      c: null,
      d: '1',
    });
  });
});

describe('prescan', () => {
  it('ignores brackets in quotes, comments and plain text', () => {
    const text = `a: "${'['.repeat(300)}"\nb: '${'{'.repeat(300)}'\n# ${'['.repeat(300)}\nc: x${'['.repeat(300)}\n`;
    expect(prescan(text)).toBeNull();
  });

  it('counts flow nesting and compact sequences', () => {
    expect(prescan(`a: ${'['.repeat(300)}`)?.offset).toBe(3 + 256);
    expect(prescan(`${'- '.repeat(300)}x`)?.message).toContain('nest deeper');
    expect(prescan(`a: &x ${'{'.repeat(300)}`)).not.toBeNull();
  });

  it('after many flow values on one line, still tells a tag from plain text', () => {
    // Each `{` at the top looks back for a tag; the scan reuses the last answer (one pass).
    const values = '{}'.repeat(1000);
    expect(prescan(`${values} !t ${'{'.repeat(300)}`)?.message).toContain('nest deeper');
    expect(prescan(`${values}x${'['.repeat(300)}`)).toBeNull();
    expect(prescan(`${values}&a${'['.repeat(300)}`)).toBeNull();
    expect(prescan(`&a${values}${'['.repeat(300)}`)?.message).toContain('nest deeper');
  });

  it('bounds lines and flow items', () => {
    expect(prescan('a\n'.repeat(11), 256, 10)?.message).toContain('lines and list items');
    expect(prescan(`[${'1,'.repeat(20)}1]`, 256, 10)?.message).toContain('lines and list items');
    expect(prescan('a: 1,2,3,4,5,6,7,8,9,10,11,12', 256, 10)).toBeNull();
  });
});

describe('readDocuments on text that is not YAML', () => {
  it('stops after MAX_SYNTAX_ERRORS top-level errors and says where', () => {
    // JSON objects behind a byte-order mark: kubectl reads YAML, and every line is an error.
    const object = JSON.stringify(
      { kind: 'HorizontalPodAutoscaler', spec: { a: [1, 2] } },
      null,
      2,
    );
    const text = Array.from({ length: 2000 }, () => object).join('');
    const issues = new IssueList();
    const { documents } = readDocuments(text, issues);
    const stop = issues.items.find((i) => i.message.includes('was not read'));
    expect(stop?.message).toBe(
      `YAML: more than ${MAX_SYNTAX_ERRORS} syntax errors; the text after this one was not read (kubectl stops at the first)`,
    );
    expect(stop!.range![0]).toBeLessThan(text.length / 100);
    const syntax = issues.items.filter((i) => i.message.startsWith('YAML:'));
    expect(syntax.length).toBeLessThanOrEqual(MAX_SYNTAX_ERRORS + 10);
    expect(documents.every((d) => !d.syntaxOk)).toBe(true);
  });

  it('reads every document of a text with a few errors, as before', () => {
    const issues = new IssueList();
    const { documents } = readDocuments('a: [\n---\nb: 1\n---\nc: }\n', issues);
    expect(documents.map((d) => d.syntaxOk)).toEqual([false, true, false]);
    expect(issues.items.some((i) => i.message.includes('was not read'))).toBe(false);
  });
});
