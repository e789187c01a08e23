// setConditionInList (horizontal.go): an update keeps the position, a new type is appended,
// nothing is removed.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { setCondition, workingConditions, type ConditionsMemo } from './conditions.ts';
import { cond } from './testing/builders.ts';
import type { HPACondition } from './types.ts';

describe('setConditionInList', () => {
  it('appends a new type at the end', () => {
    const list: HPACondition[] = [cond('ScaledToZero', 'False', 'X')];
    setCondition(list, 'AbleToScale', 'True', 'SucceededGetScale', 'm');
    expect(list).toEqual([
      cond('ScaledToZero', 'False', 'X'),
      { type: 'AbleToScale', status: 'True', reason: 'SucceededGetScale', message: 'm' },
    ]);
  });

  it('updates an existing type in place, keeping its position and the others', () => {
    const list: HPACondition[] = [
      cond('ScalingLimited', 'True', 'TooManyReplicas'),
      cond('AbleToScale', 'True', 'ReadyForNewScale'),
      cond('ScalingActive', 'True', 'ValidMetricFound'),
    ];
    setCondition(list, 'AbleToScale', 'False', 'FailedUpdateScale', 'boom');
    expect(list.map((c) => [c.type, c.status, c.reason])).toEqual([
      ['ScalingLimited', 'True', 'TooManyReplicas'],
      ['AbleToScale', 'False', 'FailedUpdateScale'],
      ['ScalingActive', 'True', 'ValidMetricFound'],
    ]);
    expect(list[1]!.message).toBe('boom');
  });

  it('the last of several updates in one step wins', () => {
    const list: HPACondition[] = [];
    setCondition(list, 'AbleToScale', 'True', 'SucceededGetScale', '');
    setCondition(list, 'AbleToScale', 'True', 'ScaleDownStabilized', '');
    setCondition(list, 'AbleToScale', 'True', 'SucceededRescale', '');
    expect(list).toHaveLength(1);
    expect(list[0]!.reason).toBe('SucceededRescale');
  });
});

/** A condition in setCondition's shape, or as a file may give one (other order, other fields). */
const conditionArb: fc.Arbitrary<HPACondition> = fc.oneof(
  fc
    .record({ type: fc.string(), status: fc.string(), reason: fc.string(), message: fc.string() })
    .map((c) => ({ type: c.type, status: c.status, reason: c.reason, message: c.message })),
  fc.record(
    {
      reason: fc.string(),
      lastTransitionTime: fc.string(),
      type: fc.string(),
      status: fc.string(),
      message: fc.string(),
    },
    { requiredKeys: ['type', 'status', 'reason'] },
  ) as fc.Arbitrary<HPACondition>,
);

const inSetConditionShape = (c: HPACondition) =>
  JSON.stringify(Object.keys(c)) === '["type","status","reason","message"]' &&
  typeof c.message === 'string';

describe('the working copy of a list (workingConditions)', () => {
  it('equals a spread copy, key order included, whichever way it copies; the input is untouched', () => {
    const ways = { memo: 0, spread: 0 };
    fc.assert(
      fc.property(fc.array(conditionArb, { maxLength: 5 }), fc.boolean(), (list, known) => {
        // the memo may only know a list all in setCondition's shape (what a reconcile returns)
        const memo: ConditionsMemo = {
          ownConditions: known && list.every(inSetConditionShape) ? list : null,
        };
        const before = JSON.stringify(list);
        const copy = workingConditions(list, memo);
        const spread = list.map((c) => ({ ...c }));
        expect(copy).toStrictEqual(spread);
        expect(JSON.stringify(copy)).toBe(JSON.stringify(spread));
        copy.forEach((c, i) => expect(c).not.toBe(list[i]));
        expect(JSON.stringify(list)).toBe(before);
        // the memo now knows the copy exactly when it is all in setCondition's shape
        if (memo.ownConditions === copy) {
          ways.memo++;
          expect(copy.every(inSetConditionShape)).toBe(true);
        } else {
          ways.spread++;
          expect(memo.ownConditions).toBeNull();
        }
      }),
      { numRuns: 300 },
    );
    expect(ways.memo).toBeGreaterThan(20);
    expect(ways.spread).toBeGreaterThan(20);
  });

  it("keeps a list it copied in the memo only while it stays in setCondition's shape", () => {
    const memo: ConditionsMemo = { ownConditions: null };
    const own = workingConditions([], memo);
    setCondition(own, 'AbleToScale', 'True', 'SucceededGetScale', 'm');
    expect(memo.ownConditions).toBe(own);
    const again = workingConditions(own, memo);
    expect(memo.ownConditions).toBe(again);
    const foreign = workingConditions([{ reason: 'r', status: 'True', type: 'AbleToScale' }], memo);
    expect(Object.keys(foreign[0]!)).toEqual(['reason', 'status', 'type']);
    expect(memo.ownConditions).toBeNull();
  });
});
