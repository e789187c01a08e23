// The cluster lanes' data, pure (tested without a DOM): each lane's series, one set of rows for
// every lane (downsampled together with the plot kit's LTTB, so one cursor lines up across the
// lanes and a one-sync spike stays), the lane's scales, the intervals a cluster was failed, and
// the values a hover or the selection reads at one sync. A lane is drawn in a W×H box of its own
// SVG (stretched to the width); the paths come from the kit's geometry.

import { downsampleIndices } from '../../plot/lttb.ts';
import type { PlotRow } from '../../plot/geometry.ts';
import { linear } from '../../plot/scale.ts';
import type { NodeRun } from '../../run/index.ts';
import type { FederationModelView } from '../../store/index.ts';

/** The drawing box of one lane, in SVG units (the SVG is stretched to the panel's width). */
export const LANE_W = 1000;
export const LANE_H = 48;

/** One lane's series (a member cluster, or the total). */
export interface LaneSeries {
  key: string;
  label: string;
  sub: string;
  /** the label in full, on hover (a member's own nodes) */
  subTitle?: string;
  spec: Float64Array;
  ready: Float64Array;
  pending: Float64Array;
  /** of the Pending pods, those with no node */
  noNode: Float64Array | null;
  /** the member HPA's bounds (proposal model) */
  min: Float64Array | null;
  max: Float64Array | null;
  failed: Uint8Array | null;
  capacity: number | null;
}

/** A member's own nodes in the lane's narrow label ("Karpenter nodes ≤ 4"), and in full. */
export function nodesLabel(n: NodeRun): { sub: string; title: string } {
  const k = n.kpis;
  const who = n.provisioner === 'karpenter' ? 'Karpenter' : 'CA';
  const waited =
    k.podsWaited === 0
      ? 'no pod waited for a node'
      : `${k.podsWaited} pods waited for a node (longest ${Math.round(k.waitMaxSeconds)} s)`;
  return {
    sub: `${who} nodes ≤ ${k.peakNodes}`,
    title: `its own nodes: ${n.provisioner}, peak ${k.peakNodes}; ${waited}`,
  };
}

/** Every member's lane, then the total's, as the panel draws them. */
export function laneSeries(m: FederationModelView): LaneSeries[] {
  const proposal = m.model === 'proposal';
  const members: LaneSeries[] = m.clusters.map((c) => ({
    key: c.name,
    label: c.name,
    sub: [
      c.nodes
        ? nodesLabel(c.nodes).sub
        : c.capacityPods === null
          ? 'no size limit'
          : `room for ${c.capacityPods}`,
      c.weight > 0 ? `weight ${c.weight}` : '',
      c.priority !== 0 ? `priority ${c.priority}` : '',
    ]
      .filter(Boolean)
      .join(' · '),
    ...(c.nodes ? { subTitle: nodesLabel(c.nodes).title } : {}),
    spec: c.specReplicas,
    ready: c.readyReplicas,
    pending: c.pendingReplicas,
    noNode: c.unschedulable,
    min: proposal ? c.minReplicas : null,
    max: proposal ? c.maxReplicas : null,
    failed: c.failed,
    capacity: c.capacityPods,
  }));
  const total: LaneSeries = {
    key: 'total',
    label: 'total',
    sub: 'all clusters',
    spec: m.total.specReplicas,
    ready: m.total.readyReplicas,
    pending: m.total.pendingReplicas,
    noNode: null,
    min: null,
    max: null,
    failed: null,
    capacity: null,
  };
  return [...members, total];
}

/**
 * The syncs [from, to) a lane draws: those inside the time range plus one on each side, so a
 * zoomed lane's steps run to its edges (the SVG clips what lies beyond).
 */
export function visibleRange(
  time: ArrayLike<number>,
  domain: readonly [number, number],
): [number, number] {
  const n = time.length;
  if (n === 0) return [0, 0];
  const from = Math.max(0, lastAtOrBefore(time, domain[0]));
  let to = from;
  while (to < n && time[to]! <= domain[1]) to++;
  return [from, Math.min(n, to + 1)];
}

