import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../parseScenario.ts';

const story = readFileSync(
  resolve(import.meta.dirname, '../../presets/story-1-scale-up-fast.yaml'),
  'utf8',
);
/** The preset with `draws` (YAML flow map) under its Simulation's spec. */
const withDraws = (draws: string) =>
  story.replace('\nspec:\n  duration', `\nspec:\n  draws: ${draws}\n  duration`);

describe('spec.draws (issue 25: draws in the app)', () => {
  it('is read with its defaults filled', () => {
    expect(parseScenario(withDraws('{ count: 4, seed: 7 }')).draws).toEqual({ count: 4, seed: 7 });
    expect(parseScenario(withDraws('{}')).draws).toEqual({ count: 16, seed: 1 });
    expect(parseScenario(story).draws).toBeNull();
  });

  it('refuses a bad count or seed at its line and column', () => {
    const text = withDraws('{ count: 0, seed: -1 }');
    const parsed = parseScenario(text);
    expect(parsed.ok).toBe(false);
    expect(parsed.draws).toBeNull();
    const line = text.split('\n').findIndex((l) => l.includes('draws:')) + 1;
    const at = (path: string) => parsed.diagnostics.find((d) => d.path === path);
    expect(at('spec.draws.count')).toMatchObject({ severity: 'error', line });
    expect(at('spec.draws.count')!.column).toBe(text.split('\n')[line - 1]!.indexOf('0') + 1);
    expect(at('spec.draws.seed')).toMatchObject({ severity: 'error', line });
    expect(parseScenario(withDraws('{ count: 257 }')).diagnostics[0]!.message).toMatch(/256/);
  });

  it('refuses draws that together pass the work budget, saying how many fit', () => {
    const text = withDraws('{ count: 200 }');
    const one = parseScenario(story);
    expect(one.ok).toBe(true);
    // A budget room for about 10 runs of this scenario.
    const parsed = parseScenario(text, { maxWork: 20_000 });
    const d = parsed.diagnostics.find((x) => x.path === 'spec.draws.count');
    expect(parsed.ok, JSON.stringify(parsed.diagnostics)).toBe(false);
    expect(d?.message).toMatch(
      /200 draws are 200 whole runs .* over the work budget of 20,000: at most \d+ fit/,
    );
    expect(d?.line).toBe(text.split('\n').findIndex((l) => l.includes('draws:')) + 1);
  });

  it('keeps a multi-cluster scenario’s draws for the command line, with a warning the page reads', () => {
    const failover = readFileSync(
      resolve(import.meta.dirname, '../../presets/multicluster/failover.yaml'),
      'utf8',
    );
    const text = failover.replace(
      '\nspec:\n  duration',
      '\nspec:\n  draws: { count: 3 }\n  duration',
    );
    expect(text).not.toBe(failover);
    const parsed = parseScenario(text);
    expect(parsed.ok).toBe(true);
    expect(parsed.draws).toEqual({ count: 3, seed: 1 });
    const d = parsed.diagnostics.find((x) => x.path === 'spec.draws');
    expect(d).toMatchObject({ severity: 'warning' });
    expect(d!.message).toMatch(/runs once here, without draws; `hpa-sim run` draws it/);
    expect(d!.line).toBe(text.split('\n').findIndex((l) => l.includes('draws:')) + 1);
  });
});
