// Data the charts draw. The base is the worker's SeriesPayload; the decision series below are
// optional extras (per sync, from the trace) that let the replicas chart separate the raw,
// stabilized and limited recommendations and the metric lanes show which metric decided.

import type { SeriesPayload } from '../worker/protocol.ts';
import type { AxisScale } from '../plot/ticks.ts';
import type { PlotRow, PlotTable } from '../plot/geometry.ts';
import type { HoverStore } from '../plot/hover.ts';

/** Per-sync values taken from each sync's ReconcileTrace (NaN where the step did not run). */
export type { DecisionSeries } from '../run/index.ts';
import type { DecisionSeries } from '../run/index.ts';

/** What the charts accept: the payload's series, plus the decision series when available. */
/** The worker always sends the decision series; charts also draw without them (e.g. in tests). */
export type ChartSeries = Omit<SeriesPayload, keyof DecisionSeries> & Partial<DecisionSeries>;

/**
 * Another run over the same world (a variant of the HPA), drawn over the HPA's own lines: its
 * replicas and, lane by lane, its metrics. It must share the HPA's sync grid (same times).
 */
export interface OverlayRun {
  /** the run key ('main' is the HPA itself, never an overlay) */
  key: string;
  name: string;
  colour: string;
  series: Pick<ChartSeries, 'time' | 'specReplicas' | 'metrics' | 'ratios' | 'metricInfo'>;
}

/** An overlay as the charts draw it: row keys of its replicas and of each HPA metric lane. */
export interface OverlayLines {
  key: string;
  name: string;
  colour: string;
  /** legend key that hides it on every chart */
  legendKey: string;
  specKey: string;
  /** per HPA metric lane: the row keys of the value and the ratio (null: the run lacks it) */
  metricKeys: ({ valueKey: string; ratioKey: string } | null)[];
}

/** One downsampled row (the plot kit's row). `i` is the sync index in the full series. */
export type ChartRow = PlotRow;

/** The downsampled rows, as columns (`ColumnRows`); `row(k)` makes one a `ChartRow`. */
export type ChartRows = PlotTable;

export interface RescaleMarker {
  /** time and sync index of the (last) rescale the marker stands for */
  t: number;
  i: number;
  /** spec replicas after it */
  y: number;
  direction: 'up' | 'down' | 'mixed';
  ups: number;
  downs: number;
}

/** A contiguous run of syncs decided by one metric, in seconds. */
export interface TimeRun {
  from: number;
  to: number;
}

export interface MetricLaneData {
  index: number;
  label: string;
  unit: string;
  target: number;
  /** row keys of the value and the usage ratio */
  valueKey: string;
  ratioKey: string;
  /** target × [1 − down, 1 + up] */
  band: [number, number] | null;
  /** y-axis of the value view and of the ratio view */
  valueScale: AxisScale;
  ratioScale: AxisScale;
  /** runs where this metric's proposal decided (only with 2+ metrics and decision series) */
  decided: TimeRun[];
}

export interface ChartData {
  rows: ChartRows;
  /** sync index of each row (same as rows.row(k).i) */
  indices: Int32Array;
  xDomain: [number, number];
  /** the full run's time span */
  fullDomain: [number, number];
  /** the original sync times, for the cursor and keyboard navigation */
  time: Float64Array;
  markers: RescaleMarker[];
  /** sync indices that rescaled, ascending (Shift+arrow jumps between them) */
  rescaleIndices: number[];
  replicasScale: AxisScale;
  hasDecisionSeries: boolean;
  hasDemand: boolean;
  hasCapacity: boolean;
  demandScale: AxisScale;
  /** the visible index range [first, last] (the whole run unless zoomed) */
  range: [number, number];
  zoomed: boolean;
  metrics: MetricLaneData[];
  minReplicas: number;
  maxReplicas: number;
  tolerance: { scaleUp: number; scaleDown: number };
  /** the variants drawn over the HPA's lines (empty without variants) */
  overlays: OverlayLines[];
  /** the timing draws' spread (rows' `drawLo`/`drawHi`): how many draws, null without one */
  drawBand: { count: number } | null;
  /** a rollout's pods split by ReplicaSet (rows' `oldPods`/`newPods`); false without one */
  rollout: boolean;
}

/** A rollout's pods per sync (SimulationResult.rollout.series), drawn as two lines. */
export interface ChartRollout {
  old: Float64Array;
  new: Float64Array;
}

/**
 * The timing draws' spread of spec.replicas, sync by sync (spec.draws): the fewest and most any
 * draw had, on the result's own sync grid.
 */
export interface ChartDrawBand {
  count: number;
  lo: Float64Array;
  hi: Float64Array;
}

/** Selection and zoom state every chart shares (passed down by SimulationCharts). */
export interface FrameInteraction {
  /** the x-domain shown (the zoom range, or the whole run) */
  xDomain: [number, number];
  /** the whole run's span */
  fullDomain: [number, number];
  zoom: [number, number] | null;
  onZoom: (range: [number, number] | null) => void;
  /** every sync's time */
  time: ArrayLike<number>;
  selectedSync: number | null;
  onSelectSync: (index: number) => void;
  selectOnHover: boolean;
  rescaleIndices: readonly number[];
  /** the syncs drawn as rows (downsampled): a click picks among these, as the tooltip does */
  rowIndices?: ArrayLike<number>;
  /** the drawn rows, for the hover cursor (shared by the stacked charts through `hover`) */
  rows?: ChartRows;
  hover?: HoverStore;
  /** the chart in words for a screen reader, with the selected sync (summaries.ts) */
  summary?: string;
}
