import { describe, expect, it } from 'vitest';
import { decisionKey, parseDecisionKey } from './decisionKey.ts';

describe('multi-cluster decision keys', () => {
  it('round-trip a member HPA and the central FederatedHPA', () => {
    expect(parseDecisionKey(decisionKey('proposal', 'east'))).toEqual({
      model: 'proposal',
      member: 'east',
    });
    expect(parseDecisionKey(decisionKey('shipped', null))).toEqual({
      model: 'shipped',
      member: null,
    });
    // A member named like a plan key stays a member.
    expect(parseDecisionKey(decisionKey('proposal', 'total'))!.member).toBe('total');
  });

  it('name no decision for other run keys', () => {
    for (const key of ['main', 'fast-down', 'proposal/east', 'cluster:both:east', 'cluster:'])
      expect(parseDecisionKey(key)).toBeNull();
  });
});
