// One lane per member cluster and one for the total, on one time axis: replicas (spec) as a
// step line, ready pods, Pending pods stacked on the ready ones (the part with no node darker),
// the member HPA's min/max as a band (proposal model), the cluster's size as a dashed line and
// its failure shaded. Plain SVG stretched to the panel's width; labels are HTML beside it, so
// text never stretches. Clicking a lane selects the nearest sync and picks that cluster's HPA
// (the central one in the shipped model) for the explanation. The time axis is the charts': the
// whole run, or their zoom.

import type { MouseEvent } from 'react';
import type { FederationModelPayload } from '../../worker/protocol.ts';
import {
  bandPath,
  intervals,
  LANE_H,
  LANE_W,
  laneMax,
  nearestSync,
  stepPath,
  timeAt,
  xOf,
  type Scale,
} from './lanes.ts';

interface LaneSeries {
  key: string;
  label: string;
  sub: string;
  spec: Float64Array;
  ready: Float64Array;
  pending: Float64Array;
  noNode: Float64Array | null;
  min: Float64Array | null;
  max: Float64Array | null;
  failed: Uint8Array | null;
  capacity: number | null;
}

function sum(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! + b[i]!;
  return out;
}

function Lane(props: {
  lane: LaneSeries;
  time: Float64Array;
  scale: Scale;
  cursor: number | null;
  focused: boolean;
  onPick(t: number, lane: string): void;
}) {
  const { lane, time, scale } = props;
  const top = sum(lane.ready, lane.pending);
  const noNodeFrom = lane.noNode ? top.map((v, i) => v - lane.noNode![i]!) : null;
  const capY =
    lane.capacity === null ? null : LANE_H - 1 - (lane.capacity / scale.yMax) * (LANE_H - 3);
  function pick(e: MouseEvent<SVGSVGElement>) {
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width > 0) props.onPick(timeAt((e.clientX - box.left) / box.width, scale), lane.key);
  }
  const k = props.cursor;
  const now = k !== null && k < time.length ? k : null;
  return (
    <div
      className={props.focused ? 'cl-lane focused' : 'cl-lane'}
      data-cluster={lane.key}
      data-focused={props.focused || undefined}
    >
      <div className="cl-label">
        <strong>{lane.label}</strong>
        <span>{lane.sub}</span>
        {now !== null ? (
          <span className="cl-now" data-testid={`lane-now-${lane.key}`}>
            {lane.failed?.[now] ? 'failed' : `${lane.spec[now]} pods`}
            {!lane.failed?.[now] && lane.pending[now]! > 0 ? ` · ${lane.pending[now]} Pending` : ''}
          </span>
        ) : null}
      </div>
      <svg
        className="cl-plot"
        viewBox={`0 0 ${LANE_W} ${LANE_H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`${lane.label}: replicas over time`}
        onClick={pick}
      >
        {lane.failed
          ? intervals(time, lane.failed).map(([a, b]) => (
              <rect
                key={a}
                className="cl-failed"
                x={xOf(a, scale)}
                width={Math.max(2, xOf(b, scale) - xOf(a, scale))}
                y={0}
                height={LANE_H}
              />
            ))
          : null}
        {lane.min && lane.max ? (
          <path className="cl-band" d={bandPath(time, lane.min, lane.max, scale)} />
        ) : null}
        <path className="cl-pending" d={bandPath(time, lane.ready, top, scale)} />
        {noNodeFrom ? (
          <path className="cl-nonode" d={bandPath(time, noNodeFrom, top, scale)} />
        ) : null}
        {capY !== null && lane.capacity! <= scale.yMax ? (
          <line className="cl-capacity" x1={0} x2={LANE_W} y1={capY} y2={capY} />
        ) : null}
        <path className="cl-ready" d={stepPath(time, lane.ready, scale)} />
        <path className="cl-spec" d={stepPath(time, lane.spec, scale)} />
        {now !== null && time[now]! >= (scale.tMin ?? 0) && time[now]! <= scale.tMax ? (
          <line
            className="cl-cursor"
            x1={xOf(time[now]!, scale)}
            x2={xOf(time[now]!, scale)}
            y1={0}
            y2={LANE_H}
          />
        ) : null}
      </svg>
    </div>
  );
}

export function ClusterLanes(props: {
  model: FederationModelPayload;
  /** the time range shown: the charts' zoom, or the whole run */
  domain: [number, number];
  selectedSync: number | null;
  onSelectSync(index: number): void;
  /** a lane was clicked: its cluster's name, or 'total' */
  onPickLane?(lane: string): void;
  /** the lane whose HPA the explanation follows ('total': the central FederatedHPA) */
  focusedLane?: string | null;
}) {
  const m = props.model;
  const time = m.time;
  const [tMin, tMax] = props.domain;
  const proposal = m.model === 'proposal';
  const lanes: LaneSeries[] = m.clusters.map((c) => ({
    key: c.name,
    label: c.name,
    sub: [
      c.capacityPods === null ? 'no size limit' : `room for ${c.capacityPods}`,
      c.weight > 0 ? `weight ${c.weight}` : '',
      c.priority !== 0 ? `priority ${c.priority}` : '',
    ]
      .filter(Boolean)
      .join(' · '),
    spec: c.specReplicas,
    ready: c.readyReplicas,
    pending: c.pendingReplicas,
    noNode: c.unschedulable,
    min: proposal ? c.minReplicas : null,
    max: proposal ? c.maxReplicas : null,
    failed: c.failed,
    capacity: c.capacityPods,
  }));
  // One scale for every member, so their heights compare; the band may run off the top.
  const memberMax = laneMax(
    ...m.clusters.flatMap((c) => [c.specReplicas, sum(c.readyReplicas, c.pendingReplicas)]),
    m.clusters.map((c) => c.capacityPods ?? 0),
  );
  const total: LaneSeries = {
    key: 'total',
    label: 'total',
    sub: 'all clusters',
    spec: m.total.specReplicas,
    ready: m.total.readyReplicas,
    pending: m.total.pendingReplicas,
    noNode: null,
    min: null,
    max: null,
    failed: null,
    capacity: null,
  };
  const totalMax = laneMax(total.spec, sum(total.ready, total.pending));
  const pick = (t: number, lane: string) => {
    const k = nearestSync(time, t);
    if (k >= 0) props.onSelectSync(k);
    props.onPickLane?.(lane);
  };
  return (
    <div className="cl-lanes">
      {lanes.map((lane) => (
        <Lane
          key={lane.key}
          lane={lane}
          time={time}
          scale={{ tMin, tMax, yMax: memberMax }}
          cursor={props.selectedSync}
          focused={props.focusedLane === lane.key}
          onPick={pick}
        />
      ))}
      <Lane
        lane={total}
        time={time}
        scale={{ tMin, tMax, yMax: totalMax }}
        cursor={props.selectedSync}
        focused={props.focusedLane === 'total'}
        onPick={pick}
      />
      <p className="cl-legend" aria-label="Legend">
        <span className="cl-key spec">
          <i aria-hidden="true">━</i> replicas
        </span>
        <span className="cl-key ready">
          <i aria-hidden="true">━</i> ready
        </span>
        <span className="cl-key pending">
          <i aria-hidden="true">■</i> Pending
        </span>
        <span className="cl-key nonode">
          <i aria-hidden="true">■</i> no node
        </span>
        {proposal ? (
          <span className="cl-key band">
            <i aria-hidden="true">■</i> member HPA min–max
          </span>
        ) : null}
        <span className="cl-key capacity">
          <i aria-hidden="true">┅</i> cluster size
        </span>
        <span className="cl-key failed">
          <i aria-hidden="true">■</i> failed
        </span>
        <span className="cl-scale">
          members 0–{memberMax}, total 0–{totalMax} pods
        </span>
      </p>
    </div>
  );
}
