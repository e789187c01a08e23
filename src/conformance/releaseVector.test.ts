import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseVectorLine, parseVectorValue } from './vectorCase.ts';

const first = JSON.parse(
  readFileSync(
    resolve(import.meta.dirname, '../../tests/conformance/vectors/releases.jsonl'),
    'utf8',
  ).split('\n')[0]!,
) as Record<string, unknown> & { controller: Record<string, unknown> };

describe('release vectors (kubernetesVersion)', () => {
  it('builds the configuration from the release table', () => {
    const parsed = parseVectorValue({ ...first, kubernetesVersion: '1.38' });
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.value.controller).toMatchObject({
      kubernetesVersion: '1.38',
      scaledToZeroCondition: true,
      int32Caps: 'all',
      ignoreSucceededPods: true,
      featureGates: { HPAScaleToZero: true, HPAGeneration: true },
    });
  });

  it('reads a case without a release exactly as before', () => {
    const { kubernetesVersion: _, ...legacy } = first;
    const parsed = parseVectorValue(legacy);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.value.controller.kubernetesVersion).toBeUndefined();
    expect(parsed.value.controller.containerMetricMissingIsError).toBe(true);
    expect(parsed.value.controller.featureGates).toEqual({
      HPAConfigurableTolerance: true,
      HPAScaleToZero: false,
    });
  });

  it('names the field of a gate the release refuses', () => {
    const locked = {
      ...first,
      controller: { ...first.controller, featureGates: { HPAConfigurableTolerance: false } },
    };
    expect(parseVectorValue(locked)).toEqual({
      ok: false,
      error:
        'field "controller.featureGates.HPAConfigurableTolerance": HPAConfigurableTolerance is GA and locked to true in Kubernetes 1.37: it cannot be set to false',
    });
    const missing = {
      ...first,
      kubernetesVersion: '1.36',
      controller: { ...first.controller, featureGates: { HPAGeneration: true } },
    };
    const r = parseVectorValue(missing);
    expect(r.ok ? '' : r.error).toBe(
      'field "controller.featureGates.HPAGeneration": Kubernetes 1.36 has no HPAGeneration feature gate (it is new in 1.37)',
    );
  });

  it('refuses an unknown release', () => {
    const r = parseVectorLine(JSON.stringify({ ...first, kubernetesVersion: '1.40' }));
    expect(r.ok ? '' : r.error).toBe(
      'field "kubernetesVersion" must be one of "1.33", "1.34", "1.35", "1.36", "1.37", "1.38"',
    );
  });
});
