// One HPA metric over time: the value the controller computed against its target, with the
// tolerance band shaded around the target (target × [1 − down, 1 + up]); or, toggled, the usage
// ratio against 1 with the band [1 − down, 1 + up]. With several metrics a strip along the top
// marks the syncs this metric decided.

import { memo, useState } from 'react';
import { ChartFrame, type LegendItem } from './ChartFrame.tsx';
import {
  ChartTooltip,
  interaction,
  type PlotAxisProps,
  type SharedChartProps,
} from './chartParts.tsx';
import type { HoverStore } from '../plot/hover.ts';
import { column, Plot, type PlotLine } from './Plot.tsx';
import { formatCompact, formatNumber } from '../format/format.ts';
import { overlayLegend, orderByFocus } from './overlays.ts';
import { metricColor, overlayStroke, UNFOCUSED_OPACITY } from './seriesStyles.ts';
import type { ChartRow, MetricLaneData, OverlayLines } from './types.ts';

export interface MetricLaneProps extends SharedChartProps {
  lane: MetricLaneData;
  tolerance: { scaleUp: number; scaleDown: number };
  height?: number;
  /** the variants: each drawn with its own value (or ratio) of this metric */
  overlays?: OverlayLines[];
  /** legend keys switched off (a variant's key hides it on every chart) */
  hidden?: ReadonlySet<string>;
  onToggle?: (key: string) => void;
  /** the run the explanation follows ('main': the HPA) */
  focusedRun?: string;
}

const NONE: OverlayLines[] = [];
const NOTHING_HIDDEN: ReadonlySet<string> = new Set();

type View = 'value' | 'ratio';

function percent(x: number): string {
  return `${formatNumber(x * 100, 1)}%`;
}

interface PlotProps extends PlotAxisProps {
  lane: MetricLaneData;
  tolerance: { scaleUp: number; scaleDown: number };
  view: View;
  height: number;
  overlays: OverlayLines[];
  hidden: ReadonlySet<string>;
  focusedRun: string;
  hover?: HoverStore;
}

function bandText(r: number, lo: number, hi: number): string {
  return r >= lo && r <= hi
    ? 'inside the tolerance band'
    : r > hi
      ? 'above the band'
      : 'below the band';
}

const MetricPlot = memo(function MetricPlot(p: PlotProps) {
  const { lane, tolerance } = p;
  const isRatio = p.view === 'ratio';
  const color = metricColor(lane.index);
  const scale = isRatio ? lane.ratioScale : lane.valueScale;
  const [y0, y1] = scale.domain;
  const lo = 1 - tolerance.scaleDown;
  const hi = 1 + tolerance.scaleUp;
  const band: [number, number] | null = isRatio ? [lo, hi] : lane.band;
  const target = isRatio ? 1 : lane.target;
  const unit = lane.unit.startsWith('%') ? '%' : '';
  const stripLow = y1 - (y1 - y0) * 0.06;
  // The variants that have this metric, the focused one drawn last (on top).
  const others = orderByFocus(p.overlays, p.focusedRun).flatMap((o) => {
    const keys = o.metricKeys[lane.index];
    return keys ? [{ o, dataKey: isRatio ? keys.ratioKey : keys.valueKey }] : [];
  });
  const lines: PlotLine[] = [
    {
      key: 'value',
      get: column(isRatio ? lane.ratioKey : lane.valueKey),
      color,
      width: 1.5,
      opacity: p.focusedRun === 'main' ? 1 : UNFOCUSED_OPACITY,
      activeDot: true,
    },
    ...others.map(({ o, dataKey }) => {
      const st = overlayStroke(o.key, p.focusedRun);
      return {
        key: o.legendKey,
        get: column(dataKey),
        color: o.colour,
        width: st.width - 0.5,
        dash: st.dash,
        opacity: st.opacity,
        hidden: p.hidden.has(o.legendKey),
      };
    }),
  ];
  const items = [
    {
      key: lane.valueKey,
      label: 'value',
      color,
      format: (v: number) => `${formatCompact(v)}${unit}`,
    },
    {
      key: lane.ratioKey,
      label: 'ratio',
      color: 'transparent',
      format: (v: number) => formatNumber(v, 3),
    },
    ...others
      .filter(({ o }) => !p.hidden.has(o.legendKey))
      .map(({ o, dataKey }) => ({
        key: dataKey,
        label: o.name,
        color: o.colour,
        format: (v: number) => (isRatio ? formatNumber(v, 3) : `${formatCompact(v)}${unit}`),
      })),
  ];
  const extra = (row: ChartRow) => {
    const r = row[lane.ratioKey];
    return r === null || r === undefined ? null : bandText(r, lo, hi);
  };
  return (
    <Plot
      rows={p.rows}
      xDomain={p.xDomain}
      xTicks={p.xTicks}
      tickSeconds={p.tickSeconds}
      height={p.height}
      scale={scale}
      yFormat={(v) => (isRatio ? formatNumber(v, 2) : formatCompact(v))}
      bands={
        band
          ? [
              {
                y1: band[0],
                y2: band[1],
                fill: 'var(--band)',
                stroke: 'var(--band-edge)',
                strokeOpacity: 0.6,
                dash: '2 3',
              },
            ]
          : []
      }
      spans={lane.decided.map((r) => ({
        x1: r.from,
        x2: r.to,
        y1: stripLow,
        y2: y1,
        fill: 'var(--decided)',
      }))}
      rules={Number.isFinite(target) ? [{ y: target, stroke: 'var(--target)', dash: '5 4' }] : []}
      lines={lines}
      hover={p.hover}
      tooltip={(row) => <ChartTooltip row={row} items={items} extra={extra} />}
    />
  );
});

