// A KPI over many timing draws (draws.ts): each figure at a chosen percentile of the draws,
// nearest rank (a value one draw had, no interpolation). Every KPI is worse when higher, so the
// 95th percentile is the bad tail and the 100th the worst draw; a gate or a goal reads a whole
// `Kpis` at a percentile and so needs no change to judge the draws.

import { percentile } from './kpis.ts';
import type { Kpis } from './result.ts';

/** The percentiles a summary reports. */
export interface DrawStats {
  count: number;
  median: Kpis;
  p95: Kpis;
  worst: Kpis;
}

/** Each KPI of `all` (one per draw, at least one) at percentile `p` (0 < p ≤ 100). */
export function kpisAtPercentile(all: readonly Kpis[], p: number): Kpis {
  if (all.length === 0) throw new RangeError('no draws to summarize');
  if (!(p > 0 && p <= 100)) throw new RangeError(`a percentile is in (0, 100], got ${p}`);
  const q = p / 100;
  const at = (f: (k: Kpis) => number) => percentile(all.map(f), q)!;
  const first = all[0]!;
  const util = all.map((k) => k.p95UtilizationPercent).filter((v): v is number => v !== null);
  return {
    podHours: at((k) => k.podHours),
    readyPodHours: at((k) => k.readyPodHours),
    peakReplicas: at((k) => k.peakReplicas),
    finalReplicas: at((k) => k.finalReplicas),
    scaleUps: at((k) => k.scaleUps),
    scaleDowns: at((k) => k.scaleDowns),
    scaleEvents: at((k) => k.scaleEvents),
    directionReversals: at((k) => k.directionReversals),
    timeAboveTargetSeconds: at((k) => k.timeAboveTargetSeconds),
    unmetDemand: at((k) => k.unmetDemand),
    unmetDemandPercent: at((k) => k.unmetDemandPercent),
    overloadSeconds: at((k) => k.overloadSeconds),
    demand: at((k) => k.demand),
    servedDemand: at((k) => k.servedDemand),
    recovery: {
      basis: first.recovery.basis,
      count: at((k) => k.recovery.count),
      openAtEnd: all.some((k) => k.recovery.openAtEnd),
      maxSeconds: at((k) => k.recovery.maxSeconds),
      meanSeconds: at((k) => k.recovery.meanSeconds),
    },
    p95UtilizationPercent: percentile(util, q),
    cost: first.cost && {
      ...first.cost,
      perRun: at((k) => k.cost?.perRun ?? 0),
      perMonth: at((k) => k.cost?.perMonth ?? 0),
      vcpuHours: at((k) => k.cost?.vcpuHours ?? 0),
      gibHours: at((k) => k.cost?.gibHours ?? 0),
    },
  };
}

/** The median, 95th percentile and worst of every KPI over the draws. */
export function drawStats(all: readonly Kpis[]): DrawStats {
  return {
    count: all.length,
    median: kpisAtPercentile(all, 50),
    p95: kpisAtPercentile(all, 95),
    worst: kpisAtPercentile(all, 100),
  };
}

/**
 * One figure over the draws at percentile p of its bad tail: high values for a figure bounded
 * from above (p = 100: the largest), low ones for a figure bounded from below (the smallest).
 */
export function tailValue(values: readonly number[], p: number, bound: 'max' | 'min'): number {
  if (values.length === 0) throw new RangeError('no draws to summarize');
  if (!(p > 0 && p <= 100)) throw new RangeError(`a percentile is in (0, 100], got ${p}`);
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  const rank = Math.max(0, Math.ceil((p / 100) * n) - 1);
  return bound === 'max' ? sorted[rank]! : sorted[n - 1 - rank]!;
}
