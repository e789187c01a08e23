// One lane per member cluster and one for the total, the control plane's events and a time axis,
// all on one time scale: the whole run, or the charts' zoom. The lanes share one set of rows
// (the plot kit's LTTB, about 1.5 per pixel of their width) and one hover cursor; ticks and
// labels are the kit's time axis ("day 2 06:00" on a multi-day run). Clicking a lane selects the
// sync under the pointer and picks that cluster's HPA (the central one in the shipped model) for
// the explanation.

import { useMemo, useState } from 'react';
import type { PlotRow } from '../../plot/geometry.ts';
import { AxisTicks } from '../../plot/AxisTicks.tsx';
import { createHoverStore } from '../../plot/hover.ts';
import { timeAxis, timeTicksFor } from '../../plot/ticks.ts';
import { useWidth } from '../../plot/useWidth.ts';
import type { ClusterEvent } from '../../run/index.ts';
import type { FederationModelView } from '../../store/index.ts';
import { EventTimeline } from './EventTimeline.tsx';
import { Lane } from './Lane.tsx';
import { laneMax, laneRows, laneSeries } from './lanes.ts';

/** Rows per pixel of the lanes' width (the charts draw about as many). */
const ROWS_PER_PX = 1.5;

function sum(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! + b[i]!;
  return out;
}

export function ClusterLanes(props: {
  model: FederationModelView;
  /** the control plane's events, as markers under the lanes */
  events: readonly ClusterEvent[];
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
  const [axisRef, width] = useWidth();
  const [hover] = useState(createHoverStore);
  const [hoverLane] = useState(createHoverStore);
  const lanes = useMemo(() => laneSeries(m), [m]);
  const [d0, d1] = props.domain;
  const domain = useMemo((): [number, number] => [d0, d1], [d0, d1]);
  const budget = Math.max(200, Math.round((width || 700) * ROWS_PER_PX));
  const rows = useMemo(() => laneRows(time, lanes, domain, budget), [time, lanes, domain, budget]);
  const axis = useMemo(() => timeAxis(domain, timeTicksFor(width || 700)), [domain, width]);
  // One scale for every member, so their heights compare; the band may run off the top.
  const [memberMax, totalMax] = useMemo(
    () => [
      laneMax(
        ...m.clusters.flatMap((c) => [c.specReplicas, sum(c.readyReplicas, c.pendingReplicas)]),
        m.clusters.map((c) => c.capacityPods ?? 0),
      ),
      laneMax(m.total.specReplicas, sum(m.total.readyReplicas, m.total.pendingReplicas)),
    ],
    [m],
  );
  const pick = (row: PlotRow, lane: string) => {
    props.onSelectSync(row.i);
    props.onPickLane?.(lane);
  };
  const proposal = m.model === 'proposal';
  return (
    <div className="cl-lanes">
      {lanes.map((lane, k) => (
        <Lane
          key={lane.key}
          lane={lane}
          k={k}
          rows={rows}
          time={time}
          domain={domain}
          yMax={lane.key === 'total' ? totalMax : memberMax}
          ticks={axis.ticks}
          selected={props.selectedSync}
          focused={props.focusedLane === lane.key}
          hover={hover}
          hoverLane={hoverLane}
          onPick={pick}
        />
      ))}
      <EventTimeline
        events={props.events}
        domain={domain}
        width={width}
        selectedSync={props.selectedSync}
        onSelectSync={props.onSelectSync}
      />
      <div className="cl-axis" aria-hidden="true">
        <span />
        <div ref={axisRef}>
          <AxisTicks axis={axis} domain={domain} className="cl-axis-track" />
        </div>
      </div>
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
