// The hover layer of one cluster lane: the cursor every lane shares (the plot kit's hover store:
// moving the pointer re-renders these layers, never the lanes' paths), and, on the lane under
// the pointer, a card of its values at that sync: replicas, ready, Pending, bounds, size.

import { useSyncExternalStore } from 'react';
import { formatElapsed } from '../../format/timeAxis.ts';
import type { PlotRow } from '../../plot/geometry.ts';
import type { HoverStore } from '../../plot/hover.ts';
import { LANE_H, LANE_W, laneValues, type LaneSeries } from './lanes.ts';

export interface LaneHoverProps {
  lane: LaneSeries;
  /** the lane's index (compared with the hovered lane's) */
  k: number;
  rows: readonly PlotRow[];
  domain: readonly [number, number];
  /** the shared rows' hovered index, and which lane the pointer is over */
  hover: HoverStore;
  hoverLane: HoverStore;
}

/** The shared cursor on this lane, and this lane's values when the pointer is over it. */
export function LaneHover(p: LaneHoverProps) {
  const r = useSyncExternalStore(p.hover.subscribe, p.hover.get, p.hover.get);
  const over = useSyncExternalStore(p.hoverLane.subscribe, p.hoverLane.get, p.hoverLane.get);
  const row = r === null ? undefined : p.rows[r];
  if (!row) return null;
  const [t0, t1] = p.domain;
  const f = t1 > t0 ? (row.t - t0) / (t1 - t0) : 0;
  if (!(f >= 0 && f <= 1)) return null;
  const cx = f * LANE_W;
  return (
    <>
      <svg
        className="cl-hover"
        viewBox={`0 0 ${LANE_W} ${LANE_H}`}
        preserveAspectRatio="none"
        aria-hidden="true"
      >
        <line x1={cx} x2={cx} y1={0} y2={LANE_H} />
      </svg>
      {over === p.k ? (
        <div
          className="cl-tip"
          style={
            f > 0.5
              ? { right: `calc(${(1 - f) * 100}% + 10px)` }
              : { left: `calc(${f * 100}% + 10px)` }
          }
        >
          <strong>
            {p.lane.label} · {formatElapsed(row.t, true)}
          </strong>
          {laneValues(p.lane, row.i).map((line) => (
            <span key={line}>{line}</span>
          ))}
        </div>
      ) : null}
    </>
  );
}
