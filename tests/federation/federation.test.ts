import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCaseLine } from '../../src/conformance/caseLine.ts';
import { checkFederationCase } from '../../src/conformance/runFederationCase.ts';

const vendored = resolve(import.meta.dirname, 'cases.jsonl');
const shared = resolve(import.meta.dirname, '../../../shared/federation/cases.jsonl');

function caseFiles(): { label: string; text: string }[] {
  const files = [{ label: 'vendored/cases.jsonl', text: readFileSync(vendored, 'utf8') }];
  if (existsSync(shared)) {
    const text = readFileSync(shared, 'utf8');
    if (text !== files[0]!.text) files.push({ label: 'shared/cases.jsonl', text });
  }
  return files;
}

describe('federation cases', () => {
  const files = caseFiles();

  it('finds every kind in the vendored sample', () => {
    const kinds = new Set(
      files[0]!.text
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l).kind),
    );
    expect([...kinds].sort()).toEqual(
      ['assign', 'divide', 'failover', 'optimize', 'scaleFromZero', 'scaleToZero'].sort(),
    );
  });

  for (const { label, text } of files) {
    const cases = text
      .split('\n')
      .map((line, i) => ({ line, n: i + 1 }))
      .filter((x) => x.line.trim() !== '');
    describe(label, () => {
      it.each(cases.map((c) => [c.n, c.line] as const))('line %i', (_n, line) => {
        const parsed = parseCaseLine(line);
        if (!parsed.ok) throw new Error(parsed.error);
        if (parsed.value.family !== 'federation') throw new Error('not a federation case');
        expect(checkFederationCase(parsed.value.case), parsed.value.case.name).toBeNull();
      });
    });
  }
});
