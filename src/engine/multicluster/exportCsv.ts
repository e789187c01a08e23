// The series of a multi-cluster run as CSV: one row per model and sync, with each member
// cluster's columns (replicas, member-HPA min/max, Pending, no node, ready, failed) then the
// total's. Shared by `cli run --format csv` and the app's export (the worker), so both write the
// same file, as resultToCsv is for single-cluster runs.

import type { FederationRun } from './result.ts';

function cell(v: number): string {
  return Number.isFinite(v) ? String(v) : '';
}

/** A header cell: RFC 4180 quoting when the cluster name needs it. */
function head(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const MEMBER_COLUMNS = ['replicas', 'min', 'max', 'pending', 'noNode', 'ready', 'failed'];
const TOTAL_COLUMNS = ['replicas', 'pending', 'ready', 'demand', 'served', 'capacity'];

/**
 * Every run must share the member list (the models of one scenario do). Empty cells: a member
 * with no HPA (min/max), no traffic (demand, served), no pod capacity (capacity).
 */
export function federationToCsv(runs: FederationRun[]): string {
  const first = runs[0];
  if (!first) return '';
  const names = first.members.map((m) => m.name);
  const columns = ['model', 'time'];
  for (const n of names) for (const c of MEMBER_COLUMNS) columns.push(head(`${n}.${c}`));
  for (const c of TOTAL_COLUMNS) columns.push(`total.${c}`);
  const rows = [columns.join(',')];
  for (const run of runs) {
    const t = run.total.series;
    for (let k = 0; k < t.time.length; k++) {
      const cells = [run.model, cell(t.time[k]!)];
      for (const m of run.members) {
        const s = m.result.series;
        cells.push(
          cell(s.specReplicas[k]!),
          cell(m.minReplicas[k]!),
          cell(m.maxReplicas[k]!),
          cell(s.pendingReplicas[k]!),
          cell(m.unschedulable[k]!),
          cell(s.readyReplicas[k]!),
          String(m.failed[k] ?? 0),
        );
      }
      cells.push(
        cell(t.specReplicas[k]!),
        cell(t.pendingReplicas[k]!),
        cell(t.readyReplicas[k]!),
        cell(t.demand[k]!),
        cell(t.served[k]!),
        cell(t.capacity[k]!),
      );
      rows.push(cells.join(','));
    }
  }
  return rows.join('\n') + '\n';
}
