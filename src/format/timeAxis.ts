// Elapsed-time axis: ticks on round steps and labels as h:mm (h:mm:ss below a minute's step); the
// sync nearest to a time, for every chart and lane that maps a pointer to a sync.

const STEPS_SECONDS = [
  5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400, 172800,
  604800,
];

const DAY = 86400;

/**
 * "1:05" for 3900 s; seconds are added when asked or when not on a whole minute. From the second
 * day on, the day is named ("day 2 06:00", not "30:00"): a week-long run reads as days.
 * `days: false` keeps hours ("24:00" for the end of a one-day axis).
 */
export function formatElapsed(seconds: number, withSeconds = false, days = true): string {
  if (!Number.isFinite(seconds)) return '';
  const sign = seconds < 0 ? '-' : '';
  const abs = Math.round(Math.abs(seconds));
  const day = days && abs >= DAY ? Math.floor(abs / DAY) + 1 : 0;
  const total = day ? abs % DAY : abs;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const head = day ? `${sign}day ${day} ${String(h).padStart(2, '0')}` : `${sign}${h}`;
  if (withSeconds || s !== 0) return `${head}:${mm}:${String(s).padStart(2, '0')}`;
  return `${head}:${mm}`;
}

/** A duration in words for labels: "300 s", "5 min", "2 h 30 min". */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '—';
  const s = Math.round(seconds);
  if (s < 120 && s % 60 !== 0) return `${s} s`;
  if (s < 3600) return s % 60 === 0 ? `${s / 60} min` : `${Math.floor(s / 60)} min ${s % 60} s`;
  const h = Math.floor(s / 3600);
  const m = Math.round((s % 3600) / 60);
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** Round tick positions covering [from, to], at most about `maxTicks` of them. */
export function timeTicks(from: number, to: number, maxTicks = 8): number[] {
  if (!Number.isFinite(from) || !Number.isFinite(to) || to < from) return [];
  if (to === from) return [from];
  const span = to - from;
  const step =
    STEPS_SECONDS.find((st) => span / st <= maxTicks) ??
    Math.ceil(span / maxTicks / 604800) * 604800;
  const first = Math.ceil(from / step) * step;
  const ticks: number[] = [];
  for (let t = first; t <= to + 1e-9; t += step) ticks.push(t);
  return ticks;
}

/** Whether an axis ending at `end` seconds is multi-day (its ticks name the day). */
export function axisNeedsDays(end: number): boolean {
  return end > DAY;
}

/** Whether tick labels need seconds (the step is below a minute). */
export function ticksNeedSeconds(ticks: readonly number[]): boolean {
  return ticks.some((t) => Math.round(t) % 60 !== 0);
}

/**
 * Index of the entry nearest to `t` among `n` ascending times read by `timeAt` (-1 when n is 0);
 * a tie goes to the earlier one. Every chart, lane and row lookup uses this one rule.
 */
export function nearestBy(n: number, timeAt: (i: number) => number, t: number): number {
  if (n === 0) return -1;
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (timeAt(mid) < t) lo = mid + 1;
    else hi = mid;
  }
  if (lo > 0 && Math.abs(timeAt(lo - 1) - t) <= Math.abs(timeAt(lo) - t)) return lo - 1;
  return lo;
}

/** Index of the sync nearest to `t` in the ascending `time` (-1 when empty). */
export function nearestIndex(time: ArrayLike<number>, t: number): number {
  return nearestBy(time.length, (i) => time[i]!, t);
}
