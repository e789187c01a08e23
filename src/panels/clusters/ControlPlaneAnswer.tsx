// What the control plane did at the selected sync, for the docked explanation: each event in one
// plain sentence first (answer.ts), then behind a disclosure the rule it follows, the engine's own
// message and the division step by step (Webster seat by seat, CeilShare, CapacityFill).

import { formatElapsed } from '../../format/timeAxis.ts';
import type { ClusterEvent } from '../../run/index.ts';
import type { FederationModelView } from '../../store/index.ts';
import { eventSentence } from './answer.ts';
import { eventsAt, KIND_LABEL, kindClass, lastEventBefore } from './detail.ts';
import './clusters.css';

function EventAnswer({ model, event }: { model: FederationModelView; event: ClusterEvent }) {
  return (
    <article className={`cl-event ${kindClass(event.kind)}`} data-kind={event.kind}>
      <p className="cl-answer-sentence">{eventSentence(model, event)}</p>
      <details>
        <summary>How: the rule, step by step</summary>
        <p>
          {KIND_LABEL[event.kind]}: <span className="cl-rule">{event.rule}</span>
        </p>
        <p>{event.message}</p>
        {event.steps.length > 0 ? (
          <ol className="cl-steps" aria-label={`Steps of ${KIND_LABEL[event.kind]}`}>
            {event.steps.map((s, i) => (
              <li key={i} className={/^\s/.test(s) ? 'nested' : undefined}>
                {s.trim()}
              </li>
            ))}
          </ol>
        ) : null}
      </details>
    </article>
  );
}

export function ControlPlaneAnswer(props: {
  model: FederationModelView;
  selectedSync: number;
  onSelectSync(index: number): void;
  /** above a member's decision chain: only the events, no heading or "nothing happened" */
  compact?: boolean;
}) {
  const { model: m, selectedSync: k } = props;
  if (k >= m.time.length) return null;
  const here = eventsAt(m.events, k);
  if (props.compact && here.length === 0) return null;
  const last = here.length === 0 ? lastEventBefore(m.events, k) : null;
  return (
    <section className="cl-answer" aria-label="What the control plane did">
      {props.compact ? (
        <h3 className="explain-h3">The control plane at this sync</h3>
      ) : (
        <h2>
          At {formatElapsed(m.time[k]!, true)} <span className="muted">(sync {k})</span>
        </h2>
      )}
      {here.map((e, i) => (
        <EventAnswer key={i} model={m} event={e} />
      ))}
      {here.length === 0 ? (
        <p>
          {m.model === 'proposal'
            ? 'No control-plane action at this sync: each member HPA scaled its own cluster within its bounds.'
            : 'No division at this sync: the FederatedHPA kept the total, so the scheduler kept the assignment.'}{' '}
          {last ? (
            <button
              type="button"
              className="link-button"
              onClick={() => props.onSelectSync(last.sync)}
            >
              Last action: {KIND_LABEL[last.kind]} at {formatElapsed(last.time, true)}
            </button>
          ) : null}
        </p>
      ) : null}
      {props.compact ? null : (
        <p className="muted">
          Click a cluster&apos;s lane (or pick one under “Explain”) to see its HPA&apos;s decision
          chain here.
        </p>
      )}
    </section>
  );
}
