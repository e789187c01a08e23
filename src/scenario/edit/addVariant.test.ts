import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../index.ts';
import { addVariant } from './addVariant.ts';

const preset = (name: string) =>
  readFileSync(resolve(import.meta.dirname, '../../presets', name), 'utf8');
const FAST_DOWN = { behavior: { scaleDown: { stabilizationWindowSeconds: 0 } } };

function added(text: string, v: Parameters<typeof addVariant>[1]): string {
  const r = addVariant(text, v);
  if (!r.ok) throw new Error(r.error);
  return r.text;
}

describe('addVariant', () => {
  it('adds spec.variants to a Simulation document, keeping every other byte', () => {
    const text = preset('default.yaml');
    const out = added(text, { name: 'fast-down', patch: FAST_DOWN, description: 'no window' });
    // Only an insertion: the text before and after it is the original.
    let prefix = 0;
    while (prefix < text.length && text[prefix] === out[prefix]) prefix++;
    expect(out.slice(prefix + out.length - text.length)).toBe(text.slice(prefix));
    const parsed = parseScenario(out);
    expect(parsed.ok).toBe(true);
    expect(parsed.variants.map((v) => [v.name, v.description])).toEqual([
      ['fast-down', 'no window'],
    ]);
    expect(parsed.variants[0]!.input.hpa.spec.behavior?.scaleDown?.stabilizationWindowSeconds).toBe(
      0,
    );
    // A second one goes after the first, and comments stay.
    const twice = added(out, { name: 'wide', patch: { maxReplicas: 30 } });
    expect(parseScenario(twice).variants.map((v) => v.name)).toEqual(['fast-down', 'wide']);
    expect(twice).toContain(
      "# hpa-sim's default scenario: a web service through a day of traffic.",
    );
  });

  it('keeps a comment after the list and CRLF line ends', () => {
    const text =
      `${preset('default.yaml')}  variants:\n    - name: a\n      patch: { minReplicas: 3 }\n# the end\n`.replace(
        /\n/g,
        '\r\n',
      );
    const out = added(text, { name: 'b', patch: { minReplicas: 4 } });
    expect(out).not.toMatch(/[^\r]\n/);
    expect(out).toContain('# the end');
    expect(parseScenario(out).variants.map((v) => v.name)).toEqual(['a', 'b']);
  });

  it('without a Simulation document, adds the default world (the same run) and the variant', () => {
    const hpa = preset('default.yaml').split('\n---\n')[0]! + '\n';
    const before = parseScenario(hpa);
    const out = added(hpa, { name: 'fast-down', patch: FAST_DOWN });
    expect(out.startsWith(hpa)).toBe(true);
    const after = parseScenario(out);
    expect(after.ok).toBe(true);
    expect(after.input!.traffic).toEqual(before.input!.traffic);
    expect(after.input!.loads).toEqual(before.input!.loads);
    expect(after.variants.map((v) => v.name)).toEqual(['fast-down']);
  });

  it('re-serializes a flow-style spec and still parses', () => {
    const text = `${preset('cpu-70-vs-60.yaml').split('\n---\n')[0]}\n---\napiVersion: hpa-sim.dev/v1alpha1\nkind: Simulation\nspec: { duration: 10m }\n`;
    const out = added(text, { name: 'v', patch: { maxReplicas: 12 } });
    expect(parseScenario(out).variants.map((v) => v.name)).toEqual(['v']);
  });

  it('refuses a bad name, a taken name, the HPA name, "main", and a text with syntax errors', () => {
    const text = added(preset('default.yaml'), { name: 'a', patch: {} });
    const error = (name: string, t = text) => {
      const r = addVariant(t, { name, patch: {} });
      return r.ok ? null : r.error;
    };
    expect(error('Not OK')).toMatch(/not a DNS label/);
    expect(error('a')).toMatch(/already exists/);
    expect(error('web')).toMatch(/the HPA's own name/);
    expect(error('main')).toMatch(/names the HPA itself/);
    expect(error('b', 'spec: [unclosed')).toMatch(/syntax errors/);
  });
});
