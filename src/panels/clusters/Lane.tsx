// One cluster's lane: replicas (spec) as a step line, ready pods, Pending pods stacked on the
// ready ones (the part with no node darker), the member HPA's min/max as a band, the cluster's
// size as a dashed line, its failure shaded, the time axis' grid lines and the selected sync.
// Plain SVG stretched to the lane's width (labels are HTML beside it, so text never stretches);
// paths from the plot kit's geometry over the lanes' shared rows. Hovering moves one cursor
// across every lane (the kit's hover store, so the plot never re-renders) and shows this lane's
// values at that sync; a click selects it.

import { memo, useId, useRef, type MouseEvent } from 'react';
import { areaPath, linePath, nearestRow, type PlotRow } from '../../plot/geometry.ts';
import type { HoverStore } from '../../plot/hover.ts';
import { LaneHover } from './LaneHover.tsx';
import { laneSummary } from './laneSummary.ts';
import { intervals, LANE_H, LANE_W, laneX, laneY, rowKey, type LaneSeries } from './lanes.ts';

export interface LaneProps {
  lane: LaneSeries;
  /** the lane's index: its row keys */
  k: number;
  rows: readonly PlotRow[];
  time: Float64Array;
  domain: readonly [number, number];
  yMax: number;
  /** the time axis' ticks, drawn as grid lines */
  ticks: readonly number[];
  /** the selected sync (null: none) */
  selected: number | null;
  focused: boolean;
  /** the shared rows' hovered index, and which lane the pointer is over */
  hover: HoverStore;
  hoverLane: HoverStore;
  onPick(row: PlotRow, lane: string): void;
}

/** SVG numbers to a tenth (a stable attribute, a shorter path). */
const tenth = (v: number) => Math.round(v * 10) / 10;

/** Memoized: a lane redraws when its rows, range or selection change, never on hover. */
export const Lane = memo(function Lane(p: LaneProps) {
  const { lane, k, rows, domain } = p;
  const x = laneX(domain);
  const y = laneY(p.yMax);
  const frame = useRef(0);
  const summaryId = useId();
  const inView = (t: number) => t >= domain[0] && t <= domain[1];
  const capY = lane.capacity === null ? null : tenth(y(lane.capacity));
  const cursor = p.selected === null ? undefined : p.time[p.selected];
  const rowAt = (e: MouseEvent<SVGSVGElement>): number => {
    const box = e.currentTarget.getBoundingClientRect();
    if (!(box.width > 0)) return -1;
    const f = Math.min(1, Math.max(0, (e.clientX - box.left) / box.width));
    return nearestRow(rows, domain[0] + f * (domain[1] - domain[0]));
  };
  const onMove = (e: MouseEvent<SVGSVGElement>) => {
    const r = rowAt(e);
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      p.hover.set(r < 0 ? null : r);
      p.hoverLane.set(p.k);
    });
  };
  const onLeave = () => {
    cancelAnimationFrame(frame.current);
    p.hover.set(null);
    p.hoverLane.set(null);
  };
  const onClick = (e: MouseEvent<SVGSVGElement>) => {
    const r = rowAt(e);
    if (r >= 0) p.onPick(rows[r]!, lane.key);
  };
  const get = (key: string) => (row: PlotRow) => row[key];
  return (
    <div
      className={p.focused ? 'cl-lane focused' : 'cl-lane'}
      data-cluster={lane.key}
      data-focused={p.focused || undefined}
    >
      <div className="cl-label">
        <strong>{lane.label}</strong>
        {/* One line per part ("CA nodes ≤ 4", "weight 3"), so a narrow column cuts none of them. */}
        <span className="cl-sub" title={lane.subTitle ?? lane.sub}>
          {lane.sub.split(' · ').map((part) => (
            <span key={part}>{part}</span>
          ))}
        </span>
        <SelectedValues lane={lane} selected={p.selected} />
      </div>
      <div className="cl-plot-cell">
        <svg
          className="cl-plot"
          viewBox={`0 0 ${LANE_W} ${LANE_H}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`${lane.label}: replicas over time`}
          aria-describedby={summaryId}
          onPointerMove={onMove}
          onPointerLeave={onLeave}
          onClick={onClick}
        >
          {p.ticks.map((t) => (
            <line
              key={t}
              className="cl-grid"
              x1={tenth(x(t))}
              x2={tenth(x(t))}
              y1={0}
              y2={LANE_H}
            />
          ))}
          {lane.failed
            ? intervals(p.time, lane.failed).map(([a, b]) => (
                <rect
                  key={a}
                  className="cl-failed"
                  x={tenth(x(a))}
                  width={Math.max(2, tenth(x(b) - x(a)))}
                  y={0}
                  height={LANE_H}
                />
              ))
            : null}
          {lane.min && lane.max ? (
            <path
              className="cl-band"
              d={areaPath(rows, get(rowKey.min(k)), get(rowKey.max(k)), x, y, true)}
            />
          ) : null}
          <path
            className="cl-pending"
            d={areaPath(rows, get(rowKey.ready(k)), get(rowKey.top(k)), x, y, true)}
          />
          {lane.noNode ? (
            <path
              className="cl-nonode"
              d={areaPath(rows, get(rowKey.noNodeFrom(k)), get(rowKey.top(k)), x, y, true)}
            />
          ) : null}
          {capY !== null && lane.capacity! <= p.yMax ? (
            <line className="cl-capacity" x1={0} x2={LANE_W} y1={capY} y2={capY} />
          ) : null}
          <path className="cl-ready" d={linePath(rows, get(rowKey.ready(k)), x, y, true)} />
          <path className="cl-spec" d={linePath(rows, get(rowKey.spec(k)), x, y, true)} />
          {cursor !== undefined && inView(cursor) ? (
            <line
              className="cl-cursor"
              x1={tenth(x(cursor))}
              x2={tenth(x(cursor))}
              y1={0}
              y2={LANE_H}
            />
          ) : null}
        </svg>
        {/* the lane in words, the selected sync included (laneSummary.ts) */}
        <span id={summaryId} className="visually-hidden">
          {laneSummary(lane, p.time, p.selected)}
        </span>
        <LaneHover
          lane={lane}
          k={k}
          rows={rows}
          domain={domain}
          hover={p.hover}
          hoverLane={p.hoverLane}
        />
      </div>
    </div>
  );
});

/** The selected sync's figures beside the lane's name. */
function SelectedValues({ lane, selected: i }: { lane: LaneSeries; selected: number | null }) {
  if (i === null || i >= lane.spec.length) return null;
  return (
    <span className="cl-now" data-testid={`lane-now-${lane.key}`}>
      {lane.failed?.[i] ? 'failed' : `${lane.spec[i]} pods`}
      {!lane.failed?.[i] && lane.pending[i]! > 0 ? ` · ${lane.pending[i]} Pending` : ''}
    </span>
  );
}