/**
 * Memoized: the charts re-render when the stale flag flips (at each edit and its result); this
 * chart's frame, legend and plot only when its own props change.
 */
export const MetricLane = memo(MetricLaneView);

function MetricLaneView(props: MetricLaneProps) {
  const { lane, tolerance } = props;
  const overlays = props.overlays ?? NONE;
  const hidden = props.hidden ?? NOTHING_HIDDEN;
  const focusedRun = props.focusedRun ?? 'main';
  const [view, setView] = useState<View>('value');
  const isRatio = view === 'ratio';
  const unit = lane.unit.startsWith('%') ? '%' : '';
  const legend: LegendItem[] = [
    {
      key: 'value',
      label: isRatio ? 'usage ratio' : 'value',
      color: metricColor(lane.index),
      swatch: 'line',
      help: isRatio
        ? 'the usage ratio the controller computed (current / target)'
        : 'the value the controller computed at each sync',
      fixed: true,
    },
    {
      key: 'target',
      label: isRatio ? 'ratio 1' : 'target',
      color: 'var(--target)',
      swatch: 'dashed',
      fixed: true,
    },
    {
      key: 'band',
      label: `tolerance −${percent(tolerance.scaleDown)} / +${percent(tolerance.scaleUp)}`,
      color: 'var(--band)',
      swatch: 'band',
      help: 'inside this band (both ends included) the metric asks for no change',
      fixed: true,
    },
  ];
  if (lane.decided.length) {
    legend.push({
      key: 'decided',
      label: 'decided',
      color: 'var(--decided)',
      swatch: 'band',
      help: 'syncs where this metric’s proposal was the largest and was used',
      fixed: true,
    });
  }
  const withLane = overlays.filter((o) => o.metricKeys[lane.index]);
  legend.push(
    ...overlayLegend(
      withLane,
      hidden,
      focusedRun,
      isRatio ? 'its usage ratio' : 'the value its controller computed',
    ),
  );
  const title = lane.label;
  const viewButtons = (
    <span className="segmented" role="group" aria-label={`${title}: show`}>
      {(['value', 'ratio'] as const).map((v) => (
        <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)}>
          {v}
        </button>
      ))}
    </span>
  );
  return (
    <ChartFrame
      title={title}
      detail={`${lane.unit} · target ${formatCompact(lane.target)}${unit}`}
      ariaLabel={`Metric ${title} (${isRatio ? 'usage ratio' : 'value'}) against its target over time`}
      legend={legend}
      onToggle={withLane.length ? props.onToggle : undefined}
      controls={viewButtons}
      {...interaction(props)}
    >
      <MetricPlot
        rows={props.rows}
        xDomain={props.xDomain}
        xTicks={props.xTicks}
        tickSeconds={props.tickSeconds}
        lane={lane}
        tolerance={tolerance}
        view={view}
        height={props.height ?? 150}
        overlays={overlays}
        hidden={hidden}
        focusedRun={focusedRun}
        hover={props.hover}
      />
    </ChartFrame>
  );
}
