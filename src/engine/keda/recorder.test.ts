// KEDA's KPIs as the recorder counts them per sync: time at zero, activations and deactivations,
// the longest stretch work waited with no ready pod (demand, or a trigger value above 0 that is
// not a cron window's replica count), and time in fallback.
import { describe, expect, it } from 'vitest';
import { KedaRecorder } from './recorder.ts';
import type { KedaCheck, KedaPhase, KedaRunInput, KedaSyncRecord } from './step.ts';

const run = { scaledObject: { minReplicaCount: 0 }, version: '2.20.2' } as unknown as KedaRunInput;

function record(
  phase: KedaPhase,
  reads: { metric: string; value: number | null }[] = [],
  events: string[] = [],
): KedaSyncRecord {
  return {
    phase,
    check: { reads } as unknown as KedaCheck,
    checksSince: 1,
    writes: [],
    events: events.map((reason) => ({ time: 0, type: 'Normal', reason, message: '' })),
    conditions: [],
    health: {},
    lastActiveTime: null,
    served: [],
  };
}

describe('KedaRecorder', () => {
  it('longest wait at zero: demand or a trigger value with no ready pod, reset by a ready pod', () => {
    const rec = new KedaRecorder(run, 10);
    const lag = [{ metric: 's0-kafka-orders', value: 40 }];
    const cron = [{ metric: 's1-cron-UTC-08xxx-018xxx', value: 3 }];
    // t: 0–30 demand waits with no pod (30 s); 45 a pod is ready; 60–105 the lag waits (45 s);
    // 120 a cron window's count alone is no work; 135 demand again (0 s so far).
    rec.sync(0, 0, record('inactive'), 0, 0, 5);
    rec.sync(1, 15, record('inactive'), 0, 0, 5);
    rec.sync(2, 30, record('active', [], ['KEDAScaleTargetActivated']), 1, 0, 5);
    rec.sync(3, 45, record('active'), 1, 1, 5);
    rec.sync(4, 60, record('cooldown', lag), 0, 0, 0);
    rec.sync(5, 90, record('fallback', lag), 0, 0, 0);
    rec.sync(6, 105, record('inactive', lag, ['KEDAScaleTargetDeactivated']), 0, 0, 0);
    rec.sync(7, 120, record('inactive', cron), 0, 0, 0);
    rec.sync(8, 135, record('inactive'), 0, 0, 5);
    const k = rec.build();
    expect(k.longestWaitAtZeroSeconds).toBe(45);
    expect(k.activations).toBe(1);
    expect(k.deactivations).toBe(1);
    // spec.replicas 0 over [0, 30) and [60, 135): each interval counted with the state at its start
    expect(k.timeAtZeroSeconds).toBe(30 + 75);
    expect(k.fallbackSeconds).toBe(15);
    expect(Array.from(rec.series.phase.slice(0, 6))).toEqual([2, 2, 0, 0, 1, 3]);
  });
});