/** The last sync at or before t (0 when t is before the first). */
function lastAtOrBefore(time: ArrayLike<number>, t: number): number {
  let lo = 0;
  let hi = time.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (time[mid]! <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Row keys of lane `k`: replicas, ready, ready + Pending, where the no-node part starts, bounds. */
export const rowKey = {
  spec: (k: number) => `${k}s`,
  ready: (k: number) => `${k}r`,
  top: (k: number) => `${k}t`,
  noNodeFrom: (k: number) => `${k}n`,
  min: (k: number) => `${k}lo`,
  max: (k: number) => `${k}hi`,
};

const num = (v: number | undefined): number | null =>
  v === undefined || !Number.isFinite(v) ? null : v;

/**
 * One row list for every lane over the shown range, at most `maxPoints` rows: LTTB over all the
 * lanes' replicas, ready and Pending at once (each normalised by its range), the syncs where a
 * lane's replicas changed kept while they fit in a quarter of the budget, as the charts keep
 * their rescales.
 */
export function laneRows(
  time: Float64Array,
  lanes: readonly LaneSeries[],
  domain: readonly [number, number],
  maxPoints: number,
): PlotRow[] {
  const [from, to] = visibleRange(time, domain);
  const n = to - from;
  if (n <= 0) return [];
  const slice = (a: Float64Array) => a.subarray(from, to);
  const tops = lanes.map((l) => {
    const top = new Float64Array(n);
    for (let j = 0; j < n; j++) top[j] = l.ready[from + j]! + l.pending[from + j]!;
    return top;
  });
  const ys = lanes.flatMap((l, k) => [slice(l.spec), slice(l.ready), tops[k]!]);
  const changed: number[] = [];
  for (let j = 1; j < n; j++)
    if (lanes.some((l) => l.spec[from + j] !== l.spec[from + j - 1])) changed.push(j);
  const important = changed.length <= maxPoints / 4 ? changed : undefined;
  const kept = downsampleIndices(slice(time), ys, maxPoints, important);
  const rows: PlotRow[] = new Array(kept.length);
  for (let r = 0; r < kept.length; r++) {
    const i = from + kept[r]!;
    const row: PlotRow = { i, t: time[i]! };
    lanes.forEach((l, k) => {
      const top = tops[k]![kept[r]!]!;
      row[rowKey.spec(k)] = num(l.spec[i]);
      row[rowKey.ready(k)] = num(l.ready[i]);
      row[rowKey.top(k)] = num(top);
      if (l.noNode) row[rowKey.noNodeFrom(k)] = num(top - l.noNode[i]!);
      if (l.min && l.max) {
        row[rowKey.min(k)] = num(l.min[i]);
        row[rowKey.max(k)] = num(l.max[i]);
      }
    });
    rows[r] = row;
  }
  return rows;
}

/** Time → x across a lane's box, for the range shown. */
export function laneX(domain: readonly [number, number]): (t: number) => number {
  return linear(domain, 0, LANE_W);
}

/**
 * Value → y in a lane topped at `yMax`: 1 unit of margin at the bottom and 2 at the top, so a
 * line at 0 or at the top stays visible; values above the top are drawn at it.
 */
export function laneY(yMax: number): (v: number) => number {
  const y = linear([0, yMax], LANE_H - 1, 2);
  return (v) => y(Math.min(v, yMax));
}

/** The [start, end) times during which `flag` is 1 (end = the next sync's time, or the last). */
export function intervals(time: ArrayLike<number>, flag: ArrayLike<number>): [number, number][] {
  const out: [number, number][] = [];
  let start = -1;
  for (let i = 0; i < time.length; i++) {
    if (flag[i] && start < 0) start = i;
    if (!flag[i] && start >= 0) {
      out.push([time[start]!, time[i]!]);
      start = -1;
    }
  }
  if (start >= 0) out.push([time[start]!, time[time.length - 1]!]);
  return out;
}

/** The top of a lane: the largest value it must show, rounded up to a whole number, at least 1. */
export function laneMax(...series: ArrayLike<number>[]): number {
  let m = 1;
  for (const a of series)
    for (let i = 0; i < a.length; i++) if (Number.isFinite(a[i]!) && a[i]! > m) m = a[i]!;
  return Math.ceil(m);
}

/** What a lane shows at sync `i`, worded for its hover card. */
export function laneValues(lane: LaneSeries, i: number): string[] {
  if (lane.failed?.[i]) return ['failed'];
  const lines = [`replicas ${lane.spec[i]}`, `ready ${lane.ready[i]}`];
  const pending = lane.pending[i]!;
  const noNode = lane.noNode?.[i] ?? 0;
  if (pending > 0) lines.push(`Pending ${pending}${noNode > 0 ? ` (${noNode} with no node)` : ''}`);
  const lo = lane.min?.[i];
  const hi = lane.max?.[i];
  if (lo !== undefined && hi !== undefined && Number.isFinite(lo) && Number.isFinite(hi))
    lines.push(`bounds ${lo}–${hi}`);
  if (lane.capacity !== null) lines.push(`room for ${lane.capacity}`);
  return lines;
}

// The sync whose time is nearest to `t`: the charts' rule, so a lane click picks what a chart would.
export { nearestIndex as nearestSync } from '../../plot/pointer.ts';
