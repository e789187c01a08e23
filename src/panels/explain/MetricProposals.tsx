// Per-metric proposals: current vs target, usage ratio, pod groups with why each counted the way
// it did, the branch of the calculation and the proposal (or the error).

import { formatNumber } from '../../format/format.ts';
import type { MetricStepModel } from '../../explain/metricSteps.ts';

const GROUP_LABEL = { unready: 'unready', missing: 'missing', ignored: 'ignored' } as const;

function Names({ names }: { names: string[] }) {
  const shown = names.slice(0, 6);
  const more = names.length - shown.length;
  return (
    <span className="pod-names" title={names.join(', ')}>
      {shown.join(', ')}
      {more > 0 ? ` +${more} more` : ''}
    </span>
  );
}

export function MetricProposal({ m }: { m: MetricStepModel }) {
  return (
    <li className={`metric-proposal${m.decided ? ' is-decided' : ''}${m.error ? ' is-error' : ''}`}>
      <div className="metric-head">
        <span className="metric-label">{m.label}</span>
        {m.decided ? <span className="pill pill-accent">decided</span> : null}
        {m.error ? (
          <span className="pill pill-error">{m.error.reason}</span>
        ) : (
          <span className="metric-proposal-value">
            → <strong>{m.proposal}</strong>
          </span>
        )}
      </div>
      <div className="metric-facts">
        <span>
          current <strong>{m.current}</strong> vs target <strong>{m.target}</strong>
        </span>
        {m.ratio !== null ? (
          <span>
            ratio <strong>{formatNumber(m.ratio, 4)}</strong>
            {m.tolerance ? (
              <span className={m.tolerance.within ? 'within' : 'outside'}>
                {m.tolerance.within ? ' (inside tolerance)' : ' (outside tolerance)'}
              </span>
            ) : null}
          </span>
        ) : null}
        {m.readyPods !== null ? <span>{m.readyPods} ready pods</span> : null}
      </div>
      {m.podGroups.length ? (
        <ul className="pod-groups">
          {m.podGroups.map((g) => (
            <li key={g.kind}>
              <span className={`pod-group pod-group-${g.kind}`}>
                {GROUP_LABEL[g.kind]} ({g.names.length})
              </span>{' '}
              <Names names={g.names} />
              <div className="pod-why">
                {g.why}.{g.applied ? <em> {g.applied}.</em> : null}
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {m.branch ? <div className="metric-branch">branch: {m.branch}</div> : null}
      {m.formula ? <div className="metric-formula">{m.formula}</div> : null}
      {m.error?.message ? <div className="metric-error">{m.error.message}</div> : null}
    </li>
  );
}

export function MetricProposals({ metrics }: { metrics: MetricStepModel[] }) {
  if (!metrics.length) return <p className="muted">No metric was evaluated.</p>;
  return (
    <ul className="metric-proposals">
      {metrics.map((m) => (
        <MetricProposal key={m.index} m={m} />
      ))}
    </ul>
  );
}
