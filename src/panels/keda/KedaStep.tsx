// KEDA's step at the selected sync, before the HPA's chain: each trigger as the polling loop read
// it (value against its activation threshold), the verdict, the cooldown left, the fallback's
// count, what KEDA wrote, and the ScaledObject as `kubectl describe scaledobject` shows it.

import type { KedaSyncRecord, KedaTriggerRead } from '../../run/index.ts';
import { formatElapsed } from '../../format/timeAxis.ts';
import { ConditionsTable } from '../explain/ConditionsTable.tsx';
import { PHASE_LABEL } from './phases.ts';
import './keda.css';

function num(x: number): string {
  return Number.isInteger(x) ? String(x) : String(Number(x.toFixed(3)));
}

function verdict(r: KedaTriggerRead): string {
  if (r.error !== null)
    return r.fallback
      ? `failed ${r.failures}× → fallback (counts as active)`
      : `failed ${r.failures}×`;
  return r.scalerActive ? `> ${num(r.activation)}: active` : `≤ ${num(r.activation)}: inactive`;
}

export function KedaStep({ keda }: { keda: KedaSyncRecord }) {
  const c = keda.check;
  return (
    <section className="keda-step" aria-label="KEDA's step">
      <h3 className="explain-h3">
        KEDA&rsquo;s step{' '}
        <span className={`keda-pill keda-${keda.phase}`}>{PHASE_LABEL[keda.phase]}</span>
      </h3>
      {c ? (
        <>
          <p className="muted">
            polling loop at {formatElapsed(c.time, true)}
            {keda.checksSince === 0 ? ' (no poll since the last sync)' : ''}
          </p>
          <table className="keda-reads">
            <thead>
              <tr>
                <th scope="col">Trigger</th>
                <th scope="col">Value</th>
                <th scope="col">Activation</th>
              </tr>
            </thead>
            <tbody>
              {c.reads.map((r) => (
                <tr key={r.metric}>
                  <td title={r.metric}>{r.trigger}</td>
                  <td>{r.value === null ? '—' : num(r.value)}</td>
                  <td>{verdict(r)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {c.composite !== null ? <p>formula → composite-metric {num(c.composite)}</p> : null}
          <p>
            {c.isActive
              ? `Active: ${c.activeTriggers.join(', ') || 'forced'}`
              : c.reads.length === 0
                ? 'Active: only cpu/memory triggers'
                : 'Inactive: every trigger at or below its activation'}
            {c.cooldownLeft !== null
              ? `; cooling down, ${num(Math.max(0, c.cooldownLeft))} s left`
              : ''}
          </p>
        </>
      ) : null}
      {keda.writes.length > 0 ? (
        <ul className="keda-writes">
          {keda.writes.map((w, i) => (
            <li key={i}>
              <strong>
                {w.from} → {w.to}
              </strong>{' '}
              by KEDA at {formatElapsed(w.time, true)} ({w.writer})
            </li>
          ))}
        </ul>
      ) : null}
      <details className="explain-describe" open>
        <summary className="explain-h3">kubectl describe scaledobject</summary>
        <ConditionsTable conditions={keda.conditions} label="ScaledObject conditions" />
        {keda.events.length > 0 ? (
          <ul className="keda-events">
            {keda.events.map((e, i) => (
              <li key={i}>
                {e.type} {e.reason}: {e.message}
              </li>
            ))}
          </ul>
        ) : null}
        {keda.lastActiveTime !== null ? (
          <p className="muted">Last Active Time: {formatElapsed(keda.lastActiveTime, true)}</p>
        ) : null}
      </details>
    </section>
  );
}
