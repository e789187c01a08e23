import { describe, expect, it } from 'vitest';
import { setTraffic } from './setTraffic.ts';

const TRAFFIC = ['traffic:', '  type: series', '  stepSeconds: 60', '  values: >-', '    1 2 3'];
const text = [
  '# my HPA',
  'kind: HorizontalPodAutoscaler',
  '---',
  'kind: Simulation # sim',
  'spec:',
  '  duration: 2h # two hours',
  '  traffic:',
  '    type: ramp   # a ramp',
  '    points:',
  '      - { at: 0, value: 100 }',
  '  # the load model',
  '  load: {}',
  '',
].join('\n');

describe('setTraffic', () => {
  it('replaces spec.traffic only, keeping every other line', () => {
    const r = setTraffic(text, { trafficYaml: TRAFFIC });
    expect(r.ok && r.text).toBe(
      text.replace(
        '  traffic:\n    type: ramp   # a ramp\n    points:\n      - { at: 0, value: 100 }',
        TRAFFIC.map((l) => `  ${l}`).join('\n'),
      ),
    );
  });

  it('sets the duration too when asked, where it stands', () => {
    const r = setTraffic(text, { trafficYaml: TRAFFIC, duration: '24h' });
    expect(r.ok && r.text).toContain('  duration: 24h\n  traffic:\n    type: series');
    expect(r.ok && r.text).toContain('  # the load model\n  load: {}');
  });

  it('adds traffic under spec when there is none', () => {
    const r = setTraffic('kind: Simulation\nspec:\n  duration: 1h\n', { trafficYaml: TRAFFIC });
    expect(r.ok && r.text).toBe(
      'kind: Simulation\nspec:\n' + TRAFFIC.map((l) => `  ${l}`).join('\n') + '\n  duration: 1h\n',
    );
  });

  it('appends a Simulation document, from the assumed world when given', () => {
    const base = 'kind: Simulation\nspec:\n  traffic: { type: constant, value: 1 }\n  load: {}\n';
    const r = setTraffic('kind: HorizontalPodAutoscaler\n', {
      trafficYaml: TRAFFIC,
      baseSimulation: base,
    });
    expect(r.ok && r.text).toBe(
      'kind: HorizontalPodAutoscaler\n---\nkind: Simulation\nspec:\n' +
        TRAFFIC.map((l) => `  ${l}`).join('\n') +
        '\n  load: {}\n',
    );
  });

  it('refuses a broken Simulation document instead of guessing', () => {
    const r = setTraffic('kind: Simulation\nspec: [\n', { trafficYaml: TRAFFIC });
    expect(r.ok).toBe(false);
  });
});
