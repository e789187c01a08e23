// setConditionInList (horizontal.go): an update keeps the position, a new type is appended,
// nothing is removed.

import { describe, expect, it } from 'vitest';
import { setCondition } from './conditions.ts';
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
