// KPIs of a run: cost (pod-hours, and money at the scenario's prices), overload (unmet demand,
// time above target, recovery time), utilization (p95) and churn (scale events, reversals).
// Cost comes from the pods' own timestamps (podLives.ts) and overload from the demand integrated
// exactly between scrapes (overload.ts); the definitions are in ../README.md "KPIs".

import type { ReconcileTrace } from '../controller/index.ts';
import { doubleList } from '../controller/index.ts';
import { curveShape, curveShapeOrNull, shiftedShape, type CurveShape } from './curves/breaks.ts';
import type { CompiledCurve, Curve } from './curves/index.ts';
import type { PieceReplay } from './curves/tape.ts';
import { DemandIntegral, Episodes, PieceLog, type OverloadSums } from './overload.ts';
import type { SimulationInput } from './input.ts';
import type { CostKpi, Kpis } from './result.ts';
import type { SimulationSeries } from './seriesShape.ts';

/** The largest value, without spreading a user-sized list onto the call stack. */
export function maxOf(values: Iterable<number>, empty = 0): number {
  let max = -Infinity;
  let any = false;
  for (const v of values) {
    any = true;
    if (v > max) max = v;
  }
  return any ? max : empty;
}

/** Each traffic curve's breaks over a run's duration, computed once for every run that shares it. */
const shapes = new WeakMap<Curve, Map<number, CurveShape>>();

export function shapeOf(curve: Curve, duration: number): CurveShape {
  let byDuration = shapes.get(curve);
  if (!byDuration) shapes.set(curve, (byDuration = new Map()));
  let shape = byDuration.get(duration);
  if (!shape) byDuration.set(duration, (shape = computeShape(curve, duration)));
  return shape;
}

/**
 * Each curve's breaks over (−duration, duration): what the shifts of it by 0 … duration (the
 * timing draws' phases) are read from (null: too many breaks there; each shift then collects).
 */
const wideShapes = new WeakMap<Curve, Map<number, CurveShape | null>>();

function computeShape(curve: Curve, duration: number): CurveShape {
  if (curve.type !== 'shift' || !(curve.bySeconds >= 0 && curve.bySeconds <= duration))
    return curveShape(curve, 0, duration);
  let byDuration = wideShapes.get(curve.of);
  if (!byDuration) wideShapes.set(curve.of, (byDuration = new Map()));
  let wide = byDuration.get(duration);
  if (wide === undefined)
    byDuration.set(duration, (wide = curveShapeOrNull(curve.of, -duration, duration)));
  return wide === null
    ? curveShape(curve, 0, duration)
    : shiftedShape(wide, curve.bySeconds, 0, duration);
}

export class KpiAccumulator {
  private readonly sums: OverloadSums = { demand: 0, unmet: 0, overloadSeconds: 0 };
  private readonly overload = new Episodes();
  private readonly integral: DemandIntegral | null;
  /**
   * The pieces of the last scrape interval integrated ([s, next scrape) at the share asked):
   * the cluster's pods read their work over the same interval from them (Cluster.tick)
   */
  readonly pieces = new PieceLog();
  private readonly resolution: number;
  private readonly duration: number;
  private firstTick = true;
  private aboveTargetSeconds = 0;
  private readonly scaleUpTolerance: number;
  private readonly overloadBasis: boolean;
  private aboveEpisodes: number[] = doubleList();
  private aboveStart: number | null = null;
  private lastSync = 0;
  private readonly initialReplicas: number;
  /** per sync, the highest resource utilization read (percent of requests), when any */
  private utilization: Float64Array;
  private utilizationCount = 0;
  /**
   * How many syncs read each whole utilization 0 … UTILIZATION_BINS − 1 (null once one read
   * another value): the p95 is then found by counting, not by selecting over the list.
   */
  private utilizationBins: Uint32Array | null = new Uint32Array(UTILIZATION_BINS);
  private readonly input: SimulationInput;

  /** `traffic`: the world's compiled traffic curve (null: none, so nothing to serve) */
  /** `pieces`: a search's piece tape for the traffic integral (curves/tape.ts), or null */
  /**
   * `syncs`: the run's syncs, when known: the utilization list's room, so it is one buffer, not
   * one per doubling (a buffer costs far more than its bytes in Chromium: seriesShape.ts)
   */
  constructor(
    input: SimulationInput,
    traffic: CompiledCurve | null,
    pieces: PieceReplay | null = null,
    syncs = 256,
  ) {
    this.utilization = new Float64Array(Math.max(1, syncs));
    this.input = input;
    this.initialReplicas = input.workload.initialReplicas;
    this.scaleUpTolerance = input.controller.tolerance;
    this.resolution = input.metricsPipeline.resolutionSeconds;
    this.duration = input.durationSeconds;
    this.integral =
      traffic && input.traffic
        ? new DemandIntegral(traffic, shapeOf(input.traffic, input.durationSeconds))
        : null;
    if (this.integral !== null) {
      this.integral.log = this.pieces;
      this.integral.tape = pieces;
    }
    // Overload needs both a traffic curve and a pod capacity; otherwise recovery is measured on
    // the controller's own signal: how long some metric stays above target after it rises.
    this.overloadBasis = input.traffic !== null && input.workload.podCapacity !== null;
  }

