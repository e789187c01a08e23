// The trade-off of a search: every candidate as a point (objective across, overload up), the
// Pareto front as a line, the recommendation ringed and the current HPA as a square. Axes from
// the plot kit, as on every plot: round ticks fitted to the candidates (not from zero, never
// below it for figures that cannot be negative) with grid lines, and the kit's linear scales.

import { formatCompact } from '../../format/format.ts';
import { linear } from '../../plot/scale.ts';
import { niceTicks, type AxisScale } from '../../plot/ticks.ts';
import type { SearchResult } from '../../tune/search.ts';

const W = 520;
const H = 260;
const PAD = { left: 56, right: 12, top: 10, bottom: 36 };

export function TradeOffChart(props: {
  result: SearchResult;
  selected: number | null;
  onSelect(index: number): void;
}) {
  const { result } = props;
  const points = result.candidates.filter((c) => c.objective !== null && c.overload !== null);
  if (points.length === 0) return <p>No candidate could be simulated.</p>;
  const xs = points.map((c) => c.objective!);
  const ys = points.map((c) => c.overload!);
  const xAxis = fitted(xs, 6);
  const yAxis = fitted(ys, 5);
  const sx = linear(xAxis.domain, PAD.left, W - PAD.right);
  const sy = linear(yAxis.domain, H - PAD.bottom, PAD.top);
  const front = result.front.map((i) => result.candidates[i]!);
  const frontSet = new Set(result.front);
  const path = front.map((c, k) => `${k ? 'L' : 'M'}${sx(c.objective!)},${sy(c.overload!)}`);
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
              {formatCompact(v)}
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
          return c.index === 0 ? (
            <rect
              key={c.index}
              className={`${cls} current`}
              x={sx(c.objective!) - 5}
              y={sy(c.overload!) - 5}
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
              cx={sx(c.objective!)}
              cy={sy(c.overload!)}
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
            cx={sx(result.candidates[result.best]!.objective!)}
            cy={sy(result.candidates[result.best]!.overload!)}
            r={9}
          />
        ) : null}
      </svg>
      <figcaption>
        {points.length} candidates; {result.front.length} on the Pareto front (line); ring: the
        recommendation; square: the current HPA; filled: meets every constraint.
      </figcaption>
    </figure>
  );
}

/**
 * Round ticks around the candidates' values: not from zero (the differences are what matter),
 * and never below zero when no value is (counts, hours and percentages). A single value gets a
 * small range around it.
 */
function fitted(values: number[], maxTicks: number): AxisScale {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = hi - lo < 1e-9 ? Math.max(1, Math.abs(lo) * 0.1) : 0;
  const axis = niceTicks(lo - pad, hi + pad, maxTicks, { zero: false });
  if (lo < 0 || axis.domain[0] >= 0) return axis;
  return niceTicks(0, hi + pad, maxTicks);
}

function short(v: number): string {
  const a = Math.abs(v);
  return a >= 100 ? v.toFixed(0) : a >= 1 ? v.toFixed(1) : v.toFixed(3);
}
