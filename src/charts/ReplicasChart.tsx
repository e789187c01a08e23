// Replicas over time: final (spec), ready and desired counts, the raw and stabilized
// recommendations when the decision series are present, pending/terminating pods as a subtle
// area, min/max reference lines, rescale markers and, for the selected sync, the stabilization
// window as a band over the recommendation history with the winning value highlighted.

import { memo } from 'react';
import {
  Area,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  ReferenceDot,
  ResponsiveContainer,
  Tooltip,
} from 'recharts';
import type { StabilizationModel } from '../explain/stabilization.ts';
import { ChartFrame, type LegendItem } from './ChartFrame.tsx';
import { StabilizationOverlay } from './StabilizationOverlay.tsx';
import {
  CHART_MARGIN,
  ChartTooltip,
  interaction,
  SYNC_ID,
  timeXAxis,
  type PlotAxisProps,
  type SharedChartProps,
  valueYAxis,
} from './chartParts.tsx';
import {
  overlayStroke,
  POD_AREAS,
  REPLICA_SERIES,
  UNFOCUSED_OPACITY,
  type SeriesStyle,
} from './seriesStyles.ts';
import { formatElapsed } from '../format/timeAxis.ts';
import type { ChartData, ChartRow, RescaleMarker } from './types.ts';
import { orderByFocus, overlayLegend } from './overlays.ts';
import type { AxisScale } from '../format/format.ts';
import { formatLogTick, toLog, type YMode } from './yScale.ts';

export interface ReplicasChartProps extends SharedChartProps {
  data: ChartData;
  /** the selected sync's stabilization step (draws the window band) */
  stabilization?: StabilizationModel | null;
  height?: number;
  /** the y-axis fitted to the visible series (SimulationCharts owns the legend state) */
  scale: AxisScale;
  hidden: ReadonlySet<string>;
  onToggle: (key: string) => void;
  yMode: YMode;
  onYMode: (mode: YMode) => void;
  /** the run the explanation follows ('main': the HPA) */
  focusedRun?: string;
}

/** Without the decision series there is no raw or stabilized line. */
const BASIC_LINES = REPLICA_SERIES.filter((s) => s.key !== 'raw' && s.key !== 'stabilized');

const MARKER_COLOR = {
  up: 'var(--marker-up)',
  down: 'var(--marker-down)',
  mixed: 'var(--marker-mixed)',
};

function MarkerGlyph(props: { cx?: number; cy?: number; payload?: RescaleMarker }) {
  const { cx, cy, payload } = props;
  if (cx === undefined || cy === undefined || !payload) return null;
  const fill = MARKER_COLOR[payload.direction];
  const s = 4.5;
  // Glyphs sit just above (up) or below (down) the line so they never hide it.
  if (payload.direction === 'up') {
    const y = cy - 7;
    return <path d={`M${cx} ${y - s} L${cx + s} ${y + s} L${cx - s} ${y + s} Z`} fill={fill} />;
  }
  if (payload.direction === 'down') {
    const y = cy + 7;
    return <path d={`M${cx} ${y + s} L${cx + s} ${y - s} L${cx - s} ${y - s} Z`} fill={fill} />;
  }
  const y = cy - 7;
  return (
    <path d={`M${cx} ${y - s} L${cx + s} ${y} L${cx} ${y + s} L${cx - s} ${y} Z`} fill={fill} />
  );
}

interface PlotProps extends PlotAxisProps {
  data: ChartData;
  lines: SeriesStyle[];
  hidden: ReadonlySet<string>;
  height: number;
  scale: AxisScale;
  log: boolean;
  focusedRun: string;
}

/** A row value as plotted: log10(1 + v) in the log view (recharts takes a function key). */
function plotted(key: string, log: boolean): string | ((row: ChartRow) => number | null) {
  if (!log) return key;
  return (row) => {
    const v = row[key];
    return v === null || v === undefined ? null : toLog(v);
  };
}

