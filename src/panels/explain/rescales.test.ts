import { describe, expect, it } from 'vitest';
import { presetRun } from '../../explain/testing/presets.ts';
import { rescalesOf } from './rescales.ts';

const f = (a: number[]) => Float64Array.from(a);

describe('rescalesOf', () => {
  it('lists each sync that changed spec.replicas, with where it came from', () => {
    const spec = [2, 4, 4, 3, 3];
    const s = {
      time: f([0, 15, 30, 45, 60]),
      specReplicas: f(spec),
      readyReplicas: f([2, 2, 4, 4, 3]),
      terminatingReplicas: new Float64Array(5),
      // sync 2 wrote the same count: not a rescale
      rescaled: Uint8Array.from([0, 1, 1, 1, 0]),
    };
    expect(rescalesOf(s)).toEqual([
      { index: 1, time: 15, from: 2, to: 4 },
      { index: 3, time: 45, from: 4, to: 3 },
    ]);
  });

  it('agrees with the engine’s count of scale events on a preset', () => {
    const { payload } = presetRun('story-1-scale-up-fast');
    const list = rescalesOf(payload.series);
    expect(list).toHaveLength(payload.kpis.scaleEvents);
    expect(list.map((r) => `${r.from}→${r.to}`)).toEqual(['1→10', '10→100', '100→1000']);
  });

  it('starts a rescale from the count the sync read: a kubectl scale to 0 answered at once', () => {
    // 1.35 evaluates a manual zero when minReplicas is 0: the operator's 0 at 40 min is scaled
    // back to 4 by the sync at that instant, so spec reads 4 before and after it.
    const { payload } = presetRun('manual-zero-1-35-vs-1-37');
    const s = payload.series;
    const k = Array.from(s.time).indexOf(2400);
    expect(s.specReplicas[k - 1]).toBe(4);
    expect(s.currentReplicas[k]).toBe(0);
    const list = rescalesOf(s);
    expect(list.find((r) => r.time === 2400)).toEqual({ index: k, time: 2400, from: 0, to: 4 });
    // the HPA's four rescales: upstream records a SuccessfulRescale event for each (desired !=
    // the count read), and the KPI counts the same four (issue 25: it had counted 2, the changes
    // of spec between syncs, missing the two that answered a kubectl scale)
    expect(list.map((r) => `${r.time}:${r.from}→${r.to}`)).toEqual([
      '915:3→0',
      '1515:0→4',
      '2400:0→4',
      '3000:2→4',
    ]);
    expect(payload.kpis).toMatchObject({ scaleEvents: 4, scaleUps: 3, scaleDowns: 1 });
  });
});
