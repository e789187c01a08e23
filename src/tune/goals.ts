// What a search aims for: constraints named like `cli check`'s thresholds, and an objective.

import type { Kpis } from '../engine/simulation/index.ts';

export interface Threshold {
  /** the `cli check` / `cli tune` flag, also the constraint's name */
  flag: string;
  kpi: (k: Kpis) => number;
  label: string;
  bound: 'max' | 'min';
}

/** Each threshold and the KPI it bounds (shared by `cli check`, `cli tune` and the app). */
export const THRESHOLDS: Threshold[] = [
  { flag: 'max-pod-hours', kpi: (k) => k.podHours, label: 'pod-hours', bound: 'max' },
  {
    flag: 'max-cost-per-month',
    // NaN without prices: reported as bad input (the scenario needs spec.cost).
    kpi: (k) => k.cost?.perMonth ?? NaN,
    label: 'cost per month (USD)',
    bound: 'max',
  },
  { flag: 'max-peak-replicas', kpi: (k) => k.peakReplicas, label: 'peak replicas', bound: 'max' },
  { flag: 'max-scale-events', kpi: (k) => k.scaleEvents, label: 'scale events', bound: 'max' },
  {
    flag: 'max-reversals',
    kpi: (k) => k.directionReversals,
    label: 'direction reversals',
    bound: 'max',
  },
  {
    flag: 'max-time-above-target',
    kpi: (k) => k.timeAboveTargetSeconds,
    label: 'time above target (s)',
    bound: 'max',
  },
  {
    flag: 'max-unmet-demand-percent',
    kpi: (k) => k.unmetDemandPercent,
    label: 'unmet demand (%)',
    bound: 'max',
  },
  {
    flag: 'max-overload-seconds',
    kpi: (k) => k.overloadSeconds,
    label: 'overloaded time (s)',
    bound: 'max',
  },
  {
    flag: 'max-recovery-seconds',
    kpi: (k) => k.recovery.maxSeconds,
    label: 'longest time to recover (s)',
    bound: 'max',
  },
  {
    flag: 'min-final-replicas',
    kpi: (k) => k.finalReplicas,
    label: 'final replicas',
    bound: 'min',
  },
];

/** One constraint: a threshold's flag and its limit. */
export interface Constraint {
  flag: string;
  limit: number;
}

/**
 * What the search minimises. Pluggable: `cost` reads the scenario's own prices (`spec.cost`,
 * the cost KPI) or, given a price per pod-hour, prices pod-hours.
 */
export interface Objective {
  name: string;
  unit: string;
  value: (k: Kpis) => number;
}

export function podHoursObjective(): Objective {
  return { name: 'pod-hours', unit: 'pod-h', value: (k) => k.podHours };
}

export function costObjective(pricePerPodHour: number, currency = ''): Objective {
  return {
    name: 'cost',
    unit: currency || 'cost units',
    value: (k) => k.podHours * pricePerPodHour,
  };
}

/** The scenario's cost per month at its `spec.cost` prices (requests included). */
export function scenarioCostObjective(): Objective {
  return { name: 'cost', unit: 'USD per month', value: (k) => k.cost?.perMonth ?? NaN };
}

export interface Goals {
  constraints: Constraint[];
  objective: Objective;
}

export function thresholdFor(flag: string): Threshold | undefined {
  return THRESHOLDS.find((t) => t.flag === flag);
}

export interface ConstraintResult {
  flag: string;
  label: string;
  bound: 'max' | 'min';
  limit: number;
  value: number;
  met: boolean;
}

export function judge(kpis: Kpis, constraints: Constraint[]): ConstraintResult[] {
  return constraints.map((c) => {
    const t = thresholdFor(c.flag);
    if (!t) throw new Error(`unknown constraint "${c.flag}"`);
    const value = t.kpi(kpis);
    const met = t.bound === 'max' ? value <= c.limit : value >= c.limit;
    return { flag: c.flag, label: t.label, bound: t.bound, limit: c.limit, value, met };
  });
}

/** One run a verdict is about: its key and name (for the lines a CLI prints) and its KPIs. */
export interface JudgedRun {
  key: string;
  name: string;
  kpis: Kpis;
  /** judged over timing draws (drawn.ts): each KPI's smallest and largest value over them */
  spread?: { count: number; low: Kpis; high: Kpis };
}

export interface Verdict {
  /** each run's result for every constraint, in the runs' order */
  runs: { key: string; name: string; results: ConstraintResult[] }[];
  /** per constraint, the result of the run that does worst on it (met only when every run is) */
  worst: ConstraintResult[];
  /** every run meets every constraint */
  met: boolean;
}

/** How far a result is on the wrong side of its limit (NaN counts as worst: it never meets). */
function excess(r: ConstraintResult): number {
  if (Number.isNaN(r.value)) return Infinity;
  return r.bound === 'max' ? r.value - r.limit : r.limit - r.value;
}

/**
 * The one verdict of `cli check` and of the search (`cli tune`, the app): every constraint
 * against every judged run (the HPA's, or each federation model's total). A constraint is met
 * only when it is met in every run, so a tuned manifest meets a threshold exactly when `check`
 * of that manifest says so.
 */
export function verdict(runs: readonly JudgedRun[], constraints: Constraint[]): Verdict {
  if (runs.length === 0) return { runs: [], worst: [], met: false };
  const judged = runs.map((r) => ({
    key: r.key,
    name: r.name,
    results: judge(r.kpis, constraints),
  }));
  const worst = constraints.map((_, i) => {
    let pick = judged[0]!.results[i]!;
    for (const r of judged) if (excess(r.results[i]!) > excess(pick)) pick = r.results[i]!;
    return pick;
  });
  return { runs: judged, worst, met: worst.every((r) => r.met) };
}

/**
 * How far a run is from meeting every constraint: 0 when it meets them all, otherwise the sum of
 * each miss relative to its limit (so a near miss ranks above a wide one).
 */
export function violation(results: ConstraintResult[]): number {
  let sum = 0;
  for (const r of results) {
    if (r.met) continue;
    sum += Math.abs(r.value - r.limit) / Math.max(Math.abs(r.limit), 1);
  }
  return sum;
}
