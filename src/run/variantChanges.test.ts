import { describe, expect, it } from 'vitest';
import { planScenario } from './runScenario.ts';
import { runChanges, variantChanges } from './variantChanges.ts';
import { duplicateAsVariant } from '../scenario/index.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const presets = join(import.meta.dirname, '..', 'presets');

describe('variantChanges', () => {
  it('names each field that differs, with the HPA’s value and the variant’s', () => {
    const base = { minReplicas: 2, behavior: { scaleDown: { stabilizationWindowSeconds: 300 } } };
    const variant = { minReplicas: 2, behavior: { scaleDown: { stabilizationWindowSeconds: 0 } } };
    expect(variantChanges(base, variant)).toEqual([
      'behavior.scaleDown.stabilizationWindowSeconds: 300 → 0',
    ]);
    expect(variantChanges({ a: [1, 2] }, { a: [1, 3], b: 'x' })).toEqual([
      'a: [1,2] → [1,3]',
      'b: (none) → x',
    ]);
    expect(variantChanges({ a: 1, gone: true }, { a: 1 })).toEqual(['gone: true → (none)']);
  });

  it('the scale-down windows preset: each variant says its window; a fresh duplicate says nothing', () => {
    const text = readFileSync(join(presets, 'scale-down-windows.yaml'), 'utf8');
    const [main, ...variants] = planScenario(text).runs;
    const changes = variants.map((v) => variantChanges(main!.input.hpa.spec, v.input.hpa.spec));
    expect(changes.every((c) => c.length > 0)).toBe(true);
    expect(changes.flat().join('\n')).toMatch(
      /behavior\.scaleDown\.stabilizationWindowSeconds: 300 → /,
    );
    const dup = duplicateAsVariant(readFileSync(join(presets, 'default.yaml'), 'utf8'));
    if (!dup.ok) throw new Error(dup.error);
    const runs = planScenario(dup.text).runs;
    expect(variantChanges(runs[0]!.input.hpa.spec, runs.at(-1)!.input.hpa.spec)).toEqual([]);
  });

  it('a run’s changes: its HPA fields, then the controller flags and release it changes', () => {
    const text = readFileSync(
      join(import.meta.dirname, '__fixtures__/failover-variants.yaml'),
      'utf8',
    );
    const runs = planScenario(text).runs;
    const of = (key: string) => runs.find((r) => r.key === key)!.input;
    const main = of('proposal/total');
    expect(runChanges(main, of('tight:proposal/total'))).toEqual(['minReplicas: 3 → 6']);
    expect(runChanges(main, of('tolerant:proposal/total'))).toEqual([
      'controller.tolerance: 0.1 → 0.3',
    ]);
    expect(runChanges(main, main)).toEqual([]);
  });
});
