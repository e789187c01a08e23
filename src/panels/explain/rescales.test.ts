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
});
