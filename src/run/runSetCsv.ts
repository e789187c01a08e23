// Every run of a run set as one CSV (issue 21): a row per run and sync, led by the run's identity
// (its RunKey, kind, group and label: src/run/runKey.ts), then each per-sync series of the engine
// (SYNC_F64_KEYS, in its order). The HPA's run, its variants, every federation model's member
// HPAs and totals and a variant's member runs all land in one long table a spreadsheet or a
// notebook filters by `run`. Shared by the app's export (the worker) and `cli run --format
// runs-csv`, so both write the same file.

import { SYNC_F64_KEYS } from '../engine/simulation/seriesShape.ts';
import type { SimulationSeries } from '../engine/simulation/seriesShape.ts';
import type { RunIdentity } from './types.ts';

/** A run of the set with its series (failed runs are left out by the callers). */
export interface RunSetCsvRun extends Pick<RunIdentity, 'key' | 'kind' | 'group' | 'label'> {
  result: { series: Pick<SimulationSeries, (typeof SYNC_F64_KEYS)[number]> };
}

/** RFC 4180: quoted when it holds a comma, a quote or a line end. */
function text(v: string): string {
  return /[",\n\r]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
}

/** NaN (not computed, e.g. a federation total's own sync series) is an empty cell. */
function num(v: number | undefined): string {
  return v === undefined || Number.isNaN(v) ? '' : String(v);
}

export const RUN_SET_CSV_HEAD = ['run', 'kind', 'group', 'label', ...SYNC_F64_KEYS];

/** The runs in their set's order; `\n` line ends and a final one. */
export function runSetToCsv(runs: readonly RunSetCsvRun[]): string {
  const rows = [RUN_SET_CSV_HEAD.join(',')];
  for (const r of runs) {
    const id = [r.key, r.kind, r.group, r.label].map(text).join(',');
    const s = r.result.series;
    const columns = SYNC_F64_KEYS.map((k) => s[k]);
    for (let i = 0; i < s.time.length; i++)
      rows.push(`${id},${columns.map((c) => num(c[i])).join(',')}`);
  }
  return `${rows.join('\n')}\n`;
}
