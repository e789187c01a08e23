import { describe, expect, it } from 'vitest';
import { presetRun } from '../../explain/testing/presets.ts';
import { reactionAt, type ReactionSeries } from './reaction.ts';

const f = (a: number[]) => Float64Array.from(a);

/** A series on a 15 s grid; demand and served default to "no traffic curve" (NaN). */
function series(p: {
  spec: number[];
  ready: number[];
  raw: number[];
  terminating?: number[];
  demand?: number[];
  served?: number[];
  rescaled: number[];
}): ReactionSeries {
  const n = p.spec.length;
  return {
    time: f(p.spec.map((_, i) => i * 15)),
    specReplicas: f(p.spec),
    readyReplicas: f(p.ready),
    terminatingReplicas: f(p.terminating ?? new Array(n).fill(0)),
    rawReplicas: f(p.raw),
    demand: f(p.demand ?? new Array(n).fill(NaN)),
    served: f(p.served ?? new Array(n).fill(NaN)),
    rescaled: Uint8Array.from(p.rescaled),
  };
}

describe('reactionAt', () => {
  it('a scale-up: asked for since, unmet since, pods following, demand served again', () => {
    const s = series({
      spec: [2, 2, 2, 4, 4, 4, 4],
      ready: [2, 2, 2, 2, 3, 4, 4],
      // the proposal rose above 2 at sync 1; policies held it until sync 3
      raw: [2, 5, 5, 5, 4, 4, 4],
      demand: [100, 250, 250, 250, 250, 250, 250],
      served: [100, 200, 200, 200, 250, 250, 250],
      rescaled: [0, 0, 0, 1, 0, 0, 0],
    });
    expect(reactionAt(s, 3)).toEqual({
      direction: 'up',
      from: 2,
      to: 4,
      askedSince: { index: 1, time: 15, delta: -30 },
      unmetSince: { index: 1, time: 15, delta: -30 },
      firstReady: { index: 4, time: 60, delta: 15 },
      settled: { index: 5, time: 75, delta: 30 },
      overtakenBy: null,
      servedAgain: { index: 4, time: 60, delta: 15 },
    });
  });

  it('a scale-down settles when Ready is down and nothing is terminating', () => {
    const s = series({
      spec: [6, 6, 3, 3, 3],
      ready: [6, 6, 6, 3, 3],
      terminating: [0, 0, 0, 3, 0],
      raw: [6, 3, 3, 3, 3],
      rescaled: [0, 0, 1, 0, 0],
    });
    const r = reactionAt(s, 2)!;
    expect(r.direction).toBe('down');
    expect(r.askedSince).toEqual({ index: 1, time: 15, delta: -15 });
    expect(r.unmetSince).toBeNull();
    expect(r.firstReady).toBeNull();
    expect(r.settled).toEqual({ index: 4, time: 60, delta: 30 });
  });

  it('a later rescale before the pods caught up is named, not hidden', () => {
    const s = series({
      spec: [1, 3, 6, 6, 6],
      ready: [1, 1, 1, 3, 6],
      raw: [1, 3, 6, 6, 6],
      rescaled: [0, 1, 1, 0, 0],
    });
    const r = reactionAt(s, 1)!;
    expect(r.askedSince).toBeNull(); // asked for in the very sync that wrote it
    expect(r.overtakenBy).toEqual({ index: 2, time: 30, delta: 15 });
    expect(r.settled).toBeNull();
  });

  it('is null for a sync that did not change the count', () => {
    const s = series({
      spec: [2, 2],
      ready: [2, 2],
      raw: [2, 2],
      rescaled: [0, 1],
    });
    expect(reactionAt(s, 0)).toBeNull();
    expect(reactionAt(s, 1)).toBeNull();
    expect(reactionAt(s, 5)).toBeNull();
  });

  it('follows the startup of the preset: story 1’s pods are Ready at the first sync after 10 s', () => {
    // startup: scheduling 1 s + starting 4 s + readinessDelay 5 s; syncs every 15 s
    const { payload } = presetRun('story-1-scale-up-fast');
    const r = reactionAt(payload.series, 0)!;
    expect(r).toMatchObject({ direction: 'up', from: 1, to: 10 });
    expect(r.firstReady?.delta).toBe(15);
    expect(r.settled?.delta).toBe(15);
    // no podCapacity: every pod serves whatever reaches it, so no demand goes unmet
    expect(r.unmetSince).toBeNull();
    expect(r.servedAgain).toBeNull();
  });
});
