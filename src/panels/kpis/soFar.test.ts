import { describe, expect, it } from 'vitest';
import { presetRun } from '../../explain/testing/presets.ts';
import { soFar } from './soFar.ts';

const f = (a: number[]) => Float64Array.from(a);

function series(spec: number[], ratio: number[]) {
  const n = spec.length;
  return {
    time: f(spec.map((_, i) => i * 15)),
    specReplicas: f(spec),
    readyReplicas: f(spec),
    terminatingReplicas: new Float64Array(n),
    rescaled: Uint8Array.from(spec.map((v, i) => (i > 0 && v !== spec[i - 1] ? 1 : 0))),
    ratios: [f(ratio)],
    tolerance: { scaleUp: 0.1, scaleDown: 0.1 },
    demand: new Float64Array(n).fill(NaN),
    served: new Float64Array(n).fill(NaN),
  };
}

describe('soFar', () => {
  const s = series([2, 4, 4, 3, 5], [2, 1.5, 1, 0.5, 1.2]);

  it('counts rescales, reversals, the peak and time above target up to the sync', () => {
    expect(soFar(s, 2, 15)).toMatchObject({ peak: 4, ups: 1, downs: 0, reversals: 0 });
    expect(soFar(s, 2, 15)!.aboveTargetSeconds).toBe(30);
    // at a sync, only the time before it has passed: sync 1 (ratio 1.5) is still ahead
    expect(soFar(s, 0, 15)!.aboveTargetSeconds).toBe(0);
    expect(soFar(s, 1, 15)!.aboveTargetSeconds).toBe(15);
    expect(soFar(s, 4, 15)).toMatchObject({ peak: 5, ups: 2, downs: 1, reversals: 2 });
  });

  it('clamps the index into the run and answers null for an empty one', () => {
    expect(soFar(s, 99, 15)!.index).toBe(4);
    expect(soFar(series([], []), 0, 15)).toBeNull();
  });

  it('at the last sync of a preset agrees with the engine on rescales and peak', () => {
    const { payload } = presetRun('story-1-scale-up-fast');
    const last = soFar(payload.series, payload.series.time.length - 1, payload.syncPeriodSeconds)!;
    expect(last.ups).toBe(payload.kpis.scaleUps);
    expect(last.downs).toBe(payload.kpis.scaleDowns);
    expect(last.reversals).toBe(payload.kpis.directionReversals);
    expect(last.peak).toBe(payload.kpis.peakReplicas);
    // story 1 is above target all through its 600 s: the whole run, not a sync period more
    expect(last.aboveTargetSeconds).toBe(payload.kpis.timeAboveTargetSeconds);
    expect(payload.kpis.timeAboveTargetSeconds).toBe(600);
  });
});
