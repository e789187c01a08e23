// The control plane's cluster events as markers on the run's time axis (the lanes' axis): one
// button per sync with events, coloured by what happened (trouble, a quota move, a division).
// Clicking one selects its sync, so the panel below says which rule acted and how it divided.
// The axis is the lanes' (the charts' zoom): markers outside it are not drawn.

import { formatElapsed } from '../../format/timeAxis.ts';
import type { ClusterEvent } from '../../run/index.ts';
import { KIND_LABEL, kindClass } from './detail.ts';

export function EventTimeline(props: {
  events: readonly ClusterEvent[];
  /** the time range shown: the charts' zoom, or the whole run */
  domain: [number, number];
  selectedSync: number | null;
  onSelectSync(index: number): void;
}) {
  // Several events of one sync share one marker (the detail lists them all).
  const bySync = new Map<number, ClusterEvent[]>();
  for (const e of props.events) {
    const at = bySync.get(e.sync);
    if (at) at.push(e);
    else bySync.set(e.sync, [e]);
  }
  const worst = (es: ClusterEvent[]) => {
    const classes = es.map((e) => kindClass(e.kind));
    for (const c of ['trouble', 'move', 'division'] as const) if (classes.includes(c)) return c;
    return 'other';
  };
  return (
    <div className="cl-timeline" role="group" aria-label="Cluster events">
      <span className="cl-timeline-label">events</span>
      <div className="cl-track">
        {[...bySync.entries()].map(([sync, es]) => {
          const t = es[0]!.time;
          const [t0, t1] = props.domain;
          if (t < t0 || t > t1) return null;
          const what = es.map((e) => KIND_LABEL[e.kind]).join(', ');
          const left = t1 > t0 ? ((t - t0) / (t1 - t0)) * 100 : 0;
          return (
            <button
              key={sync}
              type="button"
              className={`cl-marker ${worst(es)}`}
              style={{ left: `${left}%` }}
              aria-pressed={props.selectedSync === sync}
              aria-label={`${formatElapsed(t, true)}: ${what}`}
              title={`${formatElapsed(t, true)}: ${es.map((e) => e.message).join('; ')}`}
              data-kinds={es.map((e) => e.kind).join(' ')}
              onClick={() => props.onSelectSync(sync)}
            />
          );
        })}
      </div>
    </div>
  );
}
