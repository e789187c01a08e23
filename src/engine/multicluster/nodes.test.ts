// A node plane under every member cluster (memberNodes.ts): each member's own nodes and
// provisioner, its node lane and KPIs, the total's, and what Karmada reads of them.
import { describe, expect, it } from 'vitest';
import { nodesInput } from '../nodes/testing.ts';
import { memberSeeded } from './memberNodes.ts';
import type { FederationInput, MemberClusterInput } from '../simulation/federationInput.ts';
import type { SimulationInput } from '../simulation/input.ts';
import { buildInput } from '../simulation/testing/buildInput.ts';
import { federationSyncDetail, simulateFederation } from './index.ts';
import type { FederationModel, FederationRun } from './index.ts';

function cluster(name: string, o: Partial<MemberClusterInput> = {}): MemberClusterInput {
  return {
    name,
    capacityPods: null,
    weight: 1,
    priority: 0,
    failAtSeconds: null,
    recoverAtSeconds: null,
    ...o,
  };
}

/** Two members of 1-cpu pods on 4-cpu nodes (3 pods each); traffic triples at 300 s. */
function scenario(
  clusters: MemberClusterInput[],
  f: Partial<FederationInput> = {},
): SimulationInput {
  return {
    ...buildInput({
      durationSeconds: 1800,
      spec: { minReplicas: 2, maxReplicas: 40 },
      traffic: {
        type: 'steps',
        steps: [
          { at: 0, value: 3600 },
          { at: 300, value: 10800 },
        ],
      },
      workload: { initialReplicas: 6 },
    }),
    federation: {
      models: ['proposal', 'shipped'],
      policy: 'StaticWeighted',
      strategy: 'StaticWeight',
      clusters,
      scalingToZero: false,
      scaleAssist: true,
      autoscaleMultiClusterDelaySeconds: 0,
      optimizePeriodSeconds: null,
      tieBreak: 'ascending',
      ...f,
    },
  };
}

/** A member with its own pool; without `initial` it starts with what its pods need. */
const withNodes = (name: string, o: Parameters<typeof nodesInput>[0] = {}) =>
  cluster(name, {
    nodes: {
      ...nodesInput({ max: 10, ...o }),
      ...(o.initial === undefined ? { initialFromPods: true as const } : {}),
    },
  });

function run(
  input: SimulationInput,
  model: FederationModel,
  record: 'compact' | 'full' = 'compact',
): FederationRun {
  const o = simulateFederation(input, model, { record });
  if (!o.ok) throw new Error(o.error);
  return o.run;
}

