// Normalization of the metric proposal (horizontal.go): legacy stabilization and scale-up cap,
// behavior stabilization windows and policy rate limits. Table cases mirror horizontal_test.go
// (TestNormalizeDesiredReplicas, TestConvertDesiredReplicasWithRules,
// TestNormalizeDesiredReplicasWithBehavior, TestScalingWithRules,
// TestCalculateScaleUpLimitWithScalingRules, TestCalculateScaleDownLimitWithBehaviors, …).

import { describe, expect, it } from 'vitest';
import { generateHPAScaleDownRules, generateHPAScaleUpRules } from './defaults.ts';
import {
  calculateScaleDownLimitWithBehaviors,
  calculateScaleUpLimit,
  calculateScaleUpLimitWithScalingRules,
  convertDesiredReplicasWithBehaviorRate,
  convertDesiredReplicasWithRules,
  getReplicasChangePerPeriod,
  stabilizeRecommendation,
  stabilizeRecommendationWithBehaviors,
} from './normalization.ts';
import {
  config,
  controller,
  deepFreeze,
  event,
  eventsUniform,
  generateScalingRules,
  NOW,
  policy,
  rec,
  rules,
} from './testing/builders.ts';
import type {
  DefaultedScalingRules,
  HPAScalingRules,
  TimestampedRecommendation,
  TimestampedScaleEvent,
} from './types.ts';

const MIN_INT32 = -2147483648;

// The ported functions take the receiver (one HPA's memory at one instant) as upstream's methods
// do; these call them from the plain values the tables hold and return the stored
// recommendations next to the result.

function stabilize(
  recs: TimestampedRecommendation[],
  proposal: number,
  now: number,
  window: number,
) {
  const a = controller({
    recommendations: recs,
    now,
    config: config({ downscaleStabilizationSeconds: window }),
  });
  const r = stabilizeRecommendation(a, proposal);
  return { ...r, recommendations: a.recommendations! };
}

function stabilizeWithBehaviors(
  recs: TimestampedRecommendation[],
  desiredReplicas: number,
  currentReplicas: number,
  upWindow: number,
  downWindow: number,
  now: number,
) {
  const a = controller({ recommendations: recs, now });
  const r = stabilizeRecommendationWithBehaviors(a, {
    scaleUpBehavior: {
      ...generateHPAScaleUpRules(undefined),
      stabilizationWindowSeconds: upWindow,
    },
    scaleDownBehavior: {
      ...generateHPAScaleDownRules(undefined),
      stabilizationWindowSeconds: downWindow,
    },
    minReplicas: 1,
    maxReplicas: 1000,
    currentReplicas,
    desiredReplicas,
  });
  return { ...r, recommendations: a.recommendations! };
}

function behaviorRate(
  currentReplicas: number,
  desiredReplicas: number,
  minReplicas: number,
  maxReplicas: number,
  scaleUpBehavior: DefaultedScalingRules,
  scaleDownBehavior: DefaultedScalingRules,
  scaleUpEvents: TimestampedScaleEvent[],
  scaleDownEvents: TimestampedScaleEvent[],
  now: number,
) {
  const a = controller({ scaleUpEvents, scaleDownEvents, now });
  return convertDesiredReplicasWithBehaviorRate(a, {
    scaleUpBehavior,
    scaleDownBehavior,
    minReplicas,
    maxReplicas,
    currentReplicas,
    desiredReplicas,
  });
}

/** The legacy scale-up cap as release flags with this factor and minimum. */
function rate(scaleUpLimitFactor: number, scaleUpLimitMinimum: number) {
  return { scaleUpLimitFactor, scaleUpLimitMinimum };
}

// ---------------------------------------------------------------------------------------------
// Legacy path

