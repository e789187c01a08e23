// Replicas over time: final (spec), ready and desired counts, the raw and stabilized
// recommendations when the decision series are present, pending/terminating pods as a subtle
// area, min/max reference lines, rescale markers, the run's changes (spec.changes) and, for the
// selected sync, the stabilization window as a band over the recommendation history with the
// winning value highlighted.

import { memo, useMemo } from 'react';
import type { StabilizationModel } from '../explain/stabilization.ts';
import { ChartFrame, type LegendItem } from './ChartFrame.tsx';
import { StabilizationOverlay } from './StabilizationOverlay.tsx';
import { ChangeMarks } from './ChangeMarks.tsx';
import type { RunChangeMark } from './placeChanges.ts';
import {
  ChartTooltip,
  interaction,
  type PlotAxisProps,
  type SharedChartProps,
} from './chartParts.tsx';
import type { HoverStore } from '../plot/hover.ts';
import {
  column,
  Plot,
  type PlotArea,
  type PlotGlyphs,
  type PlotLine,
  type PlotRule,
  type RowsValue,
} from './Plot.tsx';
import { phaseShadeLegend, phaseShadeSpans, type PhaseShade } from './phaseShades.ts';
import {
  overlayStroke,
  POD_AREAS,
  REPLICA_SERIES,
  ROLLOUT_SERIES,
  UNFOCUSED_OPACITY,
  type SeriesStyle,
} from './seriesStyles.ts';
import { formatElapsed } from '../format/timeAxis.ts';
import type { ChartData } from './types.ts';
import { orderByFocus, overlayLegend } from './overlays.ts';
import { DRAW_BAND_KEY } from './buildChartData.ts';
import type { AxisScale } from '../plot/ticks.ts';
import { formatLogTick, toLog, type YMode } from '../plot/scale.ts';

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
  /** KEDA's own writes to the scale (a ScaledObject's run), drawn apart from the HPA's */
  kedaWrites?: readonly KedaWriteMark[];
  /** the run's writes of others (spec.changes: HPA edits, kubectl scales), as dashed lines */
  changes?: readonly RunChangeMark[];
  /** KEDA's inactive / cooling-down / fallback spans, shaded behind the lines (phaseShades.ts) */
  phaseShades?: readonly PhaseShade[];
}

/** A write KEDA made: its sync's time, the replicas written, up (activation) or down. */
export interface KedaWriteMark {
  t: number;
  y: number;
  up: boolean;
}

const NO_KEDA_WRITES: readonly KedaWriteMark[] = [];
const NO_SHADES: readonly PhaseShade[] = [];

const DRAW_BAND_COLOUR = 'var(--draw-band, rgba(37, 99, 235, 0.18))';

/** Without the decision series there is no raw or stabilized line. */
const BASIC_LINES = REPLICA_SERIES.filter((s) => s.key !== 'raw' && s.key !== 'stabilized');

const MARKER_COLOR = {
  up: 'var(--marker-up)',
  down: 'var(--marker-down)',
  mixed: 'var(--marker-mixed)',
};

interface PlotProps extends PlotAxisProps {
  data: ChartData;
  lines: SeriesStyle[];
  hidden: ReadonlySet<string>;
  height: number;
  scale: AxisScale;
  log: boolean;
  focusedRun: string;
  hover?: HoverStore;
  kedaWrites: readonly KedaWriteMark[];
  phaseShades: readonly PhaseShade[];
}

/** A row value as plotted: log10(1 + v) in the log view. */
function plotted(key: string, log: boolean): RowsValue {
  if (!log) return column(key);
  return (rows) => {
    const value = rows.value(key);
    return (k) => {
      const v = value(k);
      return v === null || v === undefined ? null : toLog(v);
    };
  };
}

