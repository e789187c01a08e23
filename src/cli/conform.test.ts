import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { conformCommand } from './conform.ts';

const federation = resolve(import.meta.dirname, '../../tests/federation/cases.jsonl');
const hpaVectors = resolve(
  import.meta.dirname,
  '../../tests/conformance/vectors/worked-examples.jsonl',
);
const lines = (f: string) =>
  readFileSync(f, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');

function conform(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = conformCommand(
    args,
    (s) => out.push(s),
    (s) => err.push(s),
  );
  return { code, out, err };
}

function tempFile(content: string): string {
  const f = join(mkdtempSync(join(tmpdir(), 'hpa-sim-conform-')), 'cases.jsonl');
  writeFileSync(f, content);
  return f;
}

describe('cli conform with federation cases', () => {
  it('passes every vendored federation case and exits 0', () => {
    const r = conform(federation);
    expect(r.out).toEqual([`${lines(federation).length} passed, 0 failed`]);
    expect(r.code).toBe(0);
  });

  it('adds federation and HPA counts when files are mixed, with or without --trace', () => {
    const n = lines(federation).length + lines(hpaVectors).length;
    expect(conform(hpaVectors, federation).out).toEqual([`${n} passed, 0 failed`]);
    expect(conform('--trace', federation, hpaVectors).out).toEqual([`${n} passed, 0 failed`]);
  });

  it('accepts both families in one file', () => {
    const f = tempFile(`${lines(hpaVectors)[0]}\n${lines(federation)[0]}\n`);
    expect(conform(f).out).toEqual(['2 passed, 0 failed']);
  });

  it('prints file:line, the case name and the differing field, and exits 1', () => {
    const c = JSON.parse(lines(federation).find((l) => l.includes('"kind":"divide"'))!);
    c.expected = { unschedulable: true };
    const f = tempFile(`\n${JSON.stringify(c)}\n`);
    const r = conform(f);
    expect(r.out[0]).toBe(`${f}:2: FAIL ${c.name}: unschedulable: expected true, got undefined`);
    expect(r.out.at(-1)).toBe('0 passed, 1 failed');
    expect(r.code).toBe(1);
  });

  it('reports a malformed federation line with its line and field, on stderr, and exits 2', () => {
    const f = tempFile(`${lines(federation)[0]}\n{"kind":"divide","name":"x"}\n{"kind":\n`);
    const r = conform(f);
    // Bad input is an error line (file:line:column), never part of the report on stdout.
    expect(r.err).toEqual([
      `${f}:2:1: error: malformed case: missing field "expected"`,
      expect.stringMatching(
        new RegExp(
          `^${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:1: error: malformed case: invalid JSON`,
        ),
      ),
    ]);
    expect(r.out).toEqual(['1 passed, 2 failed']);
    expect(r.code).toBe(2);
  });
});
