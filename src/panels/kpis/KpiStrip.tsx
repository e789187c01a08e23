// The run's KPIs in one strip: cost, replicas, churn, overload, recovery. Each figure's title
// attribute says exactly what it measures.

import type { DrawStats, Kpis } from '../../run/index.ts';
import { drawRanges, drawsCount } from './drawRange.ts';
import { formatDuration, formatElapsed } from '../../format/timeAxis.ts';
import { kpiItems } from './kpiItems.ts';
import type { SoFar } from './soFar.ts';
import './kpis.css';

export interface KpiStripProps {
  kpis: Kpis | null;
  /** the figures belong to an older version of the scenario than the one being edited */
  stale?: boolean;
  /** run length (ResultPayload.durationSeconds): shows time above target as a share */
  durationSeconds?: number;
  /** false when the scenario has no traffic curve (unmet demand does not apply) */
  hasDemand?: boolean;
  /** why the figures are not the text's (the strip's title while it is dimmed) */
  staleNote?: string;
  /**
   * the timing draws of spec.draws: their figures (a range under each tile), or that they run or
   * failed; absent: the scenario asks for none
   */
  draws?: KpiDraws | null;
  /** the node plane's bill, added to the Cost tile (kpiItems' nodeCost) */
  nodeCost?: { cost: number | null; costPerMonth: number | null } | null;
}

export type KpiDraws =
  | { kind: 'running'; count: number }
  | { kind: 'done'; stats: DrawStats; seed: number }
  | { kind: 'error'; error: string };

function drawsNote(d: KpiDraws): string {
  if (d.kind === 'running') return `Running ${drawsCount(d.count)} of the cluster's timing…`;
  if (d.kind === 'error') return `Timing draws: ${d.error}`;
  const n = d.stats.count;
  return n === 1
    ? '1 draw: the scenario as written (spec.draws.count: 1); more draws show each figure’s spread'
    : `${drawsCount(n)} of the cluster's timing (seed ${d.seed}): under each figure its median · p95 · worst; the band on the replicas chart is their spread`;
}

/**
 * The running figures up to the selected sync (playback): the page shows them in the charts'
 * bar, in the hint's place and its two lines, so selecting a sync never moves the charts; the
 * whole text is the title when it is cut short.
 */
export function SoFarLine({ f }: { f: SoFar }) {
  const head = `So far (sync ${f.index} at ${formatElapsed(f.time, true)}):`;
  const figures =
    `${f.replicas} replica${f.replicas === 1 ? '' : 's'} · peak ${f.peak} · ${f.ups} up / ${f.downs} down · ` +
    `${f.reversals} reversal${f.reversals === 1 ? '' : 's'} · ` +
    `above target ${formatDuration(f.aboveTargetSeconds)}`;
  return (
    <span className="kpi-sofar" aria-label="Figures so far" title={`${head} ${figures}`}>
      <strong>{head}</strong> {figures}
    </span>
  );
}

export function KpiStrip(props: KpiStripProps) {
  const { kpis, stale, durationSeconds, hasDemand } = props;
  if (!kpis) return null;
  const items = kpiItems(kpis, { durationSeconds, hasDemand, nodeCost: props.nodeCost ?? null });
  const draws = props.draws ?? null;
  const ranges =
    draws?.kind === 'done' ? drawRanges(draws.stats, { durationSeconds, hasDemand }) : null;
  return (
    // Stale figures are dimmed; the one badge saying why is the charts' (just below).
    <div
      className={`kpi-wrap${stale ? ' is-stale' : ''}`}
      title={stale ? (props.staleNote ?? 'stale — editing') : undefined}
    >
      <ul className="kpi-strip" aria-label="Key figures of the run">
        {items.map((k) => (
          <li
            key={k.id}
            className={`kpi${k.warn ? ' is-warn' : ''}`}
            title={ranges?.get(k.id) ? `${k.title}; ${ranges.get(k.id)!.title}` : k.title}
          >
            <span className="kpi-label">{k.label}</span>
            <span className="kpi-value">{k.value}</span>
            {k.detail ? <span className="kpi-detail">{k.detail}</span> : null}
            {ranges?.get(k.id) ? (
              <span className="kpi-range" data-kpi={k.id}>
                {ranges.get(k.id)!.text}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {draws ? (
        <p className={`kpi-draws is-${draws.kind}`} role="status" aria-label="Timing draws">
          {drawsNote(draws)}
        </p>
      ) : null}
    </div>
  );
}
