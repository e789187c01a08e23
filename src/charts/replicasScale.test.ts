import { describe, expect, it } from 'vitest';
import { presetRun } from '../explain/testing/presets.ts';
import { toLog } from '../plot/scale.ts';
import { replicasScale } from './buildChartData.ts';
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
