// Probes of a stock cluster's nodes and rollouts (issue 24, "Done when"), kept apart from the
// unit tests: each runs a small scenario under upstream's defaults and checks the instant a
// stock cluster would act, as read from upstream's flags and code (named per probe).
import { describe, expect, it } from 'vitest';
import { nodesInput } from '../../src/engine/nodes/testing.ts';
import { simulate } from '../../src/engine/simulation/index.ts';
import { KARPENTER_DEFAULTS } from '../../src/engine/simulation/nodesInput.ts';
import type { RunChange, SimulationInput } from '../../src/engine/simulation/input.ts';
import { singleSimulation } from '../../src/engine/simulation/single.ts';
import { buildInput } from '../../src/engine/simulation/testing/buildInput.ts';

function run(input: SimulationInput) {
  const out = simulate(input, { record: 'full' });
  if (!out.ok) throw new Error(out.error);
  return out.result;
}

// 1-core pods on 4-core nodes with 500m of daemonsets: 3 pods a node; traffic ×6 at 60 s.
const step = (nodes: SimulationInput['nodes']): SimulationInput =>
  buildInput({
    durationSeconds: 3600,
    traffic: {
      type: 'steps',
      steps: [
        { at: 0, value: 1000 },
        { at: 60, value: 6000 },
        { at: 1200, value: 1000 },
      ],
    } as never,
    nodes,
  });

describe('probes: nodes under a stock cluster', () => {
  it('cluster-autoscaler asks at its first 10 s scan after the pods are Pending; they bind at Ready', () => {
    // static_autoscaler.go RunOnce every --scan-interval (10 s); the node Ready 60 s later.
    const r = run(step(nodesInput({ max: 10 })));
    const ev = r.nodes!.events;
    const up = ev.find((e) => e.kind === 'scale-up')!;
    const firstRescale = r.syncs!.find((s) => s.rescaled)!.time;
    expect(up.time % 10).toBe(0);
    expect(up.time).toBeGreaterThanOrEqual(firstRescale);
    expect(up.time).toBeLessThan(firstRescale + 10 + 1);
    const ready = ev.find((e) => e.kind === 'node-ready')!;
    expect(ready.time).toBe(up.time + 60);
    expect(ready.pods).toBeGreaterThan(0);
  });

  it('cluster-autoscaler removes an emptied node no sooner than 10 min unneeded and 10 min after a scale-up', () => {
    // --scale-down-unneeded-time and --scale-down-delay-after-add, both 10 min.
    const r = run(step(nodesInput({ max: 10 })));
    const ev = r.nodes!.events;
    const lastUp = Math.max(...ev.filter((e) => e.kind === 'scale-up').map((e) => e.time));
    const down = ev.find((e) => e.kind === 'scale-down' || e.kind === 'drain')!;
    // the load falls at 1200 s; the HPA's 5 min window first
    expect(down.time).toBeGreaterThanOrEqual(1200 + 300 + 600);
    expect(down.time).toBeGreaterThanOrEqual(lastUp + 600);
  });

  it('Karpenter launches 1 s after the last pending pod of a batch (BATCH_IDLE_DURATION)', () => {
    const r = run(
      step(
        nodesInput({
          max: 10,
          provisioner: {
            ...KARPENTER_DEFAULTS,
            provisioningDelay: { minSeconds: 45, maxSeconds: 45, seed: 1 },
          } as never,
        }),
      ),
    );
    const ev = r.nodes!.events;
    const up = ev.find((e) => e.kind === 'scale-up')!;
    const firstRescale = r.syncs!.find((s) => s.rescaled)!.time;
    // the rescale's pods are created at its sync (one burst within the client's 30): the batch
    // opens with them and closes 1 s later with no pod after them
    expect(up.time).toBe(firstRescale + 1);
    expect(ev.find((e) => e.kind === 'node-ready')!.time).toBe(up.time + 45);
  });
});

const pinned = (rollout: RunChange['rollout']): SimulationInput => ({
  ...buildInput({
    durationSeconds: 900,
    spec: { minReplicas: 10, maxReplicas: 10 },
    workload: { initialReplicas: 10 },
    traffic: { type: 'constant', value: 6000 },
  }),
  changes: [{ atSeconds: 300, hpa: null, replicas: null, rollout, description: 'rollout' }],
});

/** Pods not gone, by ReplicaSet, every second from 300 s. */
function pods(input: SimulationInput) {
  const sim = singleSimulation(input);
  const w = sim.clusters[0]!.workload;
  const out: { t: number; old: number; fresh: number; total: number }[] = [];
  for (let t = 300; t <= 900; t++) {
    sim.stepTo(t);
    let old = 0;
    let fresh = 0;
    for (const p of w.pods) {
      if (w.stateAt(p, t) === 'gone' || p.deletedAt !== null) continue;
      if (p.rs === 0) old++;
      else fresh++;
    }
    out.push({ t, old, fresh, total: old + fresh });
  }
  return out;
}

describe('probes: a stock Deployment rollout', () => {
  it('RollingUpdate at the apps/v1 defaults (25 %/25 %) of 10: at most 13 pods, all new at the end', () => {
    const seen = pods(pinned({ maxSurge: '25%', maxUnavailable: '25%', minReadySeconds: 0 }));
    expect(Math.max(...seen.map((s) => s.total))).toBe(13);
    expect(seen.at(-1)).toMatchObject({ old: 0, fresh: 10 });
  });

  it('Recreate: every old pod deleted at once, no new one while any is running (recreate.go)', () => {
    const seen = pods(
      pinned({ type: 'Recreate', maxSurge: 0, maxUnavailable: 0, minReadySeconds: 0 }),
    );
    expect(seen[0]).toMatchObject({ old: 0, fresh: 0 });
    expect(seen.every((s) => s.total <= 10)).toBe(true);
    expect(seen.at(-1)).toMatchObject({ old: 0, fresh: 10 });
  });
});
