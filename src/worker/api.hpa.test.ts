import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSimulatorApi } from './api.ts';

const twoHpas = readFileSync(
  resolve(import.meta.dirname, '../../tests/manifests/v2beta2-two-hpas-memory-averagevalue.yaml'),
  'utf8',
);

describe('a run of a text with several HPAs', () => {
  it('simulates the first by default and the chosen one when asked', async () => {
    const api = createSimulatorApi();
    const first = await api.run(1, twoHpas);
    expect(first.parse.hpaChoices.map((c) => c.name)).toEqual(['wordpress', 'ingress']);
    expect(first.parse.selectedHpa).toBe('wordpress');
    expect(first.parse.documents.map((d) => [d.role, d.kind, d.name])).toEqual([
      ['hpa', 'HorizontalPodAutoscaler', 'wordpress'],
      ['other-hpa', 'HorizontalPodAutoscaler', 'ingress'],
    ]);
    expect(first.parse.defaultSimulation).toContain('kind: Simulation');
    expect(first.parse.defaultWorld).toMatch(/^traffic /);
    const chosen = await api.run(2, twoHpas, { hpa: 'ingress' });
    expect(chosen.parse.selectedHpa).toBe('ingress');
    expect(chosen.parse.effectiveHpaYaml).toContain('name: ingress');
    expect(chosen.runs[0]!.result).not.toBeNull();
    expect(chosen.parse.name).toBe('ingress');
    expect(first.parse.effectiveHpaYaml).toContain('name: wordpress');
  });

  it('treats an empty choice as no choice', async () => {
    const reply = await createSimulatorApi().run(1, twoHpas, { hpa: '' });
    expect(reply.parse.selectedHpa).toBe('wordpress');
  });
});
