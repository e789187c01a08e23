// The selected sync in the multi-cluster run: where every cluster stood (replicas, Pending pods,
// the member HPA's bounds, its share of the load), and whether the control plane acted. What it
// did is answered in the docked explanation (ControlPlaneAnswer: a plain sentence, then the rule
// and its arithmetic), not here.

import { formatElapsed } from '../../format/timeAxis.ts';
import type { FederationModelView } from '../../store/index.ts';
import { clusterRows, eventsAt, KIND_LABEL, lastEventBefore } from './detail.ts';

export function ClusterDetail(props: {
  model: FederationModelView;
  selectedSync: number | null;
  onSelectSync(index: number): void;
}) {
  const m = props.model;
  const k = props.selectedSync;
  if (k === null || k >= m.time.length) {
    return (
      <p className="cl-hint">
        Click a lane or an event marker (or any chart) to see where every cluster stood and which
        control-plane rule acted.
      </p>
    );
  }
  const rows = clusterRows(m, k);
  const here = eventsAt(m.events, k);
  const last = here.length === 0 ? lastEventBefore(m.events, k) : null;
  const proposal = m.model === 'proposal';
  return (
    <section className="cl-detail" aria-label="Clusters at the selected sync">
      <h3>
        At {formatElapsed(m.time[k]!, true)} <span className="cl-muted">(sync {k})</span>
      </h3>
      <table className="cl-table">
        <thead>
          <tr>
            <th scope="col">cluster</th>
            <th scope="col">replicas</th>
            <th scope="col">ready</th>
            <th scope="col" title="Pending pods (of which with no node: the cluster is full)">
              Pending
            </th>
            {proposal ? (
              <th scope="col" title="the member HPA's minReplicas/maxReplicas">
                HPA min/max
              </th>
            ) : null}
            <th scope="col" title="share of the demand routed to this cluster">
              load
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name} className={r.failed ? 'failed' : undefined}>
              <th scope="row">{r.name}</th>
              {r.failed ? (
                <td colSpan={proposal ? 5 : 4} className="cl-failed-cell">
                  failed: unreachable, its pods do not serve
                </td>
              ) : (
                <>
                  <td>{r.replicas}</td>
                  <td>{r.ready}</td>
                  <td>
                    {r.pending}
                    {r.noNode > 0 ? ` (${r.noNode} no node)` : ''}
                  </td>
                  {proposal ? (
                    <td>{r.bounds ? `${r.bounds.min}/${r.bounds.max}` : 'no HPA'}</td>
                  ) : null}
                  <td>{r.sharePercent === null ? '–' : `${r.sharePercent} %`}</td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {here.length > 0 ? (
        <p className="cl-acted">
          The control plane acted: {here.map((e) => KIND_LABEL[e.kind]).join(', ')}. What it did is
          explained beside the charts.
        </p>
      ) : (
        <p className="cl-muted">
          {proposal
            ? 'No control-plane action at this sync: each member HPA scaled its own cluster within its bounds.'
            : 'No division at this sync: the FederatedHPA kept the total, so the scheduler kept the assignment.'}{' '}
          {last ? (
            <button type="button" className="cl-link" onClick={() => props.onSelectSync(last.sync)}>
              Last action: {KIND_LABEL[last.kind]} at {formatElapsed(last.time, true)}
            </button>
          ) : null}
        </p>
      )}
    </section>
  );
}
