// One chart's plot as plain SVG: grid, value and time axes, filled areas, bands, reference lines,
// the series as one <path> each, rescale glyphs; and, on top, a hover layer (the shared cursor,
// active dots and the tooltip) that follows the pointer without re-rendering the plot.
// Colours are presentation attributes with CSS variables, so a PNG export can inline them.

import { memo, useId, useSyncExternalStore, type ReactNode } from 'react';
import type { AxisScale } from '../plot/ticks.ts';
import { formatCompact } from '../format/format.ts';
import { formatElapsed } from '../format/timeAxis.ts';
import { axisNeedsDays } from '../plot/ticks.ts';
import type { PlotAxisProps } from './chartParts.tsx';
import type { HoverStore } from '../plot/hover.ts';
import {
  areaPathAt,
  glyphPath,
  linear,
  linePathAt,
  plotBox,
  type GlyphDirection,
  type IndexValue,
  type PlotBox,
} from '../plot/geometry.ts';
import type { ChartRow, ChartRows } from './types.ts';
import { useWidth } from '../plot/useWidth.ts';

/**
 * A series' values over the rows, by row position: asked once per path, so a getter reads the
 * columns it needs without a lookup per point.
 */
export type RowsValue = (rows: ChartRows) => IndexValue;

/** The rows' own values of `key`. */
export const column =
  (key: string): RowsValue =>
  (rows) =>
    rows.value(key);

/** A series drawn as a line. */
export interface PlotLine {
  key: string;
  /** the row's value in axis units (already log-mapped in a log view); null is a gap */
  get: RowsValue;
  color: string;
  width: number;
  dash?: string;
  opacity?: number;
  /** hold each value until the next row (replica counts), else straight segments */
  step?: boolean;
  /** a dot on the hovered row */
  activeDot?: boolean;
  hidden?: boolean;
}

/** A filled region between two row values. */
export interface PlotArea {
  key: string;
  lower: RowsValue;
  upper: RowsValue;
  color: string;
  step?: boolean;
  hidden?: boolean;
}

/** A horizontal band across the plot (a tolerance band), in axis units. */
export interface PlotBand {
  y1: number;
  y2: number;
  fill: string;
  stroke?: string;
  strokeOpacity?: number;
  dash?: string;
}

/** A rectangle in data units (a time span of a strip). */
export interface PlotSpan {
  x1: number;
  x2: number;
  y1: number;
  y2: number;
  fill: string;
}

/** A horizontal reference line (min/max, target), in axis units. */
export interface PlotRule {
  y: number;
  stroke: string;
  dash?: string;
}

/** Rescale glyphs: time and value (axis units) of each, by direction. */
export interface PlotGlyphs {
  /** distinguishes two groups of one direction (default: the direction) */
  key?: string;
  direction: GlyphDirection;
  color: string;
  points: { t: number; y: number }[];
}

export interface PlotProps extends PlotAxisProps {
  height: number;
  scale: AxisScale;
  yFormat?: (v: number) => string;
  areas?: readonly PlotArea[];
  bands?: readonly PlotBand[];
  spans?: readonly PlotSpan[];
  rules?: readonly PlotRule[];
  /** drawn in order: the last on top */
  lines: readonly PlotLine[];
  glyphs?: readonly PlotGlyphs[];
  hover?: HoverStore;
  /** the tooltip of the hovered row */
  tooltip?: (row: ChartRow) => ReactNode;
}

const inDomain = (v: number, d: readonly [number, number]) => v >= d[0] && v <= d[1];

