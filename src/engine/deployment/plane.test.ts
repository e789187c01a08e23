// A rollout run by the world: two ReplicaSets of pods under one HPA, stepped scrape by scrape.
import { describe, expect, it } from 'vitest';
import type { RolloutStrategy, RunChange, SimulationInput } from '../simulation/input.ts';
import { singleSimulation } from '../simulation/single.ts';
import { buildInput } from '../simulation/testing/buildInput.ts';
import type { SimPod } from '../simulation/workload.ts';
import { simulate } from '../simulation/simulate.ts';

const strategy = (
  maxSurge: number | string,
  maxUnavailable: number | string,
  minReadySeconds = 0,
): RolloutStrategy => ({ maxSurge, maxUnavailable, minReadySeconds });

const rolloutAt = (atSeconds: number, s: RolloutStrategy): RunChange => ({
  atSeconds,
  hpa: null,
  replicas: null,
  rollout: s,
  description: 'rollout',
});

/** 10 pods held at 10 by the HPA's bounds, 600 m CPU each (its target). */
function pinned(changes: RunChange[], duration = 900): SimulationInput {
  return {
    ...buildInput({
      durationSeconds: duration,
      spec: { minReplicas: 10, maxReplicas: 10 },
      workload: { initialReplicas: 10 },
      traffic: { type: 'constant', value: 6000 },
    }),
    changes,
  };
}

interface Sample {
  t: number;
  /** pods not deleted, by ReplicaSet revision */
  byRs: Map<number, number>;
  /** pods Ready (for minReadySeconds), not deleted */
  available: number;
  /** the HPA's status.replicas: active pods of the selector, every ReplicaSet's */
  active: number;
}

/** Every scrape's pods by ReplicaSet, and who deleted which pods before t. */
function run(input: SimulationInput, minReady = 0) {
  const sim = singleSimulation(input);
  const w = sim.clusters[0]!.workload;
  const samples: Sample[] = [];
  const deleted = new Map<number, SimPod>();
  const look = (t: number) => {
    const byRs = new Map<number, number>();
    let available = 0;
    for (const p of w.pods) {
      if (p.deletedAt !== null && p.deletedAt <= t) {
        deleted.set(p.index, p);
        continue;
      }
      if (p.failed) continue;
      byRs.set(p.rs, (byRs.get(p.rs) ?? 0) + 1);
      const ready = w.readyAt(p);
      if (ready !== null && ready + minReady <= t) available++;
    }
    samples.push({ t, byRs, available, active: w.activeCount(t) });
  };
  sim.stepTo(input.durationSeconds, { tick: look });
  return { samples, deleted, pods: w.pods };
}

const total = (s: Sample) => [...s.byRs.values()].reduce((a, b) => a + b, 0);

