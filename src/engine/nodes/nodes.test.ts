import { describe, expect, it } from 'vitest';
import { simulate, type SimulationInput } from '../simulation/index.ts';
import { syncDetail } from '../simulation/replay.ts';
import { resultToCsv } from '../simulation/exportCsv.ts';
import { buildInput } from '../simulation/testing/buildInput.ts';
import type { NodeRun } from './result.ts';
import { nodesInput } from './testing.ts';
import { estimate, podsPerNode, provisioningDelay } from './index.ts';

const STEP = {
  type: 'steps',
  steps: [
    { at: 0, value: 1000 },
    { at: 60, value: 6000 },
    { at: 1200, value: 1000 },
  ],
} as never;

function run(input: SimulationInput, record: 'full' | 'compact' = 'compact') {
  const out = simulate(input, { record });
  if (!out.ok) throw new Error(out.error);
  return out.result;
}

function nodesOf(r: { nodes?: NodeRun }): NodeRun {
  expect(r.nodes).toBeDefined();
  return r.nodes!;
}

describe('a node pool under the cluster (cluster-autoscaler)', () => {
  // 4 cores allocatable, 0.5 for daemonsets, 1-core pods: 3 pods per node.
  const input = buildInput({
    durationSeconds: 3600,
    traffic: STEP,
    nodes: nodesInput({ max: 3 }),
  });

  it('holds pods Pending until a node the autoscaler asked for is Ready', () => {
    const r = run(input);
    const n = nodesOf(r);
    const ups = n.events.filter((e) => e.kind === 'scale-up');
    // The HPA goes 2 → 4 at 75 s; one pod fits node-1's free slot, one waits; the scan at 80 s
    // asks for node-2, Ready 60 s later, and the waiting pods are bound at that second.
    expect(ups[0]).toMatchObject({ time: 80, nodes: ['node-2'], pods: 1 });
    const ready = n.events.find((e) => e.kind === 'node-ready' && e.nodes[0] === 'node-2');
    expect(ready?.time).toBe(140);
    // At 120 s the HPA sees Pending pods (no node), and the lane shows them waiting.
    const k = r.series.time.indexOf(120);
    expect(r.series.pendingReplicas[k]).toBeGreaterThan(0);
    expect(n.series.waiting[k]).toBe(r.series.pendingReplicas[k]);
    expect(n.series.provisioning[k]).toBe(2);
  });

  it('stops at the node group max and says so; the pod left over keeps waiting', () => {
    const n = nodesOf(run(input));
    const max = n.events.find((e) => e.kind === 'max-size');
    expect(max?.message).toContain('max size (3)');
    expect(n.kpis.peakNodes).toBe(3);
    // 10 pods, 9 slots: one pod waits from its creation until the HPA scales down.
    expect(n.kpis.waitMaxSeconds).toBeGreaterThan(1000);
  });

  it('removes empty nodes once unneeded for longer than scale-down-unneeded-time', () => {
    const r = run(input);
    const n = nodesOf(r);
    const down = n.events.find((e) => e.kind === 'scale-down');
    // The HPA is back at 2 pods (on node-1) after its 300 s window; node-2 and node-3 are empty
    // from the scan after that, and go at the first scan strictly past 600 s later.
    const back = r.series.time[r.series.specReplicas.findIndex((v, i) => i > 10 && v === 2)]!;
    expect(down?.nodes).toEqual(['node-2', 'node-3']);
    expect(down!.time).toBeGreaterThan(back + 600);
    expect(down!.time).toBeLessThanOrEqual(back + 600 + 2 * 10 + 30);
    expect(n.kpis.finalNodes).toBe(1);
  });

  it('waits for scale-down-delay-after-add before removing any node', () => {
    const quick = buildInput({
      durationSeconds: 1800,
      traffic: {
        type: 'steps',
        steps: [
          { at: 0, value: 1000 },
          { at: 60, value: 4000 },
          { at: 300, value: 1000 },
        ],
      } as never,
      spec: { behavior: { scaleDown: { stabilizationWindowSeconds: 0 } } },
      nodes: nodesInput({
        provisioner: { scaleDownUnneededSeconds: 30, scaleDownDelayAfterAddSeconds: 900 },
      }),
    });
    const n = nodesOf(run(quick));
    // The cooldown runs from the last scale-up.
    const up = n.events.filter((e) => e.kind === 'scale-up').at(-1)!;
    const down = n.events.find((e) => e.kind === 'scale-down' || e.kind === 'drain')!;
    expect(down.time).toBeGreaterThanOrEqual(up.time + 900);
    expect(down.time).toBeLessThan(up.time + 900 + 10 + 1);
  });

  it('a pod larger than any node stays Pending for good, said plainly, and asks for no node', () => {
    const big = buildInput({
      durationSeconds: 300,
      workload: { containers: [{ name: 'app', requests: { cpu: 8000 } }] },
      nodes: nodesInput(),
    });
    const r = run(big);
    const n = nodesOf(r);
    expect(n.events.map((e) => e.kind)).toEqual(['no-fit']);
    expect(n.events[0]!.message).toMatch(/Pending for good: a pod requests 8000m cpu.*3500m cpu/);
    expect(r.series.readyReplicas[r.series.time.length - 1]).toBe(0);
  });

  it('drains an under-used node that is not empty: its pods move, then it goes', () => {
    // 5 pods on 2 nodes (3 + 2); the HPA goes to 3, deleting the newest pods (node-2's first).
    const spread = buildInput({
      durationSeconds: 2400,
      workload: { initialReplicas: 5 },
      traffic: { type: 'constant', value: 1200 } as never,
      spec: { minReplicas: 1, behavior: { scaleDown: { stabilizationWindowSeconds: 0 } } },
      nodes: nodesInput({
        initial: 3,
        provisioner: { scaleDownUnneededSeconds: 60, scaleDownDelayAfterAddSeconds: 0 },
      }),
    });
    const r = run(spread);
    const n = nodesOf(r);
    const kinds = n.events.map((e) => e.kind);
    expect(kinds).toContain('scale-down');
    expect(n.kpis.finalNodes).toBe(1);
    // Every pod is Ready at the end, all on the one node left.
    const last = r.series.time.length - 1;
    expect(r.series.readyReplicas[last]).toBe(r.series.specReplicas[last]);
  });

  it('writes the node lane into the CSV export, and no node columns without nodes', () => {
    const full = run(input, 'full');
    const lines = resultToCsv(full as never).split('\n');
    expect(lines[0]).toContain(
      'nodesReady,nodesProvisioning,nodesDraining,podsWaitingForNode,nodeCpuAllocatable,nodeCpuRequested,explanation',
    );
    // At 120 s: 1 node Ready, 2 coming, pods waiting (as the lane shows).
    const row = lines[1 + 8]!.split(',');
    expect(row[0]).toBe('120');
    const at = lines[0]!.split(',').indexOf('nodesReady');
    expect(row.slice(at, at + 3)).toEqual(['1', '2', '0']);
    const plain = resultToCsv(run(buildInput({ durationSeconds: 60 }), 'full') as never);
    expect(plain).not.toContain('nodesReady');
  });

  it('bills node-hours and prices them', () => {
    const priced = buildInput({
      durationSeconds: 3600,
      traffic: STEP,
      nodes: nodesInput({ max: 3, nodeHourPrice: 0.2 }),
    });
    const k = nodesOf(run(priced)).kpis;
    // node-1 all hour; node-2 from 80 s and node-3 from 100 s until their removal.
    expect(k.nodeHours).toBeGreaterThan(2);
    expect(k.nodeHours).toBeLessThan(2.3);
    expect(k.cost).toBeCloseTo(k.nodeHours * 0.2, 10);
    expect(k.costPerMonth).toBeCloseTo(k.nodeHours * 0.2 * 730, 6);
  });

  it('replays a compact run to the same records as a full run', () => {
    const full = run(input, 'full');
    const compact = run(input);
    for (const i of [5, 9, 70, 150, 239])
      expect(syncDetail(input, compact, i)).toEqual(full.syncs![i]);
    expect(compact.nodes).toEqual(full.nodes);
  });

  it('decides the same in the per-pod reference world, drains included', () => {
    // 7 pods of the same age on 3 nodes; the HPA's scale-down picks by UID, so it leaves one
    // node empty and another under-used: one is deleted, the other drained (at 100 s).
    const drains = buildInput({
      durationSeconds: 2400,
      workload: { initialReplicas: 7 },
      traffic: { type: 'constant', value: 1000 } as never,
      spec: { minReplicas: 1, behavior: { scaleDown: { stabilizationWindowSeconds: 0 } } },
      nodes: nodesInput({
        initial: 3,
        provisioner: { scaleDownUnneededSeconds: 60, scaleDownDelayAfterAddSeconds: 0 },
      }),
    });
    const fast = simulate(drains, { record: 'full' });
    const ref = simulate(drains, { record: 'full', reference: true });
    if (!fast.ok || !ref.ok) throw new Error('run failed');
    expect(fast.result.nodes!.events.some((e) => e.kind === 'drain')).toBe(true);
    expect(fast.result.syncs).toEqual(ref.result.syncs);
    expect(fast.result.nodes).toEqual(ref.result.nodes);
  });

  it('leaves a scenario without nodes exactly as it was', () => {
    const plain = buildInput({ durationSeconds: 600, traffic: STEP });
    const r = run(plain);
    expect('nodes' in r).toBe(false);
    const big = buildInput({
      durationSeconds: 600,
      traffic: STEP,
      nodes: nodesInput({ initial: 10, max: 10 }),
    });
    // With room for every pod from the start, nodes change nothing the HPA sees.
    const withNodes = run(big);
    expect(Array.from(withNodes.series.specReplicas)).toEqual(Array.from(r.series.specReplicas));
    expect(Array.from(withNodes.series.readyReplicas)).toEqual(Array.from(r.series.readyReplicas));
  });
});