describe('TestNormalizeDesiredReplicas (legacy stabilizeRecommendation, window 5 min)', () => {
  const cases: {
    name: string;
    recommendations: TimestampedRecommendation[];
    proposal: number;
    stabilized: number;
    logLength: number;
  }[] = [
    { name: 'empty log', recommendations: [], proposal: 5, stabilized: 5, logLength: 1 },
    {
      name: 'stabilize',
      recommendations: [rec(120, 4), rec(60, 5)],
      proposal: 3,
      stabilized: 5,
      logLength: 3,
    },
    {
      name: 'no stabilize',
      recommendations: [rec(120, 1), rec(60, 2)],
      proposal: 3,
      stabilized: 3,
      logLength: 3,
    },
    {
      name: 'no stabilize - old recommendations',
      recommendations: [rec(600, 10), rec(540, 9)],
      proposal: 3,
      stabilized: 3,
      logLength: 2,
    },
    {
      name: 'stabilize - old recommendations',
      recommendations: [rec(600, 10), rec(60, 4), rec(120, 5), rec(540, 9)],
      proposal: 3,
      stabilized: 5,
      logLength: 4,
    },
  ];
  it.each(cases)('$name', (tc) => {
    const r = stabilize(deepFreeze(tc.recommendations), tc.proposal, NOW, 300);
    expect(r.recommendation).toBe(tc.stabilized);
    expect(r.recommendations).toHaveLength(tc.logLength);
  });

  it('overwrites the last entry older than the window with the new proposal', () => {
    const r = stabilize([rec(600, 10), rec(60, 4), rec(540, 9)], 3, NOW, 300);
    expect(r.recommendations).toEqual([rec(600, 10), rec(60, 4), rec(0, 3)]);
  });

  it('takes the max even above current (the legacy window can raise the proposal)', () => {
    const r = stabilize([rec(100, 8)], 3, NOW, 300);
    expect(r).toMatchObject({ recommendation: 8, winnerIndex: 0 });
  });

  it('an entry exactly window seconds old still votes and is not replaced', () => {
    const r = stabilize([rec(300, 9)], 3, NOW, 300);
    expect(r.recommendation).toBe(9);
    expect(r.recommendations).toEqual([rec(300, 9), rec(0, 3)]);
  });

  it('an entry one second older than the window neither votes nor survives', () => {
    const r = stabilize([rec(301, 9)], 3, NOW, 300);
    expect(r).toMatchObject({ recommendation: 3, winnerIndex: -1, recommendations: [rec(0, 3)] });
  });
});

describe('calculateScaleUpLimit (legacy)', () => {
  it.each([
    [1, 2, 4, 4],
    [2, 2, 4, 4],
    [3, 2, 4, 6],
    [10, 2, 4, 20],
    [0, 2, 4, 4],
    [3, 8, 4, 24],
    [5, 1.5, 4, 7],
  ])('current %d, factor %d, minimum %d → %d', (current, factor, minimum, limit) => {
    expect(calculateScaleUpLimit(current, factor, minimum)).toBe(limit);
  });
});

