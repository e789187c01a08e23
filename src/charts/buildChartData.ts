// Shapes a run's series for the charts: one shared, downsampled row array (so every chart's
// tooltip and cursor line up by index), rescale markers aggregated per row, y-axes with round
// ticks, and the per-metric lane descriptions. With a time range (zoom) only that slice is
// downsampled, so zooming in shows every sync. Pure: the components only draw what this returns.

import { axisScale, type AxisScale } from '../plot/ticks.ts';
import { downsampleIndices } from '../plot/lttb.ts';
import { ColumnRows, type Column } from '../plot/columnRows.ts';
import { replicasBefore } from '../explain/index.ts';
import { DEFAULT_HIDDEN_REPLICAS } from './seriesStyles.ts';
import { countAxis, type YMode } from '../plot/scale.ts';
import type {
  ChartData,
  ChartDrawBand,
  ChartRollout,
  ChartSeries,
  MetricLaneData,
  OverlayLines,
  OverlayRun,
  RescaleMarker,
  TimeRun,
} from './types.ts';

/**
 * Default points per series: about 1.5 per pixel of a laptop-sized plot (more is invisible), and
 * cheap enough that a 24 h run repaints within the 100 ms budget (zooming re-downsamples the slice).
 */
export const DEFAULT_MAX_POINTS = 1000;

/**
 * Points per series for charts `width` px wide: about 1.5 per pixel (more is invisible, and every
 * point is work on each new result: downsampling, paths, the SVG's layout), in steps of 100 so
 * resizing rebuilds rarely, at most DEFAULT_MAX_POINTS. Zooming in still shows every sync.
 * `perPixel` 1 during a curve drag: a result per frame, each drawn for a frame or two; the
 * release draws the last one at 1.5 again.
 */
export function pointsForWidth(width: number, perPixel = 1.5): number {
  if (!(width > 0)) return DEFAULT_MAX_POINTS;
  return Math.min(DEFAULT_MAX_POINTS, Math.max(300, Math.ceil((width * perPixel) / 100) * 100));
}

/** Rescale markers across the visible range, at most (closer ones merge). */
const MAX_MARKERS = 100;

/** Headroom above the data so a line at the maximum does not sit on the frame. */
const HEADROOM = 1.04;

type Arr = ArrayLike<number>;

function anyFinite(a: Arr | undefined): boolean {
  if (!a) return false;
  for (let i = 0; i < a.length; i++) if (Number.isFinite(a[i]!)) return true;
  return false;
}

function finiteMax(arrays: (Arr | undefined)[], start = -Infinity): number {
  let m = start;
  for (const a of arrays) {
    if (!a) continue;
    for (let i = 0; i < a.length; i++) {
      const v = a[i]!;
      if (Number.isFinite(v) && v > m) m = v;
    }
  }
  return m;
}

function finiteMin(arrays: (Arr | undefined)[], start = Infinity): number {
  let m = start;
  for (const a of arrays) {
    if (!a) continue;
    for (let i = 0; i < a.length; i++) {
      const v = a[i]!;
      if (Number.isFinite(v) && v < m) m = v;
    }
  }
  return m;
}

function scaleFor(min: number, max: number, integer = false): AxisScale {
  return axisScale(Math.min(0, min), Math.max(max, 0) * HEADROOM, 6, integer);
}

/** The index range [i0, i1] of the syncs inside [t0, t1] (the whole run without a range). */
export function indexRange(time: Arr, range?: [number, number] | null): [number, number] {
  const n = time.length;
  if (n === 0) return [0, -1];
  if (!range) return [0, n - 1];
  let i0 = 0;
  while (i0 < n - 1 && time[i0 + 1]! <= range[0]) i0++;
  let i1 = n - 1;
  while (i1 > i0 && time[i1 - 1]! >= range[1]) i1--;
  return [i0, i1];
}

/** Direction of the rescale at sync i, from the count the sync read (replicasBefore). */
function rescaleDirection(s: ChartSeries, i: number): 1 | -1 | 0 {
  const after = s.specReplicas[i]!;
  const before = replicasBefore(s, i);
  return after > before ? 1 : after < before ? -1 : 0;
}

/**
 * One marker per row that has rescales since the previous row (none is lost to downsampling);
 * markers closer than `mergeSeconds` merge into one (counts add up), so glyphs never pile up.
 */
