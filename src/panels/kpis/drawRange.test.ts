import { describe, expect, it } from 'vitest';
import { presetRun } from '../../explain/testing/presets.ts';
import { drawRanges, drawsCount } from './drawRange.ts';

describe('a KPI tile’s range over the draws (issue 25)', () => {
  const { kpis } = presetRun('story-1-scale-up-fast').payload;
  const median = { ...kpis, unmetDemandPercent: 1.5, directionReversals: 1 };
  const p95 = { ...kpis, unmetDemandPercent: 3, directionReversals: 2 };
  const worse = { ...kpis, unmetDemandPercent: 4.25, directionReversals: 3 };

  it('reads median · p95 · worst in the tile’s own units', () => {
    const r = drawRanges({ count: 16, median, p95, worst: worse }, { hasDemand: true });
    expect(r.get('unmet')!.text).toBe('1.5% · 3% · 4.25%');
    expect(r.get('unmet')!.title).toMatch(/median · p95 · worst over 16 draws/);
    expect(r.get('reversals')!.text).toBe('1 · 2 · 3');
    expect(r.get('podHours')!.text).toMatch(/in every draw$/);
  });

  it('says "1 draw" when it is one', () => {
    expect(drawsCount(1)).toBe('1 draw');
    expect(drawsCount(16)).toBe('16 draws');
    const r = drawRanges({ count: 1, median: kpis, p95: kpis, worst: kpis });
    expect(r.get('podHours')!.text).toMatch(/in the draw$/);
    expect(r.get('podHours')!.title).toMatch(/the 1 draw/);
  });
});