describe('TestConvertDesiredReplicasWithRules', () => {
  // upstream runs with scaleUpLimitFactor 8
  it.each([
    [5, 7, 3, 8, 7, 'DesiredWithinRange', 'prenormalized desired replicas within range'],
    [3, 1, 2, 8, 2, 'TooFewReplicas', 'prenormalized desired replicas < minReplicas'],
    [1, 0, 0, 10, 0, 'DesiredWithinRange', 'prenormalized desired zeroed replicas within range'],
    [
      20,
      1000,
      1,
      10,
      10,
      'TooManyReplicas',
      'maxReplicas is the limit because maxReplicas < scaleUpLimit',
    ],
    [
      3,
      1000,
      1,
      2000,
      24,
      'ScaleUpLimit',
      'scaleUpLimit is the limit because scaleUpLimit < maxReplicas',
    ],
  ] as const)(
    'current %d, desired %d, [%d, %d] → %d %s (%s)',
    (current, desired, min, max, expected, reason, _name) => {
      const r = convertDesiredReplicasWithRules(current, desired, min, max, rate(8, 4));
      expect([r.replicas, r.reason]).toEqual([expected, reason]);
    },
  );

  it('maxReplicas equal to the scale-up limit is reported as TooManyReplicas', () => {
    expect(convertDesiredReplicasWithRules(2, 9, 1, 4, rate(2, 4))).toMatchObject({
      replicas: 4,
      reason: 'TooManyReplicas',
    });
  });

  it('release factor 2: a 3-replica target can only reach 6 in one step', () => {
    expect(convertDesiredReplicasWithRules(3, 50, 1, 100, rate(2, 4))).toMatchObject({
      replicas: 6,
      reason: 'ScaleUpLimit',
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Behavior: stabilization

describe('TestNormalizeDesiredReplicasWithBehavior (stabilizeRecommendationWithBehaviors)', () => {
  const cases: {
    name: string;
    recommendations: TimestampedRecommendation[];
    current: number;
    proposal: number;
    up?: number;
    down?: number;
    stabilized: number;
    stored?: number[];
  }[] = [
    {
      name: 'empty recommendations for scaling down',
      recommendations: [],
      current: 100,
      proposal: 5,
      stabilized: 5,
      stored: [5],
    },
    {
      name: 'simple scale down stabilization',
      recommendations: [rec(120, 4), rec(60, 5)],
      current: 100,
      proposal: 3,
      down: 180,
      stabilized: 5,
      stored: [4, 5, 3],
    },
    {
      name: 'simple scale up stabilization',
      recommendations: [rec(120, 4), rec(60, 5)],
      current: 1,
      proposal: 7,
      up: 300,
      stabilized: 4,
      stored: [4, 5, 7],
    },
    {
      name: 'no scale down stabilization',
      recommendations: [rec(120, 1), rec(60, 2)],
      current: 100,
      proposal: 3,
      up: 300,
      stabilized: 3,
      stored: [1, 2, 3],
    },
    {
      name: 'no scale up stabilization',
      recommendations: [rec(120, 4), rec(60, 5)],
      current: 1,
      proposal: 3,
      down: 300,
      stabilized: 3,
      stored: [4, 5, 3],
    },
    {
      name: 'no scale down stabilization, reuse recommendation element',
      recommendations: [rec(600, 10), rec(540, 9)],
      current: 100,
      proposal: 3,
      stabilized: 3,
      stored: [10, 3],
    },
    {
      name: 'no scale up stabilization, reuse recommendation element',
      recommendations: [rec(600, 10), rec(540, 9)],
      current: 1,
      proposal: 100,
      stabilized: 100,
      stored: [10, 100],
    },
    {
      name: 'scale down stabilization, reuse one of obsolete recommendation element',
      recommendations: [rec(600, 10), rec(60, 4), rec(120, 5), rec(540, 9)],
      current: 100,
      proposal: 3,
      down: 180,
      stabilized: 5,
      stored: [10, 4, 5, 3],
    },
    {
      name: 'scale up stabilization, reuse one of obsolete recommendation element',
      recommendations: [rec(6000, 10), rec(60, 6), rec(120, 5), rec(180, 9)],
      current: 1,
      proposal: 100,
      up: 300,
      stabilized: 5,
      stored: [100, 6, 5, 9],
    },
    {
      name: 'scale up and down stabilization, do not scale up when prenormalized rec goes down',
      recommendations: [rec(6000, 2), rec(180, 3)],
      current: 2,
      proposal: 1,
      up: 300,
      down: 300,
      stabilized: 2,
    },
    {
      name: 'scale up and down stabilization, do not scale down when prenormalized rec goes up',
      recommendations: [rec(6000, 2), rec(180, 1)],
      current: 2,
      proposal: 3,
      up: 300,
      down: 300,
      stabilized: 2,
    },
  ];
  it.each(cases)('$name', (tc) => {
    const r = stabilizeWithBehaviors(
      deepFreeze(tc.recommendations),
      tc.proposal,
      tc.current,
      tc.up ?? 0,
      tc.down ?? 0,
      NOW,
    );
    expect(r.recommendation).toBe(tc.stabilized);
    if (tc.stored) expect(r.recommendations.map((x) => x.replicas)).toEqual(tc.stored);
  });

  it('stores the raw proposal (not the stabilized value) with the current time', () => {
    const r = stabilizeWithBehaviors([rec(60, 9)], 3, 10, 0, 300, NOW);
    expect(r.recommendation).toBe(9);
    expect(r.recommendations).toEqual([rec(60, 9), rec(0, 3)]);
  });

  it('overwrites the last entry older than both windows', () => {
    const r = stabilizeWithBehaviors(
      [rec(500, 1), rec(100, 2), rec(400, 3), rec(50, 4)],
      7,
      5,
      120,
      300,
      NOW,
    );
    expect(r.recommendations).toEqual([rec(500, 1), rec(100, 2), rec(0, 7), rec(50, 4)]);
  });

  it('an entry older than one window but inside the other is kept', () => {
    const r = stabilizeWithBehaviors([rec(200, 1)], 7, 5, 120, 300, NOW);
    expect(r.recommendations).toHaveLength(2);
  });

  it('an entry exactly on a cutoff neither votes nor gets replaced', () => {
    const up = stabilizeWithBehaviors([rec(300, 2)], 10, 1, 300, 300, NOW);
    expect(up.recommendation).toBe(10);
    expect(up.recommendations).toEqual([rec(300, 2), rec(0, 10)]);
    const down = stabilizeWithBehaviors([rec(300, 9)], 1, 10, 0, 300, NOW);
    expect(down.recommendation).toBe(1);
    expect(down.recommendations).toHaveLength(2);
    const inside = stabilizeWithBehaviors([rec(299, 9)], 1, 10, 0, 300, NOW);
    expect(inside.recommendation).toBe(9);
  });

  it('reports the window bounds and the reason by direction of the proposal', () => {
    const up = stabilizeWithBehaviors([rec(60, 4), rec(30, 12)], 10, 2, 300, 300, NOW);
    expect(up).toMatchObject({
      recommendation: 4,
      upRecommendation: 4,
      downRecommendation: 12,
      reason: 'ScaleUpStabilized',
    });
    const down = stabilizeWithBehaviors([rec(60, 8)], 3, 10, 0, 300, NOW);
    expect(down).toMatchObject({ recommendation: 8, reason: 'ScaleDownStabilized' });
    // a proposal equal to current is reported as the scale-up kind
    const same = stabilizeWithBehaviors([], 5, 5, 0, 0, NOW);
    expect(same.reason).toBe('ScaleUpStabilized');
  });

  it('never moves against the window: a scale-down stops at the down-window max', () => {
    const r = stabilizeWithBehaviors([rec(10, 7), rec(20, 6)], 2, 10, 0, 300, NOW);
    expect(r.recommendation).toBe(7);
  });
});

// ---------------------------------------------------------------------------------------------
// Behavior: policies

describe('TestGetReplicasChangePerPeriod', () => {
  const events: TimestampedScaleEvent[] = [
    event(0, 1),
    event(59, 2),
    event(60, 4),
    event(61, 8),
    event(30, 16, true),
  ];
  it.each([
    [60, 1 + 2 + 16],
    [61, 1 + 2 + 4 + 16],
    [62, 1 + 2 + 4 + 8 + 16],
    [30, 1],
    [31, 1 + 16],
    [1, 1],
  ])(
    'period %d s → %d (strictly newer than now − period; outdated marks do not matter)',
    (period, sum) => {
      expect(getReplicasChangePerPeriod(period, events, NOW)).toBe(sum);
    },
  );

  it('an empty list changes nothing', () => {
    expect(getReplicasChangePerPeriod(60, [], NOW)).toBe(0);
  });
});

describe('TestCalculateScaleUpLimitWithScalingRules', () => {
  const twoPolicies = (selectPolicy: string) =>
    rules([policy('Pods', 2, 60), policy('Percent', 50, 60)], { selectPolicy, window: 300 });

  it('selectPolicy Min takes the least permissive proposal', () => {
    expect(calculateScaleUpLimitWithScalingRules(1, [], [], twoPolicies('Min'), NOW).limit).toBe(2);
  });

  it('selectPolicy Max takes the most permissive proposal', () => {
    expect(calculateScaleUpLimitWithScalingRules(1, [], [], twoPolicies('Max'), NOW).limit).toBe(3);
  });

  it('an unknown selectPolicy behaves like Max', () => {
    expect(
      calculateScaleUpLimitWithScalingRules(1, [], [], twoPolicies('Fastest'), NOW).limit,
    ).toBe(3);
  });

  it('selectPolicy Disabled allows no change', () => {
    const r = calculateScaleUpLimitWithScalingRules(7, [], [], twoPolicies('Disabled'), NOW);
    expect(r).toEqual({ limit: 7, policies: [] });
  });

  it('Percent is ceil(start × (1 + v/100)) in float64: 12% of 25 allows 29, not 28', () => {
    const r = rules([policy('Percent', 12, 60)]);
    expect(calculateScaleUpLimitWithScalingRules(25, [], [], r, NOW).limit).toBe(29);
  });

  it('counts scale-ups and scale-downs of the period into its start', () => {
    const r = rules([policy('Pods', 3, 60)]);
    const res = calculateScaleUpLimitWithScalingRules(10, [event(30, 4)], [event(20, 2)], r, NOW);
    expect(res.limit).toBe(10 - 4 + 2 + 3);
    expect(res.policies).toEqual([
      {
        type: 'Pods',
        value: 3,
        periodSeconds: 60,
        added: 4,
        removed: 2,
        periodStartReplicas: 8,
        proposed: 11,
      },
    ]);
  });

  it('an event exactly one period old is outside the period', () => {
    const r = rules([policy('Pods', 4, 60)]);
    expect(calculateScaleUpLimitWithScalingRules(8, [event(60, 4)], [], r, NOW).limit).toBe(12);
    expect(calculateScaleUpLimitWithScalingRules(8, [event(59, 4)], [], r, NOW).limit).toBe(8);
  });

  it('each policy looks at its own period', () => {
    const r = rules([policy('Pods', 4, 15), policy('Percent', 100, 60)], { selectPolicy: 'Min' });
    const res = calculateScaleUpLimitWithScalingRules(10, [event(30, 5)], [], r, NOW);
    expect(res.policies.map((p) => [p.periodStartReplicas, p.proposed])).toEqual([
      [10, 14],
      [5, 10],
    ]);
    expect(res.limit).toBe(10);
  });

  it('without policies the limit is the int32 sentinel (the caller clamps it to current)', () => {
    expect(calculateScaleUpLimitWithScalingRules(5, [], [], rules([]), NOW).limit).toBe(MIN_INT32);
  });

  it('an unknown policy type repeats the previous proposal (proposed lives outside the loop)', () => {
    const r = rules([policy('Pods', 2, 60), { type: 'Replicas', value: 100, periodSeconds: 60 }], {
      selectPolicy: 'Min',
    });
    expect(calculateScaleUpLimitWithScalingRules(5, [], [], r, NOW).limit).toBe(7);
    const first = rules([{ type: 'Replicas', value: 100, periodSeconds: 60 }]);
    expect(calculateScaleUpLimitWithScalingRules(5, [], [], first, NOW).limit).toBe(0);
  });
});

describe('TestCalculateScaleDownLimitWithBehaviors', () => {
  const twoPolicies = (selectPolicy: string) =>
    rules([policy('Pods', 2, 60), policy('Percent', 50, 60)], { selectPolicy, window: 300 });

  it('selectPolicy Min takes the least permissive (highest) floor', () => {
    expect(calculateScaleDownLimitWithBehaviors(5, [], [], twoPolicies('Min'), NOW).limit).toBe(3);
  });

  it('selectPolicy Max takes the most permissive (lowest) floor', () => {
    expect(calculateScaleDownLimitWithBehaviors(5, [], [], twoPolicies('Max'), NOW).limit).toBe(2);
  });

  it('selectPolicy Disabled allows no change', () => {
    expect(
      calculateScaleDownLimitWithBehaviors(5, [], [], twoPolicies('Disabled'), NOW).limit,
    ).toBe(5);
  });

  it('Percent is trunc(start × (1 − v/100)) in float64: 90% of 20 allows 1, not 2', () => {
    const r = rules([policy('Percent', 90, 15)]);
    expect(calculateScaleDownLimitWithBehaviors(20, [], [], r, NOW).limit).toBe(1);
  });

  it('a Percent above 100 gives a negative floor (truncated toward zero)', () => {
    expect(
      calculateScaleDownLimitWithBehaviors(10, [], [], rules([policy('Percent', 150, 15)]), NOW)
        .limit,
    ).toBe(-5);
    expect(
      calculateScaleDownLimitWithBehaviors(3, [], [], rules([policy('Percent', 150, 15)]), NOW)
        .limit,
    ).toBe(-1);
  });

  it('counts both directions into the period start', () => {
    const r = rules([policy('Pods', 1, 600)]);
    const res = calculateScaleDownLimitWithBehaviors(9, [event(100, 3)], [event(300, 1)], r, NOW);
    expect(res.policies[0]).toMatchObject({
      added: 3,
      removed: 1,
      periodStartReplicas: 7,
      proposed: 6,
    });
    expect(res.limit).toBe(6);
  });
});

describe('TestScalingWithRules (convertDesiredReplicasWithBehaviorRate)', () => {
  interface Case {
    name: string;
    current: number;
    desired: number;
    min: number;
    max: number;
    up?: HPAScalingRules;
    down?: HPAScalingRules;
    upEvents?: TimestampedScaleEvent[];
    downEvents?: TimestampedScaleEvent[];
    expected: number;
    reason: string;
  }
  const ev = eventsUniform;
  const g = generateScalingRules;
  const cases: Case[] = [
    {
      name: 'prenormalized desired replicas within range',
      current: 5,
      desired: 7,
      min: 3,
      max: 8,
      expected: 7,
      reason: 'DesiredWithinRange',
    },
    {
      name: 'prenormalized desired replicas < minReplicas',
      current: 3,
      desired: 1,
      min: 2,
      max: 8,
      expected: 2,
      reason: 'TooFewReplicas',
    },
    {
      name: 'prenormalized desired replicas within range when minReplicas is 0',
      current: 1,
      desired: 0,
      min: 0,
      max: 10,
      expected: 0,
      reason: 'DesiredWithinRange',
    },
    {
      name: 'maxReplicas is the limit because maxReplicas < scaleUpLimit',
      current: 20,
      desired: 1000,
      min: 1,
      max: 10,
      expected: 10,
      reason: 'TooManyReplicas',
    },
    {
      name: 'desired replica count is more than the maximum replica count',
      current: 100,
      desired: 1000,
      min: 100,
      max: 150,
      expected: 150,
      reason: 'TooManyReplicas',
    },
    {
      name: 'scaleUpLimit is the limit because scaleUpLimit < maxReplicas with user policies',
      current: 3,
      desired: 1000,
      min: 1,
      max: 2000,
      up: g(0, 0, 1, 60, 0),
      expected: 4,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'scaleDownLimit is the limit because scaleDownLimit > minReplicas with user defined policies',
      current: 1000,
      desired: 3,
      min: 3,
      max: 2000,
      down: g(20, 60, 0, 0, 0),
      expected: 980,
      reason: 'ScaleDownLimit',
    },
    {
      name: 'scaleUp with default behavior',
      current: 10,
      desired: 50,
      min: 1,
      max: 1000,
      expected: 20,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'scaleUp with pods policy larger than percent policy',
      current: 10,
      desired: 500,
      min: 1,
      max: 1000,
      up: g(100, 60, 100, 60, 0),
      expected: 110,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'scaleUp with percent policy larger than pods policy',
      current: 10,
      desired: 500,
      min: 1,
      max: 1000,
      up: g(2, 60, 100, 60, 0),
      expected: 20,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'scaleUp with spec MaxReplicas limitation with large pod policy',
      current: 10,
      desired: 50,
      min: 1,
      max: 1000,
      up: g(100, 60, 0, 0, 0),
      expected: 50,
      reason: 'DesiredWithinRange',
    },
    {
      name: 'scaleUp with spec MaxReplicas limitation with large percent policy',
      current: 10,
      desired: 50,
      min: 1,
      max: 1000,
      up: g(10000, 60, 0, 0, 0),
      expected: 50,
      reason: 'DesiredWithinRange',
    },
    {
      name: 'scaleUp with pod policy limitation',
      current: 10,
      desired: 50,
      min: 1,
      max: 1000,
      up: g(30, 60, 0, 0, 0),
      expected: 40,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'scaleUp with percent policy limitation',
      current: 10,
      desired: 50,
      min: 1,
      max: 1000,
      up: g(0, 0, 200, 60, 0),
      expected: 30,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'scaleDown with percent policy larger than pod policy',
      current: 100,
      desired: 2,
      min: 1,
      max: 1000,
      down: g(20, 60, 1, 60, 300),
      expected: 80,
      reason: 'ScaleDownLimit',
    },
    {
      name: 'scaleDown with pod policy larger than percent policy',
      current: 100,
      desired: 2,
      min: 1,
      max: 1000,
      down: g(2, 60, 1, 60, 300),
      expected: 98,
      reason: 'ScaleDownLimit',
    },
    {
      name: 'scaleDown with spec MinReplicas=nil limitation with large pod policy',
      current: 10,
      desired: 0,
      min: 1,
      max: 1000,
      down: g(100, 60, 0, 0, 300),
      expected: 1,
      reason: 'TooFewReplicas',
    },
    {
      name: 'scaleDown with spec MinReplicas limitation with large percent policy',
      current: 10,
      desired: 2,
      min: 5,
      max: 1000,
      down: g(0, 0, 100, 60, 300),
      expected: 5,
      reason: 'TooFewReplicas',
    },
    {
      name: 'scaleDown with pod policy limitation',
      current: 10,
      desired: 2,
      min: 1,
      max: 1000,
      down: g(5, 60, 0, 0, 300),
      expected: 5,
      reason: 'ScaleDownLimit',
    },
    {
      name: 'scaleDown with percent policy limitation',
      current: 10,
      desired: 5,
      min: 1,
      max: 1000,
      down: g(0, 0, 50, 60, 300),
      expected: 5,
      reason: 'DesiredWithinRange',
    },
    {
      name: 'scaleUp with spec MaxReplicas limitation with large pod policy and events',
      current: 100,
      desired: 500,
      min: 1,
      max: 200,
      up: g(300, 60, 0, 0, 0),
      upEvents: ev([1, 5, 9], 120),
      expected: 200,
      reason: 'TooManyReplicas',
    },
    {
      name: 'scaleUp with spec MaxReplicas limitation with large percent policy and events',
      current: 100,
      desired: 500,
      min: 1,
      max: 200,
      up: g(0, 0, 10000, 60, 0),
      upEvents: ev([1, 5, 9], 120),
      expected: 200,
      reason: 'TooManyReplicas',
    },
    {
      name: 'scaleUp with currentReplicas limitation with rate.PeriodSeconds with a lot of recent scale up events',
      current: 100,
      desired: 500,
      min: 1,
      max: 1000,
      up: g(5, 120, 0, 0, 0),
      upEvents: ev([1, 5, 9], 120),
      expected: 100,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'scaleUp with pod policy and previous scale up events',
      current: 100,
      desired: 500,
      min: 1,
      max: 1000,
      up: g(150, 120, 0, 0, 0),
      upEvents: ev([1, 5, 9], 120),
      expected: 235,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'scaleUp with percent policy and previous scale up events',
      current: 100,
      desired: 500,
      min: 1,
      max: 1000,
      up: g(0, 0, 200, 120, 0),
      upEvents: ev([1, 5, 9], 120),
      expected: 255,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'scaleUp with percent policy and previous scale up and down events',
      current: 6,
      desired: 24,
      min: 1,
      max: 1000,
      up: g(0, 0, 300, 300, 0),
      upEvents: ev([4], 120),
      downEvents: ev([2], 120),
      expected: 16,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'scaleDown with default policy and previous events',
      current: 10,
      desired: 5,
      min: 1,
      max: 1000,
      downEvents: ev([1, 5, 9], 120),
      expected: 5,
      reason: 'DesiredWithinRange',
    },
    {
      name: 'scaleDown with spec MinReplicas=nil limitation with large pod policy and previous events',
      current: 100,
      desired: 0,
      min: 1,
      max: 1000,
      down: g(115, 120, 0, 0, 300),
      downEvents: ev([1, 5, 9], 120),
      expected: 1,
      reason: 'TooFewReplicas',
    },
    {
      name: 'scaleDown with spec MinReplicas limitation with large pod policy and previous events',
      current: 100,
      desired: 0,
      min: 5,
      max: 1000,
      down: g(130, 120, 0, 0, 300),
      downEvents: ev([1, 5, 9], 120),
      expected: 5,
      reason: 'TooFewReplicas',
    },
    {
      name: 'scaleDown with spec MinReplicas limitation with large percent policy and previous events',
      current: 100,
      desired: 2,
      min: 5,
      max: 1000,
      down: g(0, 0, 100, 120, 300),
      downEvents: ev([1, 5, 9], 120),
      expected: 5,
      reason: 'TooFewReplicas',
    },
    {
      name: 'scaleDown with pod policy limitation and previous events',
      current: 100,
      desired: 2,
      min: 1,
      max: 1000,
      down: g(5, 120, 0, 0, 300),
      downEvents: ev([1, 5, 9], 120),
      expected: 100,
      reason: 'ScaleDownLimit',
    },
    {
      name: 'scaleDown with percent policy limitation and previous events',
      current: 100,
      desired: 0,
      min: 1,
      max: 1000,
      down: g(0, 0, 50, 120, 300),
      downEvents: ev([2, 4, 6], 120),
      expected: 56,
      reason: 'ScaleDownLimit',
    },
    {
      name: 'scaleDown with percent policy and previous scale up and down events',
      current: 10,
      desired: 1,
      min: 1,
      max: 1000,
      down: g(0, 0, 50, 180, 0),
      upEvents: ev([2], 120),
      downEvents: ev([4], 120),
      expected: 6,
      reason: 'ScaleDownLimit',
    },
    {
      name: 'scaleDown with previous events preventing further scale down',
      current: 100,
      desired: 0,
      min: 1,
      max: 1000,
      down: g(0, 0, 10, 120, 300),
      downEvents: ev([10, 10, 10], 120),
      expected: 100,
      reason: 'ScaleDownLimit',
    },
    {
      name: 'scaleDown with with previous events still allowing more scale down',
      current: 10,
      desired: 5,
      min: 1,
      max: 1000,
      down: g(0, 0, 1000, 120, 300),
      downEvents: ev([10, 10, 10], 120),
      expected: 5,
      reason: 'DesiredWithinRange',
    },
    {
      name: "check 'outdated' flag for events for one behavior for up",
      current: 100,
      desired: 200,
      min: 1,
      max: 1000,
      up: g(1000, 60, 0, 0, 0),
      upEvents: ev([8, 12, 9, 11], 120),
      expected: 200,
      reason: 'DesiredWithinRange',
    },
    {
      name: "check that events were not marked 'outdated' for two different policies in the behavior for up",
      current: 100,
      desired: 200,
      min: 1,
      max: 1000,
      up: g(1000, 120, 100, 60, 0),
      upEvents: ev([8, 12, 9, 11], 120),
      expected: 200,
      reason: 'DesiredWithinRange',
    },
    {
      name: "check that events were marked 'outdated' for two different policies in the behavior for up",
      current: 100,
      desired: 200,
      min: 1,
      max: 1000,
      up: g(1000, 30, 100, 60, 0),
      upEvents: ev([8, 12, 9, 11], 120),
      expected: 200,
      reason: 'DesiredWithinRange',
    },
    {
      name: "check 'outdated' flag for events for one behavior for down",
      current: 100,
      desired: 5,
      min: 1,
      max: 1000,
      down: g(1000, 60, 0, 0, 300),
      downEvents: ev([8, 12, 9, 11], 120),
      expected: 5,
      reason: 'DesiredWithinRange',
    },
    {
      name: "check that events were not marked 'outdated' for two different policies in the behavior for down",
      current: 100,
      desired: 5,
      min: 1,
      max: 1000,
      down: g(1000, 120, 100, 60, 300),
      downEvents: ev([8, 12, 9, 11], 120),
      expected: 5,
      reason: 'DesiredWithinRange',
    },
    {
      name: "check that events were marked 'outdated' for two different policies in the behavior for down",
      current: 100,
      desired: 5,
      min: 1,
      max: 1000,
      down: g(1000, 30, 100, 60, 300),
      downEvents: ev([8, 12, 9, 11], 120),
      expected: 5,
      reason: 'DesiredWithinRange',
    },
    // float64 artefacts of the Percent policies
    {
      name: 'Percent 12 scale-up from 25 allows 29',
      current: 25,
      desired: 100,
      min: 1,
      max: 1000,
      up: g(0, 0, 12, 60, 0),
      expected: 29,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'Percent 90 scale-down from 20 allows 1 (a floor of 2 in exact maths)',
      current: 20,
      desired: 0,
      min: 1,
      max: 1000,
      down: g(0, 0, 90, 15, 0),
      expected: 1,
      reason: 'TooFewReplicas',
    },
    {
      name: 'Percent 90 scale-down from 20 with minReplicas 2',
      current: 20,
      desired: 0,
      min: 2,
      max: 1000,
      down: g(0, 0, 90, 15, 0),
      expected: 2,
      reason: 'TooFewReplicas',
    },
    // selectPolicy
    {
      name: 'scaleUp selectPolicy Min',
      current: 10,
      desired: 500,
      min: 1,
      max: 1000,
      up: { ...g(100, 60, 100, 60, 0), selectPolicy: 'Min' },
      expected: 20,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'scaleUp selectPolicy Disabled',
      current: 10,
      desired: 500,
      min: 1,
      max: 1000,
      up: { selectPolicy: 'Disabled' },
      expected: 10,
      reason: 'ScaleUpLimit',
    },
    {
      name: 'scaleDown selectPolicy Min',
      current: 100,
      desired: 2,
      min: 1,
      max: 1000,
      down: { ...g(20, 60, 1, 60, 300), selectPolicy: 'Min' },
      expected: 99,
      reason: 'ScaleDownLimit',
    },
    {
      name: 'scaleDown selectPolicy Disabled',
      current: 100,
      desired: 2,
      min: 1,
      max: 1000,
      down: { selectPolicy: 'Disabled' },
      expected: 100,
      reason: 'ScaleDownLimit',
    },
    {
      name: 'scaleDown selectPolicy Disabled with current at minReplicas',
      current: 5,
      desired: 2,
      min: 5,
      max: 1000,
      down: { selectPolicy: 'Disabled' },
      expected: 5,
      reason: 'TooFewReplicas',
    },
    // min and max only bite in the direction of movement
    {
      name: 'no movement: a value below minReplicas is left alone',
      current: 5,
      desired: 5,
      min: 6,
      max: 10,
      expected: 5,
      reason: 'DesiredWithinRange',
    },
    {
      name: 'scale-up below minReplicas is not raised to it',
      current: 2,
      desired: 3,
      min: 5,
      max: 10,
      expected: 3,
      reason: 'DesiredWithinRange',
    },
    {
      name: 'scale-down above maxReplicas is not lowered to it',
      current: 20,
      desired: 15,
      min: 1,
      max: 10,
      down: g(100, 15, 0, 0, 0),
      expected: 15,
      reason: 'DesiredWithinRange',
    },
  ];

  it.each(cases)('$name', (tc) => {
    const r = behaviorRate(
      tc.current,
      tc.desired,
      tc.min,
      tc.max,
      generateHPAScaleUpRules(tc.up),
      generateHPAScaleDownRules(tc.down),
      deepFreeze(tc.upEvents ?? []),
      deepFreeze(tc.downEvents ?? []),
      NOW,
    );
    expect([r.replicas, r.reason]).toEqual([tc.expected, tc.reason]);
  });

  it('reports the clamped policy limit of the direction it moved in', () => {
    const up = behaviorRate(
      100,
      500,
      1,
      1000,
      generateHPAScaleUpRules(generateScalingRules(5, 120, 0, 0, 0)),
      generateHPAScaleDownRules(undefined),
      eventsUniform([1, 5, 9], 120),
      [],
      NOW,
    );
    expect(up).toMatchObject({ scaleUpLimit: 100, replicas: 100 });
    expect(up.scaleDownLimit).toBeUndefined();
    const down = behaviorRate(
      10,
      1,
      1,
      1000,
      generateHPAScaleUpRules(undefined),
      generateHPAScaleDownRules(generateScalingRules(0, 0, 50, 180, 0)),
      eventsUniform([2], 120),
      eventsUniform([4], 120),
      NOW,
    );
    expect(down).toMatchObject({ scaleDownLimit: 6, replicas: 6 });
    const none = behaviorRate(
      4,
      4,
      1,
      10,
      generateHPAScaleUpRules(undefined),
      generateHPAScaleDownRules(undefined),
      [],
      [],
      NOW,
    );
    expect(none).toEqual({
      replicas: 4,
      reason: 'DesiredWithinRange',
      message: 'the desired count is within the acceptable range',
      policies: [],
    });
  });
});
