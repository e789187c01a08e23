import { describe, expect, it } from 'vitest';
import { presetRun } from '../explain/testing/presets.ts';
import { toLog } from '../plot/scale.ts';
import { buildChartData, DRAW_BAND_KEY, replicasScale } from './buildChartData.ts';
import { DEFAULT_HIDDEN_REPLICAS } from './seriesStyles.ts';

describe('replicas axis of KEP-853 story 1 (maxReplicas 1000)', () => {
  const s = presetRun('story-1-scale-up-fast').payload.series;
  const all: [number, number] = [0, s.time.length - 1];

  it('tops out at maxReplicas with the raw proposal hidden (the default)', () => {
    const top = replicasScale(s, true, all, { hidden: DEFAULT_HIDDEN_REPLICAS }).domain[1];
    expect(top).toBeGreaterThanOrEqual(1000);
    expect(top).toBeLessThanOrEqual(1100);
  });

  it('grows when the raw proposal is shown, and shrinks back when it is hidden again', () => {
    const withRaw = replicasScale(s, true, all, { hidden: new Set() }).domain[1];
    expect(withRaw).toBeGreaterThan(1100);
  });

  it('fits a zoomed range to the values inside it', () => {
    const early = s.time.findIndex((t) => t >= 60);
    const top = replicasScale(s, true, [0, early], { hidden: DEFAULT_HIDDEN_REPLICAS }).domain[1];
    expect(top).toBeLessThan(1000);
  });

  it('uses log units in the log view', () => {
    const sc = replicasScale(s, true, all, { hidden: DEFAULT_HIDDEN_REPLICAS, mode: 'log' });
    expect(sc.domain[1]).toBeCloseTo(toLog(1000));
  });
});

describe('replicas axis over the stacked pending and terminating areas', () => {
  // A hand-made run: 4 replicas throughout, 3 pending and 5 terminating at the third sync (their
  // areas stack to 8, above every line), a NaN sum skipped.
  const base = presetRun('story-1-scale-up-fast').payload.series;
  const n = 4;
  const f = (...v: number[]) => Float64Array.from(v);
  const s = {
    ...base,
    time: f(0, 15, 30, 45),
    specReplicas: f(4, 4, 4, 4),
    readyReplicas: f(4, 4, 4, 4),
    desiredReplicas: f(4, 4, 4, 4),
    pendingReplicas: f(0, 0, 3, NaN),
    terminatingReplicas: f(0, 0, 5, 0),
    minReplicas: 1,
    maxReplicas: 100,
  };
  const all: [number, number] = [0, n - 1];
  const top = (hidden: string[]) =>
    replicasScale(s, false, all, { hidden: new Set(hidden) }).domain[1];

  it('reaches the stack of the shown areas, and drops what a hidden one adds', () => {
    expect(top([])).toBeGreaterThanOrEqual(8);
    expect(top(['pending'])).toBeGreaterThanOrEqual(5);
    expect(top(['pending'])).toBeLessThan(top([]));
    expect(top(['pending', 'terminating'])).toBeLessThan(top(['pending']));
    expect(top(['pending', 'terminating'])).toBeGreaterThanOrEqual(4);
  });
});

describe('the axis the charts start with', () => {
  it('is the one buildChartData fitted (SimulationCharts reuses it), variants and draws too', () => {
    const s = presetRun('default').payload.series;
    const n = s.time.length;
    const spec = Float64Array.from(s.specReplicas, (v, i) => (i === n >> 1 ? 40 : v));
    const variant = { key: 'v', name: 'v', colour: '#000', series: { ...s, specReplicas: spec } };
    const hi = Float64Array.from(s.specReplicas, (v) => v + 7);
    const band = { count: 4, lo: s.specReplicas, hi };
    for (const range of [null, [3600, 7200] as [number, number]]) {
      const d = buildChartData(s, 500, range, [variant], band);
      const own = replicasScale(s, d.hasDecisionSeries, d.range, {
        hidden: DEFAULT_HIDDEN_REPLICAS,
        mode: 'linear',
        overlays: [
          { legendKey: d.overlays[0]!.legendKey, specReplicas: spec },
          { legendKey: DRAW_BAND_KEY, specReplicas: hi },
        ],
      });
      expect(d.replicasScale).toEqual(own);
    }
  });
});
