// The run's KPIs in one strip: cost, replicas, churn, overload, recovery. Each figure's title
// attribute says exactly what it measures.

import type { Kpis } from '../../run/index.ts';
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
  const items = kpiItems(kpis, { durationSeconds, hasDemand });
  return (
    // Stale figures are dimmed; the one badge saying why is the charts' (just below).
    <div
      className={`kpi-wrap${stale ? ' is-stale' : ''}`}
      title={stale ? (props.staleNote ?? 'stale — editing') : undefined}
    >
      <ul className="kpi-strip" aria-label="Key figures of the run">
        {items.map((k) => (
          <li key={k.id} className={`kpi${k.warn ? ' is-warn' : ''}`} title={k.title}>
            <span className="kpi-label">{k.label}</span>
            <span className="kpi-value">{k.value}</span>
            {k.detail ? <span className="kpi-detail">{k.detail}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
