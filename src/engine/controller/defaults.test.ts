// API defaulting of autoscaling/v2 (pkg/apis/autoscaling/v2/defaults.go and defaults_test.go:
// TestGenerateScaleUpRules, TestGenerateScaleDownRules, TestSetBehaviorDefaults…).

import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CPU_UTILIZATION,
  generateHPAScaleDownRules,
  generateHPAScaleUpRules,
  setDefaultsBehavior,
  setDefaultsHorizontalPodAutoscaler,
} from './defaults.ts';
import { cpuUtilization, deepFreeze, externalValue, policy, rawHpa } from './testing/builders.ts';
import type { HPAScalingRules } from './types.ts';

const UP_DEFAULT_POLICIES = [policy('Pods', 4, 15), policy('Percent', 100, 15)];
const DOWN_DEFAULT_POLICIES = [policy('Percent', 100, 15)];

describe('TestGenerateScaleUpRules', () => {
  const cases: {
    name: string;
    rules: HPAScalingRules | null | undefined;
    expected: ReturnType<typeof generateHPAScaleUpRules>;
  }[] = [
    {
      name: 'nil rules take every default',
      rules: undefined,
      expected: {
        stabilizationWindowSeconds: 0,
        selectPolicy: 'Max',
        policies: UP_DEFAULT_POLICIES,
      },
    },
    {
      name: 'null rules take every default',
      rules: null,
      expected: {
        stabilizationWindowSeconds: 0,
        selectPolicy: 'Max',
        policies: UP_DEFAULT_POLICIES,
      },
    },
    {
      name: 'empty rules take every default',
      rules: {},
      expected: {
        stabilizationWindowSeconds: 0,
        selectPolicy: 'Max',
        policies: UP_DEFAULT_POLICIES,
      },
    },
    {
      name: 'only the window is set',
      rules: { stabilizationWindowSeconds: 120 },
      expected: {
        stabilizationWindowSeconds: 120,
        selectPolicy: 'Max',
        policies: UP_DEFAULT_POLICIES,
      },
    },
    {
      name: 'a zero window stays zero',
      rules: { stabilizationWindowSeconds: 0, selectPolicy: 'Min' },
      expected: {
        stabilizationWindowSeconds: 0,
        selectPolicy: 'Min',
        policies: UP_DEFAULT_POLICIES,
      },
    },
    {
      name: 'user policies replace the default list entirely',
      rules: { policies: [policy('Percent', 12, 60)] },
      expected: {
        stabilizationWindowSeconds: 0,
        selectPolicy: 'Max',
        policies: [policy('Percent', 12, 60)],
      },
    },
    {
      name: 'an explicit empty policy list stays empty',
      rules: { policies: [] },
      expected: { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [] },
    },
    {
      name: 'an explicit null policy list takes the default',
      rules: { policies: null },
      expected: {
        stabilizationWindowSeconds: 0,
        selectPolicy: 'Max',
        policies: UP_DEFAULT_POLICIES,
      },
    },
    {
      name: 'selectPolicy Disabled is kept',
      rules: { selectPolicy: 'Disabled' },
      expected: {
        stabilizationWindowSeconds: 0,
        selectPolicy: 'Disabled',
        policies: UP_DEFAULT_POLICIES,
      },
    },
    {
      name: 'tolerance is copied, never defaulted',
      rules: { tolerance: '0.05' },
      expected: {
        stabilizationWindowSeconds: 0,
        selectPolicy: 'Max',
        policies: UP_DEFAULT_POLICIES,
        tolerance: '0.05',
      },
    },
  ];
  it.each(cases)('$name', ({ rules, expected }) => {
    expect(generateHPAScaleUpRules(rules)).toStrictEqual(expected);
  });
});

describe('TestGenerateScaleDownRules', () => {
  const cases: {
    name: string;
    rules: HPAScalingRules | null | undefined;
    expected: ReturnType<typeof generateHPAScaleDownRules>;
  }[] = [
    {
      name: 'nil rules: window stays unset (the controller fills it from its flag)',
      rules: undefined,
      expected: {
        stabilizationWindowSeconds: null,
        selectPolicy: 'Max',
        policies: DOWN_DEFAULT_POLICIES,
      },
    },
    {
      name: 'empty rules: window stays unset',
      rules: {},
      expected: {
        stabilizationWindowSeconds: null,
        selectPolicy: 'Max',
        policies: DOWN_DEFAULT_POLICIES,
      },
    },
    {
      name: 'a user window of 0 is kept (not replaced by the flag)',
      rules: { stabilizationWindowSeconds: 0 },
      expected: {
        stabilizationWindowSeconds: 0,
        selectPolicy: 'Max',
        policies: DOWN_DEFAULT_POLICIES,
      },
    },
    {
      name: 'user fields win one by one',
      rules: {
        stabilizationWindowSeconds: 60,
        selectPolicy: 'Min',
        policies: [policy('Pods', 1, 600)],
        tolerance: '0.10',
      },
      expected: {
        stabilizationWindowSeconds: 60,
        selectPolicy: 'Min',
        policies: [policy('Pods', 1, 600)],
        tolerance: '0.10',
      },
    },
    {
      name: 'an explicit empty policy list stays empty',
      rules: { policies: [] },
      expected: { stabilizationWindowSeconds: null, selectPolicy: 'Max', policies: [] },
    },
  ];
  it.each(cases)('$name', ({ rules, expected }) => {
    expect(generateHPAScaleDownRules(rules)).toStrictEqual(expected);
  });
});

