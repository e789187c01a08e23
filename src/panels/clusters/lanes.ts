// The cluster lanes' geometry as pure functions (tested without a DOM): time → x, value → y, step
// paths and areas reduced to one point per pixel bucket, the intervals a cluster was failed, and
// the sync nearest to a time. A lane is drawn in a W×H box of its own SVG (stretched to the width).

/** The drawing box of one lane, in SVG units (the SVG is stretched to the panel's width). */
export const LANE_W = 1000;
export const LANE_H = 48;
/** at most this many buckets per path: a week at 15 s has 40,321 syncs */
export const MAX_BUCKETS = 500;

export interface Scale {
  /** the time at x = 0 (the charts' zoom start; default 0, the run's start) */
  tMin?: number;
  /** the time at x = LANE_W: the last sync, or the charts' zoom end */
  tMax: number;
  /** the value at the top of the lane */
  yMax: number;
}

export const xOf = (t: number, s: Scale): number => {
  const t0 = s.tMin ?? 0;
  return s.tMax > t0 ? ((t - t0) / (s.tMax - t0)) * LANE_W : 0;
};

/** The time at a fraction (0–1) of the lane's width: the inverse of xOf, for clicks. */
export const timeAt = (fraction: number, s: Scale): number => {
  const t0 = s.tMin ?? 0;
  return t0 + fraction * (s.tMax - t0);
};

/**
 * The syncs [from, to) a lane draws: those inside the scale's time range plus one on each side,
 * so a zoomed lane's steps run to its edges (the SVG clips what lies beyond).
 */
export function visibleRange(time: ArrayLike<number>, s: Scale): [number, number] {
  const n = time.length;
  if (n === 0) return [0, 0];
  const t0 = s.tMin ?? 0;
  const from = Math.max(0, nearestBelow(time, t0));
  let to = from;
  while (to < n && time[to]! <= s.tMax) to++;
  return [from, Math.min(n, to + 1)];
}

/** The last sync at or before t (0 when t is before the first). */
function nearestBelow(time: ArrayLike<number>, t: number): number {
  let lo = 0;
  let hi = time.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (time[mid]! <= t) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
/** 1 unit of margin at the bottom and 2 at the top, so a line at 0 or yMax stays visible. */
export const yOf = (v: number, s: Scale): number =>
  LANE_H - 1 - (Math.min(v, s.yMax) / s.yMax) * (LANE_H - 3);

const fmt = (v: number) => (Math.round(v * 10) / 10).toString();

/** Index ranges [from, to) of the buckets: every sync in exactly one, at most MAX_BUCKETS. */
export function buckets(n: number, max = MAX_BUCKETS, start = 0): [number, number][] {
  const k = Math.min(n, max);
  const out: [number, number][] = [];
  for (let b = 0; b < k; b++) {
    const from = Math.floor((b * n) / k);
    const to = Math.floor(((b + 1) * n) / k);
    if (to > from) out.push([start + from, start + to]);
  }
  return out;
}

/** The buckets of the syncs a lane shows (all of them, or the zoomed range's). */
function visibleBuckets(time: ArrayLike<number>, s: Scale): [number, number][] {
  const [from, to] = visibleRange(time, s);
  return buckets(to - from, MAX_BUCKETS, from);
}

function reduce(values: ArrayLike<number>, from: number, to: number, pick: 'max' | 'min'): number {
  let m = NaN;
  for (let i = from; i < to; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) continue;
    if (Number.isNaN(m) || (pick === 'max' ? v > m : v < m)) m = v;
  }
  return m;
}

/**
 * A step line through the values (each holds until the next sync), one point per bucket keeping
 * its largest value so a one-sync spike stays visible; NaN breaks the line.
 */
export function stepPath(time: ArrayLike<number>, values: ArrayLike<number>, s: Scale): string {
  let d = '';
  let open = false;
  for (const [from, to] of visibleBuckets(time, s)) {
    const v = reduce(values, from, to, 'max');
    if (Number.isNaN(v)) {
      open = false;
      continue;
    }
    const x0 = fmt(xOf(time[from]!, s));
    const x1 = fmt(xOf(to < time.length ? time[to]! : time[to - 1]!, s));
    const y = fmt(yOf(v, s));
    d += open ? `V${y}H${x1}` : `M${x0} ${y}H${x1}`;
    open = true;
  }
  return d;
}

/**
 * The area between `lo` and `hi` as steps, one polygon per run of syncs where both are numbers
 * (the upper edge keeps each bucket's largest hi, the lower its smallest lo).
 */
export function bandPath(
  time: ArrayLike<number>,
  lo: ArrayLike<number>,
  hi: ArrayLike<number>,
  s: Scale,
): string {
  let d = '';
  let top: string[] = [];
  let bottom: string[] = [];
  const close = () => {
    if (top.length > 0) d += `M${top.join('L')}L${bottom.reverse().join('L')}Z`;
    top = [];
    bottom = [];
  };
  for (const [from, to] of visibleBuckets(time, s)) {
    const h = reduce(hi, from, to, 'max');
    const l = reduce(lo, from, to, 'min');
    if (Number.isNaN(h) || Number.isNaN(l) || h <= l) {
      close();
      continue;
    }
    const x0 = fmt(xOf(time[from]!, s));
    const x1 = fmt(xOf(to < time.length ? time[to]! : time[to - 1]!, s));
    top.push(`${x0} ${fmt(yOf(h, s))}`, `${x1} ${fmt(yOf(h, s))}`);
    bottom.push(`${x0} ${fmt(yOf(l, s))}`, `${x1} ${fmt(yOf(l, s))}`);
  }
  close();
  return d;
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

// The sync whose time is nearest to `t`: the charts' rule, so a lane click picks what a chart would.
export { nearestIndex as nearestSync } from '../../plot/pointer.ts';

/** The top of a lane: the largest value it must show, rounded up to a whole number, at least 1. */
export function laneMax(...series: ArrayLike<number>[]): number {
  let m = 1;
  for (const a of series)
    for (let i = 0; i < a.length; i++) if (Number.isFinite(a[i]!) && a[i]! > m) m = a[i]!;
  return Math.ceil(m);
}
