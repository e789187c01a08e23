import { describe, expect, it } from 'vitest';
import { memberKey, parseMemberKey, primaryRun, runRole } from './runKey.ts';

describe('run keys', () => {
  it('round-trip a member cluster and the total', () => {
    expect(memberKey('proposal', 'east')).toBe('proposal/east');
    expect(parseMemberKey(memberKey('proposal', 'east'))).toEqual({
      model: 'proposal',
      member: 'east',
    });
    expect(memberKey('shipped', null)).toBe('shipped/total');
    expect(parseMemberKey(memberKey('shipped', null))).toEqual({ model: 'shipped', member: null });
  });

  it('name no member for other run keys', () => {
    for (const key of ['main', 'fast-down', 'both/east', 'proposal/', 'proposal/a/b', 'cluster:'])
      expect(parseMemberKey(key)).toBeNull();
  });

  it('pick the primary run: the HPA, else the first total', () => {
    const kinds = (...k: string[]) => k.map((kind, i) => ({ kind: kind as never, i }));
    expect(primaryRun(kinds('hpa', 'variant'))!.i).toBe(0);
    expect(primaryRun(kinds('member', 'member', 'total', 'member', 'total'))!.i).toBe(2);
    expect(primaryRun([])).toBeUndefined();
  });

  it('print the CLI role of each kind', () => {
    expect(['hpa', 'variant', 'member', 'total'].map((k) => runRole(k as never))).toEqual([
      'hpa',
      'variant',
      'cluster',
      'cluster',
    ]);
  });
});