describe('TestSetBehaviorDefaults', () => {
  it('leaves an absent behavior absent (legacy path)', () => {
    expect(setDefaultsBehavior(undefined)).toBeNull();
    expect(setDefaultsBehavior(null)).toBeNull();
  });

  it('completes both directions of an empty behavior', () => {
    expect(setDefaultsBehavior({})).toStrictEqual({
      scaleUp: {
        stabilizationWindowSeconds: 0,
        selectPolicy: 'Max',
        policies: UP_DEFAULT_POLICIES,
      },
      scaleDown: {
        stabilizationWindowSeconds: null,
        selectPolicy: 'Max',
        policies: DOWN_DEFAULT_POLICIES,
      },
    });
  });

  it('completes the direction the user did not write', () => {
    const b = setDefaultsBehavior({ scaleDown: { policies: [policy('Pods', 1, 600)] } });
    expect(b?.scaleUp).toStrictEqual({
      stabilizationWindowSeconds: 0,
      selectPolicy: 'Max',
      policies: UP_DEFAULT_POLICIES,
    });
    expect(b?.scaleDown.policies).toStrictEqual([policy('Pods', 1, 600)]);
    expect(b?.scaleDown.stabilizationWindowSeconds).toBeNull();
  });

  it('copies the user policies (the result does not alias the manifest)', () => {
    const manifest = { scaleUp: { policies: [policy('Pods', 2, 30)] } };
    const b = setDefaultsBehavior(manifest);
    b!.scaleUp.policies[0]!.value = 99;
    expect(manifest.scaleUp.policies[0]!.value).toBe(2);
  });

  it('does not share default policy lists between results', () => {
    const a = setDefaultsBehavior({});
    a!.scaleUp.policies.push(policy('Pods', 1, 1));
    expect(setDefaultsBehavior({})!.scaleUp.policies).toHaveLength(2);
  });
});

describe('TestSetDefaultsHorizontalPodAutoscaler', () => {
  it('defaults minReplicas to 1 and keeps an explicit value (including 0)', () => {
    expect(setDefaultsHorizontalPodAutoscaler(rawHpa()).spec.minReplicas).toBe(1);
    expect(setDefaultsHorizontalPodAutoscaler(rawHpa({ minReplicas: null })).spec.minReplicas).toBe(
      1,
    );
    expect(setDefaultsHorizontalPodAutoscaler(rawHpa({ minReplicas: 3 })).spec.minReplicas).toBe(3);
    expect(setDefaultsHorizontalPodAutoscaler(rawHpa({ minReplicas: 0 })).spec.minReplicas).toBe(0);
  });

  it('defaults empty or absent metrics to CPU utilization 80%', () => {
    expect(DEFAULT_CPU_UTILIZATION).toBe(80);
    for (const metrics of [[], undefined, null]) {
      const raw = rawHpa();
      raw.spec.metrics = metrics;
      expect(setDefaultsHorizontalPodAutoscaler(raw).spec.metrics).toStrictEqual([
        cpuUtilization(80),
      ]);
    }
  });

  it('keeps user metrics as written', () => {
    const metrics = [externalValue('queue', '30'), cpuUtilization(60)];
    expect(setDefaultsHorizontalPodAutoscaler(rawHpa({ metrics })).spec.metrics).toStrictEqual(
      metrics,
    );
  });

  it('defaults behavior only when present', () => {
    expect(setDefaultsHorizontalPodAutoscaler(rawHpa()).spec.behavior).toBeNull();
    const withBehavior = setDefaultsHorizontalPodAutoscaler(rawHpa({ behavior: {} }));
    expect(withBehavior.spec.behavior).toStrictEqual(setDefaultsBehavior({}));
  });

  it('does not mutate the manifest and keeps metadata and status', () => {
    const raw = deepFreeze(
      rawHpa({ behavior: { scaleUp: { selectPolicy: 'Min' } }, desiredReplicas: 4 }),
    );
    const out = setDefaultsHorizontalPodAutoscaler(raw);
    expect(out).not.toBe(raw);
    expect(out.metadata).toStrictEqual({ name: 'web', namespace: 'default' });
    expect(out.status?.desiredReplicas).toBe(4);
    expect(out.spec.scaleTargetRef).toStrictEqual(raw.spec.scaleTargetRef);
    expect(raw.spec.minReplicas).toBeUndefined();
  });
});
