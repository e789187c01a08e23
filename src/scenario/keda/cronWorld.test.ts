import { describe, expect, it } from 'vitest';
import { cronMetricAndActivity } from '../../engine/keda/index.ts';
import { CRON_EPOCH, cronWorld } from './cronWorld.ts';

describe("cron: KEDA's window (cron_scaler.go GetMetricsAndActivity) and the default world's calendar", () => {
  it('16:35–16:45 Asia/Taipei (UTC+8): the run starts 10 minutes before it opens', () => {
    const w = {
      timezone: 'Asia/Taipei',
      start: '35 16 * * *',
      end: '45 16 * * *',
      desiredReplicas: 5,
    };
    const world = cronWorld(w, 3600);
    // Monday 2026-01-05 08:35 UTC is 16:35 in Taipei.
    expect(world.startEpoch).toBe(CRON_EPOCH + 8 * 3600 + 25 * 60);
    expect(world.windowEnd).toBe(1200);
    expect(world.steps).toEqual([
      { at: 0, value: 1 },
      { at: 600, value: 5 },
      { at: 1200, value: 1 },
    ]);
  });

  it('the window is [start, end): active at start, inactive at end, 1 outside', () => {
    const w = { timezone: 'UTC', start: '0 8 * * *', end: '0 9 * * *', desiredReplicas: 4 };
    const at = (h: number, m: number, s = 0) =>
      cronMetricAndActivity(w, CRON_EPOCH + h * 3600 + m * 60 + s);
    expect(at(7, 59, 59)).toEqual({ value: 1, active: false });
    expect(at(8, 0)).toEqual({ value: 4, active: true });
    expect(at(8, 59, 59)).toEqual({ value: 4, active: true });
    expect(at(9, 0)).toEqual({ value: 1, active: false });
  });
});
