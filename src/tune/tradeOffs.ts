// What a candidate changes against the current HPA: a delta for every KPI, and the ones it makes
// worse named as trade-offs. A cheaper behavior that recovers slower or runs hotter is a trade,
// and the answer says so (issue 25: a ★ that cut pod-hours 12 % while the longest recovery grew
// 56 %). Pure: the CLI's summary and JSON and the app's candidate list read it.

import type { Kpis } from '../engine/simulation/index.ts';

/** Which way is better for a KPI; null: neither (the world's demand, the final count). */
export type Better = 'lower' | 'higher' | null;

interface KpiRow {
  key: string;
  label: string;
  value: (k: Kpis) => number | null;
  better: Better;
  /** a trade-off when worse by more than `slack` (absolute, in the KPI's unit); absent: not flagged */
  slack?: number;
}

// Every KPI a run reports (src/engine/simulation/result.ts Kpis), in the KPI strip's order.
const ROWS: KpiRow[] = [
  { key: 'podHours', label: 'pod-hours', value: (k) => k.podHours, better: 'lower', slack: 0.01 },
  {
    key: 'readyPodHours',
    label: 'ready pod-hours',
    value: (k) => k.readyPodHours,
    better: 'lower',
  },
  {
    key: 'costPerRun',
    label: 'cost (USD/run)',
    value: (k) => k.cost?.perRun ?? null,
    better: 'lower',
    slack: 0.005,
  },
  {
    key: 'costPerMonth',
    label: 'cost (USD/month)',
    value: (k) => k.cost?.perMonth ?? null,
    better: 'lower',
  },
  {
    key: 'unmetDemandPercent',
    label: 'unmet demand (%)',
    value: (k) => k.unmetDemandPercent,
    better: 'lower',
    slack: 0.001,
  },
  {
    key: 'unmetDemand',
    label: 'unmet demand (units)',
    value: (k) => k.unmetDemand,
    better: 'lower',
  },
  {
    key: 'servedDemand',
    label: 'served work (units)',
    value: (k) => k.servedDemand,
    better: 'higher',
  },
  { key: 'demand', label: 'demand (units)', value: (k) => k.demand, better: null },
  {
    key: 'overloadSeconds',
    label: 'overloaded (s)',
    value: (k) => k.overloadSeconds,
    better: 'lower',
    slack: 1,
  },
  {
    key: 'timeAboveTargetSeconds',
    label: 'time above target (s)',
    value: (k) => k.timeAboveTargetSeconds,
    better: 'lower',
    slack: 15,
  },
  {
    key: 'recoveryMaxSeconds',
    label: 'longest recovery (s)',
    value: (k) => k.recovery.maxSeconds,
    better: 'lower',
    slack: 1,
  },
  {
    key: 'recoveryMeanSeconds',
    label: 'mean recovery (s)',
    value: (k) => k.recovery.meanSeconds,
    better: 'lower',
  },
  {
    key: 'peakReplicas',
    label: 'peak replicas',
    value: (k) => k.peakReplicas,
    better: 'lower',
    slack: 0,
  },
  { key: 'finalReplicas', label: 'final replicas', value: (k) => k.finalReplicas, better: null },
  // Hotter pods at the 95th percentile: less headroom for the next burst.
  {
    key: 'p95UtilizationPercent',
    label: 'p95 utilization (%)',
    value: (k) => k.p95UtilizationPercent,
    better: 'lower',
    slack: 1,
  },
  { key: 'scaleEvents', label: 'scale events', value: (k) => k.scaleEvents, better: 'lower' },
  { key: 'scaleUps', label: 'scale-ups', value: (k) => k.scaleUps, better: 'lower' },
  { key: 'scaleDowns', label: 'scale-downs', value: (k) => k.scaleDowns, better: 'lower' },
  {
    key: 'directionReversals',
    label: 'direction reversals',
    value: (k) => k.directionReversals,
    better: 'lower',
    slack: 0,
  },
];

export interface KpiDelta {
  key: string;
  label: string;
  current: number;
  candidate: number;
  /** candidate − current */
  delta: number;
  /** relative change, e.g. 0.56 for +56 % (±Infinity from 0, 0 when both are 0) */
  change: number;
  better: Better;
  /** worse than today by more than the KPI's slack: a trade-off the candidate makes */
  tradeOff: boolean;
}

export type TradeOff = KpiDelta;

/** The candidate against the current HPA for every KPI both runs report (a null figure is left out). */
export function kpiDeltas(current: Kpis, candidate: Kpis): KpiDelta[] {
  const out: KpiDelta[] = [];
  for (const row of ROWS) {
    const a = row.value(current);
    const b = row.value(candidate);
    if (a === null || b === null) continue;
    const delta = b - a;
    const worse = row.better === 'lower' ? delta : row.better === 'higher' ? -delta : 0;
    out.push({
      key: row.key,
      label: row.label,
      current: a,
      candidate: b,
      delta,
      change: a === 0 ? (delta === 0 ? 0 : delta > 0 ? Infinity : -Infinity) : delta / Math.abs(a),
      better: row.better,
      tradeOff: row.slack !== undefined && worse > row.slack,
    });
  }
  return out;
}

/** The watched KPIs `candidate` makes worse than `current` by more than their slack. */
export function tradeOffs(current: Kpis, candidate: Kpis): TradeOff[] {
  return kpiDeltas(current, candidate).filter((d) => d.tradeOff);
}

/** "+56 %", "−12 %", "±0", "new" (from 0) */
export function describeChange(d: KpiDelta): string {
  if (d.delta === 0) return '±0';
  const pct = Number.isFinite(d.change) ? Math.round(d.change * 100) : 0;
  // From 0, or under half a percent: the change itself.
  if (pct === 0) return `${d.delta > 0 ? '+' : '−'}${round(Math.abs(d.delta))}`;
  return `${pct > 0 ? '+' : '−'}${Math.abs(pct)} %`;
}

/** "longest recovery (s) 30 → 47 (+56 %)" */
export function describeTradeOff(t: TradeOff): string {
  const pct = Number.isFinite(t.change) ? ` (${describeChange(t)})` : '';
  return `${t.label} ${round(t.current)} → ${round(t.candidate)}${pct}`;
}

function round(v: number): string {
  return Number.isInteger(v) ? String(v) : v.toFixed(3).replace(/\.?0+$/, '');
}
