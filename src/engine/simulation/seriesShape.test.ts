import { describe, expect, it } from 'vitest';
import {
  allocateSeries,
  copySeries,
  METRIC_F64_KEYS,
  METRIC_U8_KEYS,
  seriesArrays,
  SYNC_F64_KEYS,
  type SeriesInfo,
} from './seriesShape.ts';

const INFO: SeriesInfo = {
  metricInfo: [
    { label: 'cpu utilization', unit: '%', target: 60, key: 'resource/cpu' },
    { label: 'pods rps', unit: '', target: 10, key: 'pods/rps' },
  ],
  minReplicas: 1,
  maxReplicas: 10,
  tolerance: { scaleUp: 0.1, scaleDown: 0.1 },
};

describe('allocateSeries', () => {
  // n odd: the Int16 and Uint8 arrays' byte lengths are not multiples of 8
  const n = 7;
  const s = allocateSeries(n, 2, INFO);
  const arrays = seriesArrays(s);

  it('carves every array from one buffer, each at an offset that is a multiple of 8', () => {
    expect(arrays).toHaveLength(13 + 3 * 2 + 2 + 2);
    for (const a of arrays) {
      expect(a.buffer).toBe(s.time.buffer);
      expect(a.byteOffset % 8).toBe(0);
      expect((a as Float64Array).length).toBe(n);
    }
  });

  it('starts each series as before: zeros, NaN where the controller may compute nothing, -1', () => {
    expect([...s.time]).toEqual(Array(n).fill(0));
    expect([...s.currentReplicas]).toEqual(Array(n).fill(NaN));
    expect([...s.limitedReplicas]).toEqual(Array(n).fill(NaN));
    expect([...s.metrics[1]!]).toEqual(Array(n).fill(NaN));
    expect([...s.proposals[0]!]).toEqual(Array(n).fill(NaN));
    expect([...s.metricOverflow[1]!]).toEqual(Array(n).fill(0));
    expect([...s.rescaled]).toEqual(Array(n).fill(0));
    expect([...s.decidingMetric]).toEqual(Array(n).fill(-1));
  });

  it('keeps the keys in their order (what walks them, JSON and exports, sees no change)', () => {
    expect(Object.keys(s)).toEqual([
      'metricInfo',
      'minReplicas',
      'maxReplicas',
      'tolerance',
      ...SYNC_F64_KEYS,
      ...METRIC_F64_KEYS,
      ...METRIC_U8_KEYS,
      'rescaled',
      'decidingMetric',
    ]);
    expect(Object.keys(copySeries(s))).toEqual(Object.keys(s));
  });

  it('gives arrays that do not overlap', () => {
    arrays.forEach((a, k) => (a as Uint8Array).fill(k + 1));
    arrays.forEach((a, k) => expect([...(a as Uint8Array)]).toEqual(Array(n).fill(k + 1)));
  });
});

describe('copySeries', () => {
  it('copies every array into one new buffer, equal and independent', () => {
    const s = allocateSeries(5, 1, INFO);
    seriesArrays(s).forEach((a, k) => (a as Float64Array).fill(k * 3 - 2));
    const c = copySeries(s);
    expect(c).toEqual(s);
    const copied = seriesArrays(c);
    for (const a of copied) {
      expect(a.buffer).toBe(c.time.buffer);
      expect(a.byteOffset % 8).toBe(0);
    }
    expect(c.time.buffer).not.toBe(s.time.buffer);
    c.time[0] = 99;
    expect(s.time[0]).toBe(-2);
  });

  it('copies a series whose arrays have other lengths and buffers (a KPIs-only run)', () => {
    const s = allocateSeries(0, 1, INFO);
    s.specReplicas = Float64Array.from([1, 2, 3]);
    s.currentReplicas = Float64Array.from([NaN, 1, 2]);
    s.rescaled = Uint8Array.from([0, 1, 0]);
    const c = copySeries(s);
    expect(c).toEqual(s);
    expect([...c.specReplicas]).toEqual([1, 2, 3]);
    expect([...c.rescaled]).toEqual([0, 1, 0]);
    expect(c.time).toHaveLength(0);
  });
});
