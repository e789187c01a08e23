// countsAt and observe skip work between pod changes (memos); these properties hold them to the
// plain per-pod answers on random scale sequences, probes, failed pods and a node limit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PodObservation } from '../controller/index.ts';
import { buildInput } from './testing/buildInput.ts';
import { Workload, type PodState } from './workload.ts';

function plainCounts(w: Workload, t: number) {
  const c = { ready: 0, running: 0, pending: 0, terminating: 0, active: 0 };
  for (const p of w.pods) {
    const s: PodState = w.stateAt(p, t);
    if (s === 'ready') c.ready++;
    else if (s === 'running') c.running++;
    else if (s === 'unscheduled' || s === 'starting') c.pending++;
    else if (s === 'terminating') c.terminating++;
    if (!p.failed && (p.deletedAt === null || p.deletedAt > t)) c.active++;
  }
  return c;
}

/** What observe would write into a fresh observation at t (no skipping). */
function freshObservation(w: Workload, t: number): Partial<PodObservation>[] {
  return w.pods.map((p) => {
    const startTime = p.scheduledAt !== null && t >= p.scheduledAt ? p.scheduledAt : null;
    const running = w.runningAt(p);
    const readyAt = w.readyAt(p);
    const ready = startTime === null ? null : t >= readyAt! && !p.failed;
    return {
      deleting: w.stateAt(p, t) === 'terminating',
      startTime,
      phase: p.failed ? 'Failed' : running !== null && t >= running ? 'Running' : 'Pending',
      ready,
      readyTransitionTime: startTime === null ? null : ready ? readyAt : p.scheduledAt,
    };
  });
}

const stepArb = fc.record({
  dt: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 1, max: 40 }),
    fc.double({ min: 0, max: 3, noNaN: true }),
    fc.double({ min: 0, max: 90, noNaN: true }),
  ),
  replicas: fc.option(fc.integer({ min: 0, max: 120 }), { nil: null }),
});

describe('Workload memos against the plain per-pod path', () => {
  it('sees deletions the token bucket spreads out after the call', () => {
    const w = new Workload({ ...buildInput().workload, initialReplicas: 40 }, 'web', 3600);
    w.manageReplicas(0, 0);
    // 30 deletions go through at 0, the other 10 one per 50 ms after it.
    for (const t of [0, 0.01, 0.2, 0.49, 0.5, 0.6])
      expect(w.countsAt(t).active).toBe(plainCounts(w, t).active);
    expect(w.countsAt(0.2).active).toBe(6);
  });

  it('countsAt and observe equal a pass over every pod at every instant', () => {
    fc.assert(
      fc.property(
        fc.record({
          initial: fc.integer({ min: 0, max: 12 }),
          failed: fc.integer({ min: 0, max: 3 }),
          maxPods: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
          termination: fc.integer({ min: 0, max: 45 }),
          probe: fc.boolean(),
          steps: fc.array(stepArb, { minLength: 1, maxLength: 40 }),
        }),
        ({ initial, failed, maxPods, termination, probe, steps }) => {
          const base = buildInput().workload;
          const w = new Workload(
            {
              ...base,
              initialReplicas: initial,
              failedPods: Math.min(failed, initial),
              podsWithoutMetrics: 0,
              maxPods,
              terminationSeconds: termination,
              startup: {
                schedulingSeconds: 2,
                startingSeconds: 7,
                readinessDelaySeconds: 11,
                ...(probe
                  ? {
                      readinessProbe: {
                        initialDelaySeconds: 3,
                        periodSeconds: 5,
                        successThreshold: 2,
                      },
                    }
                  : {}),
              },
            },
            'web',
            3600,
          );
          let t = 0;
          for (const s of steps) {
            t += s.dt;
            w.advance(t);
            if (s.replicas !== null) w.manageReplicas(s.replicas, t);
            const c = w.countsAt(t);
            expect({ ...c, from: undefined, until: undefined, valid: undefined }).toEqual({
              ...plainCounts(w, t),
              from: undefined,
              until: undefined,
              valid: undefined,
            });
            w.observe(t);
            expect(
              w.pods.map((p) => ({
                deleting: p.obs.deleting,
                startTime: p.obs.startTime,
                phase: p.obs.phase,
                ready: p.obs.ready,
                readyTransitionTime: p.obs.readyTransitionTime,
              })),
            ).toEqual(freshObservation(w, t));
          }
        },
      ),
      { numRuns: 300, seed: 7 },
    );
  });
});
