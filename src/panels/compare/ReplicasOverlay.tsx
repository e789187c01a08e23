// Replicas of every run on one time axis: the HPA's and each variant's spec.replicas, so a
// reviewer sees at a glance where a variant scales differently. Drawn with the plot kit, as the
// charts are: the runs share one sync grid, so one LTTB pass over all of them gives rows every
// line reads (a run's own spikes kept), step lines, round count ticks, the time axis ("day 2
// 06:00" past a day), and a hover cursor (the kit's store) with each run's replicas at that sync.
// Colours are presentation attributes with CSS variables, so the PNG export can inline them.

import { useId, useMemo, useState, useSyncExternalStore, type PointerEvent } from 'react';
import { formatElapsed } from '../../format/timeAxis.ts';
import { runColour } from '../../format/runColours.ts';
import { linePath, nearestRow, plotBox, type PlotRow } from '../../plot/geometry.ts';
import { createHoverStore, type HoverStore } from '../../plot/hover.ts';
import type { PlotLayout } from '../../plot/layout.ts';
import { downsampleIndices } from '../../plot/lttb.ts';
import { timeAtPixel } from '../../plot/pointer.ts';
import { countAxis, linear } from '../../plot/scale.ts';
import { timeAxis, timeTicksFor } from '../../plot/ticks.ts';
import { useWidth } from '../../plot/useWidth.ts';
import type { RunPayload } from '../../worker/protocol.ts';
import { overlaySummary } from './overlaySummary.ts';

const H = 140;
const LAYOUT: PlotLayout = {
  margin: { top: 6, right: 14, bottom: 0, left: 0 },
  yAxisWidth: 34,
  xAxisHeight: 18,
};

/** Each shown run's row key, and the rows every line reads (at most ~1.5 per pixel). */
function overlayRows(runs: RunPayload[], budget: number): { keys: string[]; rows: PlotRow[] } {
  const shown = runs.filter((r) => r.result);
  const n = Math.min(...shown.map((r) => r.result!.series.time.length));
  const time = shown[0]!.result!.series.time.subarray(0, n);
  const ys = shown.map((r) => r.result!.series.specReplicas.subarray(0, n));
  const keys = runs.map((_, k) => `r${k}`);
  const kept = downsampleIndices(time, ys, budget);
  const rows = Array.from(kept, (i): PlotRow => {
    const row: PlotRow = { i, t: time[i]! };
    runs.forEach((r, k) => {
      if (r.result) row[keys[k]!] = r.result.series.specReplicas[i] ?? null;
    });
    return row;
  });
  return { keys, rows };
}

export function ReplicasOverlay({ runs }: { runs: RunPayload[] }) {
  const [ref, width] = useWidth();
  const [hover] = useState(createHoverStore);
  const summaryId = useId();
  const shown = runs.filter((r) => r.result);
  const budget = Math.max(200, Math.round((width || 640) * 1.5));
  const data = useMemo(
    () => (runs.some((r) => r.result) ? overlayRows(runs, budget) : null),
    [runs, budget],
  );
  // the runs in words for a screen reader (overlaySummary.ts)
  const summary = useMemo(
    () =>
      overlaySummary(
        runs.flatMap((r) =>
          r.result
            ? [{ name: r.label, time: r.result.series.time, spec: r.result.series.specReplicas }]
            : [],
        ),
      ),
    [runs],
  );
  if (!data || shown.length === 0) return null;
  const { keys, rows } = data;
  const tMax = Math.max(1, ...shown.map((r) => r.result!.durationSeconds));
  const domain: [number, number] = [0, tMax];
  let top = 1;
  for (const r of shown) for (const v of r.result!.series.specReplicas) if (v > top) top = v;
  const yAxis = countAxis(top, 'linear', true);
  const box = plotBox(width, H, LAYOUT);
  const x = linear(domain, box.left, box.right);
  const y = linear(yAxis.domain, box.bottom, box.top);
  const xAxis = timeAxis(domain, timeTicksFor(box.right - box.left));
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    const px = e.clientX - r.left;
    const inside = px >= box.left && px <= box.right;
    hover.set(inside ? nearestRow(rows, timeAtPixel(px, width, domain, LAYOUT)) : null);
  };
  return (
    <figure className="compare-overlay">
      <div
        ref={ref}
        className="compare-plot"
        onPointerMove={onMove}
        onPointerLeave={() => hover.set(null)}
      >
        {width > 0 ? (
          <svg
            width={width}
            height={H}
            role="img"
            aria-label="Replicas of each run over time"
            aria-describedby={summaryId}
          >
            {yAxis.ticks.map((t) => (
              <g key={`y${t}`}>
                <line x1={box.left} x2={box.right} y1={y(t)} y2={y(t)} stroke="var(--grid)" />
                <text
                  x={box.left - 4}
                  y={y(t)}
                  dy="0.35em"
                  textAnchor="end"
                  fill="var(--axis)"
                  fontSize={10}
                >
                  {t}
                </text>
              </g>
            ))}
            {xAxis.ticks.map((t) => (
              <text
                key={`x${t}`}
                x={x(t)}
                y={H - 4}
                textAnchor="middle"
                fill="var(--axis)"
                fontSize={10}
              >
                {xAxis.label(t)}
              </text>
            ))}
            {runs.map((r, k) =>
              r.result ? (
                <path
                  key={r.key}
                  data-run={r.key}
                  d={linePath(rows, (row) => row[keys[k]!], x, y, true)}
                  fill="none"
                  stroke={runColour(r.colour)}
                  strokeWidth={k === 0 ? 2 : 1.5}
                  strokeDasharray={k === 0 ? undefined : '5 3'}
                />
              ) : null,
            )}
          </svg>
        ) : null}
        <OverlayHover hover={hover} rows={rows} runs={runs} keys={keys} x={x} box={box} />
      </div>
      <figcaption>
        Replicas over the run:{' '}
        {runs.map((r) => (
          <span key={r.key} className="compare-swatch">
            <span aria-hidden="true" style={{ color: runColour(r.colour) }}>
              ━
            </span>{' '}
            {r.label}
          </span>
        ))}
      </figcaption>
      <span id={summaryId} className="visually-hidden">
        {summary}
      </span>
    </figure>
  );
}

/** The cursor and each run's replicas at the hovered sync (HTML, so a PNG export leaves it out). */
function OverlayHover(p: {
  hover: HoverStore;
  rows: readonly PlotRow[];
  runs: RunPayload[];
  keys: string[];
  x: (t: number) => number;
  box: { left: number; right: number; top: number; bottom: number };
}) {
  const k = useSyncExternalStore(p.hover.subscribe, p.hover.get, p.hover.get);
  const row = k === null ? undefined : p.rows[k];
  if (!row) return null;
  const cx = p.x(row.t);
  const onLeft = cx > (p.box.left + p.box.right) / 2;
  return (
    <>
      <div
        className="compare-cursor"
        style={{ left: cx, top: p.box.top, height: p.box.bottom - p.box.top }}
      />
      <div
        className="compare-tip"
        style={onLeft ? { right: `calc(100% - ${cx - 8}px)` } : { left: cx + 8 }}
      >
        <strong>{formatElapsed(row.t, true)}</strong>
        {p.runs.map((r, i) =>
          r.result ? (
            <span key={r.key} style={{ color: runColour(r.colour) }}>
              {r.label}: {row[p.keys[i]!] ?? '—'}
            </span>
          ) : null,
        )}
      </div>
    </>
  );
}
