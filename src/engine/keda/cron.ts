/**
 * The cron scaler's window (kedacore/keda v2.20.2 pkg/scalers/cron_scaler.go): schedules are
 * robfig/cron's standard five fields (minute hour day-of-month month day-of-week), read here by
 * croner. Inside the window the metric is desiredReplicas and the trigger is active; outside it is
 * 1 (defaultDesiredReplicas) and inactive. The metric's target is 1 (AverageValue by default).
 */
import { Cron } from 'croner';

/** parseCronMetadata's parser: five fields; no seconds, no @descriptors, no L/W/# (croner has them, robfig does not). */
export function checkCronSpec(spec: string): string | null {
  const fields = spec.trim().split(/\s+/);
  if (fields.length !== 5)
    return `expected exactly 5 fields, found ${fields.length}: [${fields.join(' ')}]`;
  if (
    /[LW#]/i.test(
      spec.replace(/[A-Z]{3}/gi, (m) =>
        /^(mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)$/i.test(m)
          ? ''
          : m,
      ),
    )
  )
    return `failed to parse int from ${spec}: L, W and # are not cron syntax KEDA reads`;
  try {
    new Cron(spec, { timezone: 'UTC', paused: true });
  } catch (e) {
    return (e as Error).message;
  }
  return null;
}

/** Whether Go's time.LoadLocation would load `tz` (an IANA zone, UTC or Local). */
export function checkTimezone(tz: string): string | null {
  if (tz === 'UTC' || tz === 'Local' || tz === '') return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return null;
  } catch {
    return `unknown time zone ${tz}`;
  }
}

// upstream: kedacore/keda v2.20.2 pkg/scalers/cron_scaler.go getCronTime
/** The next activation strictly after `nowSeconds` (Unix seconds), in `timezone`. */
export function getCronTime(timezone: string, spec: string, nowSeconds: number): number {
  const job = new Cron(spec, {
    timezone: timezone === 'Local' || timezone === '' ? 'UTC' : timezone,
    paused: true,
  });
  const next = job.nextRun(new Date(nowSeconds * 1000));
  return next ? Math.floor(next.getTime() / 1000) : Number.POSITIVE_INFINITY;
}

export interface CronWindow {
  timezone: string;
  start: string;
  end: string;
  desiredReplicas: number;
}

// upstream: kedacore/keda v2.20.2 pkg/scalers/cron_scaler.go GetMetricsAndActivity
/** The cron metric's value (a replica count) and activity at Unix time `nowSeconds`. */
export function cronMetricAndActivity(
  w: CronWindow,
  nowSeconds: number,
): { value: number; active: boolean } {
  const { value, active } = cronSpan(w, nowSeconds);
  return { value, active };
}

/**
 * GetMetricsAndActivity at `nowSeconds`, and `until`: the answer holds for every instant in
 * [nowSeconds, until), since neither next activation changes before the earlier of the two (a
 * caller reading every few seconds asks croner once per window edge, not once per read).
 */
export function cronSpan(
  w: CronWindow,
  nowSeconds: number,
): { value: number; active: boolean; until: number } {
  const nextStart = getCronTime(w.timezone, w.start, nowSeconds);
  const nextEnd = getCronTime(w.timezone, w.end, nowSeconds);
  const until = Math.min(nextStart, nextEnd);
  if (nextStart < nextEnd && nowSeconds < nextStart) return { value: 1, active: false, until };
  if (nowSeconds <= nextEnd) return { value: w.desiredReplicas, active: true, until };
  return { value: 1, active: false, until };
}