export function buildMarkers(
  s: ChartSeries,
  indices: Int32Array,
  from = 0,
  mergeSeconds = 0,
): RescaleMarker[] {
  const markers: RescaleMarker[] = [];
  let prev = from - 1;
  // Start time of the newest marker's group: a group spans at most mergeSeconds.
  let groupStart = -Infinity;
  for (const k of indices) {
    let ups = 0;
    let downs = 0;
    let last = -1;
    for (let i = prev + 1; i <= k; i++) {
      if (!s.rescaled[i]) continue;
      const d = rescaleDirection(s, i);
      if (d > 0) ups++;
      else if (d < 0) downs++;
      else continue;
      last = i;
    }
    prev = k;
    if (last < 0) continue;
    const t = s.time[k]!;
    const y = s.specReplicas[k]!;
    const before = markers[markers.length - 1];
    if (before && t - groupStart < mergeSeconds) {
      before.ups += ups;
      before.downs += downs;
      before.t = t;
      before.i = last;
      before.y = y;
      before.direction =
        before.ups > 0 && before.downs > 0 ? 'mixed' : before.ups > 0 ? 'up' : 'down';
      continue;
    }
    groupStart = t;
    markers.push({
      t,
      i: last,
      y,
      direction: ups > 0 && downs > 0 ? 'mixed' : ups > 0 ? 'up' : 'down',
      ups,
      downs,
    });
  }
  return markers;
}

/**
 * Runs of syncs decided by `metric`, in seconds; runs closer than `mergeGapSeconds` are merged and
 * at most `maxRuns` are returned (shortest gaps merged first), so a lane never draws thousands.
 */
export function decidedRuns(
  time: Arr,
  deciding: Arr,
  metric: number,
  mergeGapSeconds: number,
  maxRuns = 200,
): TimeRun[] {
  const n = time.length;
  const runs: TimeRun[] = [];
  for (let i = 0; i < n;) {
    if (deciding[i] !== metric) {
      i++;
      continue;
    }
    const start = i;
    while (i < n && deciding[i] === metric) i++;
    const to = i < n ? time[i]! : time[n - 1]!;
    const last = runs[runs.length - 1];
    if (last && time[start]! - last.to <= mergeGapSeconds) last.to = to;
    else runs.push({ from: time[start]!, to });
  }
  while (runs.length > maxRuns) {
    let best = 1;
    for (let k = 2; k < runs.length; k++) {
      if (runs[k]!.from - runs[k - 1]!.to < runs[best]!.from - runs[best - 1]!.to) best = k;
    }
    runs[best - 1]!.to = runs[best]!.to;
    runs.splice(best, 1);
  }
  return runs;
}

/** Typed-array views of the visible slice (no copy). */
function slice<T extends Float64Array | Uint8Array | Int16Array>(a: T, i0: number, i1: number): T {
  return a.subarray(i0, i1 + 1) as T;
}

/** Which of a variant's metrics is the HPA's metric `key` (-1: its patch removed it). */
function overlayMetricIndex(o: OverlayRun, key: string): number {
  return o.series.metricInfo.findIndex((m) => m.key === key);
}

/**
 * The variants that can be drawn over `s` (those on its sync grid: the same world gives the same
 * times) and their row keys: `o{k}` replicas, `o{k}m{j}` / `o{k}r{j}` on the HPA's lane j.
 */
export function overlayLines(
  s: ChartSeries,
  overlays: readonly OverlayRun[],
): { runs: OverlayRun[]; lines: OverlayLines[] } {
  const runs = overlays.filter((o) => o.series.time.length === s.time.length);
  const lines = runs.map((o, k) => ({
    key: o.key,
    name: o.name,
    colour: o.colour,
    legendKey: overlayLegendKey(o.key),
    specKey: `o${k}`,
    metricKeys: s.metricInfo.map((info, j) =>
      overlayMetricIndex(o, info.key) < 0
        ? null
        : { valueKey: `o${k}m${j}`, ratioKey: `o${k}r${j}` },
    ),
  }));
  return { runs, lines };
}

/** The legend key of a variant: one key hides it on every chart. */
export function overlayLegendKey(runKey: string): string {
  return `run:${runKey}`;
}

function metricLanes(
  s: ChartSeries,
  i0: number,
  i1: number,
  spanSeconds: number,
  maxPoints: number,
  overlays: readonly OverlayRun[] = [],
  lines: readonly OverlayLines[] = [],
): MetricLaneData[] {
  const up = s.tolerance.scaleUp;
  const down = s.tolerance.scaleDown;
  const multi = s.metricInfo.length > 1 && s.decidingMetric !== undefined;
  const time = slice(s.time, i0, i1);
  return s.metricInfo.map((info, j) => {
    const values = s.metrics[j] ? slice(s.metrics[j]!, i0, i1) : undefined;
    const ratios = s.ratios[j] ? slice(s.ratios[j]!, i0, i1) : undefined;
    // The lane's axes cover every run drawn on it, so no variant is clipped.
    const others = overlays.map((o, k) => {
      const jj = lines[k]?.metricKeys[j] ? overlayMetricIndex(o, info.key) : -1;
      return jj < 0
        ? { values: undefined, ratios: undefined }
        : {
            values: o.series.metrics[jj] ? slice(o.series.metrics[jj]!, i0, i1) : undefined,
            ratios: o.series.ratios[jj] ? slice(o.series.ratios[jj]!, i0, i1) : undefined,
          };
    });
    const allValues = [values, ...others.map((o) => o.values)];
    const allRatios = [ratios, ...others.map((o) => o.ratios)];
    const target = info.target;
    const band: [number, number] | null = Number.isFinite(target)
      ? [target * (1 - down), target * (1 + up)]
      : null;
    return {
      index: j,
      label: info.label,
      unit: info.unit,
      target,
      valueKey: `m${j}`,
      ratioKey: `r${j}`,
      band,
      valueScale: scaleFor(finiteMin(allValues, 0), finiteMax(allValues, band ? band[1] : 0)),
      ratioScale: scaleFor(finiteMin(allRatios, 0), finiteMax(allRatios, 1 + up)),
      decided:
        multi && s.decidingMetric
          ? decidedRuns(time, slice(s.decidingMetric, i0, i1), j, spanSeconds / maxPoints)
          : [],
    };
  });
}

