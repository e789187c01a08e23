import { describe, expect, it } from 'vitest';
import {
  comparedRuns,
  memberKey,
  parseMemberKey,
  primaryRun,
  runRole,
  variantOf,
} from './runKey.ts';

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

  it('round-trip a multi-cluster variant’s member and total', () => {
    expect(memberKey('proposal', 'east', 'tight')).toBe('tight:proposal/east');
    expect(parseMemberKey('tight:shipped/total')).toEqual({
      model: 'shipped',
      member: null,
      variant: 'tight',
    });
    expect(variantOf({ key: 'tight:shipped/total', kind: 'total' })).toBe('tight');
    expect(variantOf({ key: 'shipped/total', kind: 'total' })).toBeNull();
    expect(variantOf({ key: 'fast-down', kind: 'variant' })).toBe('fast-down');
  });

  it('compare one run per HPA: the first model’s totals, or the HPA and its variants', () => {
    const run = (key: string, kind: string) => ({ key, kind: kind as never });
    const fed = [
      run('proposal/east', 'member'),
      run('proposal/total', 'total'),
      run('shipped/total', 'total'),
      run('v:proposal/east', 'member'),
      run('v:proposal/total', 'total'),
      run('v:shipped/total', 'total'),
    ];
    expect(comparedRuns(fed).map((r) => r.key)).toEqual(['proposal/total', 'v:proposal/total']);
    const one = [run('main', 'hpa'), run('v', 'variant')];
    expect(comparedRuns(one).map((r) => r.key)).toEqual(['main', 'v']);
  });

  it('name no member for other run keys', () => {
    for (const key of [
      'main',
      'fast-down',
      'both/east',
      'proposal/',
      'proposal/a/b',
      'cluster:',
      ':proposal/east',
      'a:proposal/b:c',
    ])
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
