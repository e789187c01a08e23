// podNamesDistinct: the gate of the by-position fast path, and its memo of the last distinct list.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { podNamesDistinct, type DistinctNamesMemo } from './podNames.ts';
import { hpa, observation, pod } from './testing/builders.ts';
import type { Observation } from './types.ts';

function obsOf(podNames: string[], unmatched?: string[]): Observation {
  const o = observation(hpa(), { pods: podNames.map((n) => pod(n)) });
  if (unmatched) o.unmatchedPodMetrics = unmatched.map((name) => ({ name }));
  return o;
}

describe('podNamesDistinct', () => {
  it('is true when every listed and unmatched name differs', () => {
    expect(podNamesDistinct(obsOf([]))).toBe(true);
    expect(podNamesDistinct(obsOf(['a', 'b', 'c']))).toBe(true);
    expect(podNamesDistinct(obsOf(['a', 'b'], ['gone']))).toBe(true);
  });

  it('is false for a repeated listed name, a repeated unmatched name, or one shared by both', () => {
    expect(podNamesDistinct(obsOf(['a', 'b', 'a']))).toBe(false);
    expect(podNamesDistinct(obsOf(['a', 'b'], ['gone', 'gone']))).toBe(false);
    expect(podNamesDistinct(obsOf(['a', 'b'], ['b']))).toBe(false);
  });

  it('sees a name changed in place after a distinct verdict (the memo compares every name)', () => {
    const memo: DistinctNamesMemo = { lastDistinct: [], lastCounts: [] };
    const o = obsOf(['a', 'b', 'c'], ['gone']);
    expect(podNamesDistinct(o, memo)).toBe(true);
    expect(memo.lastDistinct).toEqual(['a', 'b', 'c', 'gone']);
    expect(podNamesDistinct(o, memo)).toBe(true);
    o.pods[2]!.name = 'a';
    expect(podNamesDistinct(o, memo)).toBe(false);
    o.pods[2]!.name = 'c';
    o.unmatchedPodMetrics![0]!.name = 'b';
    expect(podNamesDistinct(o, memo)).toBe(false);
    o.unmatchedPodMetrics!.pop();
    expect(podNamesDistinct(o, memo)).toBe(true);
    o.pods.push(pod('b'));
    expect(podNamesDistinct(o, memo)).toBe(false);
  });

  it('keeps one memo per owner: two interleaved pod lists never share a verdict', () => {
    const m1: DistinctNamesMemo = { lastDistinct: [], lastCounts: [] };
    const m2: DistinctNamesMemo = { lastDistinct: [], lastCounts: [] };
    const distinct = obsOf(['a', 'b']);
    const repeated = obsOf(['a', 'a']);
    for (let i = 0; i < 3; i++) {
      expect(podNamesDistinct(distinct, m1)).toBe(true);
      expect(podNamesDistinct(repeated, m2)).toBe(false);
    }
    expect(m1.lastDistinct).toEqual(['a', 'b']);
    expect(m2.lastDistinct).toEqual([]);
  });

  it('agrees with a Set over any sequence of observations', () => {
    const namesArb = fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), {
      maxLength: 6,
    });
    fc.assert(
      fc.property(fc.array(fc.tuple(namesArb, namesArb), { maxLength: 8 }), (steps) => {
        const memo: DistinctNamesMemo = { lastDistinct: [], lastCounts: [] };
        for (const [listed, unmatched] of steps) {
          const all = [...listed, ...unmatched];
          const expected = new Set(all).size === all.length;
          expect(podNamesDistinct(obsOf(listed, unmatched), memo)).toBe(expected);
          expect(podNamesDistinct(obsOf(listed, unmatched))).toBe(expected);
        }
      }),
      { numRuns: 500 },
    );
  });
});
