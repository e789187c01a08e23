// The charts of one run stacked vertically: replicas, one lane per HPA metric, demand. They share
// the downsampled rows (memoized per series and zoom), the x-domain and ticks, one hover cursor
// and tooltip row across them (an external store: hovering never re-renders a plot), the zoom,
// and the selected sync drawn as a vertical line.

import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { stabilizationModel } from '../explain/stabilization.ts';
import { runSummaries, withSelected } from './summaries.ts';
import type { SyncDetail } from '../worker/protocol.ts';
import { buildChartData, DRAW_BAND_KEY, pointsForWidth, replicasScale } from './buildChartData.ts';
import { DEFAULT_HIDDEN_REPLICAS } from './seriesStyles.ts';
import { useWidth } from '../plot/useWidth.ts';
import type { YMode } from '../plot/scale.ts';
import type { SharedChartProps } from './chartParts.tsx';
import { DemandChart } from './DemandChart.tsx';
import { HoldWhileHidden } from './HoldWhileHidden.tsx';
import { MetricLane } from './MetricLane.tsx';
import { clampRange, panToInclude } from '../plot/pointer.ts';
import { createHoverStore } from '../plot/hover.ts';
import { ReplicasChart, type KedaWriteMark } from './ReplicasChart.tsx';
import type { PhaseShade } from './phaseShades.ts';
import { formatDuration, formatElapsed } from '../format/timeAxis.ts';
import { timeAxis } from '../plot/ticks.ts';
import type { ChartDrawBand, ChartRollout, ChartSeries, OverlayRun } from './types.ts';
import type { RunChangeMark } from './placeChanges.ts';
import './charts.css';

export interface SimulationChartsProps {
  /** the run's series (ResultPayload.series), optionally with the decision series */
  series: ChartSeries;
  selectedSync: number | null;
  onSelectSync: (index: number) => void;
  /** the selected sync's detail: draws its stabilization window on the replicas chart */
  selectedDetail?: SyncDetail | null;
  /** the result is older than the text being edited */
  stale?: boolean;
  /** what the stale badge says (why the charts are not the text's) */
  staleNote?: string;
  /** points per series after downsampling (default: about 1.5 per pixel of the charts' width) */
  maxPoints?: number;
  /** select the sync under the pointer while hovering (default: on click only) */
  selectOnHover?: boolean;
  /** the variants, drawn over the HPA's replicas and metric lanes (memoize: a new array redraws) */
  overlays?: readonly OverlayRun[];
  /** the run the explanation follows ('main': the HPA): its lines are drawn emphasised */
  focusedRun?: string;
  /** told the x-range shown whenever it changes (null: the whole run), e.g. for cluster lanes */
  onZoomChange?: (zoom: [number, number] | null) => void;
  /** drawn at the end of the charts' bar (the page's actions; memoize: a new node re-renders) */
  barEnd?: ReactNode;
  /** shown in the charts' bar instead of the hint (the figures so far at the selected sync) */
  barNote?: ReactNode;
  /** KEDA's own writes to the scale, drawn apart from the HPA's rescales (memoize) */
  kedaWrites?: readonly KedaWriteMark[];
  /** the timing draws' spread of the replicas (spec.draws), drawn as a band (memoize) */
  drawBand?: ChartDrawBand | null;
  /** the run's writes of others (ResultPayload.changes), marked on the replicas chart */
  changes?: readonly RunChangeMark[];
  /** KEDA's inactive / cooling-down / fallback spans on the Replicas chart (memoize) */
  phaseShades?: readonly PhaseShade[];
  /** a rollout's old and new pods per sync (ResultPayload.rollout.series), two lines */
  rollout?: ChartRollout | null;
  /**
   * a gesture (a curve drag) is under way: a result comes per frame, so its series are downsampled
   * to one point per pixel (not 1.5), and the charts' words for a screen reader (a pass over every
   * series, ≈ 130 kB of garbage) are made once it ends
   */
  gesture?: boolean;
}

const NO_OVERLAYS: readonly OverlayRun[] = [];

function fullDomainOf(time: Float64Array): [number, number] {
  const n = time.length;
  return n > 0 ? [time[0]!, Math.max(time[n - 1]!, time[0]! + 1)] : [0, 1];
}

/** Memoized: the app re-renders on every keystroke, the charts only when their props change. */
export const SimulationCharts = memo(SimulationChartsView);

