// Pod groups' contract (groupedPods.ts): counts are checked with a located error, expansion
// names and order, and the weighted sum of the by-position twins (addCopies) rounding as the
// one-by-one sum of the expanded list.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  expandObservation,
  expandPodGroups,
  hasPodGroups,
  MAX_OBSERVED_PODS,
} from './groupedPods.ts';
import { reconcileAutoscaler } from './horizontal.ts';
import { podNamesDistinct, type DistinctNamesMemo } from './podNames.ts';
import { config, hpa, memory, NOW, observation, pod } from './testing/builders.ts';
import { addCopies } from './utilizationByPosition.ts';
import type { PodObservation } from './types.ts';

function group(name: string, count: number | undefined, o = {}): PodObservation {
  const p = pod(name, { cpu: 500, ...o });
  if (count !== undefined) p.count = count;
  return p;
}

describe('expandPodGroups', () => {
  it('expands each group in place: name, name#1 … name#(count−1), sharing nested objects', () => {
    const g = group('web', 3);
    const loose = group('odd', undefined, { ready: false });
    const out = expandPodGroups([loose, g, group('one', 1)]);
    expect(out.map((p) => p.name)).toEqual(['odd', 'web', 'web#1', 'web#2', 'one']);
    expect(out[0]).toBe(loose);
    expect(out[2]!.containers).toBe(g.containers);
    expect(out[2]!.resourceMetrics).toBe(g.resourceMetrics);
    expect('count' in out[1]!).toBe(false);
    // the input is left as it was
    expect(g.count).toBe(3);
  });

  it('returns the very list, and the very observation, when nothing is grouped', () => {
    const pods = [group('a', undefined), group('b', 1)];
    expect(expandPodGroups(pods)).toBe(pods);
    const obs = observation(hpa(), { pods });
    expect(expandObservation(obs)).toBe(obs);
    const grouped = observation(hpa(), { pods: [group('a', 2)] });
    const expanded = expandObservation(grouped);
    expect(expanded.pods.map((p) => p.name)).toEqual(['a', 'a#1']);
    expect(expanded.hpa).toBe(grouped.hpa);
  });

  it.each([
    [0, 'pods[1] (b): count must be an integer ≥ 1, got 0'],
    [-2, 'pods[1] (b): count must be an integer ≥ 1, got -2'],
    [2.5, 'pods[1] (b): count must be an integer ≥ 1, got 2.5'],
    [Number.NaN, 'pods[1] (b): count must be an integer ≥ 1, got NaN'],
    ['3', 'pods[1] (b): count must be an integer ≥ 1, got 3'],
    [
      MAX_OBSERVED_PODS,
      `pods[1] (b): the pod counts add up to more than ${MAX_OBSERVED_PODS} pods`,
    ],
  ])('rejects count %s with a located error, in every path', (count, message) => {
    const pods = [group('a', 1), group('b', count as number)];
    expect(() => hasPodGroups(pods)).toThrow(new RangeError(message));
    expect(() => expandPodGroups(pods)).toThrow(message);
    const obs = observation(hpa(), { pods });
    expect(() => reconcileAutoscaler(obs, memory(), NOW, config())).toThrow(message);
    expect(() => reconcileAutoscaler(obs, memory(), NOW, config(), { trace: false })).toThrow(
      message,
    );
  });
});

describe('podNamesDistinct with pod groups', () => {
  const obsOf = (pods: PodObservation[], unmatched: string[] = []) => {
    const o = observation(hpa(), { pods });
    o.unmatchedPodMetrics = unmatched.map((name) => ({ name }));
    return o;
  };

  it("counts a group's copy names: a listed or unmatched name among them is a repeat", () => {
    expect(podNamesDistinct(obsOf([group('web', 3), group('web#3', 1)]))).toBe(true);
    expect(podNamesDistinct(obsOf([group('web', 3), group('web#2', 1)]))).toBe(false);
    expect(podNamesDistinct(obsOf([group('web#1', 1), group('web', 2)]))).toBe(false);
    expect(podNamesDistinct(obsOf([group('web', 3)], ['web#1']))).toBe(false);
    expect(podNamesDistinct(obsOf([group('web', 3)], ['web#01', 'web#+1', 'web#1e0']))).toBe(true);
    // two groups' copy names never meet
    expect(podNamesDistinct(obsOf([group('a', 12), group('a#1', 12)]))).toBe(false);
    expect(podNamesDistinct(obsOf([group('a#', 3), group('a', 3)]))).toBe(true);
  });

  it('remembers counts with names: a group growing over a listed name is seen', () => {
    const memo: DistinctNamesMemo = { lastDistinct: [], lastCounts: [] };
    const o = obsOf([group('web', 2), group('web#2', 1)]);
    expect(podNamesDistinct(o, memo)).toBe(true);
    expect(memo.lastCounts).toEqual([2, 1]);
    o.pods[0]!.count = 3;
    expect(podNamesDistinct(o, memo)).toBe(false);
  });

  it('agrees with a Set over the expanded names', () => {
    const nameArb = fc.constantFrom('a', 'b', 'a#1', 'a#2', 'b#1', 'a#1#1');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(nameArb, fc.integer({ min: 1, max: 3 })), { maxLength: 5 }),
        fc.array(nameArb, { maxLength: 2 }),
        (entries, unmatched) => {
          const pods = entries.map(([name, count]) => group(name, count));
          const all = [...expandPodGroups(pods).map((p) => p.name), ...unmatched];
          const expected = new Set(all).size === all.length;
          expect(podNamesDistinct(obsOf(pods, unmatched))).toBe(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("addCopies (a group's samples in one step)", () => {
  const oneByOne = (total: number, v: number, copies: number) => {
    for (let j = 0; j < copies; j++) total += v;
    return total;
  };

  it('equals adding the copies one by one, for fractions and figures past 2^53 too', () => {
    const numArb = fc.oneof(
      fc.integer({ min: -5000, max: 5000 }),
      fc.double({ min: -1e4, max: 1e4, noNaN: true }),
      fc.integer({ min: 2 ** 50, max: 2 ** 53 }),
      fc.constantFrom(0.1, 0.7, 2 ** 53 - 1, 2 ** 53, 1e17 + 0.5),
    );
    fc.assert(
      fc.property(numArb, numArb, fc.integer({ min: 1, max: 60 }), (total, v, copies) => {
        expect(Object.is(addCopies(total, v, copies), oneByOne(total, v, copies))).toBe(true);
      }),
      { numRuns: 3000 },
    );
    // where a product would round differently from the one-by-one sum
    expect(addCopies(0, 0.1, 3)).toBe(0.1 + 0.1 + 0.1);
    expect(addCopies(2 ** 53 - 2, 1, 3)).toBe(oneByOne(2 ** 53 - 2, 1, 3));
  });
});