const ReplicasPlot = memo(function ReplicasPlot(p: PlotProps) {
  const { data, hidden, lines, log, focusedRun } = p;
  const ownOpacity = focusedRun === 'main' ? 1 : UNFOCUSED_OPACITY;
  const y = (v: number) => (log ? toLog(v) : v);
  const maxOnScale = y(data.maxReplicas) <= p.scale.domain[1];
  // Pending under terminating, stacked on one baseline (side by side from zero in the log view).
  const areas: PlotArea[] = useMemo(() => {
    const [pending, terminating] = POD_AREAS;
    const val =
      (key: string): RowsValue =>
      (rows) => {
        const value = rows.value(key);
        return (k) => value(k) ?? null;
      };
    const sum: RowsValue = (rows) => {
      const pendingOf = rows.value(pending!.key);
      const terminatingOf = rows.value(terminating!.key);
      return (k) => {
        const a = pendingOf(k);
        const b = terminatingOf(k);
        return a === null || a === undefined || b === null || b === undefined ? null : a + b;
      };
    };
    const zero: RowsValue = () => () => 0;
    const pods = POD_AREAS.map((s) => {
      const stackedUpper = s === terminating ? sum : val(s.key);
      const stackedLower = s === terminating ? val(pending!.key) : zero;
      return {
        key: s.key,
        color: s.color,
        step: true,
        hidden: hidden.has(s.key),
        lower: log ? zero : stackedLower,
        upper: log ? plotted(s.key, true) : stackedUpper,
      };
    });
    // The timing draws' spread under everything else (ChartData.drawBand).
    if (!data.drawBand) return pods;
    const band: PlotArea = {
      key: DRAW_BAND_KEY,
      color: DRAW_BAND_COLOUR,
      step: true,
      hidden: hidden.has(DRAW_BAND_KEY),
      lower: plotted('drawLo', log),
      upper: plotted('drawHi', log),
    };
    return [band, ...pods];
  }, [hidden, log, data.drawBand]);
  const rules: PlotRule[] = [{ y: y(data.minReplicas), stroke: 'var(--axis)', dash: '2 4' }];
  if (maxOnScale) rules.push({ y: y(data.maxReplicas), stroke: 'var(--target)', dash: '2 4' });
  const plotLines: PlotLine[] = [
    // spec last: the final count is drawn on top
    ...[...lines].reverse().map((s) => ({
      key: s.key,
      get: plotted(s.key, log),
      color: s.color,
      width: s.width,
      dash: s.dash,
      opacity: (s.key === 'raw' ? 0.75 : 1) * ownOpacity,
      step: true,
      activeDot: s.key === 'spec',
      hidden: hidden.has(s.key),
    })),
    // the variants over the HPA's lines, the focused one last (on top)
    ...orderByFocus(data.overlays, focusedRun).map((o) => {
      const st = overlayStroke(o.key, focusedRun);
      return {
        key: o.legendKey,
        get: plotted(o.specKey, log),
        color: o.colour,
        width: st.width,
        dash: st.dash,
        opacity: st.opacity,
        step: true,
        activeDot: o.key === focusedRun,
        hidden: hidden.has(o.legendKey),
      };
    }),
  ];
  const glyphs: PlotGlyphs[] = hidden.has('markers')
    ? []
    : (['up', 'down', 'mixed'] as const).map((direction) => ({
        direction,
        color: MARKER_COLOR[direction],
        points: data.markers
          .filter((m) => m.direction === direction)
          .map((m) => ({ t: m.t, y: y(m.y) })),
      }));
  if (p.kedaWrites.length > 0 && !hidden.has('keda'))
    for (const up of [true, false])
      glyphs.push({
        key: `keda-${up ? 'up' : 'down'}`,
        direction: up ? 'up' : 'down',
        color: 'var(--keda-write, #7c3aed)',
        points: p.kedaWrites.filter((w) => w.up === up).map((w) => ({ t: w.t, y: y(w.y) })),
      });
  const items = [
    ...[...lines, ...POD_AREAS]
      .filter((s) => !hidden.has(s.key))
      .map((s) => ({ key: s.key, label: s.label, color: s.color })),
    ...data.overlays
      .filter((o) => !hidden.has(o.legendKey))
      .map((o) => ({ key: o.specKey, label: o.name, color: o.colour })),
  ];
  return (
    <Plot
      rows={p.rows}
      xDomain={p.xDomain}
      xTicks={p.xTicks}
      tickSeconds={p.tickSeconds}
      height={p.height}
      scale={p.scale}
      yFormat={log ? formatLogTick : undefined}
      areas={areas}
      spans={phaseShadeSpans(p.phaseShades, p.scale.domain, hidden)}
      rules={rules}
      lines={plotLines}
      glyphs={glyphs}
      hover={p.hover}
      tooltip={(row) => <ChartTooltip row={row} items={items} />}
    />
  );
});

/**
 * Memoized: the charts re-render when the stale flag flips (at each edit and its result); this
 * chart's frame, legend and plot only when its own props change.
 */
export const ReplicasChart = memo(ReplicasChartView);

function ReplicasChartView(props: ReplicasChartProps) {
  const { data } = props;
  const stabilization = props.stabilization ?? null;
  const height = props.height ?? 214;
  const { hidden, onToggle: toggle, scale, yMode } = props;
  const focusedRun = props.focusedRun ?? 'main';
  const log = yMode === 'log';
  const basic = data.hasDecisionSeries ? REPLICA_SERIES : BASIC_LINES;
  // A rollout splits the pods by ReplicaSet: two more lines, only then.
  const lines = useMemo(
    () => (data.rollout ? [...basic, ...ROLLOUT_SERIES] : basic),
    [basic, data.rollout],
  );
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
  if (data.drawBand)
    legend.push({
      key: DRAW_BAND_KEY,
      label: data.drawBand.count === 1 ? '1 draw' : `${data.drawBand.count} draws`,
      color: DRAW_BAND_COLOUR,
      swatch: 'band',
      help: 'the fewest to the most replicas any timing draw had at each sync (spec.draws: the scrape and sync phases drawn)',
      hidden: hidden.has(DRAW_BAND_KEY),
    });
  const kedaWrites = props.kedaWrites ?? NO_KEDA_WRITES;
  if (kedaWrites.length > 0)
    legend.push({
      key: 'keda',
      label: 'KEDA write',
      color: 'var(--keda-write, #7c3aed)',
      swatch: 'marker' as const,
      help: 'KEDA scaled the target itself, not the HPA (▼ to zero or idle after cooldownPeriod, ▲ activation)',
      hidden: hidden.has('keda'),
    });
  const changes = props.changes ?? [];
  if (changes.length > 0)
    legend.push({
      key: 'changes',
      label: 'change',
      color: 'var(--change-mark)',
      swatch: 'vline' as const,
      help: 'a write by someone else during the run (spec.changes: an HPA edit, a kubectl scale), numbered; the next sync’s explanation names it',
      hidden: hidden.has('changes'),
    });
  const phaseShades = props.phaseShades ?? NO_SHADES;
  legend.push(...phaseShadeLegend(phaseShades, hidden));
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
        hover={props.hover}
        kedaWrites={kedaWrites}
        phaseShades={phaseShades}
      />
      {changes.length > 0 && !hidden.has('changes') ? (
        <ChangeMarks changes={changes} xDomain={props.xDomain} height={height} />
      ) : null}
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
