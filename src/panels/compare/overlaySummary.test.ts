import { describe, expect, it } from 'vitest';
import { overlaySummary } from './overlaySummary.ts';

const time = [0, 60, 120, 180];

describe('the runs side by side in words', () => {
  it("says each run's replicas and where the runs part", () => {
    expect(
      overlaySummary([
        { name: 'web', time, spec: [2, 4, 4, 3] },
        { name: 'web (window 600)', time, spec: [2, 4, 5, 5] },
      ]),
    ).toBe(
      'Replicas of 2 runs: web from 2 to 3, peak 4 at 0:01:00; web (window 600) from 2 to 5, peak 5 at 0:02:00. They differ at 2 of 4 syncs, first at 0:02:00.',
    );
  });

  it('says when runs agree, and a lone run without comparison', () => {
    expect(
      overlaySummary([
        { name: 'a', time, spec: [1, 1, 1, 1] },
        { name: 'b', time, spec: [1, 1, 1, 1] },
      ]),
    ).toMatch(/ They agree at every sync\.$/);
    expect(overlaySummary([{ name: 'a', time, spec: [1, 2, 2, 2] }])).toBe(
      'Replicas of 1 run: a from 1 to 2, peak 2 at 0:01:00.',
    );
  });
});
