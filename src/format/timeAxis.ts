// Elapsed time in words: h:mm (h:mm:ss off the minute), "day 2 06:00" past the first day, and
// durations. The time axis's ticks are src/plot/ticks.ts's; they label with formatElapsed.

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
