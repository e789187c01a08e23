// The control plane's cluster events as markers on the lanes' time axis (the charts' zoom): one
// button per sync with events, coloured by what happened (trouble, a quota move, a division).
// Markers never overlap: one closer to its neighbour than a marker's width goes to a second row,
// and past that it joins the nearest marker, which shows how many syncs it stands for (the plot
// kit's placeMarkers). Clicking one selects its (first) sync, so the panel below says which rule
// acted and how it divided. Markers outside the axis are not drawn.

import { formatElapsed } from '../../format/timeAxis.ts';
import { placeMarkers, rowsUsed } from '../../plot/markers.ts';
import type { ClusterEvent } from '../../run/index.ts';
import { KIND_LABEL, kindClass } from './detail.ts';

/** A marker's box in px (a 24 px target, the dot drawn inside it), and the rows it may stack in. */
export const MARKER_PX = 24;
const MAX_ROWS = 2;

interface SyncEvents {
  sync: number;
  time: number;
  events: ClusterEvent[];
}

const worst = (es: readonly ClusterEvent[]) => {
  const classes = es.map((e) => kindClass(e.kind));
  for (const c of ['trouble', 'move', 'division'] as const) if (classes.includes(c)) return c;
  return 'other';
};

const what = (s: SyncEvents) => s.events.map((e) => KIND_LABEL[e.kind]).join(', ');

export function EventTimeline(props: {
  events: readonly ClusterEvent[];
  /** the time range shown: the charts' zoom, or the whole run */
  domain: readonly [number, number];
  /** the track's width in px (0 before it is measured: one row, nothing merged) */
  width: number;
  selectedSync: number | null;
  onSelectSync(index: number): void;
}) {
  const [t0, t1] = props.domain;
  // Several events of one sync share one marker (the detail lists them all).
  const bySync: SyncEvents[] = [];
  for (const e of props.events) {
    if (e.time < t0 || e.time > t1) continue;
    const last = bySync[bySync.length - 1];
    if (last && last.sync === e.sync) last.events.push(e);
    else bySync.push({ sync: e.sync, time: e.time, events: [e] });
  }
  const fraction = (t: number) => (t1 > t0 ? (t - t0) / (t1 - t0) : 0);
  const placed =
    props.width > 0
      ? placeMarkers(
          bySync.map((s) => ({ x: fraction(s.time) * props.width, item: s })),
          MARKER_PX,
          MAX_ROWS,
        )
      : bySync.map((s) => ({ x: 0, row: 0, items: [s] }));
  const rows = rowsUsed(placed);
  return (
    <div className="cl-timeline" role="group" aria-label="Cluster events">
      <span className="cl-timeline-label">events</span>
      <div className="cl-track" style={{ height: rows * MARKER_PX }}>
        {placed.map(({ row, items }) => {
          const first = items[0]!;
          const more = items.slice(1);
          const label =
            `${formatElapsed(first.time, true)}: ${what(first)}` +
            (more.length
              ? ` (and ${more.length} more: ${more.map((s) => `${formatElapsed(s.time, true)}: ${what(s)}`).join('; ')}), ${items.length} syncs`
              : '');
          const all = items.flatMap((s) => s.events);
          return (
            <button
              key={first.sync}
              type="button"
              className={`cl-marker ${worst(all)}`}
              style={{ left: `${fraction(first.time) * 100}%`, top: row * MARKER_PX }}
              aria-pressed={items.some((s) => s.sync === props.selectedSync)}
              aria-label={label}
              title={items
                .map(
                  (s) =>
                    `${formatElapsed(s.time, true)}: ${s.events.map((e) => e.message).join('; ')}`,
                )
                .join('\n')}
              data-kinds={all.map((e) => e.kind).join(' ')}
              data-count={items.length > 1 ? items.length : undefined}
              onClick={() => props.onSelectSync(first.sync)}
            >
              {items.length > 1 ? <span className="cl-count">{items.length}</span> : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}
