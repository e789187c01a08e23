// A Recreate rollout run by the world: every old pod deleted at once, no new pod until the last
// old one is gone, and what the HPA sees in the gap (recreate.go with horizontal.go's reads).
import { describe, expect, it } from 'vitest';
import type { RolloutStrategy, RunChange, SimulationInput } from '../simulation/input.ts';
import { simulate } from '../simulation/simulate.ts';
import { singleSimulation } from '../simulation/single.ts';
import { buildInput } from '../simulation/testing/buildInput.ts';

const RECREATE: RolloutStrategy = {
  type: 'Recreate',
  maxSurge: 0,
  maxUnavailable: 0,
  minReadySeconds: 0,
};

const rolloutAt = (atSeconds: number, rollout = RECREATE): RunChange => ({
  atSeconds,
  hpa: null,
  replicas: null,
  rollout,
  description: 'rollout',
});

/** 10 pods at their 60 % target (HPA 2 … 30); the traffic may step up at 290 s. */
function input(changes: RunChange[], stepTo = 6000): SimulationInput {
  return {
    ...buildInput({
      durationSeconds: 900,
      spec: { minReplicas: 2, maxReplicas: 30 },
      workload: { initialReplicas: 10 },
      traffic: {
        type: 'steps',
        steps: [
          { at: 0, value: 6000 },
          { at: 290, value: stepTo },
        ],
      },
    }),
    changes,
  };
}

/** Per second: pods not gone by ReplicaSet, and the instants pods were created. */
function watch(inp: SimulationInput) {
  const sim = singleSimulation(inp);
  const w = sim.clusters[0]!.workload;
  const seen: { t: number; old: number; fresh: number; oldTerminating: number }[] = [];
  for (let t = 1; t <= inp.durationSeconds; t++) {
    sim.stepTo(t);
    let old = 0;
    let fresh = 0;
    let oldTerminating = 0;
    for (const p of w.pods) {
      if (w.stateAt(p, t) === 'gone') continue;
      if (p.rs === 0) {
        old++;
        if (p.deletedAt !== null) oldTerminating++;
      } else fresh++;
    }
    seen.push({ t, old, fresh, oldTerminating });
  }
  return { seen, pods: w.pods };
}

describe('a Recreate rollout in the world (recreate.go)', () => {
  it('deletes every old pod at once and creates no new pod until the last old one is gone', () => {
    const { seen, pods } = watch(input([rolloutAt(300)]));
    const term = input([]).workload.terminationSeconds;
    const at = (t: number) => seen.find((s) => s.t === t)!;
    expect(at(299)).toMatchObject({ old: 10, fresh: 0, oldTerminating: 0 });
    expect(at(300)).toMatchObject({ old: 10, fresh: 0, oldTerminating: 10 });
    // never old and new pods at once: no surge
    expect(seen.every((s) => s.old === 0 || s.fresh === 0)).toBe(true);
    // the old pods go at 300 + termination; the new ReplicaSet is scaled up at that instant
    const firstNew = seen.find((s) => s.fresh > 0)!.t;
    expect(firstNew).toBe(300 + term);
    expect(Math.min(...pods.filter((p) => p.rs === 1).map((p) => p.createdAt))).toBe(300 + term);
    expect(seen[seen.length - 1]).toMatchObject({ old: 0, fresh: 10 });
  });

  it("the HPA's view in the gap: no Ready pod, its metric fails and it holds spec.replicas", () => {
    const out = simulate(input([rolloutAt(300)]), { record: 'full' });
    if (!out.ok) throw new Error(out.error);
    const gap = out.result.syncs!.filter((s) => s.time >= 300 && s.time < 330);
    expect(gap.length).toBeGreaterThan(0);
    for (const s of gap) {
      expect(s.pods.ready).toBe(0);
      expect(s.pods.terminating).toBe(10);
      expect(s.desiredReplicas).toBe(10);
      expect(s.explanation).toMatch(
        /Rollout in progress \(Recreate\): 10 old pods terminating, the new ReplicaSet waits for them to be gone \(0 new pods\)\./,
      );
      expect(s.explanation).toMatch(/FailedGetResourceMetric/);
    }
  });

  it('an HPA scale-up in the gap sizes the new ReplicaSet (no scaling event: nothing is active)', () => {
    // Traffic doubles at 290 s; the HPA's first sync after it (300 s) is inside the gap.
    const hot = input([rolloutAt(295)], 12000);
    const out = simulate(hot, { record: 'full' });
    if (!out.ok) throw new Error(out.error);
    const { seen } = watch(hot);
    expect(seen.every((s) => s.old === 0 || s.fresh === 0)).toBe(true);
    const last = out.result.syncs![out.result.syncs!.length - 1]!;
    expect(last.replicas).toBeGreaterThan(10);
    expect(seen[seen.length - 1]!.fresh).toBe(last.replicas);
  });

  it('a rollout during a Recreate rollout: still no overlap, the newest template ends alone', () => {
    const { seen, pods } = watch(input([rolloutAt(300), rolloutAt(310)]));
    expect(seen.every((s) => s.old === 0 || s.fresh === 0)).toBe(true);
    const live = pods.filter((p) => p.deletedAt === null);
    expect(live.length).toBe(10);
    expect(live.every((p) => p.rs === 2)).toBe(true);
  });

  it('replays a compact run to the same records', async () => {
    const { syncDetail } = await import('../simulation/replay.ts');
    const inp = input([rolloutAt(295)], 12000);
    const full = simulate(inp, { record: 'full' });
    const compact = simulate(inp, { record: 'compact' });
    if (!full.ok || !compact.ok) throw new Error('run');
    for (let k = 15; k <= 30; k++) {
      const again = syncDetail(inp, compact.result, k);
      expect(again!.explanation).toBe(full.result.syncs![k]!.explanation);
      expect(again!.pods).toEqual(full.result.syncs![k]!.pods);
    }
  });
});
