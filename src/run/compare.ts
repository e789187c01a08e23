// The KPI comparison of a scenario's runs (the HPA and its variants) as plain data: one row per
// KPI with each run's value, the difference from the HPA, and which run is better. The CLI's
// table, the app's comparison table and the Markdown export for a pull request all read it, so
// they cannot disagree on a figure or on which value wins. Pure; types only from the engine.

import type { Kpis } from '../engine/simulation/index.ts';

/** What the comparison needs of a run. */
export interface ComparedRun {
  key: string;
  name: string;
  role: string;
  kpis: Kpis;
}

/** lower / higher: that direction is better; null: a fact with no better side. */
export type Better = 'lower' | 'higher' | null;

export interface KpiRow {
  id: string;
  label: string;
  /** short unit for headers: "USD", "%", "s", "" */
  unit: string;
  better: Better;
  /** one per run, in run order; null: the run has no such figure */
  values: (number | null)[];
  /** the values as printed */
  cells: string[];
  /** per run, its value minus the HPA's (run 0), as printed; '' for the HPA itself */
  deltas: string[];
  /** indexes of the runs holding the best value; empty when all equal or no better side */
  best: number[];
}

interface KpiDef {
  id: string;
  label: string;
  unit: string;
  better: Better;
  value: (k: Kpis) => number | null;
  digits: number;
  /** shown only when some run has the figure (cost needs prices, utilization a resource metric) */
  optional?: boolean;
}

export const COMPARED_KPIS: readonly KpiDef[] = [
  {
    id: 'costPerMonth',
    label: 'cost per month',
    unit: 'USD',
    better: 'lower',
    value: (k) => k.cost?.perMonth ?? null,
    digits: 2,
    optional: true,
  },
  {
    id: 'costPerRun',
    label: 'cost this run',
    unit: 'USD',
    better: 'lower',
    value: (k) => k.cost?.perRun ?? null,
    digits: 2,
    optional: true,
  },
  {
    id: 'podHours',
    label: 'pod-hours',
    unit: '',
    better: 'lower',
    value: (k) => k.podHours,
    digits: 1,
  },
  {
    id: 'unmetDemandPercent',
    label: 'unmet demand',
    unit: '%',
    better: 'lower',
    value: (k) => k.unmetDemandPercent,
    digits: 3,
  },
  {
    id: 'overloadSeconds',
    label: 'overloaded time',
    unit: 's',
    better: 'lower',
    value: (k) => k.overloadSeconds,
    digits: 0,
  },
  {
    id: 'timeAboveTargetSeconds',
    label: 'time above target',
    unit: 's',
    better: 'lower',
    value: (k) => k.timeAboveTargetSeconds,
    digits: 0,
  },
  {
    id: 'recoveryMaxSeconds',
    label: 'longest recovery',
    unit: 's',
    better: 'lower',
    value: (k) => k.recovery.maxSeconds,
    digits: 0,
  },
  {
    id: 'p95UtilizationPercent',
    label: 'p95 utilization',
    unit: '%',
    // Higher is cheaper and closer to overload: a trade-off, so neither side is marked.
    better: null,
    value: (k) => k.p95UtilizationPercent,
    digits: 0,
    optional: true,
  },
  {
    id: 'scaleEvents',
    label: 'scale events',
    unit: '',
    better: 'lower',
    value: (k) => k.scaleEvents,
    digits: 0,
  },
  {
    id: 'directionReversals',
    label: 'reversals',
    unit: '',
    better: 'lower',
    value: (k) => k.directionReversals,
    digits: 0,
  },
  {
    id: 'peakReplicas',
    label: 'peak replicas',
    unit: '',
    better: 'lower',
    value: (k) => k.peakReplicas,
    digits: 0,
  },
  {
    id: 'finalReplicas',
    label: 'final replicas',
    unit: '',
    better: null,
    value: (k) => k.finalReplicas,
    digits: 0,
  },
];

function fixed(v: number, digits: number): string {
  return v.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: digits });
}

