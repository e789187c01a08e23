// Scale-event bookkeeping of the behavior path (storeScaleEvent, markScaleEventsOutdated,
// getLongestPolicyPeriod in horizontal.go; TestStoreScaleEvents in horizontal_test.go).

import { describe, expect, it } from 'vitest';
import { generateHPAScaleDownRules, generateHPAScaleUpRules } from './defaults.ts';
import { getReplicasChangePerPeriod } from './normalization.ts';
import { getLongestPolicyPeriod, markScaleEventsOutdated, storeScaleEvent } from './scaleEvents.ts';
import {
  controller,
  deepFreeze,
  event,
  generateScalingRules,
  NOW,
  policy,
  rules,
} from './testing/builders.ts';
import type { DefaultedScalingRules, TimestampedScaleEvent } from './types.ts';

/** Store a scale-up of `change` replicas over `prev` and return the stored list. */
function storeUp(prev: TimestampedScaleEvent[], r: DefaultedScalingRules, change: number) {
  const a = controller({ scaleUpEvents: prev, scaleDownEvents: [event(1, 99)] });
  storeScaleEvent(a, { scaleUp: r, scaleDown: rules([]) }, 10, 10 + change);
  expect(a.scaleDownEvents).toEqual([event(1, 99)]); // the other direction is left alone
  return a.scaleUpEvents;
}

/** Store a scale-down of `change` replicas over `prev` and return the stored list. */
function storeDown(prev: TimestampedScaleEvent[], r: DefaultedScalingRules, change: number) {
  const a = controller({ scaleDownEvents: prev, scaleUpEvents: [event(1, 99)] });
  storeScaleEvent(a, { scaleUp: rules([]), scaleDown: r }, 10 + change, 10);
  expect(a.scaleUpEvents).toEqual([event(1, 99)]);
  return a.scaleDownEvents;
}

describe('TestStoreScaleEvents', () => {
  const cases: {
    name: string;
    prev: TimestampedScaleEvent[];
    rules: ReturnType<typeof generateScalingRules>;
    /** replicaChange / outdated of the stored list; new entries carry NOW */
    next: [number, boolean][];
    /** getReplicasChangePerPeriod(60, prev) before storing */
    changeIn60: number;
  }[] = [
    {
      name: 'empty entries with two-policy-behavior',
      prev: [],
      rules: generateScalingRules(10, 60, 100, 60, 0),
      next: [[5, false]],
      changeIn60: 0,
    },
    {
      name: 'one outdated entry to be replaced with behavior',
      prev: [event(61, 7)],
      rules: generateScalingRules(10, 60, 100, 60, 0),
      next: [[5, false]],
      changeIn60: 0,
    },
    {
      name: 'one actual entry to be not touched with behavior',
      prev: [event(58, 7)],
      rules: generateScalingRules(10, 60, 100, 60, 0),
      next: [
        [7, false],
        [5, false],
      ],
      changeIn60: 7,
    },
    {
      name: 'two entries, one of them to be replaced',
      prev: [event(61, 7), event(59, 6)],
      rules: generateScalingRules(10, 60, 0, 0, 0),
      next: [
        [5, false],
        [6, false],
      ],
      changeIn60: 6,
    },
    {
      name: 'replace one entry, use policies with different periods',
      prev: [event(29, 8), event(59, 6), event(61, 7), event(61, 9)],
      rules: generateScalingRules(10, 60, 100, 30, 0),
      next: [
        [8, false],
        [6, false],
        [7, true],
        [5, false],
      ],
      changeIn60: 14,
    },
    {
      name: 'two entries, both actual',
      prev: [event(58, 7), event(59, 6)],
      rules: generateScalingRules(10, 120, 100, 30, 0),
      next: [
        [7, false],
        [6, false],
        [5, false],
      ],
      changeIn60: 13,
    },
    {
      name: 'an event exactly one longest period old is not outdated (strict)',
      prev: [event(60, 7)],
      rules: generateScalingRules(10, 60, 0, 0, 0),
      next: [
        [7, false],
        [5, false],
      ],
      changeIn60: 0,
    },
    {
      name: 'an outdated mark is permanent and makes even a recent entry reusable',
      prev: [event(10, 7, true), event(20, 3)],
      rules: generateScalingRules(10, 60, 0, 0, 0),
      next: [
        [5, false],
        [3, false],
      ],
      changeIn60: 10,
    },
    {
      name: 'the last outdated entry is reused, earlier ones keep their mark',
      prev: [event(100, 1), event(10, 2), event(90, 3), event(5, 4)],
      rules: generateScalingRules(10, 60, 0, 0, 0),
      next: [
        [1, true],
        [2, false],
        [5, false],
        [4, false],
      ],
      changeIn60: 6,
    },
  ];

  for (const [direction, generate, store] of [
    ['up', generateHPAScaleUpRules, storeUp],
    ['down', generateHPAScaleDownRules, storeDown],
  ] as const) {
    it.each(cases)(`${direction}: $name`, (tc) => {
      const prev = deepFreeze(tc.prev.map((e) => ({ ...e })));
      expect(getReplicasChangePerPeriod(60, prev, NOW)).toBe(tc.changeIn60);
      const next = store(prev, generate(tc.rules), 5);
      expect(next.map((e) => [e.replicaChange, e.outdated])).toEqual(tc.next);
      // the new event carries the current time
      expect(next.filter((e) => e.timestamp === NOW && e.replicaChange === 5)).toHaveLength(1);
    });
  }

  it('keeps the timestamps of the entries it does not reuse', () => {
    const next = storeUp([event(61, 7), event(59, 6)], rules([policy('Pods', 1, 60)]), 2);
    expect(next).toEqual([
      { timestamp: NOW, replicaChange: 2, outdated: false },
      { timestamp: NOW - 59, replicaChange: 6, outdated: false },
    ]);
  });
});

describe('markScaleEventsOutdated', () => {
  it('marks events older than now − longest period and leaves the input untouched', () => {
    const input = deepFreeze([event(61, 1), event(60, 2), event(59, 3)]);
    const out = markScaleEventsOutdated(input, 60, NOW);
    expect(out.map((e) => e.outdated)).toEqual([true, false, false]);
    expect(input[0]!.outdated).toBe(false);
    expect(out[1]).toBe(input[1]);
  });

  it('never clears a mark', () => {
    expect(markScaleEventsOutdated([event(1, 1, true)], 600, NOW)[0]!.outdated).toBe(true);
  });
});

describe('storeScaleEvent without behavior', () => {
  it('stores nothing: no policy would ever read the events', () => {
    const a = controller({ scaleUpEvents: [event(5, 1)] });
    storeScaleEvent(a, null, 1, 4);
    storeScaleEvent(a, undefined, 4, 1);
    expect(a.scaleUpEvents).toEqual([event(5, 1)]);
    expect(a.scaleDownEvents).toEqual([]);
  });
});

describe('getLongestPolicyPeriod', () => {
  it('is the longest period among the policies, 0 without policies', () => {
    expect(
      getLongestPolicyPeriod(
        rules([policy('Pods', 1, 15), policy('Percent', 1, 60), policy('Pods', 1, 30)]),
      ),
    ).toBe(60);
    expect(getLongestPolicyPeriod(rules([]))).toBe(0);
  });

  it('with no policies every older event is outdated and the last one is reused', () => {
    const next = storeDown([event(5, 1), event(3, 2)], rules([]), 9);
    expect(next.map((e) => [e.replicaChange, e.outdated])).toEqual([
      [1, true],
      [9, false],
    ]);
  });
});
