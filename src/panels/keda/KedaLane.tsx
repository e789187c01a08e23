// KEDA above the charts: the KEDA version assumed, its KPIs, and a lane of its phase per sync
// (active / cooling down / inactive at zero / fallback) with its own writes marked (▼ to zero or
// idle, ▲ activation), clickable like the charts.

import { memo, useId } from 'react';
import { formatElapsed } from '../../format/timeAxis.ts';
import type { KedaPayload } from '../../worker/protocol.ts';
import { kedaSummary } from './kedaSummary.ts';
import { PHASE_HELP, PHASE_LABEL } from './phases.ts';
import './keda.css';

export interface KedaLaneProps {
  keda: KedaPayload;
  time: ArrayLike<number>;
  selectedSync: number | null;
  onSelectSync: (index: number) => void;
}

const W = 1000;
const H = 22;

function spans(keda: KedaPayload): { from: number; to: number; phase: number }[] {
  const out: { from: number; to: number; phase: number }[] = [];
  for (let k = 0; k < keda.phase.length; k++) {
    const last = out[out.length - 1];
    if (last && last.phase === keda.phase[k]) last.to = k + 1;
    else out.push({ from: k, to: k + 1, phase: keda.phase[k]! });
  }
  return out;
}

export const KedaLane = memo(function KedaLane(props: KedaLaneProps) {
  const { keda, time } = props;
  const summaryId = useId();
  const n = keda.phase.length;
  const x = (k: number) => (n <= 1 ? 0 : (k / (n - 1)) * W);
  const k = keda.kpis;
  const writes: { k: number; to: number; from: number }[] = [];
  let prev = NaN;
  for (let i = 0; i < n; i++) {
    const w = keda.write[i]!;
    if (!Number.isNaN(w)) writes.push({ k: i, to: w, from: prev });
    if (!Number.isNaN(w)) prev = w;
  }
  const used = new Set(keda.phase);
  return (
    <section className="keda-lane" aria-label="KEDA">
      <p className="keda-version">
        KEDA {keda.version} assumed: its polling loop runs around the HPA it creates (min{' '}
        {keda.minReplicas} is KEDA&rsquo;s minReplicaCount; the HPA never goes below 1).
      </p>
      <p className="keda-kpis">
        time at zero <strong>{formatElapsed(k.timeAtZeroSeconds)}</strong> · activations{' '}
        <strong>{k.activations}</strong> · longest wait at zero{' '}
        <strong>{formatElapsed(k.longestWaitAtZeroSeconds)}</strong> · in fallback{' '}
        <strong>{formatElapsed(k.fallbackSeconds)}</strong>
      </p>
      <svg
        className="keda-band"
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label="KEDA's phase at each sync, with KEDA's own writes"
        aria-describedby={summaryId}
      >
        {spans(keda).map((s) => (
          <rect
            key={s.from}
            className={`keda-${keda.phases[s.phase]}`}
            x={x(s.from)}
            width={Math.max(1, x(s.to) - x(s.from))}
            y={0}
            height={H}
            onClick={() => props.onSelectSync(s.from)}
          >
            <title>
              {PHASE_LABEL[keda.phases[s.phase]!]} from {formatElapsed(time[s.from] ?? 0, true)}
            </title>
          </rect>
        ))}
        {props.selectedSync !== null ? (
          <line
            className="keda-cursor"
            x1={x(props.selectedSync)}
            x2={x(props.selectedSync)}
            y1={0}
            y2={H}
          />
        ) : null}
      </svg>
      <span id={summaryId} className="visually-hidden">
        {kedaSummary(keda, time, props.selectedSync)}
      </span>
      <div className="keda-legend">
        {[...used].map((p) => (
          <span key={p} title={PHASE_HELP[keda.phases[p]!]}>
            <i className={`keda-swatch keda-${keda.phases[p]}`} />
            {PHASE_LABEL[keda.phases[p]!]}
          </span>
        ))}
        {writes.length > 0 ? (
          <span className="keda-writes-list">
            KEDA wrote:{' '}
            {writes.slice(0, 8).map((w) => (
              <button
                key={w.k}
                type="button"
                className="link-button"
                onClick={() => props.onSelectSync(w.k)}
              >
                {w.to === 0 || w.to < (Number.isNaN(w.from) ? Infinity : w.from) ? '▼' : '▲'} {w.to}{' '}
                at {formatElapsed(time[w.k] ?? 0, true)}
              </button>
            ))}
            {writes.length > 8 ? ` and ${writes.length - 8} more` : ''}
          </span>
        ) : null}
      </div>
    </section>
  );
});
