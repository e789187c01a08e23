import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activePodsWithRanksLess,
  rankForDeletion,
  RankKeys,
  type PodStates,
  type RankedPod,
} from './deletionRank.ts';
import { buildInput } from './testing/buildInput.ts';
import { Workload } from './workload.ts';

type State = 'unscheduled' | 'starting' | 'running' | 'ready';
interface Pod extends RankedPod {
  state: State;
  readyAt: number | null;
}

const states: PodStates<Pod> = { stateAt: (p) => p.state, readyAt: (p) => p.readyAt };

/** The plain sort: upstream's Less called for every comparison. */
const plain = <P extends RankedPod>(pods: P[], t: number, w: PodStates<P>) =>
  pods.slice().sort((a, b) => activePodsWithRanksLess(a, b, t, w));

// Few distinct times, so equal Ready and creation times (ties) and shared log₂ buckets (UID
// tie-breaks) are common: the comparison is then not a strict weak order, and only the same sort
// over the same answers gives the same order.
const pod = fc.record({
  state: fc.constantFrom<State>('unscheduled', 'starting', 'running', 'ready'),
  createdAt: fc.constantFrom(-3600, 0, 1, 15, 30, 31, 600, 601, 1000),
  readyAt: fc.constantFrom(30, 45, 60, 61, 700, 1030, 1031),
});

describe('rankForDeletion', () => {
  it('orders pods exactly as the plain sort with upstream Less, ties and cycles included', () => {
    fc.assert(
      fc.property(
        fc.array(pod, { maxLength: 300 }),
        fc.constantFrom(1100, 2000, 5000),
        (specs, t) => {
          const pods: Pod[] = specs.map((s, index) => ({
            index,
            createdAt: s.createdAt,
            state: s.state,
            readyAt: s.state === 'ready' ? s.readyAt : null,
          }));
          const keys = new RankKeys();
          const fast = rankForDeletion(pods, t, states, keys);
          expect(fast.map((p) => p.index)).toEqual(plain(pods, t, states).map((p) => p.index));
          // The keys are reused by the next ranking without leaking into it.
          const rest = pods.slice(0, Math.floor(pods.length / 2));
          expect(rankForDeletion(rest, t, states, keys)).toEqual(plain(rest, t, states));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('ranks a real workload as the plain sort at every scale-down', () => {
    let compared = 0;
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 1, max: 400 })), {
          minLength: 1,
          maxLength: 25,
        }),
        (steps) => {
          const w = new Workload(
            {
              ...buildInput().workload,
              initialReplicas: 10,
              startup: { schedulingSeconds: 2, startingSeconds: 8, readinessDelaySeconds: 20 },
            },
            'web',
            3600,
          );
          let t = 0;
          for (const [replicas, dt] of steps) {
            t += dt;
            w.advance(t);
            const active = w.activePods(t);
            if (replicas < active.length) {
              expect(rankForDeletion(active, t, w)).toEqual(plain(active, t, w));
              compared++;
            }
            w.manageReplicas(replicas, t);
          }
        },
      ),
      { numRuns: 100 },
    );
    expect(compared).toBeGreaterThan(100);
  });
});
