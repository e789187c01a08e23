import { describe, expect, it } from 'vitest';
import { placeChanges } from './placeChanges.ts';

const changes = [
  { time: 600, description: 'HPA edited: spec.maxReplicas 10 → 20' },
  { time: 2400, description: 'kubectl scale --replicas=0' },
  { time: 3000, description: 'kubectl scale --replicas=2' },
];

describe('placeChanges', () => {
  it('places each change across the plot, numbered in time order', () => {
    expect(placeChanges(changes, [0, 3600])).toEqual([
      { n: 1, time: 600, f: 600 / 3600, description: changes[0]!.description },
      { n: 2, time: 2400, f: 2400 / 3600, description: changes[1]!.description },
      { n: 3, time: 3000, f: 3000 / 3600, description: changes[2]!.description },
    ]);
  });

  it('keeps only the changes in a zoomed range, with their run-wide numbers', () => {
    expect(placeChanges(changes, [2000, 2800]).map((c) => [c.n, c.f])).toEqual([[2, 0.5]]);
    expect(placeChanges(changes, [5, 5])).toEqual([]);
  });
});