  /**
   * After the scrape at s: the demand over [s, next scrape) meets `capacity` (work per second
   * the pods ready at s serve; Infinity: unlimited), of which this run gets `share`. The first
   * scrape also stands for [0, s): the starting pods served it. The last interval ends with the run.
   */
  tick(s: number, capacity: number, share = 1): void {
    const integral = this.integral;
    if (integral === null) return;
    const from = this.firstTick ? 0 : s;
    this.firstTick = false;
    const to = Math.min(s + this.resolution, this.duration);
    integral.add(from, to, capacity, this.sums, this.overload, share);
  }

  sync(time: number, trace: ReconcileTrace, syncPeriod: number): void {
    const up = trace.tolerances.scaleUp ?? this.scaleUpTolerance;
    // one indexed pass, no closure: this runs every sync of every run
    let above = false;
    let utilization = -1;
    const metrics = trace.metrics;
    if (metrics)
      for (let i = 0; i < metrics.length; i++) {
        const m = metrics[i]!;
        if (m.usageRatio !== undefined && m.usageRatio > 1 + up) above = true;
        if (m.currentUtilization !== undefined && m.currentUtilization > utilization)
          utilization = m.currentUtilization;
      }
    // A sync stands for the time until the next one, and the last (at the run's end) for none:
    // a 600 s run is never above target for longer than 600 s.
    if (above)
      this.aboveTargetSeconds += Math.max(
        0,
        Math.min(syncPeriod, this.input.durationSeconds - time),
      );
    if (utilization >= 0) {
      // a typed list grown by doubling: a number[] of doubles reallocated as it grew, every run
      if (this.utilizationCount === this.utilization.length) {
        const grown = new Float64Array(2 * this.utilization.length);
        grown.set(this.utilization);
        this.utilization = grown;
      }
      this.utilization[this.utilizationCount++] = utilization;
      const bins = this.utilizationBins;
      if (bins !== null) {
        // a whole percentage (upstream's int32), +0 included and −0 not (sort orders them apart)
        if (
          utilization < UTILIZATION_BINS &&
          utilization === Math.floor(utilization) &&
          (utilization !== 0 || 1 / utilization > 0)
        )
          bins[utilization]!++;
        else this.utilizationBins = null;
      }
    }
    if (above && this.aboveStart === null) this.aboveStart = time;
    if (!above && this.aboveStart !== null) {
      this.aboveEpisodes.push(time - this.aboveStart);
      this.aboveStart = null;
    }
    this.lastSync = time;
  }

  /**
   * The KPIs from the accumulated integrals and the per-sync series. `lived`: pod-seconds and
   * Ready pod-seconds (podLives.ts). `otherWrites`: per sync, the replicas another writer (KEDA)
   * set before it (NaN: none), so its scale changes count too.
   */
  build(
    series: SimulationSeries,
    lived: readonly [number, number],
    otherWrites?: ArrayLike<number>,
  ): Kpis {
    const overloadOpen = this.overload.open;
    const episodes = this.overloadBasis ? this.overload.closed.slice() : this.aboveEpisodes.slice();
    if (this.overloadBasis && overloadOpen) episodes.push(this.overload.end - this.overload.start);
    if (!this.overloadBasis && this.aboveStart !== null)
      episodes.push(this.lastSync - this.aboveStart);
    let scaleUps = 0;
    let scaleDowns = 0;
    let reversals = 0;
    let lastDir = 0;
    let peak = 0;
    const spec = series.specReplicas;
    const n = spec.length;
    for (let k = 0; k < n; k++) {
      // spec.replicas before sync k is what sync k - 1 left
      const before = k === 0 ? this.initialReplicas : spec[k - 1]!;
      const after = spec[k]!;
      peak = Math.max(peak, after, before);
      const wrote = otherWrites !== undefined && !Number.isNaN(otherWrites[k]!);
      // A rescale counts from the count the sync read, as upstream's SuccessfulRescale event
      // ("New size: N") fires whenever desired != scale.spec.replicas read: a kubectl scale to 0
      // answered by 0→4 at once is an event, though spec.replicas ends where the last sync left it.
      // upstream: horizontal.go reconcileAutoscaler (rescale := desiredReplicas != currentReplicas)
      const read = wrote ? NaN : series.currentReplicas[k]!;
      const from = Number.isFinite(read) ? read : before;
      if ((!series.rescaled[k] && !wrote) || after === from) continue;
      const dir = after > from ? 1 : -1;
      if (dir > 0) scaleUps++;
      else scaleDowns++;
      if (lastDir !== 0 && dir !== lastDir) reversals++;
      lastDir = dir;
    }
    const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;
    const { demand, unmet } = this.sums;
    return {
      podHours: round(lived[0] / 3600),
      readyPodHours: round(lived[1] / 3600),
      peakReplicas: peak,
      finalReplicas: n ? spec[n - 1]! : 0,
      scaleUps,
      scaleDowns,
      scaleEvents: scaleUps + scaleDowns,
      directionReversals: reversals,
      timeAboveTargetSeconds: this.aboveTargetSeconds,
      unmetDemand: round(unmet),
      unmetDemandPercent: demand > 0 ? round((100 * unmet) / demand) : 0,
      overloadSeconds: round(this.sums.overloadSeconds),
      demand: round(demand),
      servedDemand: round(demand - unmet),
      recovery: {
        basis: this.overloadBasis ? 'overload' : 'aboveTarget',
        count: episodes.length,
        openAtEnd: this.overloadBasis ? overloadOpen : this.aboveStart !== null,
        maxSeconds: round(maxOf(episodes)),
        meanSeconds: episodes.length
          ? round(episodes.reduce((a, b) => a + b, 0) / episodes.length)
          : 0,
      },
      p95UtilizationPercent: this.p95Utilization(),
      cost: costOf(this.input, lived[0]),
    };
  }

