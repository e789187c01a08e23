// The trade-off of a search: every candidate as a point (objective across, overload up), the
// Pareto front as a line, the recommendation ringed and the current HPA as a square.

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
  const [x0, x1] = range(xs);
  const [y0, y1] = range(ys);
  const sx = (v: number) => PAD.left + ((v - x0) / (x1 - x0)) * (W - PAD.left - PAD.right);
  const sy = (v: number) => H - PAD.bottom - ((v - y0) / (y1 - y0)) * (H - PAD.top - PAD.bottom);
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
        {[x0, (x0 + x1) / 2, x1].map((v) => (
          <text key={`x${v}`} x={sx(v)} y={H - PAD.bottom + 14} textAnchor="middle">
            {short(v)}
          </text>
        ))}
        {[y0, (y0 + y1) / 2, y1].map((v) => (
          <text key={`y${v}`} x={PAD.left - 6} y={sy(v) + 4} textAnchor="end">
            {short(v)}
          </text>
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

function range(values: number[]): [number, number] {
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (hi - lo < 1e-9) {
    lo -= 1;
    hi += 1;
  }
  const pad = (hi - lo) * 0.05;
  // Counts, hours and percentages are never negative: no axis below zero.
  return [lo >= 0 ? Math.max(0, lo - pad) : lo - pad, hi + pad];
}

function short(v: number): string {
  const a = Math.abs(v);
  return a >= 100 ? v.toFixed(0) : a >= 1 ? v.toFixed(1) : v.toFixed(3);
}
