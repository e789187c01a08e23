// A rescale in time: what led up to it and how the pods followed (reaction.ts). The reaction lag
// users ask about is the wait before the write plus the pods' start, which one sync cannot show.

import { useMemo } from 'react';
import { formatDuration, formatElapsed } from '../../format/timeAxis.ts';
import type { NodeRun } from '../../run/index.ts';
import { reactionAt, type ReactionMoment, type ReactionSeries } from './reaction.ts';
import { reactionNodeWait } from './reactionNodes.ts';

function When(props: { at: ReactionMoment; onSelectSync?: (index: number) => void }) {
  const { at } = props;
  const rel =
    at.delta === 0
      ? 'this sync'
      : `${formatDuration(Math.abs(at.delta))} ${at.delta < 0 ? 'before' : 'after'}`;
  const time = formatElapsed(at.time, true);
  return (
    <>
      {props.onSelectSync ? (
        <button
          type="button"
          className="link-button"
          onClick={() => props.onSelectSync!(at.index)}
          title={`Select sync ${at.index}`}
        >
          {time}
        </button>
      ) : (
        time
      )}{' '}
      <span className="muted">({rel})</span>
    </>
  );
}

export function ReactionTimeline(props: {
  series: ReactionSeries;
  index: number;
  onSelectSync?: (index: number) => void;
  /** the run's node pool (spec.nodes): splits out the time the pods waited for a node */
  nodes?: NodeRun;
}) {
  const { series, index, onSelectSync, nodes } = props;
  const r = useMemo(() => reactionAt(series, index), [series, index]);
  const wait = useMemo(
    () => (r ? reactionNodeWait(series, index, r, nodes) : null),
    [series, index, r, nodes],
  );
  if (!r) return null;
  const up = r.direction === 'up';
  const last = series.time.length - 1;
  return (
    <section className="explain-reaction" aria-label="Around this rescale">
      <h3 className="explain-h3">Around this rescale</h3>
      <ul>
        {r.unmetSince ? (
          <li>
            Demand above what the Ready pods serve since{' '}
            <When at={r.unmetSince} onSelectSync={onSelectSync} />
          </li>
        ) : null}
        {r.askedSince ? (
          <li>
            The proposal has been {up ? 'above' : 'below'} the replicas since{' '}
            <When at={r.askedSince} onSelectSync={onSelectSync} />: stabilization, the policies or
            the replica limits held it back until this sync
          </li>
        ) : (
          <li>The metrics asked for it at this sync</li>
        )}
        <li>
          This sync writes {r.from} → <strong>{r.to}</strong>
          {up ? '; the ReplicaSet creates the pods, which schedule, start and turn Ready' : ''}
        </li>
        {wait ? (
          <li className="explain-node-wait">
            Waiting for a node: <strong>{formatDuration(wait.waitedSeconds)}</strong>
            {wait.untilReadySeconds !== null && wait.untilReadySeconds > 0
              ? ` of the ${formatDuration(wait.untilReadySeconds)} until all Ready`
              : ''}{' '}
            <span className="muted">({wait.text})</span>
          </li>
        ) : null}
        {up && r.firstReady && r.firstReady.index !== r.settled?.index ? (
          <li>
            First new pod Ready at <When at={r.firstReady} onSelectSync={onSelectSync} />
          </li>
        ) : null}
        {r.settled ? (
          <li>
            {up
              ? r.to === 1
                ? 'The pod Ready at '
                : `All ${r.to} Ready at `
              : `Down to ${r.to} Ready, none terminating, at `}
            <When at={r.settled} onSelectSync={onSelectSync} />
          </li>
        ) : r.overtakenBy ? (
          <li>
            The next rescale came at <When at={r.overtakenBy} onSelectSync={onSelectSync} />, before
            the pods had followed this one
          </li>
        ) : (
          <li>
            {up
              ? r.to === 1
                ? 'No pod Ready'
                : `Fewer than ${r.to} pods Ready`
              : `Still above ${r.to} pod${r.to === 1 ? '' : 's'}`}{' '}
            at the end of the run ({formatElapsed(series.time[last]!, true)})
          </li>
        )}
        {up && r.unmetSince ? (
          r.servedAgain ? (
            <li>
              All the demand served again at <When at={r.servedAgain} onSelectSync={onSelectSync} />
            </li>
          ) : (
            <li>Demand still unmet at the end of the run</li>
          )
        ) : null}
      </ul>
    </section>
  );
}
