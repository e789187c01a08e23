/**
 * The default world for a cron trigger: its metric is its own (desiredReplicas inside the window,
 * 1 outside; cron_scaler.go GetMetricsAndActivity), so the run is placed on the calendar: it starts
 * ten minutes before the window first opens after Monday 2026-01-05 00:00 UTC, and the value is
 * read minute by minute as KEDA reads it (engine/keda/cron.ts).
 */
import { cronMetricAndActivity, getCronTime, type CronWindow } from '../../engine/keda/index.ts';

/** Monday 2026-01-05T00:00:00Z: the calendar the default world counts from. */
export const CRON_EPOCH = Date.UTC(2026, 0, 5) / 1000;
const LEAD = 600;

export interface CronWorld {
  /** Unix seconds of the run's t = 0. */
  startEpoch: number;
  /** Seconds from t = 0 to the window's first close. */
  windowEnd: number;
  /** The metric as a steps curve (run seconds, replicas). */
  steps: { at: number; value: number }[];
}

/** The cron metric over [0, seconds) of a run placed LEAD seconds before the window opens. */
export function cronWorld(w: CronWindow, seconds: number): CronWorld {
  const opens = getCronTime(w.timezone, w.start, CRON_EPOCH);
  const startEpoch = opens - LEAD;
  const closes = getCronTime(w.timezone, w.end, opens);
  const steps: { at: number; value: number }[] = [];
  let last = Number.NaN;
  for (let t = 0; t < seconds; t += 60) {
    const { value } = cronMetricAndActivity(w, startEpoch + t);
    if (value !== last) steps.push({ at: t, value });
    last = value;
  }
  return { startEpoch, windowEnd: closes - startEpoch, steps };
}
