// The per-sync series, declared once: these key lists drive the recorder that fills them, the
// copy that crosses the worker boundary and the list of buffers to transfer. Adding a series is
// one entry here (plus its line in the recorder that computes it).

/** How each HPA metric is shown on a chart: its current value against its target. */
export interface MetricSeriesInfo {
  /** "cpu utilization", "pods http_requests", … */
  label: string;
  /** "%", "cores", "bytes" or the metric's own unit */
  unit: string;
  target: number;
  /** key of the load model ("resource/cpu", …) */
  key: string;
}

/** One number per sync. */
export const SYNC_F64_KEYS = [
  'time',
  'desiredReplicas',
  'specReplicas',
  /**
   * spec.replicas as the sync read it, before its own write (trace.currentReplicas): differs from
   * the previous sync's spec when someone else wrote the scale in between (a kubectl scale, KEDA);
   * NaN where no controller sync ran (a federation's summed series)
   */
  'currentReplicas',
  'readyReplicas',
  'pendingReplicas',
  'terminatingReplicas',
  /** total work arriving per second (NaN without a traffic curve) */
  'demand',
  /** work served per second */
  'served',
  /** what ready pods could serve (NaN without a pod capacity) */
  'capacity',
  /** trace.metricDesiredReplicas: the largest metric proposal ("raw") */
  'rawReplicas',
  /** trace.stabilizedReplicas */
  'stabilizedReplicas',
  /** trace.normalizedReplicas: after policies and the min/max clamp */
  'limitedReplicas',
] as const;

/** One number per sync and HPA metric (spec.metrics order). */
export const METRIC_F64_KEYS = [
  /** the value the controller computed (NaN when it did not, or when it overflowed) */
  'metrics',
  /** the usage ratio (NaN when not computed) */
  'ratios',
  /** the metric's proposal (NaN when it failed or was not computed) */
  'proposals',
] as const;

/** One flag per sync and HPA metric. */
export const METRIC_U8_KEYS = [
  /**
   * 1 where the utilization overflowed Go's int32 (as upstream's arithmetic does): the decision
   * used the overflowed value, the plotted value is NaN
   */
  'metricOverflow',
] as const;

export type SyncF64Key = (typeof SYNC_F64_KEYS)[number];
export type MetricF64Key = (typeof METRIC_F64_KEYS)[number];
export type MetricU8Key = (typeof METRIC_U8_KEYS)[number];

export type SeriesArrays = { [K in SyncF64Key]: Float64Array } & {
  [K in MetricF64Key]: Float64Array[];
} & { [K in MetricU8Key]: Uint8Array[] } & {
  /** 1 where the sync rescaled the target */
  rescaled: Uint8Array;
  /** index of the metric whose proposal was used (-1: none) */
  decidingMetric: Int16Array;
};

export interface SeriesInfo {
  metricInfo: MetricSeriesInfo[];
  minReplicas: number;
  maxReplicas: number;
  /** tolerance band per direction (after per-HPA overrides) */
  tolerance: { scaleUp: number; scaleDown: number };
}

export type SimulationSeries = SeriesArrays & SeriesInfo;

/** Fresh arrays for n syncs and m metrics; values the controller may not compute start as NaN. */
export function allocateSeries(n: number, m: number, info: SeriesInfo): SimulationSeries {
  const s = { ...info } as SimulationSeries;
  const views = packedViews([
    ...SYNC_F64_KEYS.map(() => [Float64Array, n] as const),
    ...Array.from({ length: METRIC_F64_KEYS.length * m }, () => [Float64Array, n] as const),
    ...Array.from({ length: METRIC_U8_KEYS.length * m + 1 }, () => [Uint8Array, n] as const),
    [Int16Array, n],
  ]);
  placeViews(s, m, views);
  for (const k of [
    'currentReplicas',
    'rawReplicas',
    'stabilizedReplicas',
    'limitedReplicas',
  ] as const)
    s[k].fill(NaN);
  for (const k of METRIC_F64_KEYS) for (const a of s[k]) a.fill(NaN);
  s.decidingMetric.fill(-1);
  return fastShape(s);
}

