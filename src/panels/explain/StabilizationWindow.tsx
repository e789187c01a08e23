// The stabilization window's stored recommendations as a compact timeline (runs of equal values
// merged), the winning value highlighted, with both window lengths.

import { formatElapsed } from '../../format/timeAxis.ts';
import { groupEntries, type StabilizationModel } from '../../explain/stabilization.ts';

export function StabilizationWindow({ s }: { s: StabilizationModel }) {
  const runs = groupEntries(s.entries.filter((e) => e.inDownWindow || e.inUpWindow));
  return (
    <div className="stab">
      <dl className="stab-facts">
        <div>
          <dt>proposal</dt>
          <dd>{s.proposal}</dd>
        </div>
        <div>
          <dt>current</dt>
          <dd>{s.current}</dd>
        </div>
        {s.upRecommendation !== null ? (
          <div>
            <dt>min of up-window ({s.upWindowSeconds} s)</dt>
            <dd>{s.upRecommendation}</dd>
          </div>
        ) : null}
        {s.downRecommendation !== null ? (
          <div>
            <dt>max of down-window ({s.downWindowSeconds} s)</dt>
            <dd>{s.downRecommendation}</dd>
          </div>
        ) : null}
        <div>
          <dt>stabilized</dt>
          <dd>
            <strong>{s.result}</strong>
          </dd>
        </div>
      </dl>
      {runs.length ? (
        <>
          <div className="stab-caption">
            Recommendations in the window
            {s.holdsUntil !== null ? (
              <span className="muted">
                {' '}
                · the winning value votes until {formatElapsed(s.holdsUntil, true)}
              </span>
            ) : null}
          </div>
          <ol className="stab-runs" aria-label="Stored recommendations, oldest first">
            {runs.map((r, k) => (
              <li
                key={k}
                className={`stab-run${r.winner ? ' is-winner' : ''}`}
                title={`${r.count} recommendation${r.count > 1 ? 's' : ''}${r.inUpWindow ? ' · in the up-window' : ''}${r.inDownWindow ? ' · in the down-window' : ''}${r.winner ? ' · the winning value' : ''}`}
              >
                <span className="stab-run-time">
                  {formatElapsed(r.from, true)}
                  {r.count > 1 ? `–${formatElapsed(r.to, true)}` : ''}
                </span>
                <span className="stab-run-value">
                  {r.replicas}
                  {r.count > 1 ? <span className="muted"> ×{r.count}</span> : null}
                </span>
              </li>
            ))}
            <li
              className="stab-run is-proposal"
              title="this sync's proposal (stored after the step)"
            >
              <span className="stab-run-time">now</span>
              <span className="stab-run-value">{s.proposal}</span>
            </li>
          </ol>
        </>
      ) : s.legacy ? (
        <p className="muted">
          Without behavior the trace does not list the window; the result is the highest of the
          proposal and the stored recommendations not older than {s.downWindowSeconds} s.
        </p>
      ) : null}
    </div>
  );
}
