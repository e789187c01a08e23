import { describe, expect, it } from 'vitest';
import { COMBINED_PREFIX, storedEvents } from './eventCorrelator.ts';
import type { TimedEvent } from './eventCorrelator.ts';

const warning = (time: number, message = 'no metrics'): TimedEvent => ({
  time,
  type: 'Warning',
  reason: 'FailedGetResourceMetric',
  message,
});
const every15s = (n: number) => Array.from({ length: n }, (_, i) => i * 15);

describe("client-go's event correlator (tools/record/events_cache.go)", () => {
  it('counts a repeated event in one Event object', () => {
    expect(storedEvents([warning(0), warning(15), warning(30)])).toEqual([
      { ...warning(30), count: 3, firstTime: 0 },
    ]);
  });

  it('lets a source send 25 events about the HPA, then 1 per 5 minutes (the spam filter)', () => {
    // 40 syncs of one warning (a 10-minute outage). The bucket starts full with 25 tokens and
    // refills 1 per 300 s: sends at 0 … 360 take 25, the one at 375 uses the refill (1.25
    // tokens); the next token comes only at 600. The stored object keeps the count of its last
    // send (26): the 14 held back after it are not on the server.
    const stored = storedEvents(every15s(40).map((t) => warning(t)));
    expect(stored).toEqual([{ ...warning(375), count: 26, firstTime: 0 }]);
    // One more, at 600, is sent with every observation counted (41).
    const later = storedEvents([...every15s(40), 600].map((t) => warning(t)));
    expect(later).toEqual([{ ...warning(600), count: 41, firstTime: 0 }]);
  });

  it('shares the bucket between the reasons: two warnings per sync run out twice as fast', () => {
    const events = every15s(20).flatMap((t) => [
      warning(t),
      { ...warning(t), reason: 'FailedComputeMetricsReplicas' },
    ]);
    const stored = storedEvents(events);
    // 12 syncs of two leave 1.55 tokens; at 180 the first of the pair takes the refill (1.6),
    // the second is held back, and so is everything after until the 0.6 tokens left refill to 1.
    expect(stored.map((e) => [e.reason, e.count, e.time])).toEqual([
      ['FailedComputeMetricsReplicas', 12, 165],
      ['FailedGetResourceMetric', 13, 180],
    ]);
  });

  it('combines the 10th distinct message of one reason within 10 minutes', () => {
    const rescale = (i: number): TimedEvent => ({
      time: i * 30,
      type: 'Normal',
      reason: 'SuccessfulRescale',
      message: `New size: ${i + 1}; reason: cpu resource utilization (percentage of request) above target`,
    });
    const stored = storedEvents(Array.from({ length: 12 }, (_, i) => rescale(i)));
    expect(stored).toHaveLength(10);
    expect(stored.slice(0, 9).map((e) => e.count)).toEqual(Array(9).fill(1));
    expect(stored[9]).toEqual({
      ...rescale(11),
      message: COMBINED_PREFIX + rescale(11).message,
      count: 3,
      firstTime: rescale(9).time,
    });
  });

  it('starts a fresh aggregate after 10 quiet minutes', () => {
    const msg = (i: number) => `New size: ${i}`;
    const events: TimedEvent[] = Array.from({ length: 9 }, (_, i) => ({
      time: i,
      type: 'Normal',
      reason: 'SuccessfulRescale',
      message: msg(i),
    }));
    // 601 s after the last similar one: no longer counted towards the nine before
    events.push({ time: 8 + 601, type: 'Normal', reason: 'SuccessfulRescale', message: msg(99) });
    expect(storedEvents(events).every((e) => !e.message.startsWith(COMBINED_PREFIX))).toBe(true);
    events[9]!.time = 8 + 600;
    expect(storedEvents(events).at(-1)!.message).toBe(COMBINED_PREFIX + msg(99));
  });
});
