// What a candidate gives up against the current HPA: the KPIs it makes worse, beyond the goals it
// was searched for. A cheaper behavior that recovers slower or runs hotter is a trade, and the
// answer says so (issue 25: a ★ that cut pod-hours 12 % while the longest recovery grew 56 %).
// Pure: the CLI's summary and the app's candidate list read it.

import type { Kpis } from '../engine/simulation/index.ts';

export interface TradeOff {
  label: string;
  current: number;
  candidate: number;
  /** relative change, e.g. 0.56 for +56 % (Infinity from 0) */
  change: number;
}

const WATCHED: { label: string; value: (k: Kpis) => number | null; slack: number }[] = [
  { label: 'longest recovery (s)', value: (k) => k.recovery.maxSeconds, slack: 1 },
  { label: 'unmet demand (%)', value: (k) => k.unmetDemandPercent, slack: 0.001 },
  { label: 'overloaded (s)', value: (k) => k.overloadSeconds, slack: 1 },
  { label: 'time above target (s)', value: (k) => k.timeAboveTargetSeconds, slack: 15 },
  { label: 'peak replicas', value: (k) => k.peakReplicas, slack: 0 },
  { label: 'p95 utilization (%)', value: (k) => k.p95UtilizationPercent, slack: 1 },
  { label: 'direction reversals', value: (k) => k.directionReversals, slack: 0 },
];

/** The watched KPIs `candidate` makes worse than `current` by more than their slack. */
export function tradeOffs(current: Kpis, candidate: Kpis): TradeOff[] {
  const out: TradeOff[] = [];
  for (const w of WATCHED) {
    const a = w.value(current);
    const b = w.value(candidate);
    if (a === null || b === null || !(b - a > w.slack)) continue;
    out.push({
      label: w.label,
      current: a,
      candidate: b,
      change: a === 0 ? Infinity : (b - a) / a,
    });
  }
  return out;
}

/** "longest recovery (s) 30 → 47 (+56 %)" */
export function describeTradeOff(t: TradeOff): string {
  const pct = Number.isFinite(t.change) ? ` (+${Math.round(t.change * 100)} %)` : '';
  return `${t.label} ${t.current} → ${t.candidate}${pct}`;
}