  /**
   * percentile(utilizations, 0.95), from the counts when every value was a whole one in range:
   * the k-th of the sorted list is the first value whose running count passes k.
   */
  private p95Utilization(): number | null {
    const n = this.utilizationCount;
    const bins = this.utilizationBins;
    if (bins === null || n === 0) return percentile(this.utilization.subarray(0, n), 0.95);
    return nthCounted(bins, Math.max(0, Math.ceil(0.95 * n) - 1));
  }
}

/** Whole utilizations counted per value (a day's 5,760 syncs read a few hundred at most). */
const UTILIZATION_BINS = 4096;

/** The k-th (from 0) of the values counted in `bins` (bins[v]: how many equal v), ascending. */
export function nthCounted(bins: Uint32Array, k: number): number {
  let seen = 0;
  for (let v = 0; v < bins.length; v++) {
    seen += bins[v]!;
    if (seen > k) return v;
  }
  throw new RangeError(`rank ${k} is past the ${seen} values counted`);
}

/** Nearest-rank percentile (a value that occurred, no interpolation); null for no values. */
export function percentile(values: ArrayLike<number>, p: number): number | null {
  if (values.length === 0) return null;
  const a = Float64Array.from(values);
  return selectKth(a, Math.max(0, Math.ceil(p * a.length) - 1));
}

/** The order of Float64Array's sort: numbers ascending, -0 before +0, NaN last. */
function before(x: number, y: number): boolean {
  if (x < y) return true;
  if (x === 0 && y === 0) return 1 / x < 0 && 1 / y > 0;
  return x === x && y !== y;
}

/** Partition rounds before selectKth sorts what is left (bounds an adversarial input's cost). */
const SELECT_ROUNDS = 64;

/**
 * What `a.sort()[k]` is, found in linear time (Wirth's selection; the run's ~5,760 values per
 * day were sorted at the end of every run). Reorders `a`. After SELECT_ROUNDS partitions the
 * remaining range is sorted instead, so no input costs more than a sort.
 */
export function selectKth(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  for (let round = 0; lo < hi; round++) {
    if (round === SELECT_ROUNDS) {
      a.subarray(lo, hi + 1).sort();
      break;
    }
    const pivot = a[k]!;
    let i = lo;
    let j = hi;
    do {
      while (before(a[i]!, pivot)) i++;
      while (before(pivot, a[j]!)) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    } while (i <= j);
    if (j < k) lo = i;
    if (k < i) hi = j;
  }
  return a[k]!;
}

const HOURS_PER_MONTH = 730;
const GIBI = 1024 * 1024 * 1024;

/** Money for the pods' lives: per pod-hour plus per requested vCPU-hour and GiB-hour. */
export function costOf(input: SimulationInput, podSeconds: number): CostKpi | null {
  const prices = input.cost;
  if (!prices) return null;
  let milliCpu = 0;
  let milliBytes = 0;
  for (const c of input.workload.containers) {
    milliCpu += c.requests.cpu ?? 0;
    milliBytes += c.requests.memory ?? 0;
  }
  const podHours = podSeconds / 3600;
  const vcpuHours = (podHours * milliCpu) / 1000;
  const gibHours = (podHours * milliBytes) / 1000 / GIBI;
  const perRun =
    podHours * prices.podHour + vcpuHours * prices.vcpuHour + gibHours * prices.gibHour;
  const runHours = input.durationSeconds / 3600;
  const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;
  return {
    currency: prices.currency,
    perRun: round(perRun, 4),
    perMonth: runHours > 0 ? round((perRun * HOURS_PER_MONTH) / runHours, 2) : 0,
    vcpuHours: round(vcpuHours, 3),
    gibHours: round(gibHours, 3),
  };
}