/** What the replicas axis is fitted to: the visible series and the linear or log view. */
export interface ReplicasScaleOptions {
  /** legend keys switched off (their series do not stretch the axis) */
  hidden?: ReadonlySet<string>;
  mode?: YMode;
  /** the variants' replicas, each under its legend key (hidden ones do not stretch the axis) */
  overlays?: readonly { legendKey: string; specReplicas: Float64Array }[];
}

/**
 * Y-axis of the replicas chart: covers the visible series of what the workload did; maxReplicas
 * is included only when it is not far above that (a max of 1,000 must not flatten a run that stays
 * at 5), and a visible raw recommendation only up to twice the rest (beyond it is clipped).
 * When the top is maxReplicas itself no headroom is added: the ceiling is the meaningful value.
 */
export function replicasScale(
  s: ChartSeries,
  withDecisions = false,
  range?: [number, number],
  opts: ReplicasScaleOptions = {},
): AxisScale {
  const hidden = opts.hidden ?? new Set<string>();
  const shown = (key: string) => !hidden.has(key);
  const [i0, i1] = range ?? [0, s.time.length - 1];
  const v = (key: string, a: Float64Array | undefined) =>
    a && shown(key) ? slice(a, i0, i1) : undefined;
  // The pending and terminating areas stack: their sum's top, without an array per call (two
  // calls per result, a result per frame during a curve drag).
  const pending = shown('pending');
  const terminating = shown('terminating');
  let stackedTop = Math.max(1, s.minReplicas);
  for (let i = i0; i <= i1; i++) {
    const sum =
      (pending ? s.pendingReplicas[i]! : 0) + (terminating ? s.terminatingReplicas[i]! : 0);
    if (Number.isFinite(sum) && sum > stackedTop) stackedTop = sum;
  }
  let top = finiteMax(
    [
      v('spec', s.specReplicas),
      v('ready', s.readyReplicas),
      v('desired', s.desiredReplicas),
      withDecisions ? v('stabilized', s.stabilizedReplicas) : undefined,
      ...(opts.overlays ?? []).map((o) => v(o.legendKey, o.specReplicas)),
    ],
    stackedTop,
  );
  if (s.maxReplicas <= top * 1.5) top = Math.max(top, s.maxReplicas);
  const atMax = top === s.maxReplicas;
  if (withDecisions)
    top = Math.max(top, Math.min(finiteMax([v('raw', s.rawReplicas)], 0), top * 2));
  return countAxis(top, opts.mode ?? 'linear', !(atMax && top === s.maxReplicas));
}

/**
 * The whole chart model of one result, or of the syncs inside `range` (seconds) when zoomed.
 * Memoize per payload and range: it walks every sync of the range.
 */
