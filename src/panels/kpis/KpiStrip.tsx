// The run's KPIs in one strip: cost, replicas, churn, overload, recovery. Each figure's title
// attribute says exactly what it measures.

import type { Kpis } from '../../engine/simulation/index.ts';
import { kpiItems } from './kpiItems.ts';
import './kpis.css';

export interface KpiStripProps {
  kpis: Kpis | null;
  /** the figures belong to an older version of the scenario than the one being edited */
  stale?: boolean;
  /** run length (ResultPayload.durationSeconds): shows time above target as a share */
  durationSeconds?: number;
  /** false when the scenario has no traffic curve (unmet demand does not apply) */
  hasDemand?: boolean;
}

export function KpiStrip({ kpis, stale, durationSeconds, hasDemand }: KpiStripProps) {
  if (!kpis) return null;
  const items = kpiItems(kpis, { durationSeconds, hasDemand });
  return (
    <div className={`kpi-wrap${stale ? ' is-stale' : ''}`}>
      <ul className="kpi-strip" aria-label="Key figures of the run">
        {items.map((k) => (
          <li key={k.id} className={`kpi${k.warn ? ' is-warn' : ''}`} title={k.title}>
            <span className="kpi-label">{k.label}</span>
            <span className="kpi-value">{k.value}</span>
            {k.detail ? <span className="kpi-detail">{k.detail}</span> : null}
          </li>
        ))}
      </ul>
      {stale ? (
        <span className="kpi-stale" role="status">
          stale — editing
        </span>
      ) : null}
    </div>
  );
}
