import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './testing/runCli.ts';

const story = resolve(import.meta.dirname, '../presets', 'story-1-scale-up-fast.yaml');

describe('spec.draws and the draws budget in the CLI (issue 25)', () => {
  it('run reads spec.draws as the app does, the same figures as --draws/--seed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hpa-sim-draws-'));
    const file = join(dir, 'drawn.yaml');
    const text = readFileSync(story, 'utf8').replace(
      '\nspec:\n  duration',
      '\nspec:\n  draws: { count: 3, seed: 5 }\n  duration',
    );
    writeFileSync(file, text);
    const fromSpec = JSON.parse(cli('run', file, '--format', 'json').out);
    const fromFlags = JSON.parse(
      cli('run', story, '--format', 'json', '--draws', '3', '--seed', '5').out,
    );
    expect(fromSpec.drawSummary).toMatchObject({ count: 3, seed: 5 });
    expect(fromSpec.drawSummary).toEqual(fromFlags.drawSummary);
    expect(fromSpec.draws).toEqual(fromFlags.draws);
  });

  it('refuses draws that together pass the work budget, saying how many fit', () => {
    const r = cli('run', story, '--draws', '200', '--max-work', '20000');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /--draws 200: 200 whole runs need at least about [\d,]+ units of work, over the work budget of 20,000; at most \d+ fit/,
    );
  });
});