/** `views` (in seriesArrays' order, for m metrics) put on the series' keys, in that order too. */
function placeViews(s: SimulationSeries, m: number, views: PackedArray[]): void {
  let next = 0;
  for (const k of SYNC_F64_KEYS) s[k] = views[next++] as Float64Array;
  for (const k of METRIC_F64_KEYS)
    s[k] = Array.from({ length: m }, () => views[next++] as Float64Array);
  for (const k of METRIC_U8_KEYS)
    s[k] = Array.from({ length: m }, () => views[next++] as Uint8Array);
  s.rescaled = views[next++] as Uint8Array;
  s.decidingMetric = views[next++] as Int16Array;
}

export type PackedArray = Float64Array | Int16Array | Uint8Array;
export type PackedKind =
  | typeof Float64Array<ArrayBuffer>
  | typeof Int16Array<ArrayBuffer>
  | typeof Uint8Array<ArrayBuffer>;

/**
 * Zeroed views of the given kinds and lengths over one new buffer, each at an offset that is a
 * multiple of 8 (any typed view of its bytes can be made, as samePayload's words are).
 * One buffer, not one per series: in Chromium each ArrayBuffer's allocation, and later the
 * garbage collector's sweep of it, costs far more than its bytes (a worker allocating 40
 * buffers of 46 kB per run spent ≈ 5 ms of a GC thread sweeping them per run, against ≈ 0.3 ms
 * for one buffer of the same bytes; bench/HISTORY.md, 2026-11-28). `into(bytes)` gives the
 * buffer instead (at least that long): a reused one is not zeroed, so only for a copy that
 * writes every element.
 */
export function packedViews(
  kinds: readonly (readonly [PackedKind, number])[],
  into: (bytes: number) => ArrayBuffer = (bytes) => new ArrayBuffer(bytes),
): PackedArray[] {
  let size = 0;
  const offsets = kinds.map(([kind, length]) => {
    const at = size;
    size += Math.ceil((kind.BYTES_PER_ELEMENT * length) / 8) * 8;
    return at;
  });
  const buffer = into(size);
  return kinds.map(([kind, length], i) => new kind(buffer, offsets[i], length));
}

/**
 * The same object with fast properties. Adding ~20 properties by computed key (the loops above)
 * turns a V8 object into a hash table; the recorder then paid a dictionary lookup for each of
 * its ~15 series writes per sync. A spread copies the properties into a fixed shape.
 */
function fastShape(s: SimulationSeries): SimulationSeries {
  return { ...s };
}

/** Every typed array of a series, once each. */
export function seriesArrays(s: SeriesArrays): ArrayBufferView[] {
  const out: ArrayBufferView[] = [];
  for (const k of SYNC_F64_KEYS) out.push(s[k]);
  // Loops, not spreads: the number of metrics is the user's.
  for (const k of METRIC_F64_KEYS) for (const a of s[k]) out.push(a);
  for (const k of METRIC_U8_KEYS) for (const a of s[k]) out.push(a);
  out.push(s.rescaled, s.decidingMetric);
  return out;
}

/**
 * A deep copy with fresh buffers (the copy can be transferred without detaching the original):
 * one buffer for all of its arrays (packedViews says why), or the one `into` gives.
 */
export function copySeries(
  s: SimulationSeries,
  into?: (bytes: number) => ArrayBuffer,
): SimulationSeries {
  const c = {
    metricInfo: s.metricInfo.map((m) => ({ ...m })),
    minReplicas: s.minReplicas,
    maxReplicas: s.maxReplicas,
    tolerance: { ...s.tolerance },
  } as SimulationSeries;
  const from = seriesArrays(s) as PackedArray[];
  const to = packedViews(
    from.map((a) => [a.constructor as PackedKind, a.length] as const),
    into,
  );
  for (let i = 0; i < from.length; i++) to[i]!.set(from[i] as never);
  placeViews(c, s.metrics.length, to);
  return fastShape(c);
}
