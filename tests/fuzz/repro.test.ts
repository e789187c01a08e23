// Every reproducer of a generated-input campaign (`repro/`, copied from ../shared/fuzz-repro,
// issue 28), replayed through the check of its target: what once crashed, hung, ran out of memory
// or printed what the scenario refuses now passes every invariant. A new reproducer is a file
// and its meta file in `repro/`; this test picks it up.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/scenario/index.ts';
import { MAX_SYNTAX_ERRORS } from '../../src/scenario/yaml/documents.ts';
import { checkCliArgs } from './checkCli.ts';
import { checkScenario } from './checks.ts';
import { realfileHangText } from './repro/realfileHang.ts';

interface Meta {
  signature: string;
  kind: string;
  target: string;
  file: string | null;
  generated?: string;
  input: { data: { command?: string; args?: string[]; ext?: string; options?: { hpa?: string } } };
}

const DIR = new URL('./repro/', import.meta.url);
const metas = readdirSync(DIR)
  .filter((f) => f.endsWith('.meta.json'))
  .sort()
  .map((f) => ({
    name: f.replace('.meta.json', ''),
    meta: JSON.parse(readFileSync(new URL(f, DIR), 'utf8')) as Meta,
  }));

function inputOf(name: string, meta: Meta): string {
  if (meta.file) return readFileSync(new URL(meta.file, DIR), 'utf8');
  if (name === 'realfile-hang-98dc61c9') return realfileHangText();
  throw new Error(`${name}: no file and no generator`);
}

describe('campaign reproducers (tests/fuzz/repro)', () => {
  it('holds every reproducer of ../shared/fuzz-repro', () => {
    expect(metas.length).toBeGreaterThanOrEqual(16);
  });

  for (const { name, meta } of metas) {
    const { command, args = [], options = {} } = meta.input.data;
    it(`${name}: ${meta.signature.split(' | ')[0]} (${command ?? 'parseScenario'})`, () => {
      const text = inputOf(name, meta);
      if (command === 'tune') {
        // tune's own invariants (its verdict equals check's; workers capped at the cores) are
        // replayed by src/cli/tune.test.ts, the worker pool's line of work; here the scenario
        // it was given must read without an internal error.
        expect(
          checkScenario(text, undefined, 'scenario').filter((f) => f.kind === 'crash'),
        ).toEqual([]);
        return;
      }
      const findings = command
        ? checkCliArgs([command, ...args], text, (meta.file ?? '.x').split('.').pop()!)
        : checkScenario(text, undefined, 'scenario', options);
      expect(findings.map((f) => `${f.kind}: ${f.message}`)).toEqual([]);
      if (name.startsWith('realfile-hang')) {
        // Speed is never asserted by time; the work is. Before the fix this text gave 177,447
        // YAML errors (3.8 s); the parse now stops after MAX_SYNTAX_ERRORS and says so.
        const d = parseScenario(text, options).diagnostics;
        expect(d.length).toBeLessThanOrEqual(MAX_SYNTAX_ERRORS + 10);
        expect(d.some((x) => x.message.includes('was not read'))).toBe(true);
      }
    });
  }
});