describe('a Deployment rollout in the world (rolling.go, sync.go, replica_set.go)', () => {
  it('replaces every pod within 10 + 3 surge pods and at least 8 available (25 % / 25 %)', () => {
    const { samples, pods } = run(pinned([rolloutAt(300, strategy('25%', '25%'))]));
    const before = samples.filter((s) => s.t < 300);
    expect(before.every((s) => s.byRs.size === 1 && s.byRs.get(0) === 10)).toBe(true);
    const during = samples.filter((s) => s.t >= 300);
    // ResolveFenceposts: surge ceil(2.5) = 3, unavailable floor(2.5) = 2.
    expect(Math.max(...during.map(total))).toBe(13);
    expect(Math.min(...during.map((s) => s.available))).toBeGreaterThanOrEqual(8);
    // Old and new pods side by side at some scrape, and the HPA's status.replicas counts both.
    const mixed = during.find((s) => (s.byRs.get(0) ?? 0) > 0 && (s.byRs.get(1) ?? 0) > 0);
    expect(mixed).toBeDefined();
    expect(Math.max(...during.map((s) => s.active))).toBeGreaterThan(10);
    // Done: ten pods, all of the new ReplicaSet.
    const last = samples[samples.length - 1]!;
    expect([...last.byRs]).toEqual([[1, 10]]);
    expect(pods.filter((p) => p.deletedAt === null).every((p) => p.rs === 1)).toBe(true);
  });

  it('deletes only old pods while it rolls out (each ReplicaSet scales down its own pods)', () => {
    const { deleted } = run(pinned([rolloutAt(300, strategy(2, 0))]));
    expect(deleted.size).toBe(10);
    expect([...deleted.values()].every((p) => p.rs === 0)).toBe(true);
  });

  it('with maxUnavailable 0 keeps all 10 available and surges by maxSurge at most', () => {
    const { samples } = run(pinned([rolloutAt(300, strategy(1, 0))]));
    const during = samples.filter((s) => s.t >= 300);
    expect(Math.min(...during.map((s) => s.available))).toBe(10);
    expect(Math.max(...during.map(total))).toBe(11);
  });

  it('waits minReadySeconds before a new pod counts as available', () => {
    const quick = run(pinned([rolloutAt(300, strategy(1, 0))]));
    const slow = run(pinned([rolloutAt(300, strategy(1, 0, 60))]), 60);
    const doneAt = (r: ReturnType<typeof run>) =>
      r.samples.find((s) => s.t > 300 && s.byRs.size === 1 && s.byRs.get(1) === 10)?.t ?? Infinity;
    expect(doneAt(quick)).toBeLessThan(900);
    // Ten one-by-one steps, each at least 60 s longer.
    expect(doneAt(slow) - doneAt(quick)).toBeGreaterThanOrEqual(600);
  });

  it('a rollout during a rollout: the newest template supersedes, older ReplicaSets empty', () => {
    const { samples } = run(
      pinned([rolloutAt(300, strategy('25%', '25%')), rolloutAt(320, strategy('25%', '25%'))]),
    );
    const at330 = samples.find((s) => s.t >= 330)!;
    expect(at330.byRs.get(2) ?? 0).toBeGreaterThan(0);
    const last = samples[samples.length - 1]!;
    expect([...last.byRs]).toEqual([[2, 10]]);
  });

  it("an HPA scale-up mid-rollout is shared out proportionally, within the new size's surge", () => {
    // Traffic doubles at the rollout: the HPA (1 … 30) scales up while both ReplicaSets run.
    const input: SimulationInput = {
      ...buildInput({
        durationSeconds: 1200,
        spec: { minReplicas: 1, maxReplicas: 30 },
        workload: { initialReplicas: 10 },
        traffic: {
          type: 'steps',
          steps: [
            { at: 0, value: 6000 },
            { at: 290, value: 12000 },
          ],
        },
      }),
      changes: [rolloutAt(300, strategy('25%', '25%', 30))],
    };
    const { samples } = run(input, 30);
    const last = samples[samples.length - 1]!;
    expect([...last.byRs.keys()]).toEqual([1]);
    expect(last.byRs.get(1)!).toBeGreaterThan(10);
    // Both ReplicaSets grew at some scrape (old pods were added: proportional scaling).
    const oldMax = Math.max(...samples.map((s) => s.byRs.get(0) ?? 0));
    expect(oldMax).toBeGreaterThan(10);
  });

  it('is deterministic, and a run without a rollout keeps every pod in ReplicaSet 0', () => {
    const a = simulate(pinned([rolloutAt(300, strategy('25%', '25%'))]), { record: 'compact' });
    const b = simulate(pinned([rolloutAt(300, strategy('25%', '25%'))]), { record: 'compact' });
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const { samples } = run(pinned([]));
    expect(samples.every((s) => s.byRs.size === 1 && s.byRs.has(0))).toBe(true);
  });
});

describe("a rollout in the run's result", () => {
  it('records old and new pods per sync and says "rollout in progress" in the explanation', () => {
    const out = simulate(pinned([rolloutAt(300, strategy('25%', '25%'))]), { record: 'full' });
    if (!out.ok) throw new Error(out.error);
    const r = out.result;
    expect(r.rollout!.rollouts).toEqual([{ time: 300, strategy: strategy('25%', '25%') }]);
    const k300 = r.syncs!.findIndex((s) => s.time >= 300);
    expect(r.rollout!.series.old[k300 - 1]).toBe(10);
    expect(r.rollout!.series.new[k300 - 1]).toBe(0);
    expect(r.rollout!.series.new[r.syncs!.length - 1]).toBe(10);
    expect(r.rollout!.series.old[r.syncs!.length - 1]).toBe(0);
    const first = r.syncs![k300]!;
    expect(first.explanation).toMatch(
      /^At t=300s rollout\. Rollout in progress: 8 old, 5 new pods \(the HPA counts both\)\. /,
    );
    expect(r.syncs!.some((s) => /Rollout in progress: 8 old, 5 new pods/.test(s.explanation))).toBe(
      true,
    );
  });

  it('replays a compact run to the same records (the deployment plane snapshots and restores)', async () => {
    const { syncDetail } = await import('../simulation/replay.ts');
    // The HPA rescales mid-rollout here, so a replay must restore the Deployment's replicas too.
    const input: SimulationInput = {
      ...buildInput({
        durationSeconds: 1200,
        spec: { minReplicas: 1, maxReplicas: 30 },
        workload: { initialReplicas: 10 },
        traffic: {
          type: 'steps',
          steps: [
            { at: 0, value: 6000 },
            { at: 290, value: 12000 },
          ],
        },
      }),
      changes: [rolloutAt(300, strategy('25%', '25%', 30))],
    };
    const full = simulate(input, { record: 'full' });
    const compact = simulate(input, { record: 'compact' });
    if (!full.ok || !compact.ok) throw new Error('run');
    for (let k = 18; k <= 40; k++) {
      const again = syncDetail(input, compact.result, k);
      expect(again!.explanation).toBe(full.result.syncs![k]!.explanation);
      expect(again!.pods).toEqual(full.result.syncs![k]!.pods);
    }
  });
});