function SimulationChartsView(props: SimulationChartsProps) {
  const { series, selectedSync, onSelectSync, selectedDetail, stale } = props;
  const overlays = props.overlays ?? NO_OVERLAYS;
  const focusedRun = props.focusedRun ?? 'main';
  const [root, width] = useWidth<HTMLElement>();
  // A drag's results: one point per pixel (a fifth less work per frame at 1280 px).
  const maxPoints = props.maxPoints ?? pointsForWidth(width, props.gesture ? 1 : 1.5);
  const [zoomState, setZoom] = useState<[number, number] | null>(null);
  const [hover] = useState(createHoverStore);
  const full = useMemo(() => fullDomainOf(series.time), [series]);
  // A new result may be shorter: keep the zoom only while it still fits.
  const zoom = useMemo(() => {
    if (!zoomState) return null;
    if (zoomState[0] >= full[1]) return null;
    const a = Math.max(full[0], zoomState[0]);
    const b = Math.min(full[1], zoomState[1]);
    return clampRange((a + b) / 2, b - a, full);
  }, [zoomState, full]);
  const onZoom = useCallback(
    (r: [number, number] | null) =>
      setZoom(r ? clampRange((r[0] + r[1]) / 2, r[1] - r[0], full) : null),
    [full],
  );

  // Others drawn on the same time axis (the cluster lanes) follow the zoom.
  const onZoomChange = props.onZoomChange;
  useEffect(() => onZoomChange?.(zoom), [zoom, onZoomChange]);

  // Keyboard selection past the zoomed range pans the zoom along.
  useEffect(() => {
    if (!zoom || selectedSync === null) return;
    const t = series.time[selectedSync];
    if (t === undefined) return;
    const next = panToInclude(zoom, t, full);
    if (next !== zoom) setZoom(next);
  }, [selectedSync, zoom, series, full]);

  const drawBand = props.drawBand ?? null;
  const rollout = props.rollout ?? null;
  const data = useMemo(
    () => buildChartData(series, maxPoints, zoom, overlays, drawBand, rollout),
    [series, maxPoints, zoom, overlays, drawBand, rollout],
  );
  // The replicas legend and y-mode live here so the axis is refitted to what is visible; a
  // variant's legend key hides it on every chart at once.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(DEFAULT_HIDDEN_REPLICAS);
  const [yMode, setYMode] = useState<YMode>('linear');
  const toggleReplicas = useCallback(
    (key: string) =>
      setHidden((h) => {
        const next = new Set(h);
        if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      }),
    [],
  );
  const replicasAxis = useMemo(
    () =>
      // The legend as it starts, linear: buildChartData fitted this very axis (a pass over every
      // sync of the range, once per result is enough).
      hidden === DEFAULT_HIDDEN_REPLICAS && yMode === 'linear'
        ? data.replicasScale
        : replicasScale(series, data.hasDecisionSeries, data.range, {
            hidden,
            mode: yMode,
            overlays: [
              ...data.overlays.map((o) => ({
                legendKey: o.legendKey,
                specReplicas: overlays.find((r) => r.key === o.key)!.series.specReplicas,
              })),
              ...(data.drawBand && drawBand
                ? [{ legendKey: DRAW_BAND_KEY, specReplicas: drawBand.hi }]
                : []),
            ],
          }),
    [series, data, hidden, yMode, overlays, drawBand],
  );
  const xAxis = useMemo(() => timeAxis(data.xDomain, 8), [data]);
  const stabilization = useMemo(() => {
    if (!selectedDetail || selectedDetail.index !== selectedSync) return null;
    const raw = series.rawReplicas;
    return stabilizationModel(selectedDetail, raw ? { time: series.time, raw } : undefined);
  }, [selectedDetail, selectedSync, series]);

  // Each chart in words for a screen reader, the selected sync included (summaries.ts).
  // The run's part once per result; the selected sync's words added per selection (cheap).
  // During a drag they describe the run it started from, until the release.
  const wordsOf = useRef(series);
  if (!props.gesture) wordsOf.current = series;
  const wordsSeries = wordsOf.current;
  const runWords = useMemo(() => runSummaries(wordsSeries), [wordsSeries]);
  const summaries = useMemo(
    () => withSelected(runWords, series, selectedSync),
    [runWords, series, selectedSync],
  );
  const selectOnHover = props.selectOnHover ?? false;
  // A chart out of sight keeps its drawing while a gesture lasts (HoldWhileHidden).
  const gesture = props.gesture ?? false;
  const shared: SharedChartProps = useMemo(
    () => ({
      rows: data.rows,
      xDomain: data.xDomain,
      fullDomain: full,
      zoom,
      onZoom,
      xTicks: xAxis.ticks,
      tickSeconds: xAxis.seconds,
      time: data.time,
      selectedSync,
      onSelectSync,
      selectOnHover,
      rescaleIndices: data.rescaleIndices,
      rowIndices: data.indices,
      hover,
    }),
    [data, full, zoom, onZoom, xAxis, selectedSync, onSelectSync, selectOnHover, hover],
  );
  return (
    <section
      ref={root}
      className={`sim-charts${stale ? ' is-stale' : ''}`}
      aria-label="Simulation charts"
      aria-busy={stale || undefined}
    >
      <div className="sim-charts-bar">
        {zoom ? (
          <>
            <span>
              Zoomed to {formatElapsed(zoom[0], true)}–{formatElapsed(zoom[1], true)} (
              {formatDuration(zoom[1] - zoom[0])})
            </span>
            <button type="button" className="link-button" onClick={() => onZoom(null)}>
              Show the whole run
            </button>
          </>
        ) : null}
        {props.barNote ??
          (zoom ? null : (
            <span className="muted">
              Click: select a sync · drag: zoom · ←/→: step · the figures so far show here
            </span>
          ))}
        {stale ? (
          <span className="stale-badge" role="status">
            {props.staleNote ?? 'stale — editing'}
          </span>
        ) : null}
        {props.barEnd ? <span className="sim-charts-bar-end">{props.barEnd}</span> : null}
      </div>
      <HoldWhileHidden gesture={gesture}>
        <ReplicasChart
          {...shared}
          data={data}
          stabilization={stabilization}
          scale={replicasAxis}
          hidden={hidden}
          onToggle={toggleReplicas}
          yMode={yMode}
          onYMode={setYMode}
          focusedRun={focusedRun}
          summary={summaries.replicas}
          kedaWrites={props.kedaWrites}
          changes={props.changes}
          phaseShades={props.phaseShades}
        />
      </HoldWhileHidden>
      {data.metrics.map((lane) => (
        <HoldWhileHidden key={lane.index} gesture={gesture}>
          <MetricLane
            {...shared}
            lane={lane}
            tolerance={data.tolerance}
            overlays={data.overlays}
            hidden={hidden}
            onToggle={toggleReplicas}
            focusedRun={focusedRun}
            summary={summaries.metrics[lane.index]}
          />
        </HoldWhileHidden>
      ))}
      <HoldWhileHidden gesture={gesture}>
        <DemandChart {...shared} data={data} summary={summaries.demand} />
      </HoldWhileHidden>
    </section>
  );
}
