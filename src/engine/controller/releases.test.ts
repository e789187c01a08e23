import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTROLLER_CONFIG } from './config.ts';
import { reconcileAutoscaler } from './horizontal.ts';
import {
  controllerConfigFor,
  gateDefaults,
  gatesFor,
  KUBERNETES_RELEASES,
  NEWEST_RELEASE,
  RELEASES,
  releaseNamed,
  UNNAMED_RELEASE,
} from './releases.ts';
import { config, hpa, memory, NOW, observation, pods } from './testing/builders.ts';
import { ceilToInt32 } from './utilization.ts';

describe('the release table', () => {
  it('runs 1.33 to 1.38, the newest released being 1.37 and master marked unreleased', () => {
    expect(KUBERNETES_RELEASES).toEqual(['1.33', '1.34', '1.35', '1.36', '1.37', '1.38']);
    expect(NEWEST_RELEASE).toBe('1.37');
    expect(UNNAMED_RELEASE).toBe('1.35');
    expect(RELEASES['1.38'].released).toBe(false);
    expect(RELEASES['1.38'].label).toBe('1.38 (master, unreleased)');
    expect(KUBERNETES_RELEASES.filter((v) => !RELEASES[v].released)).toEqual(['1.38']);
  });

  it('gives each release its gate defaults (RELEASES.md §2)', () => {
    expect(gateDefaults('1.34')).toEqual({
      HPAConfigurableTolerance: false,
      HPAScaleToZero: false,
    });
    expect(gateDefaults('1.36')).toEqual({ HPAConfigurableTolerance: true, HPAScaleToZero: false });
    expect(gateDefaults('1.37')).toEqual({
      HPAConfigurableTolerance: true,
      HPAScaleToZero: true,
      HPAGeneration: true,
      StaleControllerConsistencyHPA: true,
      HPAOptimizedSelectorStore: true,
    });
  });

  it('switches the rules by release', () => {
    const rules = (v: (typeof KUBERNETES_RELEASES)[number]) => RELEASES[v].rules;
    expect(KUBERNETES_RELEASES.map((v) => rules(v).scaledToZeroCondition)).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(KUBERNETES_RELEASES.map((v) => rules(v).int32Caps)).toEqual([
      'v1.33',
      'v1.34',
      'v1.35',
      'v1.35',
      'v1.35',
      'all',
    ]);
    expect(KUBERNETES_RELEASES.map((v) => rules(v).ignoreSucceededPods)).toEqual([
      false,
      false,
      false,
      false,
      false,
      true,
    ]);
    // #127193 is in CHANGELOG-1.33 (v1.33.0-alpha.1): no release in the table fails the metric.
    expect(KUBERNETES_RELEASES.every((v) => !rules(v).containerMetricMissingIsError)).toBe(true);
  });

  it('keeps the engine defaults equal to what a document naming no release runs', () => {
    const { kubernetesVersion, ...unnamed } = controllerConfigFor(UNNAMED_RELEASE);
    expect(kubernetesVersion).toBe('1.35');
    expect({
      ...DEFAULT_CONTROLLER_CONFIG,
      scaledToZeroCondition: false,
      int32Caps: 'v1.35',
      selectorMessages: 'v1.33',
    }).toEqual(unnamed);
  });

  it('reads a release written as a string or a YAML number, and nothing else', () => {
    expect(releaseNamed('1.37')).toBe('1.37');
    expect(releaseNamed(1.37)).toBe('1.37');
    expect(releaseNamed(1.3)).toBeNull(); // 1.30 as a number: not in the table
    expect(releaseNamed('1.39')).toBeNull();
    expect(releaseNamed('v1.37')).toBeNull();
    expect(releaseNamed(null)).toBeNull();
  });
});

describe('gatesFor', () => {
  it('applies an override the release allows', () => {
    expect(gatesFor('1.37', { HPAScaleToZero: false })).toEqual({
      gates: { ...gateDefaults('1.37'), HPAScaleToZero: false },
      problems: [],
    });
    // Setting a locked gate to its own value is allowed (a no-op).
    expect(gatesFor('1.37', { HPAConfigurableTolerance: true }).problems).toEqual([]);
  });

  it('refuses a GA-locked gate turned off, and leaves it at its value', () => {
    const r = gatesFor('1.37', { HPAConfigurableTolerance: false });
    expect(r.gates.HPAConfigurableTolerance).toBe(true);
    expect(r.problems).toEqual([
      {
        gate: 'HPAConfigurableTolerance',
        message:
          'HPAConfigurableTolerance is GA and locked to true in Kubernetes 1.37: it cannot be set to false',
      },
    ]);
  });

  it('refuses a gate the release does not have, naming the release that has it', () => {
    const r = gatesFor('1.35', { HPAGeneration: true });
    expect(r.gates.HPAGeneration).toBeUndefined();
    expect(r.problems[0]!.message).toBe(
      'Kubernetes 1.35 has no HPAGeneration feature gate (it is new in 1.37)',
    );
    expect(gatesFor('1.35', { HPAScaleToZeroo: true }).problems[0]!.message).toBe(
      'unknown feature gate HPAScaleToZeroo; Kubernetes 1.35 has HPAConfigurableTolerance, HPAScaleToZero',
    );
  });
});

describe('ceilToInt32', () => {
  it('wraps past int32 as amd64 does, or saturates (#141397)', () => {
    expect(ceilToInt32(2.2, false)).toBe(3);
    expect(ceilToInt32(3e9, false)).toBe(-2147483648);
    expect(ceilToInt32(3e9, true)).toBe(2147483647);
    expect(ceilToInt32(2147483646.5, true)).toBe(2147483647);
    // NaN is left to the conversion, as upstream chose.
    expect(ceilToInt32(Number.NaN, true)).toBe(-2147483648);
  });
});

describe('the AmbiguousSelector text by release', () => {
  const reason = (version: '1.36' | '1.37') => {
    const h = hpa({ minReplicas: 1 });
    const obs = observation(h, { pods: pods(2, () => ({ cpu: 500 })), selector: 'ambiguous' });
    const r = reconcileAutoscaler(obs, memory(), NOW, controllerConfigFor(version));
    return r.conditions.find((c) => c.type === 'ScalingActive')?.message;
  };
  it('says "multiple HPAs" before 1.37 and "more than one HPA" from it', () => {
    expect(reason('1.36')).toBe('pods by selector are controlled by multiple HPAs');
    expect(reason('1.37')).toBe('pods by selector are controlled by more than one HPA');
  });
});

describe('observedGeneration', () => {
  it('is absent from the result of a release without HPAGeneration', () => {
    const h = hpa({ minReplicas: 1 });
    const r = reconcileAutoscaler(observation(h, { pods: pods(2) }), memory(), NOW, config());
    expect('observedGeneration' in r).toBe(false);
  });
});
