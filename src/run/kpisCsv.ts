// Every run's KPIs as one CSV (issue 25 item 1: "the same numbers in the app, the CLI, JSON, CSV
// and check"): a row per run of the set, led by its identity (RunKey, kind, group, label), then
// every field of the engine's `Kpis` at full precision, the figures JSON carries. With timing
// draws, a row per draw of the HPA's run (column `draw`: its index) and the summary rows
// `median`, `p95` and `worst` (src/engine/simulation/drawStats.ts). Shared by the app's export
// (the worker) and `cli run --format kpis-csv`, so both write the same file.

import type { DrawStats, Kpis } from '../engine/simulation/index.ts';
import type { RunIdentity } from './types.ts';

type Cell = number | string | boolean | null | undefined;

/** The columns after the run's identity and the draw: each KPI as its JSON field names it. */
export const KPI_CSV_COLUMNS: readonly (readonly [string, (k: Kpis) => Cell])[] = [
  ['podHours', (k) => k.podHours],
  ['readyPodHours', (k) => k.readyPodHours],
  ['peakReplicas', (k) => k.peakReplicas],
  ['finalReplicas', (k) => k.finalReplicas],
  ['scaleUps', (k) => k.scaleUps],
  ['scaleDowns', (k) => k.scaleDowns],
  ['scaleEvents', (k) => k.scaleEvents],
  ['directionReversals', (k) => k.directionReversals],
  ['timeAboveTargetSeconds', (k) => k.timeAboveTargetSeconds],
  ['demand', (k) => k.demand],
  ['servedDemand', (k) => k.servedDemand],
  ['unmetDemand', (k) => k.unmetDemand],
  ['unmetDemandPercent', (k) => k.unmetDemandPercent],
  ['overloadSeconds', (k) => k.overloadSeconds],
  ['recoveryBasis', (k) => k.recovery.basis],
  ['recoveryCount', (k) => k.recovery.count],
  ['recoveryOpenAtEnd', (k) => k.recovery.openAtEnd],
  ['recoveryMaxSeconds', (k) => k.recovery.maxSeconds],
  ['recoveryMeanSeconds', (k) => k.recovery.meanSeconds],
  ['p95UtilizationPercent', (k) => k.p95UtilizationPercent],
  ['costPerRun', (k) => k.cost?.perRun],
  ['costPerMonth', (k) => k.cost?.perMonth],
  ['vcpuHours', (k) => k.cost?.vcpuHours],
  ['gibHours', (k) => k.cost?.gibHours],
];

export const KPIS_CSV_HEAD = [
  'run',
  'kind',
  'group',
  'label',
  'draw',
  ...KPI_CSV_COLUMNS.map((c) => c[0]),
];

/** A run of the set with its KPIs (failed runs are left out by the callers). */
export interface KpisCsvRun extends Pick<RunIdentity, 'key' | 'kind' | 'group' | 'label'> {
  result: { kpis: Kpis };
}

/** The draws of one run (its key names the run they were drawn from). */
export interface KpisCsvDraws {
  run: KpisCsvRun;
  /** each draw's index and KPIs (the worker's draws, or DrawRun's `draw.index`) */
  draws: readonly { index: number; kpis: Kpis }[];
  stats: DrawStats;
}

/** RFC 4180: quoted when it holds a comma, a quote or a line end. */
function text(v: string): string {
  return /[",\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

/** null / absent (no price, no resource metric) is an empty cell; numbers as JSON writes them. */
function cell(v: Cell): string {
  if (v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v))) return '';
  return typeof v === 'string' ? text(v) : String(v);
}

function row(r: KpisCsvRun, draw: string, k: Kpis): string {
  const id = [r.key, r.kind, r.group, r.label].map(text).join(',');
  return `${id},${draw},${KPI_CSV_COLUMNS.map(([, f]) => cell(f(k))).join(',')}`;
}

/** The runs in their set's order, then the draws; `\n` line ends and a final one. */
export function kpisToCsv(runs: readonly KpisCsvRun[], drawn: KpisCsvDraws | null = null): string {
  const rows = [KPIS_CSV_HEAD.join(',')];
  for (const r of runs) rows.push(row(r, '', r.result.kpis));
  if (drawn) {
    for (const d of drawn.draws) rows.push(row(drawn.run, String(d.index), d.kpis));
    rows.push(row(drawn.run, 'median', drawn.stats.median));
    rows.push(row(drawn.run, 'p95', drawn.stats.p95));
    rows.push(row(drawn.run, 'worst', drawn.stats.worst));
  }
  return `${rows.join('\n')}\n`;
}
