import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../parseScenario.ts';

const preset = readFileSync(resolve(import.meta.dirname, '../../presets/nodes-wait.yaml'), 'utf8');
const STARTUP = '    startup: { scheduling: 1s, starting: 10s, readinessDelay: 10s }';
/** The preset with its `startup` line replaced. */
const withStartup = (line: string) => {
  expect(preset).toContain(STARTUP);
  return preset.replace(STARTUP, `    startup: ${line}`);
};

describe('spec.workload.startup: a delay, or a range drawn per pod (issue 25)', () => {
  it('reads a fixed delay as before and a range as { min, max, seed }', () => {
    const fixed = parseScenario(preset).input!.workload.startup;
    expect(fixed).toEqual({ schedulingSeconds: 1, startingSeconds: 10, readinessDelaySeconds: 10 });
    const text = withStartup(
      '{ scheduling: 1s, starting: { min: 5s, max: 40s, seed: 3 }, readinessDelay: 10s }',
    );
    const parsed = parseScenario(text);
    expect(parsed.ok, JSON.stringify(parsed.diagnostics)).toBe(true);
    expect(parsed.input!.workload.startup).toEqual({
      schedulingSeconds: 1,
      startingSeconds: 5,
      readinessDelaySeconds: 10,
      ranges: { starting: { minSeconds: 5, maxSeconds: 40, seed: 3 } },
    });
    // min alone (or max = min) is a fixed delay: no spread invented
    const minOnly = parseScenario(
      withStartup('{ starting: { min: 7s }, readinessDelay: { min: 3s, max: 3s } }'),
    );
    expect(minOnly.input!.workload.startup).toEqual({
      schedulingSeconds: 1,
      startingSeconds: 7,
      readinessDelaySeconds: 3,
    });
  });

  it('locates a bad range at its field', () => {
    const cases: [string, string, RegExp][] = [
      ['{ starting: { min: 30s, max: 5s } }', 'spec.workload.startup.starting.max', /below min/],
      ['{ starting: { min: -5s, max: 5s } }', 'spec.workload.startup.starting.min', /./],
      [
        '{ readinessDelay: { min: soon, max: 5s } }',
        'spec.workload.startup.readinessDelay.min',
        /duration/,
      ],
      ['{ scheduling: { max: 5s } }', 'spec.workload.startup.scheduling.min', /min/],
      ['{ starting: { min: 1s, most: 5s } }', 'spec.workload.startup.starting.most', /most/],
    ];
    for (const [line, path, message] of cases) {
      const text = withStartup(line);
      const parsed = parseScenario(text);
      expect(parsed.ok, line).toBe(false);
      const d = parsed.diagnostics.find((x) => x.path === path);
      expect(d, `${line}: ${JSON.stringify(parsed.diagnostics)}`).toBeDefined();
      expect(d!.message).toMatch(message);
      expect(d!.line).toBe(text.split('\n').findIndex((l) => l.includes('startup:')) + 1);
    }
  });
});