/** Memoized: the plot redraws when its rows, axes or series change, never on hover. */
export const Plot = memo(function Plot(p: PlotProps) {
  const [ref, width] = useWidth();
  const clipId = `plot-clip-${useId().replace(/[^\w-]/g, '')}`;
  const box = plotBox(width, p.height);
  const x = linear(p.xDomain, box.left, box.right);
  const y = linear(p.scale.domain, box.bottom, box.top);
  const yFormat = p.yFormat ?? formatCompact;
  const days = axisNeedsDays(p.xDomain[1]);
  const clamp = (v: number) => Math.max(box.top, Math.min(box.bottom, v));
  const rows = p.rows;
  const timeAt = (k: number) => rows.t(k);
  return (
    <div ref={ref} className="chart-plot" style={{ height: p.height }}>
      {width > 0 ? (
        <svg className="chart-surface" width={width} height={p.height} aria-hidden="true">
          <defs>
            <clipPath id={clipId}>
              <rect
                x={box.left}
                y={box.top}
                width={box.right - box.left}
                height={box.bottom - box.top}
              />
            </clipPath>
          </defs>
          <g className="chart-grid">
            {p.scale.ticks
              .filter((t) => inDomain(t, p.scale.domain))
              .map((t) => (
                <line
                  key={t}
                  x1={box.left}
                  x2={box.right}
                  y1={y(t)}
                  y2={y(t)}
                  stroke="var(--grid)"
                />
              ))}
            <line
              x1={box.left}
              x2={box.right}
              y1={box.bottom}
              y2={box.bottom}
              stroke="var(--grid)"
            />
          </g>
          <g className="chart-axis chart-axis-y" fill="var(--axis)" fontSize={11}>
            {p.scale.ticks
              .filter((t) => inDomain(t, p.scale.domain))
              .map((t) => (
                <text
                  key={t}
                  className="chart-tick-value"
                  x={box.left - 6}
                  y={y(t)}
                  dy="0.355em"
                  textAnchor="end"
                >
                  {yFormat(t)}
                </text>
              ))}
          </g>
          <g className="chart-axis chart-axis-x" fill="var(--axis)" fontSize={11}>
            {p.xTicks
              .filter((t) => inDomain(t, p.xDomain))
              .map((t) => (
                <text
                  key={t}
                  className="chart-tick-value"
                  x={x(t)}
                  y={box.bottom + 8}
                  dy="0.71em"
                  textAnchor="middle"
                >
                  {formatElapsed(t, p.tickSeconds, days)}
                </text>
              ))}
          </g>
          <g clipPath={`url(#${clipId})`}>
            {(p.areas ?? []).map((a) =>
              a.hidden ? null : (
                <path
                  key={a.key}
                  d={areaPathAt(rows.length, timeAt, a.lower(rows), a.upper(rows), x, y, a.step)}
                  fill={a.color}
                  stroke="none"
                />
              ),
            )}
            {(p.bands ?? []).map((b, k) => {
              const top = clamp(y(Math.max(b.y1, b.y2)));
              const bottom = clamp(y(Math.min(b.y1, b.y2)));
              return bottom > top ? (
                <rect
                  key={`band${k}`}
                  x={box.left}
                  y={top}
                  width={box.right - box.left}
                  height={bottom - top}
                  fill={b.fill}
                  stroke={b.stroke ?? 'none'}
                  strokeOpacity={b.strokeOpacity}
                  strokeDasharray={b.dash}
                />
              ) : null;
            })}
            {(p.spans ?? []).map((s, k) => (
              <rect
                key={`span${k}`}
                x={x(s.x1)}
                y={y(s.y2)}
                width={Math.max(0, x(s.x2) - x(s.x1))}
                height={Math.max(0, y(s.y1) - y(s.y2))}
                fill={s.fill}
              />
            ))}
            {(p.rules ?? []).map((r, k) =>
              inDomain(r.y, p.scale.domain) ? (
                <line
                  key={`rule${k}`}
                  x1={box.left}
                  x2={box.right}
                  y1={y(r.y)}
                  y2={y(r.y)}
                  stroke={r.stroke}
                  strokeDasharray={r.dash}
                />
              ) : null,
            )}
            {p.lines.map((l) =>
              l.hidden ? null : (
                <path
                  key={l.key}
                  className="chart-line"
                  data-series={l.key}
                  d={linePathAt(rows.length, timeAt, l.get(rows), x, y, l.step)}
                  fill="none"
                  stroke={l.color}
                  strokeWidth={l.width}
                  strokeDasharray={l.dash}
                  strokeOpacity={l.opacity}
                  strokeLinejoin="round"
                />
              ),
            )}
          </g>
          {(p.glyphs ?? []).map((g) => (
            <path
              key={g.key ?? g.direction}
              className={`chart-glyphs glyphs-${g.direction}`}
              d={glyphPath(
                g.points.map((q) => ({ x: x(q.t), y: y(q.y) })),
                g.direction,
                box,
              )}
              fill={g.color}
            />
          ))}
        </svg>
      ) : null}
      {p.hover && width > 0 ? (
        <HoverLayer
          hover={p.hover}
          rows={p.rows}
          box={box}
          width={width}
          height={p.height}
          x={x}
          y={y}
          lines={p.lines}
          tooltip={p.tooltip}
        />
      ) : null}
    </div>
  );
});

interface HoverLayerProps {
  hover: HoverStore;
  rows: ChartRows;
  box: PlotBox;
  width: number;
  height: number;
  x: (t: number) => number;
  y: (v: number) => number;
  lines: readonly PlotLine[];
  tooltip?: (row: ChartRow) => ReactNode;
}

/** The shared cursor over this plot, its active dots and its tooltip. */
function HoverLayer(p: HoverLayerProps) {
  const k = useSyncExternalStore(p.hover.subscribe, p.hover.get, p.hover.get);
  if (k === null || !(k >= 0 && k < p.rows.length)) return null;
  const row = p.rows.row(k);
  const cx = p.x(row.t);
  if (!(cx >= p.box.left && cx <= p.box.right)) return null;
  const dots = p.lines.flatMap((l) => {
    if (!l.activeDot || l.hidden) return [];
    const v = l.get(p.rows)(k);
    if (v === null || v === undefined || !Number.isFinite(v)) return [];
    const cy = p.y(v);
    return cy >= p.box.top && cy <= p.box.bottom ? [{ key: l.key, cy, color: l.color }] : [];
  });
  const onLeft = cx > (p.box.left + p.box.right) / 2;
  return (
    <>
      <svg className="chart-hover" width={p.width} height={p.height} aria-hidden="true">
        <line
          x1={cx}
          x2={cx}
          y1={p.box.top}
          y2={p.box.bottom}
          stroke="var(--axis)"
          strokeDasharray="3 3"
        />
        {dots.map((d) => (
          <circle key={d.key} cx={cx} cy={d.cy} r={3} fill={d.color} stroke="var(--bg)" />
        ))}
      </svg>
      {p.tooltip ? (
        <div
          className="chart-tooltip-wrapper"
          style={
            onLeft
              ? { right: p.width - cx + 12, top: p.box.top }
              : { left: cx + 12, top: p.box.top }
          }
        >
          {p.tooltip(row)}
        </div>
      ) : null}
    </>
  );
}
