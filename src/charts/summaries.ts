// Each chart in words, for a screen reader (issue 27): what it shows over the run, then the
// selected sync. Pure: the text every figure's description holds (ChartFrame's `summary`).

import { replicasBefore } from '../explain/index.ts';
import { formatCount, formatNumber } from '../format/format.ts';
import { formatDuration, formatElapsed } from '../format/timeAxis.ts';
import type { ChartSeries } from './types.ts';

export interface ChartSummaries {
  replicas: string;
  /** one per metric lane, in spec.metrics order */
  metrics: string[];
  demand: string;
}

/** "1 replica", "3 replicas" (format.ts, shared with the panels' summaries) */
export const count = formatCount;

function range(values: ArrayLike<number>): { min: number; max: number; at: number } | null {
  let min = Infinity;
  let max = -Infinity;
  let at = -1;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    if (v < min) min = v;
    if (v > max) {
      max = v;
      at = i;
    }
  }
  return at < 0 ? null : { min, max, at };
}

function replicasOverall(s: ChartSeries): string {
  const n = s.time.length;
  if (n === 0) return 'Replicas: no syncs.';
  let ups = 0;
  let downs = 0;
  for (let i = 1; i < n; i++) {
    if (!s.rescaled[i]) continue;
    const before = replicasBefore(s, i);
    if (s.specReplicas[i]! > before) ups++;
    else if (s.specReplicas[i]! < before) downs++;
  }
  const r = range(s.specReplicas)!;
  const span = formatDuration(s.time[n - 1]! - s.time[0]!);
  return (
    `Replicas over ${span}: from ${count(s.specReplicas[0]!, 'replica')} to ` +
    `${count(s.specReplicas[n - 1]!, 'replica')}, peak ${formatNumber(r.max)} at ` +
    `${formatElapsed(s.time[r.at]!, true)}; ${count(ups, 'scale-up')} and ` +
    `${count(downs, 'scale-down')}; minReplicas ${s.minReplicas}, maxReplicas ${s.maxReplicas}.`
  );
}

function replicasSelected(s: ChartSeries, k: number | null): string {
  const n = s.time.length;
  if (n === 0 || k === null || k >= n) return '';
  const before = replicasBefore(s, k);
  const now = s.specReplicas[k]!;
  return (
    ` Selected: sync ${k} at ${formatElapsed(s.time[k]!, true)}, ${count(now, 'replica')}` +
    (s.rescaled[k] && before !== now ? ` (rescaled from ${formatNumber(before)})` : '') +
    `, ${formatNumber(s.readyReplicas[k]!)} ready, status.desiredReplicas ${formatNumber(s.desiredReplicas[k]!)}.`
  );
}

function metricOverall(s: ChartSeries, m: number): string {
  const info = s.metricInfo[m]!;
  const values = s.metrics[m]!;
  const unit = info.unit ? ` ${info.unit}` : '';
  const r = range(values);
  let above = 0;
  let counted = 0;
  for (let i = 0; i < values.length; i++) {
    if (Number.isNaN(values[i]!)) continue;
    counted++;
    if (values[i]! > info.target) above++;
  }
  const text = `${info.label} against its target ${formatNumber(info.target)}${unit}: `;
  return (
    text +
    (r
      ? `from ${formatNumber(r.min)} to ${formatNumber(r.max)}${unit}, above the target at ${count(above, 'sync')} of ${formatNumber(counted)}.`
      : 'no value was computed.')
  );
}

function metricSelected(s: ChartSeries, m: number, k: number | null): string {
  const info = s.metricInfo[m]!;
  const values = s.metrics[m]!;
  const unit = info.unit ? ` ${info.unit}` : '';
  if (k === null || k >= values.length) return '';
  const v = values[k]!;
  const ratio = s.ratios[m]?.[k];
  return Number.isNaN(v)
    ? ` Selected sync ${k}: no value.`
    : ` Selected sync ${k}: ${formatNumber(v)}${unit}${ratio !== undefined && !Number.isNaN(ratio) ? `, ratio ${formatNumber(ratio)}` : ''}.`;
}

const NO_TRAFFIC = 'Demand: the scenario has no traffic curve.';

function demandOverall(s: ChartSeries): string {
  const r = range(s.demand);
  if (!r) return NO_TRAFFIC;
  let asked = 0;
  let served = 0;
  for (let i = 0; i < s.demand.length; i++) {
    if (Number.isNaN(s.demand[i]!)) continue;
    asked += s.demand[i]!;
    served += Number.isNaN(s.served[i]!) ? 0 : s.served[i]!;
  }
  return (
    `Demand from ${formatNumber(r.min)} to ${formatNumber(r.max)} units/s; ` +
    `${formatNumber(asked > 0 ? (100 * served) / asked : 100)} % of it served.`
  );
}

function demandSelected(run: string, s: ChartSeries, k: number | null): string {
  // No traffic curve: the run's sentence is all there is.
  if (run === NO_TRAFFIC || k === null || k >= s.demand.length) return '';
  const cap = s.capacity[k]!;
  return (
    ` Selected sync ${k}: demand ${formatNumber(s.demand[k]!)}, served ${formatNumber(s.served[k]!)}` +
    (Number.isNaN(cap) ? '.' : `, capacity ${formatNumber(cap)}.`)
  );
}

/**
 * The charts of `s` in words over the whole run: one pass over every series, so computed once per
 * result (SimulationCharts memoizes it on the series), not at each selected sync (playback and
 * hover select one per frame).
 */
export function runSummaries(s: ChartSeries): ChartSummaries {
  return {
    replicas: replicasOverall(s),
    metrics: s.metricInfo.map((_, m) => metricOverall(s, m)),
    demand: demandOverall(s),
  };
}

/** `run` (runSummaries of `s`) with the selected sync `k` (null: none) said: constant time. */
export function withSelected(
  run: ChartSummaries,
  s: ChartSeries,
  k: number | null,
): ChartSummaries {
  if (k === null) return run;
  return {
    replicas: run.replicas + replicasSelected(s, k),
    metrics: run.metrics.map((text, m) => text + metricSelected(s, m, k)),
    demand: run.demand + demandSelected(run.demand, s, k),
  };
}

/** The charts of `s` in words, with the selected sync `k` (null: none). */
export function chartSummaries(s: ChartSeries, k: number | null): ChartSummaries {
  return withSelected(runSummaries(s), s, k);
}
