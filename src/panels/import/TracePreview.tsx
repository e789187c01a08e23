// A small line of the imported demand: enough to see its shape, its peak and its length before
// applying, with the time axis under it. Drawn with the plot kit, as every plot is: each series
// downsampled by LTTB (about 2 points per unit of width, so a week stays cheap and its spikes
// stay), the kit's scales and line paths, the kit's time axis ("day 2 06:00" on a week). With
// several series, the parts (factor applied, on the same scale) are drawn faintly behind it, so a
// sum shows what it adds up and a single series shows what was left out.
import { useMemo } from 'react';
import { AxisTicks } from '../../plot/AxisTicks.tsx';
import { linePath, type PlotRow } from '../../plot/geometry.ts';
import { downsampleIndices } from '../../plot/lttb.ts';
import { linear } from '../../plot/scale.ts';
import { timeAxis } from '../../plot/ticks.ts';

type Points = readonly { at: number; value: number }[];

const NO_PARTS: readonly Points[] = [];
const WIDTH = 560;
const HEIGHT = 120;

export function TracePreview(props: {
  points: Points;
  /** what the line is, e.g. `sum of 3 series` or a series' labels */
  label?: string;
  /** the file's series drawn faintly behind, on the same scale (empty: none) */
  parts?: readonly Points[];
}) {
  const parts = props.parts ?? NO_PARTS;
  const { end, peak, lines } = useMemo(() => {
    const all = [props.points, ...parts];
    const start = Math.min(...all.map((p) => p[0]?.at ?? Infinity));
    const last = Math.max(...all.map((p) => p.at(-1)?.at ?? -Infinity));
    const top = Math.max(0, ...all.map(peakOf));
    const frame = { start, end: last, peak: top, width: WIDTH, height: HEIGHT };
    return {
      end: Math.max(0, last - start),
      peak: peakOf(props.points),
      lines: all.map((p) => previewPath(p, frame)),
    };
  }, [props.points, parts]);
  const domain: [number, number] = [0, end];
  return (
    <figure className="trace-preview">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label="Imported demand preview"
      >
        {lines.slice(1).map((d, i) => (
          <path
            key={i}
            className="trace-part"
            d={d}
            fill="none"
            stroke="currentColor"
            strokeWidth="1"
            vectorEffect="non-scaling-stroke"
          />
        ))}
        <path
          d={lines[0]}
          fill="none"
          stroke="currentColor"
          strokeWidth="1.2"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <AxisTicks axis={timeAxis(domain, 6)} domain={domain} className="trace-axis" />
      <figcaption>
        {props.label ? `${props.label}: ` : ''}
        {props.points.length} samples over {hours(end)}, peak {round(peak)}
      </figcaption>
    </figure>
  );
}

/** A tiny line of one series, for a list of series to choose from. */
export function Sparkline(props: { points: Points; peak: number }) {
  const d = useMemo(() => {
    const start = props.points[0]?.at ?? 0;
    const end = props.points.at(-1)?.at ?? 0;
    return previewPath(props.points, { start, end, peak: props.peak, width: 120, height: 24 });
  }, [props.points, props.peak]);
  return (
    <svg className="sparkline" viewBox="0 0 120 24" preserveAspectRatio="none" aria-hidden="true">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="1"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

function peakOf(points: Points): number {
  let peak = 0;
  for (const p of points) peak = Math.max(peak, p.value);
  return peak;
}

interface Frame {
  start: number;
  end: number;
  peak: number;
  width: number;
  height: number;
}

/** The points as one line in a `width` × `height` box: LTTB to 2 points per unit of width. */
function previewPath(points: Points, f: Frame): string {
  if (points.length === 0) return '';
  const at = Float64Array.from(points, (p) => p.at);
  const value = Float64Array.from(points, (p) => p.value);
  const kept = downsampleIndices(at, [value], 2 * f.width);
  const rows = Array.from(kept, (i): PlotRow => ({ i, t: at[i]!, v: value[i]! }));
  const x = linear([f.start, Math.max(f.end, f.start + 1e-9)], 0, f.width - 1);
  const y = linear([0, f.peak || 1], f.height - 4, 4);
  return linePath(rows, (r) => r.v, x, y);
}

function hours(seconds: number): string {
  return seconds >= 2 * 86400
    ? `${(seconds / 86400).toFixed(1)} days`
    : `${(seconds / 3600).toFixed(1)} h`;
}

export function round(v: number): string {
  return v >= 100 ? String(Math.round(v)) : String(Math.round(v * 100) / 100);
}
