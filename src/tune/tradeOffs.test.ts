import { describe, expect, it } from 'vitest';
import type { Kpis } from '../engine/simulation/index.ts';
import { describeChange, describeTradeOff, kpiDeltas, tradeOffs } from './tradeOffs.ts';

const k = (o: {
  recovery?: number;
  peak?: number;
  p95?: number | null;
  unmet?: number;
  podHours?: number;
  cost?: number | null;
}): Kpis => ({
  podHours: o.podHours ?? 10,
  readyPodHours: 9,
  peakReplicas: o.peak ?? 10,
  finalReplicas: 2,
  scaleUps: 3,
  scaleDowns: 2,
  scaleEvents: 5,
  directionReversals: 0,
  timeAboveTargetSeconds: 0,
  unmetDemand: 100,
  unmetDemandPercent: o.unmet ?? 0.1,
  overloadSeconds: 0,
  demand: 100_000,
  servedDemand: 99_900,
  recovery: {
    basis: 'overload',
    count: 1,
    openAtEnd: false,
    maxSeconds: o.recovery ?? 30,
    meanSeconds: 20,
  } as Kpis['recovery'],
  p95UtilizationPercent: o.p95 === undefined ? 60 : o.p95,
  cost:
    o.cost === null
      ? null
      : { currency: 'USD', perRun: o.cost ?? 1, perMonth: 100, vcpuHours: 1, gibHours: 1 },
});

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

  it('a dearer candidate trades pod-hours and cost', () => {
    const t = tradeOffs(k({}), k({ podHours: 12, cost: 1.2 }));
    expect(t.map((x) => x.key)).toEqual(['podHours', 'costPerRun']);
  });
});

describe('kpiDeltas (issue 25)', () => {
  it('gives a delta for every KPI, not only the goals, with which way is better', () => {
    const d = kpiDeltas(k({}), k({ podHours: 8.8, recovery: 47 }));
    expect(d.map((x) => x.key)).toEqual([
      'podHours',
      'readyPodHours',
      'costPerRun',
      'costPerMonth',
      'unmetDemandPercent',
      'unmetDemand',
      'servedDemand',
      'demand',
      'overloadSeconds',
      'timeAboveTargetSeconds',
      'recoveryMaxSeconds',
      'recoveryMeanSeconds',
      'peakReplicas',
      'finalReplicas',
      'p95UtilizationPercent',
      'scaleEvents',
      'scaleUps',
      'scaleDowns',
      'directionReversals',
    ]);
    const pods = d.find((x) => x.key === 'podHours')!;
    expect(pods).toMatchObject({ current: 10, candidate: 8.8, better: 'lower', tradeOff: false });
    expect(pods.delta).toBeCloseTo(-1.2);
    expect(describeChange(pods)).toBe('−12 %');
    const rec = d.find((x) => x.key === 'recoveryMaxSeconds')!;
    expect(rec).toMatchObject({ delta: 17, tradeOff: true });
    expect(describeChange(d.find((x) => x.key === 'demand')!)).toBe('±0');
  });

  it('leaves out a KPI one run does not report (no prices: no cost rows)', () => {
    const keys = kpiDeltas(k({ cost: null }), k({ cost: null })).map((x) => x.key);
    expect(keys).not.toContain('costPerRun');
    expect(keys).toContain('podHours');
  });
});
