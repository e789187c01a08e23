import { describe, expect, it } from 'vitest';
import { simulate } from '../simulation/index.ts';
import { KARPENTER_DEFAULTS, type NodesInput } from '../simulation/nodesInput.ts';
import { buildInput } from '../simulation/testing/buildInput.ts';
import { syncDetail } from '../simulation/replay.ts';
import { nodesInput } from './testing.ts';

const STEP = {
  type: 'steps',
  steps: [
    { at: 0, value: 1000 },
    { at: 60, value: 6000 },
    { at: 1200, value: 1000 },
  ],
} as never;

function karpenter(o: Partial<typeof KARPENTER_DEFAULTS> = {}): NodesInput {
  return {
    ...nodesInput({ max: 5 }),
    provisioner: {
      ...KARPENTER_DEFAULTS,
      provisioningDelay: { minSeconds: 40, maxSeconds: 40, seed: 1 },
      ...o,
    },
  };
}

function run(nodes: NodesInput, record: 'full' | 'compact' = 'compact') {
  const input = buildInput({ durationSeconds: 3600, traffic: STEP, nodes });
  const out = simulate(input, { record });
  if (!out.ok) throw new Error(out.error);
  return { input, r: out.result, n: out.result.nodes! };
}

describe('Karpenter as the provisioner', () => {
  it('launches when the batch of pending pods goes idle, not on a scan', () => {
    const { n } = run(karpenter());
    const ups = n.events.filter((e) => e.kind === 'scale-up');
    // The HPA writes 4 at 75 s; the pod with no room is created then; the batch closes 1 s
    // later (batchIdleDuration) and the NodeClaim is Ready 40 s after.
    expect(ups[0]).toMatchObject({ time: 76, nodes: ['node-2'], pods: 1 });
    expect(ups[0]!.message).toMatch(/^Karpenter: batch of 1 pending pod closed/);
    const ready = n.events.find((e) => e.kind === 'node-ready' && e.nodes[0] === 'node-2');
    expect(ready?.time).toBe(116);
    expect(ready?.message).toContain('after Karpenter launched it');
  });

  it('closes a batch at batchMaxDuration while pods keep coming', () => {
    // An idle window longer than the sync period: every sync's new pods extend the batch,
    // until the max closes it 10 s after its first pod.
    const { n } = run(karpenter({ batchIdleSeconds: 20, batchMaxSeconds: 10 }));
    expect(n.events.find((e) => e.kind === 'scale-up')?.time).toBe(85);
  });

  it('consolidates empty nodes at once (consolidateAfter 0s) where cluster-autoscaler waits 10 min', () => {
    const k = run(karpenter()).n;
    const down = k.events.filter((e) => e.kind === 'scale-down' || e.kind === 'drain');
    expect(down.length).toBeGreaterThan(0);
    const ca = run({ ...nodesInput({ max: 5 }) }).n;
    const caDown = ca.events.find((e) => e.kind === 'scale-down' || e.kind === 'drain')!;
    expect(down[0]!.time).toBeLessThan(caDown.time - 500);
    expect(k.kpis.nodeHours).toBeLessThan(ca.kpis.nodeHours);
    expect(k.kpis.finalNodes).toBe(1);
  });

  it('waits consolidateAfter, and drains nothing non-empty under WhenEmpty', () => {
    const after = run(karpenter({ consolidateAfterSeconds: 300 })).n;
    const soon = run(karpenter()).n;
    const first = (x: typeof soon) =>
      x.events.find((e) => e.kind === 'scale-down' || e.kind === 'drain')!.time;
    expect(first(after)).toBeGreaterThanOrEqual(first(soon) + 300);
    const empty = run(karpenter({ consolidationPolicy: 'WhenEmpty' })).n;
    expect(empty.events.some((e) => e.kind === 'drain')).toBe(false);
  });

  it('replays a compact run to the records of a full one', () => {
    const full = run(karpenter(), 'full');
    const compact = run(karpenter());
    for (const i of [6, 70, 150, 239])
      expect(syncDetail(compact.input, compact.r, i)).toEqual(full.r.syncs![i]);
    expect(compact.n).toEqual(full.n);
  });

  it('a pod no node holds: each batch closes once, never again at the same instant', () => {
    // Found by the fuzz campaign (issue 28): a close that launched nothing left the batch's
    // memo as it was, so the clock fired at the same instant forever (the run never ended).
    const nodes = karpenter();
    const { n } = run({
      ...nodes,
      shape: { ...nodes.shape, overheadCpuMilli: nodes.shape.cpuMilli },
    });
    const noFit = n.events.filter((e) => e.kind === 'no-fit');
    expect(noFit.length).toBeGreaterThan(0);
    expect(new Set(noFit.map((e) => e.time)).size).toBe(noFit.length);
  });
});
