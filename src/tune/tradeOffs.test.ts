import { describe, expect, it } from 'vitest';
import type { Kpis } from '../engine/simulation/index.ts';
import { describeTradeOff, tradeOffs } from './tradeOffs.ts';

const k = (o: { recovery?: number; peak?: number; p95?: number | null; unmet?: number }) =>
  ({
    recovery: {
      basis: 'overload',
      count: 1,
      openAtEnd: false,
      maxSeconds: o.recovery ?? 30,
      meanSeconds: 0,
    },
    peakReplicas: o.peak ?? 10,
    p95UtilizationPercent: o.p95 === undefined ? 60 : o.p95,
    unmetDemandPercent: o.unmet ?? 0.1,
    overloadSeconds: 0,
    timeAboveTargetSeconds: 0,
    directionReversals: 0,
  }) as unknown as Kpis;

describe('tradeOffs (issue 25)', () => {
  it('names every watched KPI the candidate makes worse, with the change', () => {
    const t = tradeOffs(k({}), k({ recovery: 47, p95: 85, peak: 8 }));
    expect(t.map((x) => x.label)).toEqual(['longest recovery (s)', 'p95 utilization (%)']);
    expect(describeTradeOff(t[0]!)).toBe('longest recovery (s) 30 → 47 (+57 %)');
  });

  it('a change within the slack, or a missing figure, is no trade', () => {
    expect(tradeOffs(k({}), k({ recovery: 30.5, p95: null }))).toEqual([]);
    expect(tradeOffs(k({ unmet: 0 }), k({ unmet: 0.5 }))[0]).toMatchObject({ change: Infinity });
  });
});
