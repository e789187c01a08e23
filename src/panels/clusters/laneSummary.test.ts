import { describe, expect, it } from 'vitest';
import { lane } from './testing/lane.ts';
import { laneSummary } from './laneSummary.ts';

const time = Float64Array.from({ length: 5 }, (_, i) => i * 300);

describe('a cluster lane in words', () => {
  it('says the run, its failure and its room, then nothing selected', () => {
    const text = laneSummary(
      lane([4, 9, 6, 0, 0], { failed: Uint8Array.from([0, 0, 0, 1, 1]), capacity: 20 }),
      time,
      null,
    );
    expect(text).toBe(
      'east: from 4 to 0 replicas, peak 9 at 0:05:00; failed from 0:15:00 to the end; room for 20 pods.',
    );
  });

  it('adds the selected sync: replicas, ready, Pending and the member HPA bounds', () => {
    const l = lane([2, 3, 5, 5, 4], {
      ready: Float64Array.from([2, 2, 3, 5, 4]),
      pending: Float64Array.from([0, 1, 2, 0, 0]),
      min: Float64Array.from([2, 2, 3, 3, 3]),
      max: Float64Array.from([8, 8, 14, 14, 14]),
    });
    expect(laneSummary(l, time, 2)).toMatch(
      / Selected: sync 2 at 0:10:00, 5 replicas, 3 ready, 2 Pending; its HPA's bounds min 3 \/ max 14\.$/,
    );
    expect(laneSummary(l, time, 0)).toContain('sync 0 at 0:00:00, 2 replicas, 2 ready;');
  });

  it('a failed cluster at the selected sync is said to be failed', () => {
    const l = lane([4, 0], { failed: Uint8Array.from([0, 1]) });
    expect(laneSummary(l, time.slice(0, 2), 1)).toMatch(/Selected: sync 1 at 0:05:00, failed\.$/);
    expect(laneSummary(lane([1]), time.slice(0, 1), null)).toBe(
      'east: from 1 to 1 replica, peak 1 at 0:00:00.',
    );
  });
});