describe('node pool rules', () => {
  it('counts the pods an empty node holds after its daemonsets', () => {
    const shape = nodesInput().shape;
    expect(podsPerNode(shape, { cpu: 1000, memory: 0 })).toBe(3);
    expect(podsPerNode({ ...shape, pods: 2 }, { cpu: 100, memory: 0 })).toBe(2);
    expect(podsPerNode(shape, { cpu: 0, memory: 0 })).toBe(110);
    expect(podsPerNode(shape, { cpu: 3501, memory: 0 })).toBe(0);
  });

  it('estimates nodes as binpacking identical pods does', () => {
    expect(estimate(7, 3)).toBe(3);
    expect(estimate(6, 3)).toBe(2);
    expect(estimate(1, 0)).toBe(0);
  });

  it('draws provisioning delays in range, the same for the same seed and node', () => {
    const d = { minSeconds: 60, maxSeconds: 120, seed: 7 };
    const draws = Array.from({ length: 50 }, (_, i) => provisioningDelay(d, i));
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(60);
    expect(Math.max(...draws)).toBeLessThanOrEqual(120);
    expect(new Set(draws).size).toBeGreaterThan(10);
    expect(draws).toEqual(Array.from({ length: 50 }, (_, i) => provisioningDelay(d, i)));
    expect(provisioningDelay({ ...d, seed: 8 }, 3)).not.toBe(draws[3]);
  });
});
