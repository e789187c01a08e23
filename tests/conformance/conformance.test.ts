import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseVectorLine } from '../../src/conformance/vectorCase.ts';
import { checkCase } from '../../src/conformance/runCase.ts';

const vendored = resolve(import.meta.dirname, 'vectors');
const shared = resolve(import.meta.dirname, '../../../shared/conformance');

function vectorFiles(): { label: string; text: string }[] {
  const seen = new Set<string>();
  const out: { label: string; text: string }[] = [];
  for (const dir of [vendored, shared]) {
    if (!existsSync(dir)) continue;
    for (const f of readdirSync(dir)
      .filter((n) => n.endsWith('.jsonl'))
      .sort()) {
      const text = readFileSync(join(dir, f), 'utf8');
      const hash = createHash('sha256').update(text).digest('hex');
      if (seen.has(hash)) continue;
      seen.add(hash);
      out.push({ label: `${dir === vendored ? 'vendored' : 'shared'}/${f}`, text });
    }
  }
  return out;
}

const files = vectorFiles();

describe('conformance vectors', () => {
  it('finds the vendored vector files', () => {
    expect(files.filter((f) => f.label.startsWith('vendored/')).length).toBeGreaterThanOrEqual(3);
  });

  for (const { label, text } of files) {
    const cases = text
      .split('\n')
      .map((line, i) => ({ line, n: i + 1 }))
      .filter((x) => x.line.trim() !== '');
    describe(label, () => {
      it.each(cases.map((c) => [c.n, c.line] as const))(`line %i`, (_n, line) => {
        const parsed = parseVectorLine(line);
        if (!parsed.ok) throw new Error(parsed.error);
        // The trace is exact too (same oracle): compare it as well, so drift shows early.
        const diff = checkCase(parsed.value, undefined, true);
        expect(diff, parsed.value.name).toBeNull();
      });
    });
  }
});