describe('nodes under every member cluster', () => {
  it.each(['proposal', 'shipped'] as const)(
    '%s: each member grows its own nodes, its pods wait for them, the total adds them up',
    (model) => {
      const r = run(scenario([withNodes('a'), withNodes('b')]), model);
      for (const m of r.members) {
        const n = m.result.nodes!;
        expect(n).toBeDefined();
        // started with the nodes its 3 starting pods need (one 3-pod node), then grew
        expect(n.series.ready[0]).toBe(1);
        expect(n.kpis.scaleUps).toBeGreaterThan(0);
        expect(n.kpis.podsWaited).toBeGreaterThan(0);
        // the node lane's waiting pods are the member's unschedulable lane
        expect(Array.from(n.series.waiting)).toEqual(Array.from(m.unschedulable));
      }
      const [a, b] = r.members.map((m) => m.result.nodes!);
      const t = r.total.nodes!;
      expect(t.kpis.nodeHours).toBeCloseTo(a!.kpis.nodeHours + b!.kpis.nodeHours, 9);
      expect(t.kpis.podsWaited).toBe(a!.kpis.podsWaited + b!.kpis.podsWaited);
      expect(t.kpis.waitMaxSeconds).toBe(Math.max(a!.kpis.waitMaxSeconds, b!.kpis.waitMaxSeconds));
      const k = 30;
      expect(t.series.ready[k]).toBe(a!.series.ready[k]! + b!.series.ready[k]!);
      expect(t.events.some((e) => e.message.startsWith('a: '))).toBe(true);
      expect(t.events.some((e) => e.nodes.some((x) => x.startsWith('b/')))).toBe(true);
    },
  );

  it('each member draws its nodes from its own seed: (the seed, its name)', () => {
    const twin = (name: string) =>
      withNodes(name, {
        provisioner: { provisioningDelay: { minSeconds: 60, maxSeconds: 120, seed: 7 } },
      });
    const r = run(scenario([twin('a'), twin('b')]), 'proposal');
    const [a, b] = r.members.map((m) => Array.from(m.result.nodes!.series.ready));
    // the same pool, the same share of the pods: only their draws tell them apart
    expect(r.members[0]!.result.nodes!.kpis.scaleUps).toBeGreaterThan(0);
    expect(a).not.toEqual(b);
    const seeded = memberSeeded(nodesInput({ max: 10 }), 'a');
    expect(seeded).toEqual(memberSeeded(nodesInput({ max: 10 }), 'a'));
    expect(seeded.provisioner.provisioningDelay.seed).not.toBe(
      memberSeeded(nodesInput({ max: 10 }), 'b').provisioner.provisioningDelay.seed,
    );
  });

  it('a member without nodes runs as before beside one with nodes', () => {
    const input = scenario([cluster('a'), withNodes('b')]);
    const without = scenario([cluster('a'), cluster('b')]);
    const r = run(input, 'proposal');
    expect(r.members[0]!.result.nodes).toBeUndefined();
    expect(r.members[1]!.result.nodes).toBeDefined();
    // the total's node KPIs are b's alone
    expect(r.total.nodes!.kpis.nodeHours).toBe(r.members[1]!.result.nodes!.kpis.nodeHours);
    // and a federation with no nodes anywhere has no node key at all
    expect(run(without, 'proposal').total.nodes).toBeUndefined();
  });

  it("Karmada's FederatedHPA sees a member's pods waiting for a node as unready (Pending)", () => {
    const r = run(scenario([withNodes('a'), withNodes('b')]), 'shipped', 'full');
    const waitingAt = (k: number) => r.members.reduce((s, m) => s + m.unschedulable[k]!, 0);
    // a sync whose pods waited for a node since the previous one and still do
    const k = r.central!.findIndex((_s, i) => i > 0 && waitingAt(i - 1) > 0 && waitingAt(i) > 0);
    expect(k).toBeGreaterThan(0);
    const groups = r.central![k]!.trace.metrics![0]!.podGroups!;
    // replica_calculator.go groupPods: a Pending pod is unready, not missing
    expect(groups.unready.length).toBeGreaterThanOrEqual(Math.min(waitingAt(k - 1), waitingAt(k)));
  });

  it("Karmada's scheduler reads a member's free room on its nodes (DynamicWeight)", () => {
    const dynamic = { policy: 'DynamicWeighted', strategy: 'DynamicWeight' } as const;
    // a starts with 6 nodes (18 pods, 3 taken), b with one full node that cannot grow: the
    // general estimator's availableReplicas sends the whole scale-up to a.
    const roomy = run(
      scenario([withNodes('a', { initial: 6 }), withNodes('b', { max: 1 })], dynamic),
      'shipped',
    );
    const last = (r: FederationRun, m: number) => {
      const s = r.members[m]!.result.series.specReplicas;
      return s[s.length - 1]!;
    };
    expect(last(roomy, 0)).toBeGreaterThan(6);
    expect(last(roomy, 1)).toBe(3);
    // Both full: the estimator does not see what cluster-autoscaler could add, so the
    // scale-up finds no room and the division keeps the old assignment (karmada #4216).
    const full = run(scenario([withNodes('a'), withNodes('b')], dynamic), 'shipped');
    expect(last(full, 0) + last(full, 1)).toBe(6);
    expect(full.events.some((e) => e.kind === 'unschedulable')).toBe(true);
  });

  it('is deterministic and replays a compact run to the full records', () => {
    const input = scenario([withNodes('a'), withNodes('b')]);
    for (const model of ['proposal', 'shipped'] as const) {
      const c1 = run(input, model);
      const c2 = run(input, model);
      expect(JSON.stringify(c1)).toBe(JSON.stringify(c2));
      const full = run(input, model, 'full');
      for (let k = 18; k <= 40; k += 2) {
        if (model === 'shipped') {
          const again = federationSyncDetail(input, c1, null, k);
          expect(again!.sync.explanation).toBe(full.central![k]!.explanation);
          expect(again!.sync.pods).toEqual(full.central![k]!.pods);
        } else {
          const again = federationSyncDetail(input, c1, 'a', k);
          expect(again!.sync.explanation).toBe(full.members[0]!.syncs[k]!.explanation);
          expect(again!.sync.pods).toEqual(full.members[0]!.syncs[k]!.pods);
        }
      }
    }
  });
});
