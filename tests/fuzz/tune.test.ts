// `cli tune` in the short fuzz run: the campaign's reproducers (tests/fuzz/repro/tune-*), then
// generated scenarios (multi-cluster ones among them) with generated flags. Invariants in tune.ts:
// no crash, no internal error, at most a thread per core, and tune's verdict equals check's on the
// manifest it prints.

import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mutatedPreset } from './arbitraries.ts';
import { checkTune, federatedScenario, tuneArgs, withManifest } from './tune.ts';

const REPRO = new URL('./repro/', import.meta.url);
const reproducers = readdirSync(REPRO)
  .filter((f) => f.startsWith('tune-') && f.endsWith('.meta.json'))
  .map((f) => {
    const meta = JSON.parse(readFileSync(new URL(f, REPRO), 'utf8')) as {
      file: string;
      signature: string;
      input: { data: { args: string[] } };
    };
    return {
      name: meta.file,
      signature: meta.signature,
      text: readFileSync(new URL(meta.file, REPRO), 'utf8'),
      args: meta.input.data.args,
    };
  });

const noFindings = (f: { kind: string; message: string }[]) =>
  expect(f.map((x) => `${x.kind}: ${x.message}`)).toEqual([]);

describe('fuzz: cli tune', () => {
  it('has the campaign reproducers', () => {
    expect(reproducers.map((r) => r.name).sort()).toEqual([
      'tune-bad-output-6df63854.cli.yaml',
      'tune-bad-output-bf09d76f.cli.yaml',
      'tune-memory-fa1321bc.cli.yaml',
    ]);
  });

  it.each(reproducers)('reproducer $name: $signature — no longer', async ({ text, args }) => {
    noFindings(await checkTune(text, args));
  });

  it('generated scenarios and flags: tune never promises what check denies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(federatedScenario, mutatedPreset), tuneArgs, async (text, args) => {
        noFindings(await checkTune(text, [...args, '--max-work', '1000000']));
      }),
      { numRuns: 12 },
    );
  });

  it('puts the printed manifest in place of the HPA document, nothing else', () => {
    const text = reproducers.find((r) => r.name.startsWith('tune-bad'))!.text;
    const put = withManifest(text, 'apiVersion: autoscaling/v2\nkind: X');
    expect(put).toBe(`apiVersion: autoscaling/v2\nkind: X${text.slice(text.indexOf('\n---\n'))}`);
    expect(withManifest('{"kind": "List"}', 'x')).toBeNull(); // JSON: nothing to put back
  });
});
