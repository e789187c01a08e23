// `--draws N [--seed S] [--percentile P]` for `run`, `check` and `tune`: read and checked here,
// printed as text (median, 95th percentile and worst of each KPI) or as JSON (every draw).

import type { DrawsResult } from '../run/index.ts';
import { drawsProblem, percentileProblem } from '../run/index.ts';
import type { Kpis } from '../engine/simulation/index.ts';

export interface DrawsAsked {
  count: number;
  seed: number;
  /** the percentile of the draws a gate or goal reads (default 100: the worst draw) */
  percentile: number;
}

/** The flags' values, a usage message, or null without --draws. */
export function readDraws(values: Record<string, unknown>): DrawsAsked | string | null {
  const count = values.draws;
  const seed = values.seed ?? 1;
  const p = values.percentile;
  if (count === undefined) {
    if (p !== undefined) return '--percentile reads the draws: add --draws N';
    return null;
  }
  const bad = drawsProblem(count);
  if (bad) return bad;
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    return `--seed takes a whole number from 0 to 4294967295, got ${String(seed)}`;
  if (p !== undefined) {
    const badP = percentileProblem(p);
    if (badP) return badP;
  }
  return { count: count as number, seed, percentile: (p as number | undefined) ?? 100 };
}

type Drawn = DrawsResult & { ok: true };

/** JSON: the summary and one entry per draw (its phases and KPIs). */
export function drawsJson(d: Drawn): Record<string, unknown> {
  return {
    drawSummary: {
      count: d.stats.count,
      seed: d.seed,
      median: d.stats.median,
      p95: d.stats.p95,
      worst: d.stats.worst,
    },
    draws: d.draws.map(({ draw, kpis }) => ({ ...draw, kpis })),
  };
}

const ROWS: [string, (k: Kpis) => number | null][] = [
  ['unmet demand (%)', (k) => k.unmetDemandPercent],
  ['overloaded (s)', (k) => k.overloadSeconds],
  ['longest recovery (s)', (k) => k.recovery.maxSeconds],
  ['time above target (s)', (k) => k.timeAboveTargetSeconds],
  ['pod-hours', (k) => k.podHours],
  ['peak replicas', (k) => k.peakReplicas],
  ['scale events', (k) => k.scaleEvents],
  ['reversals', (k) => k.directionReversals],
  ['p95 utilization (%)', (k) => k.p95UtilizationPercent],
];

/** Text: each KPI's median, 95th percentile and worst over the draws. */
export function drawsText(d: Drawn): string {
  const { median, p95, worst, count } = d.stats;
  const fmt = (v: number | null) => (v === null ? '—' : String(v));
  const lines = [
    `timing draws: ${count === 1 ? '1 draw' : `${count} draws`} (seed ${d.seed}; draw 0 is the scenario as written, the others draw the scrape and sync phases, and with nodes or start-up ranges what each node and pod leaves to chance)`,
    `  ${'KPI'.padEnd(24)}${'median'.padStart(12)}${'p95'.padStart(12)}${'worst'.padStart(12)}`,
  ];
  for (const [label, f] of ROWS)
    lines.push(
      `  ${label.padEnd(24)}${fmt(f(median)).padStart(12)}${fmt(f(p95)).padStart(12)}${fmt(f(worst)).padStart(12)}`,
    );
  return lines.join('\n');
}

/** "the worst of 16 draws", "p95 of 16 draws": what a gated value is. */
export function drawsLabel(d: DrawsAsked): string {
  const of = d.count === 1 ? '1 draw' : `${d.count} draws`;
  return d.percentile === 100 ? `the worst of ${of}` : `p${d.percentile} of ${of}`;
}