export function buildChartData(
  s: ChartSeries,
  maxPoints = DEFAULT_MAX_POINTS,
  range?: [number, number] | null,
  overlayRuns: readonly OverlayRun[] = [],
  drawBand: ChartDrawBand | null = null,
  rolloutPods: ChartRollout | null = null,
): ChartData {
  const n = s.time.length;
  // A band from another result (another length) is not drawn.
  const band = drawBand && drawBand.lo.length === n && drawBand.hi.length === n ? drawBand : null;
  const rollout = rolloutPods && rolloutPods.old.length === n ? rolloutPods : null;
  const { runs: overlays, lines } = overlayLines(s, overlayRuns);
  const [i0, i1] = indexRange(s.time, range);
  const hasDemand = anyFinite(s.demand);
  const hasCapacity = anyFinite(s.capacity);
  const hasDecisionSeries = s.rawReplicas !== undefined && s.stabilizedReplicas !== undefined;

  const view = (a: Float64Array) => slice(a, i0, i1);
  const shaped: Arr[] = [
    view(s.specReplicas),
    view(s.readyReplicas),
    view(s.desiredReplicas),
    view(s.pendingReplicas),
    view(s.terminatingReplicas),
    ...s.metrics.map(view),
  ];
  if (hasDemand) shaped.push(view(s.demand), view(s.served));
  if (hasCapacity) shaped.push(view(s.capacity));
  if (hasDecisionSeries) shaped.push(view(s.rawReplicas!), view(s.stabilizedReplicas!));
  // A variant's own spikes and drops survive downsampling too.
  for (const o of overlays) shaped.push(view(o.series.specReplicas));
  if (band) shaped.push(view(band.lo), view(band.hi));
  if (rollout) shaped.push(view(rollout.old), view(rollout.new));
  const rescaledView = slice(s.rescaled, i0, i1);
  let rescaleCount = 0;
  for (let i = 0; i < rescaledView.length; i++) if (rescaledView[i]) rescaleCount++;
  // Rescale syncs are kept exactly while they take at most a quarter of the budget.
  const important = rescaleCount <= maxPoints / 4 ? rescaledView : undefined;
  const local = downsampleIndices(view(s.time), shaped, maxPoints, important);
  const indices = local.map((k) => k + i0);

  // The rows as columns over the run's own series (ColumnRows: no object per row, a result per
  // frame during a curve drag); keys in the order a row object had them.
  const columns = new Map<string, Column>([
    ['spec', s.specReplicas],
    ['ready', s.readyReplicas],
    ['desired', s.desiredReplicas],
    ['pending', s.pendingReplicas],
    ['terminating', s.terminatingReplicas],
  ]);
  if (hasDemand) columns.set('demand', s.demand).set('served', s.served);
  if (hasCapacity) columns.set('capacity', s.capacity);
  if (hasDecisionSeries)
    columns.set('raw', s.rawReplicas!).set('stabilized', s.stabilizedReplicas!);
  for (let j = 0; j < s.metrics.length; j++)
    columns.set(`m${j}`, s.metrics[j]!).set(`r${j}`, s.ratios[j] ?? null);
  overlays.forEach((o, q) => {
    const line = lines[q]!;
    columns.set(line.specKey, o.series.specReplicas);
    line.metricKeys.forEach((keys, j) => {
      if (!keys) return;
      const jj = overlayMetricIndex(o, s.metricInfo[j]!.key);
      columns.set(keys.valueKey, o.series.metrics[jj] ?? null);
      columns.set(keys.ratioKey, o.series.ratios[jj] ?? null);
    });
  });
  if (band) columns.set('drawLo', band.lo).set('drawHi', band.hi);
  if (rollout) columns.set('oldPods', rollout.old).set('newPods', rollout.new);
  const rows = new ColumnRows(s.time, indices, columns);

  const rescaleIndices: number[] = [];
  for (let i = 0; i < n; i++) if (s.rescaled[i]) rescaleIndices.push(i);

  const full: [number, number] =
    n > 0 ? [s.time[0]!, Math.max(s.time[n - 1]!, s.time[0]! + 1)] : [0, 1];
  const zoomed = !!range && (i0 > 0 || i1 < n - 1);
  const xDomain: [number, number] =
    zoomed && range ? [Math.max(full[0], range[0]), Math.min(full[1], range[1])] : full;
  return {
    rows,
    indices,
    xDomain,
    fullDomain: full,
    time: s.time,
    // About 1% of the width apart at most: ~7 px on a laptop-sized chart.
    markers: buildMarkers(s, indices, i0, (xDomain[1] - xDomain[0]) / MAX_MARKERS),
    rescaleIndices,
    replicasScale: replicasScale(s, hasDecisionSeries, [i0, i1], {
      hidden: DEFAULT_HIDDEN_REPLICAS,
      overlays: [
        ...overlays.map((o, q) => ({
          legendKey: lines[q]!.legendKey,
          specReplicas: o.series.specReplicas,
        })),
        ...(band ? [{ legendKey: DRAW_BAND_KEY, specReplicas: band.hi }] : []),
      ],
    }),
    hasDecisionSeries,
    hasDemand,
    hasCapacity,
    demandScale: scaleFor(
      0,
      finiteMax([hasDemand ? view(s.demand) : undefined, view(s.served), view(s.capacity)], 0),
    ),
    range: [i0, i1],
    zoomed,
    metrics: metricLanes(s, i0, i1, xDomain[1] - xDomain[0], maxPoints, overlays, lines),
    minReplicas: s.minReplicas,
    maxReplicas: s.maxReplicas,
    tolerance: s.tolerance,
    overlays: lines,
    drawBand: band ? { count: band.count } : null,
    rollout: rollout !== null,
  };
}

/** The legend key of the timing draws' band on the replicas chart. */
export const DRAW_BAND_KEY = 'draws';