const ReplicasPlot = memo(function ReplicasPlot(p: PlotProps) {
  const { data, hidden, lines, log } = p;
  const ownOpacity = p.focusedRun === 'main' ? 1 : UNFOCUSED_OPACITY;
  const y = (v: number) => (log ? toLog(v) : v);
  const maxOnScale = y(data.maxReplicas) <= p.scale.domain[1];
  return (
    <ResponsiveContainer width="100%" height={p.height}>
      <ComposedChart
        data={p.rows}
        margin={CHART_MARGIN}
        syncId={SYNC_ID}
        accessibilityLayer={false}
      >
        <CartesianGrid stroke="var(--grid)" vertical={false} />
        {timeXAxis(p)}
        {valueYAxis(p.scale, log ? formatLogTick : undefined)}
        {POD_AREAS.map((s) => (
          <Area
            key={s.key}
            dataKey={plotted(s.key, log)}
            name={s.label}
            stackId={log ? undefined : 'pods'}
            type="stepAfter"
            fill={s.color}
            fillOpacity={1}
            stroke="none"
            hide={hidden.has(s.key)}
            isAnimationActive={false}
            activeDot={false}
          />
        ))}
        <ReferenceLine
          y={y(data.minReplicas)}
          stroke="var(--axis)"
          strokeDasharray="2 4"
          ifOverflow="hidden"
        />
        {maxOnScale ? (
          <ReferenceLine
            y={y(data.maxReplicas)}
            stroke="var(--target)"
            strokeDasharray="2 4"
            ifOverflow="hidden"
          />
        ) : null}
        {/* spec last: the final count is drawn on top */}
        {[...lines].reverse().map((s) => (
          <Line
            key={s.key}
            dataKey={plotted(s.key, log)}
            name={s.label}
            type="stepAfter"
            stroke={s.color}
            strokeWidth={s.width}
            strokeDasharray={s.dash}
            strokeOpacity={(s.key === 'raw' ? 0.75 : 1) * ownOpacity}
            dot={false}
            activeDot={s.key === 'spec' ? { r: 3 } : false}
            connectNulls={false}
            hide={hidden.has(s.key)}
            isAnimationActive={false}
          />
        ))}
        {/* the variants over the HPA's lines, the focused one last (on top) */}
        {orderByFocus(data.overlays, p.focusedRun).map((o) => {
          const st = overlayStroke(o.key, p.focusedRun);
          return (
            <Line
              key={o.legendKey}
              dataKey={plotted(o.specKey, log)}
              name={o.name}
              type="stepAfter"
              stroke={o.colour}
              strokeWidth={st.width}
              strokeDasharray={st.dash}
              strokeOpacity={st.opacity}
              dot={false}
              activeDot={o.key === p.focusedRun ? { r: 3 } : false}
              connectNulls={false}
              hide={hidden.has(o.legendKey)}
              isAnimationActive={false}
            />
          );
        })}
        {/* ReferenceDots, not a Scatter: a Scatter's own data would take over the tooltip index */}
        {hidden.has('markers')
          ? null
          : data.markers.map((m) => (
              <ReferenceDot
                key={m.i}
                x={m.t}
                y={y(m.y)}
                r={5}
                ifOverflow="hidden"
                shape={(dot: { cx?: number; cy?: number }) => (
                  <MarkerGlyph cx={dot.cx} cy={dot.cy} payload={m} />
                )}
              />
            ))}
        <Tooltip
          isAnimationActive={false}
          cursor={{ stroke: 'var(--axis)', strokeDasharray: '3 3' }}
          content={(tp) => (
            <ChartTooltip
              active={tp.active}
              payload={tp.payload}
              items={[
                ...[...lines, ...POD_AREAS]
                  .filter((s) => !hidden.has(s.key))
                  .map((s) => ({ key: s.key, label: s.label, color: s.color })),
                ...data.overlays
                  .filter((o) => !hidden.has(o.legendKey))
                  .map((o) => ({ key: o.specKey, label: o.name, color: o.colour })),
              ]}
            />
          )}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
});

export function ReplicasChart(props: ReplicasChartProps) {
  const { data } = props;
  const stabilization = props.stabilization ?? null;
  const height = props.height ?? 230;
  const { hidden, onToggle: toggle, scale, yMode } = props;
  const focusedRun = props.focusedRun ?? 'main';
  const log = yMode === 'log';
  const lines = data.hasDecisionSeries ? REPLICA_SERIES : BASIC_LINES;
  const legend: LegendItem[] = [
    ...lines.map((s) => ({ ...s, hidden: hidden.has(s.key) })),
    ...POD_AREAS.map((s) => ({ ...s, hidden: hidden.has(s.key) })),
    {
      key: 'markers',
      label: 'rescale',
      color: 'var(--marker-up)',
      swatch: 'marker' as const,
      help: 'a sync that changed the replica count (▲ up, ▼ down, ◆ both within one point)',
      hidden: hidden.has('markers'),
    },
    ...overlayLegend(data.overlays, hidden, focusedRun, 'spec.replicas of its run'),
  ];
  if (stabilization && stabilization.downWindowSeconds > 0) {
    legend.push({
      key: 'window',
      label: 'stabilization window',
      color: 'var(--window-down)',
      swatch: 'band',
      help: 'the selected sync’s window; filled dots are the recommendations that won',
      hidden: hidden.has('window'),
    });
  }
  const sel = props.selectedSync;
  const selText =
    sel !== null ? `; selected sync ${sel} at ${formatElapsed(props.time[sel] ?? 0, true)}` : '';
  const maxOnScale = (log ? toLog(data.maxReplicas) : data.maxReplicas) <= scale.domain[1];
  return (
    <ChartFrame
      title="Replicas"
      detail={
        <>
          <span className="ref-min" title="minReplicas (dotted line)">
            min {data.minReplicas}
          </span>
          {' · '}
          <span className="ref-max" title="maxReplicas (dotted line)">
            max {data.maxReplicas}
            {maxOnScale ? '' : ' (off scale)'}
          </span>
        </>
      }
      ariaLabel={`Replicas over time${selText}`}
      legend={legend}
      onToggle={toggle}
      controls={
        <button
          type="button"
          className="link-button"
          aria-pressed={log}
          title="Logarithmic y-axis: 1 → 10 → 100 → 1000 as equal steps"
          onClick={() => props.onYMode(log ? 'linear' : 'log')}
        >
          log scale
        </button>
      }
      {...interaction(props)}
    >
      <ReplicasPlot
        rows={props.rows}
        xDomain={props.xDomain}
        xTicks={props.xTicks}
        tickSeconds={props.tickSeconds}
        data={data}
        lines={lines}
        hidden={hidden}
        height={height}
        scale={scale}
        log={log}
        focusedRun={focusedRun}
      />
      {stabilization && !hidden.has('window') ? (
        <StabilizationOverlay
          s={stabilization}
          xDomain={props.xDomain}
          yDomain={scale.domain}
          yMap={log ? toLog : undefined}
          height={height}
        />
      ) : null}
    </ChartFrame>
  );
}
