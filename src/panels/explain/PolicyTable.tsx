// Each scaling policy of the direction in play: its period, the scale events counted in it, the
// replica count at the period's start and the limit it allows; the one selectPolicy picked.

import type { PolicyModel } from '../../explain/limits.ts';

export function PolicyTable({ p }: { p: PolicyModel }) {
  if (!p.rows.length) return null;
  return (
    <table className="policy-table">
      <caption className="visually-hidden">Scaling policies ({p.direction})</caption>
      <thead>
        <tr>
          <th scope="col">Policy</th>
          <th scope="col">Events counted</th>
          <th scope="col">Period start</th>
          <th scope="col">Allows</th>
        </tr>
      </thead>
      <tbody>
        {p.rows.map((r, i) => (
          <tr key={i} className={r.picked ? 'is-picked' : undefined}>
            <td>
              {r.type} {r.value}
              {r.type === 'Percent' ? '%' : ''} / {r.periodSeconds} s
            </td>
            <td>{r.eventsText}</td>
            <td>{r.periodStartReplicas}</td>
            <td title={r.formula}>
              <strong>{r.proposed}</strong>
              {r.picked ? <span className="pill pill-accent">picked</span> : null}
              <div className="policy-formula">{r.formula}</div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
