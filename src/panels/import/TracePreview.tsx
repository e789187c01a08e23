// A small line of the imported demand: enough to see its shape, its peak and its length before
// applying. At most ~2 points per pixel column (min and max of each bucket), so a week stays cheap.
import { useMemo } from 'react';

const WIDTH = 560;
const HEIGHT = 120;

export function TracePreview(props: { points: readonly { at: number; value: number }[] }) {
  const { path, peak, end } = useMemo(() => shape(props.points), [props.points]);
  return (
    <figure className="trace-preview">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label="Imported demand preview"
      >
        <path
          d={path}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.2"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption>
        {props.points.length} samples over {hours(end)}, peak {round(peak)}
      </figcaption>
    </figure>
  );
}

function shape(points: readonly { at: number; value: number }[]) {
  if (points.length === 0) return { path: '', peak: 0, end: 0 };
  const start = points[0]!.at;
  const end = points.at(-1)!.at;
  const span = Math.max(1e-9, end - start);
  let peak = 0;
  for (const p of points) peak = Math.max(peak, p.value);
  const y = (v: number) => HEIGHT - 4 - ((HEIGHT - 8) * v) / (peak || 1);
  const buckets = new Map<number, { min: number; max: number }>();
  for (const p of points) {
    const x = Math.round(((p.at - start) / span) * (WIDTH - 1));
    const b = buckets.get(x);
    if (!b) buckets.set(x, { min: p.value, max: p.value });
    else {
      b.min = Math.min(b.min, p.value);
      b.max = Math.max(b.max, p.value);
    }
  }
  const parts: string[] = [];
  for (const [x, b] of buckets) {
    parts.push(`${parts.length ? 'L' : 'M'}${x},${y(b.max).toFixed(1)}`);
    if (b.min !== b.max) parts.push(`L${x},${y(b.min).toFixed(1)}`);
  }
  return { path: parts.join(''), peak, end: end - start };
}

function hours(seconds: number): string {
  return seconds >= 2 * 86400
    ? `${(seconds / 86400).toFixed(1)} days`
    : `${(seconds / 3600).toFixed(1)} h`;
}

function round(v: number): string {
  return v >= 100 ? String(Math.round(v)) : String(Math.round(v * 100) / 100);
}
