// The trade-off of a search: every candidate as a point (objective across, overload up), the
// Pareto front as a line, the recommendation ringed and the current HPA as a square. Axes from
// the plot kit, as on every plot: round ticks fitted to the feasible candidates (not from zero,
// never below it for figures that cannot be negative) with grid lines; a candidate off those axes
// is an arrow at the edge with its value (src/plot/edges.ts), and the overload axis has a log view.

import { useState } from 'react';
import { formatCompact } from '../../format/format.ts';
import { edgeArrow, focusRange, placeOnAxis } from '../../plot/edges.ts';
import { formatLogTick, linear, logScale, toLog } from '../../plot/scale.ts';
import { niceTicks, type AxisScale } from '../../plot/ticks.ts';
import type { CandidateResult, SearchResult } from '../../tune/search.ts';
import { placeEdgeLabel } from './edgeLabels.ts';

const W = 520;
const H = 260;
const PAD = { left: 56, right: 12, top: 10, bottom: 36 };

export function TradeOffChart(props: {
  result: SearchResult;
  selected: number | null;
  onSelect(index: number): void;
}) {
  const { result } = props;
  const [log, setLog] = useState(false);
  const points = result.candidates.filter((c) => c.objective !== null && c.overload !== null);
  if (points.length === 0) return <p>No candidate could be simulated.</p>;
  // The axes fit the feasible candidates (and the recommendation); the others may fall outside.
  const focus = points.filter((c) => c.feasible || c.index === result.best);
  const yOf = (v: number) => (log ? toLog(v) : v);
  const xRange = focusRange(
    points.map((c) => c.objective!),
    focus.map((c) => c.objective!),
  )!;
  const yRange = focusRange(
    points.map((c) => c.overload!),
    focus.map((c) => c.overload!),
  )!;
  const xAxis = fitted(xRange, 6);
  const yAxis = log ? logScale(yRange[1]) : fitted(yRange, 5);
  const sx = linear(xAxis.domain, PAD.left, W - PAD.right);
  const sy = linear(yAxis.domain, H - PAD.bottom, PAD.top);
  const place = (c: CandidateResult) => {
    const px = placeOnAxis(c.objective!, xAxis.domain);
    const py = placeOnAxis(yOf(c.overload!), yAxis.domain);
    return {
      x: sx(px.at),
      y: sy(py.at),
      dx: px.edge,
      dy: -py.edge as number,
      off: px.edge !== 0 || py.edge !== 0,
    };
  };
  const yLabel = log ? formatLogTick : formatCompact;
  const front = result.front.map((i) => result.candidates[i]!);
  const frontSet = new Set(result.front);
  // The front's line joins the candidates on the axes only (an edge arrow is not where it lies).
  const path = front
    .map(place)
    .filter((p) => !p.off)
    .map((p, k) => `${k ? 'L' : 'M'}${p.x},${p.y}`);
  // Each edge arrow's value beside it, clear of the points on the axes and of the other labels
  // (edgeLabels.ts): arrows side by side share the first's.
  const placed = new Map(points.map((c) => [c.index, place(c)] as const));
  const onAxes = points.filter((c) => !placed.get(c.index)!.off).map((c) => placed.get(c.index)!);
  const taken: Parameters<typeof placeEdgeLabel>[3] = [];
  const labels = new Map(
    points
      .filter((c) => placed.get(c.index)!.off)
      .map((c) => {
        const at = placed.get(c.index)!;
        const text = at.dx !== 0 ? short(c.objective!) : short(c.overload!);
        return [c.index, { text, spot: placeEdgeLabel(at, text, onAxes, taken) }] as const;
      }),
  );
  const outliers = labels.size;
  return (
    <figure className="tune-chart" aria-label="Trade-off: cost against overload">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Candidates and the Pareto front">
        <line
          className="axis"
          x1={PAD.left}
          y1={H - PAD.bottom}
          x2={W - PAD.right}
          y2={H - PAD.bottom}
        />
        <line className="axis" x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={H - PAD.bottom} />
        {xAxis.ticks.map((v) => (
          <g key={`x${v}`}>
            <line className="grid" x1={sx(v)} x2={sx(v)} y1={PAD.top} y2={H - PAD.bottom} />
            <text x={sx(v)} y={H - PAD.bottom + 14} textAnchor="middle">
              {formatCompact(v)}
            </text>
          </g>
        ))}
        {yAxis.ticks.map((v) => (
          <g key={`y${v}`}>
            <line className="grid" x1={PAD.left} x2={W - PAD.right} y1={sy(v)} y2={sy(v)} />
            <text x={PAD.left - 6} y={sy(v) + 4} textAnchor="end">
              {yLabel(v)}
            </text>
          </g>
        ))}
        <text x={(W + PAD.left) / 2} y={H - 4} textAnchor="middle" className="label">
          {result.objective.name} ({result.objective.unit}) →
        </text>
        <text
          x={12}
          y={H / 2}
          textAnchor="middle"
          className="label"
          transform={`rotate(-90 12 ${H / 2})`}
        >
          {result.overload.label} →
        </text>
        <path className="front" d={path.join('')} data-testid="tune-front" />
        {points.map((c) => {
          const cls = [
            'pt',
            c.feasible ? 'feasible' : 'infeasible',
            frontSet.has(c.index) ? 'on-front' : '',
            c.index === props.selected ? 'selected' : '',
          ].join(' ');
          const title = `#${c.index}: ${short(c.objective!)} ${result.objective.unit}, ${short(c.overload!)} ${result.overload.label}${c.feasible ? '' : ' (misses a constraint)'}`;
          const at = placed.get(c.index)!;
          const label = labels.get(c.index);
          if (label)
            return (
              <g key={c.index} onClick={() => props.onSelect(c.index)}>
                <path className={`${cls} edge`} d={edgeArrow(at.x, at.y, at.dx, at.dy)}>
                  <title>{`${c.index === 0 ? 'current HPA — ' : ''}${title}, off the axes`}</title>
                </path>
                {label.spot ? (
                  <text
                    className="edge-value"
                    x={label.spot.x}
                    y={label.spot.y}
                    textAnchor={label.spot.anchor}
                  >
                    {label.text}
                  </text>
                ) : null}
              </g>
            );
          return c.index === 0 ? (
            <rect
              key={c.index}
              className={`${cls} current`}
              x={at.x - 5}
              y={at.y - 5}
              width={10}
              height={10}
              onClick={() => props.onSelect(c.index)}
            >
              <title>{`current HPA — ${title}`}</title>
            </rect>
          ) : (
            <circle
              key={c.index}
              className={cls}
              cx={at.x}
              cy={at.y}
              r={frontSet.has(c.index) ? 5 : 3.5}
              onClick={() => props.onSelect(c.index)}
            >
              <title>{title}</title>
            </circle>
          );
        })}
        {result.best !== null && result.candidates[result.best]!.objective !== null ? (
          <circle
            className="best-ring"
            cx={placed.get(result.best)?.x ?? place(result.candidates[result.best]!).x}
            cy={placed.get(result.best)?.y ?? place(result.candidates[result.best]!).y}
            r={9}
          />
        ) : null}
      </svg>
      <figcaption>
        {points.length} candidates; {result.front.length} on the Pareto front (line); ring: the
        recommendation; square: the current HPA; filled: meets every constraint. Axes fit the
        feasible candidates{outliers > 0 ? `; ${outliers} off them, as arrows at the edge` : ''}.{' '}
        <label>
          <input type="checkbox" checked={log} onChange={(e) => setLog(e.target.checked)} /> log
          scale ({result.overload.label})
        </label>
      </figcaption>
    </figure>
  );
}

/**
 * Round ticks around the candidates' values: not from zero (the differences are what matter),
 * and never below zero when no value is (counts, hours and percentages). A single value gets a
 * small range around it.
 */
function fitted([lo, hi]: [number, number], maxTicks: number): AxisScale {
  const pad = hi - lo < 1e-9 ? Math.max(1, Math.abs(lo) * 0.1) : 0;
  const axis = niceTicks(lo - pad, hi + pad, maxTicks, { zero: false });
  if (lo < 0 || axis.domain[0] >= 0) return axis;
  return niceTicks(0, hi + pad, maxTicks);
}

function short(v: number): string {
  const a = Math.abs(v);
  return a >= 100 ? v.toFixed(0) : a >= 1 ? v.toFixed(1) : v.toFixed(3);
}
