// The node lane (a scenario with spec.nodes): nodes Ready, provisioning and draining stacked over
// time, the spans where pods waited for a node shaded, cpu requested against allocatable, the
// provisioner's scale-ups and removals as markers (hover: what it did), the node KPIs, and for a
// selected rescale what its pods waited for. Follows the charts' zoom; a click selects the sync.

import { useId, type MouseEvent } from 'react';
import { nodeKpiLines, nodeWaitAfter } from '../../engine/nodes/explain.ts';
import { useActions, useResult, useSelectedSync } from '../../store/index.ts';
import {
  CPU_H,
  LANE_H,
  LANE_W,
  markerOf,
  nearestSync,
  peakNodes,
  stepArea,
  waitingSpans,
  xOf,
} from './nodeLane.ts';
import { cpuSummary, nodesSummary } from './nodesSummary.ts';
import './nodes.css';

export function NodesPanel(props: { zoom?: [number, number] | null }) {
  const result = useResult();
  const selected = useSelectedSync();
  const actions = useActions();
  const ids = useId();
  const nodes = result?.nodes;
  if (!result || !nodes) return null;
  const time = result.series.time;
  const s = nodes.series;
  const domain: [number, number] = props.zoom ?? [0, result.durationSeconds];
  const yMax = peakNodes(s);
  const y = (v: number) => LANE_H - (v / yMax) * (LANE_H - 6);
  let cpuMax = 1;
  for (let i = 0; i < time.length; i++) cpuMax = Math.max(cpuMax, s.allocatableCpu[i]!);
  const yc = (v: number) => CPU_H - (v / cpuMax) * (CPU_H - 4);
  const ready = stepArea(
    time,
    (i) => s.ready[i]!,
    () => 0,
    domain,
    y,
  );
  const prov = stepArea(
    time,
    (i) => s.ready[i]! + s.provisioning[i]!,
    (i) => s.ready[i]!,
    domain,
    y,
  );
  const drain = stepArea(
    time,
    (i) => s.ready[i]! + s.provisioning[i]! + s.draining[i]!,
    (i) => s.ready[i]! + s.provisioning[i]!,
    domain,
    y,
  );
  const alloc = stepArea(
    time,
    (i) => s.allocatableCpu[i]!,
    () => 0,
    domain,
    yc,
  );
  const req = stepArea(
    time,
    (i) => s.requestedCpu[i]!,
    () => 0,
    domain,
    yc,
  );
  const spans = waitingSpans(time, s.waiting).filter(([a, b]) => b >= domain[0] && a <= domain[1]);
  const markers = nodes.events.filter((e) => e.time >= domain[0] && e.time <= domain[1]);
  const cursor = selected === null ? null : time[selected];
  const pick = (e: MouseEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (!(box.width > 0)) return;
    const f = (e.clientX - box.left) / box.width;
    actions.selectSync(nearestSync(time, domain[0] + f * (domain[1] - domain[0])));
  };
  // A selected rescale, or a sync while pods wait: what the last rescale's pods waited for, up
  // to the next rescale.
  let wait: string | null = null;
  const rescaled = result.series.rescaled;
  if (selected !== null && (rescaled[selected] || s.waiting[selected]! > 0)) {
    let from = selected;
    while (from > 0 && !rescaled[from]) from--;
    let next = Math.max(from, selected) + 1;
    while (next < time.length && !rescaled[next]) next++;
    const until = next < time.length ? time[next]! : result.durationSeconds;
    if (rescaled[from]) wait = nodeWaitAfter(nodes, time[from]!, until)?.text ?? null;
  }
  const [figures, waited] = nodeKpiLines(nodes);
  const k = selected ?? time.length - 1;
  return (
    <section className="nodes-panel" aria-label="Nodes">
      <header className="nodes-head">
        <h2>Nodes</h2>
        <span className="nodes-figures">{figures}</span>
        <span className="nodes-figures">{waited}</span>
      </header>
      <div className="nodes-lanes">
        <div className="nodes-label" aria-hidden="true">
          <span>nodes</span>
          <span className="nodes-now">
            {s.ready[k]} Ready{s.provisioning[k] ? ` · ${s.provisioning[k]} coming` : ''}
            {s.waiting[k] ? ` · ${s.waiting[k]} pods waiting` : ''}
          </span>
        </div>
        <svg
          className="nodes-lane"
          viewBox={`0 0 ${LANE_W} ${LANE_H}`}
          preserveAspectRatio="none"
          role="img"
          aria-label="Nodes over time: Ready, provisioning and draining; shaded where pods waited for a node"
          aria-describedby={`${ids}-nodes`}
          onClick={pick}
        >
          {spans.map(([a, b]) => (
            <rect
              key={a}
              className="nodes-waiting"
              x={xOf(domain, Math.max(a, domain[0]))}
              width={Math.max(
                1,
                xOf(domain, Math.min(b, domain[1])) - xOf(domain, Math.max(a, domain[0])),
              )}
              y={0}
              height={LANE_H}
            >
              <title>pods waiting for a node</title>
            </rect>
          ))}
          <path className="nodes-ready" d={ready} />
          <path className="nodes-provisioning" d={prov} />
          <path className="nodes-draining" d={drain} />
          {cursor !== null && cursor !== undefined ? (
            <line
              className="nodes-cursor"
              x1={xOf(domain, cursor)}
              x2={xOf(domain, cursor)}
              y1={0}
              y2={LANE_H}
            />
          ) : null}
        </svg>
        <div className="nodes-markers">
          {markers.map((e, i) => {
            const m = markerOf(e);
            if (!m) return null;
            return (
              <span
                key={i}
                className={`nodes-marker nodes-marker-${m.kind}`}
                style={{ left: `${(xOf(domain, e.time) / LANE_W) * 100}%` }}
                title={e.message}
              >
                {m.glyph}
              </span>
            );
          })}
        </div>
        <div className="nodes-label" aria-hidden="true">
          <span>cpu (cores)</span>
          <span className="nodes-now">
            {s.requestedCpu[k]?.toFixed(1)} requested of {s.allocatableCpu[k]?.toFixed(1)}
          </span>
        </div>
        <svg
          className="nodes-lane nodes-cpu"
          viewBox={`0 0 ${LANE_W} ${CPU_H}`}
          preserveAspectRatio="none"
          role="img"
          aria-label="CPU requested against allocatable on the nodes"
          aria-describedby={`${ids}-cpu`}
          onClick={pick}
        >
          <path className="nodes-alloc" d={alloc} />
          <path className="nodes-req" d={req} />
        </svg>
        {/* each lane in words, the selected sync included (nodesSummary.ts) */}
        <span id={`${ids}-nodes`} className="visually-hidden">
          {nodesSummary(s, time, selected)}
        </span>
        <span id={`${ids}-cpu`} className="visually-hidden">
          {cpuSummary(s, time, selected)}
        </span>
      </div>
      <p className="nodes-legend">
        <span className="key nodes-key-ready" /> Ready <span className="key nodes-key-prov" />{' '}
        provisioning <span className="key nodes-key-drain" /> draining{' '}
        <span className="key nodes-key-wait" /> pods waiting for a node
      </p>
      {wait ? (
        <p className="nodes-wait" role="note">
          Waiting for a node: {wait}
        </p>
      ) : null}
    </section>
  );
}