function delta(
  v: number | null,
  base: number | null,
  digits: number,
  show: (v: number) => string,
): string {
  if (v === null || base === null) return '—';
  const d = v - base;
  // A difference smaller than the printed precision is no difference.
  if (Math.abs(d) < 0.5 * 10 ** -digits) return '±0';
  const pct = base !== 0 ? `, ${d > 0 ? '+' : '−'}${fixed(Math.abs((100 * d) / base), 0)}%` : '';
  return `${d > 0 ? '+' : '−'}${show(Math.abs(d))}${pct}`;
}

/** How a comparison prints its figures. */
export interface CompareFormat {
  /**
   * A duration in seconds as the reader's other figures show it (the app's KPI strip: "4 min
   * 30 s"); the row's unit is then left out. Absent: seconds as a number, unit "s".
   */
  duration?: (seconds: number) => string;
}

/** One row per KPI (optional ones only when some run has them), runs in the given order. */
export function compareRuns(runs: readonly ComparedRun[], format: CompareFormat = {}): KpiRow[] {
  const rows: KpiRow[] = [];
  for (const def of COMPARED_KPIS) {
    const values = runs.map((r) => def.value(r.kpis));
    if (def.optional && values.every((v) => v === null)) continue;
    const base = values[0] ?? null;
    const present = values.filter((v): v is number => v !== null);
    let best: number[] = [];
    if (def.better && present.length > 1) {
      const target = def.better === 'lower' ? Math.min(...present) : Math.max(...present);
      const close = (v: number | null) =>
        v !== null && Math.abs(v - target) < 0.5 * 10 ** -def.digits;
      if (!values.every(close)) best = values.flatMap((v, i) => (close(v) ? [i] : []));
    }
    const asDuration = def.unit === 's' ? format.duration : undefined;
    const show = asDuration ?? ((v: number) => fixed(v, def.digits));
    rows.push({
      id: def.id,
      label: def.label,
      unit: asDuration ? '' : def.unit,
      better: def.better,
      values,
      cells: values.map((v) => (v === null ? '—' : show(v))),
      deltas: values.map((v, i) => (i === 0 ? '' : delta(v, base, def.digits, show))),
      best,
    });
  }
  return rows;
}

const label = (row: KpiRow) => (row.unit ? `${row.label} (${row.unit})` : row.label);

/** The comparison as a Markdown table for a pull request: best values bold, differences beside. */
export function comparisonMarkdown(
  runs: readonly ComparedRun[],
  title = '',
  format: CompareFormat = {},
): string {
  const rows = compareRuns(runs, format);
  const esc = (s: string) => s.replace(/[|\\`*_<>[\]]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, ' ');
  const head = runs.map((r, i) => `${esc(r.name)}${i === 0 ? ' (current)' : ''}`);
  const out: string[] = [];
  if (title) out.push(`### ${esc(title)}`, '');
  out.push(`| KPI | ${head.join(' | ')} |`, `| --- |${runs.map(() => ' ---: |').join('')}`);
  for (const row of rows) {
    const cells = row.cells.map((c, i) => {
      const text = row.best.includes(i) ? `**${c}**` : c;
      return i === 0 || row.deltas[i] === '±0' ? text : `${text} (${row.deltas[i]})`;
    });
    out.push(`| ${label(row)} | ${cells.join(' | ')} |`);
  }
  out.push(
    '',
    '_Bold: the better value (lower is better, except final replicas and utilization, which are not judged). In brackets: the difference from the current HPA._',
  );
  return out.join('\n') + '\n';
}

/** The comparison as a fixed-width text table for a terminal: best values marked `*`. */
export function comparisonText(runs: readonly ComparedRun[]): string {
  const rows = compareRuns(runs);
  const header = ['KPI', ...runs.map((r) => r.name)];
  const body = rows.map((row) => [
    label(row),
    ...row.cells.map((c, i) => {
      const mark = row.best.includes(i) ? '*' : '';
      return i === 0 || row.deltas[i] === '±0' ? `${c}${mark}` : `${c}${mark} (${row.deltas[i]})`;
    }),
  ]);
  const widths = header.map((_, c) => Math.max(...[header, ...body].map((r) => r[c]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!)))
      .join('  ');
  return (
    [line(header), ...body.map(line), '* the better value; (difference from the HPA)'].join('\n') +
    '\n'
  );
}
