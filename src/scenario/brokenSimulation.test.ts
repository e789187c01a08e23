import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROKEN_SIMULATION_MESSAGE } from './brokenSimulation.ts';
import { parseScenario } from './parseScenario.ts';

const text = readFileSync(resolve(import.meta.dirname, '../presets/default.yaml'), 'utf8');

describe('a Simulation document broken mid-edit', () => {
  const broken = text.replace(
    'kind: Simulation\nmetadata:',
    'kind: Simulation\nmetadata:\n  name: [oops',
  );
  const r = parseScenario(broken);

  it('is named as such at its kind line, with the YAML error under it', () => {
    const kindLine = broken.split('\n').indexOf('kind: Simulation') + 1;
    expect(r.diagnostics[0]).toMatchObject({
      severity: 'error',
      line: kindLine,
      message: BROKEN_SIMULATION_MESSAGE,
    });
    expect(r.diagnostics.some((d) => d.message.startsWith('YAML:'))).toBe(true);
  });

  it('assumes no default world and offers none to insert', () => {
    expect(r.defaultSimulation).toBeNull();
    expect(r.diagnostics.some((d) => d.message.includes('no Simulation document'))).toBe(false);
    expect(r.input).toBeNull();
  });

  it('a file with no Simulation document still gets the default world', () => {
    const hpaOnly = text.slice(0, text.indexOf('---\napiVersion: hpa-sim.dev'));
    const plain = parseScenario(hpaOnly);
    expect(plain.defaultSimulation).not.toBeNull();
    expect(plain.ok).toBe(true);
  });
});
