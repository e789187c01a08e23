import { describe, expect, it } from 'vitest';
import { presetRun } from '../explain/testing/presets.ts';
import { buildChartData } from './buildChartData.ts';

describe('the timing draws band on the replicas chart (issue 25)', () => {
  const { series } = presetRun('story-1-scale-up-fast').payload;
  const n = series.time.length;
  const lo = Float64Array.from(series.specReplicas, (v) => v - 1);
  const hi = Float64Array.from(series.specReplicas, (v) => v + 30);

  it('puts each row’s band beside its replicas and stretches the axis to its top', () => {
    const plain = buildChartData(series, 500);
    const d = buildChartData(series, 500, null, [], { count: 8, lo, hi });
    expect(plain.drawBand).toBeNull();
    expect(d.drawBand).toEqual({ count: 8 });
    for (let k = 0; k < d.rows.length; k++) {
      const row = d.rows.row(k);
      expect(row.drawLo).toBe(lo[row.i]);
      expect(row.drawHi).toBe(hi[row.i]);
    }
    expect(d.replicasScale.domain[1]).toBeGreaterThanOrEqual(Math.max(...hi));
    expect(plain.replicasScale.domain[1]).toBeLessThan(Math.max(...hi));
  });

  it('draws no band of another result (another sync count)', () => {
    const short = { count: 8, lo: lo.subarray(0, n - 1), hi: hi.subarray(0, n - 1) };
    expect(buildChartData(series, 500, null, [], short).drawBand).toBeNull();
  });
});
