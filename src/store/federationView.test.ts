import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/index.ts';
import { runFederated } from '../run/index.ts';
import { createSimulatorApi } from '../worker/api.ts';
import { replyTransferables } from '../worker/payload.ts';
import {
  cachedFederationGroups,
  cachedFederationView,
  federationGroups,
  federationView,
} from './federationView.ts';

const read = (path: string) => readFileSync(resolve(import.meta.dirname, path), 'utf8');
const failover = read('../presets/multicluster/failover.yaml');
const variants = read('../run/__fixtures__/failover-variants.yaml');
const nodesPerCluster = read('../presets/multicluster/nodes-per-cluster.yaml');

// The cluster lanes come from the run set itself: each member run's own series and `lanes`, each
// total's policy and events (the worker sends `runs` only).
describe('the cluster lanes of a multi-cluster run set', () => {
  it("carries each member's own nodes through the worker, and its lane names them", async () => {
    const { laneSeries } = await import('../panels/clusters/lanes.ts');
    const reply = await createSimulatorApi().run(1, nodesPerCluster);
    expect(reply.error).toBeNull();
    const m = federationView(reply.runs)!.models[0]!;
    expect(m.clusters.map((c) => c.nodes?.provisioner)).toEqual([
      'cluster-autoscaler',
      'karpenter',
    ]);
    const [east, west] = laneSeries(m);
    expect(east!.sub).toMatch(/^CA nodes ≤ \d+$/);
    expect(west!.sub).toMatch(/^Karpenter nodes ≤ \d+$/);
    expect(east!.subTitle).toMatch(
      /^its own nodes: cluster-autoscaler, peak \d+; \d+ pods waited for a node \(longest \d+ s\)$/,
    );
    // the failover preset's members have no nodes: no key, and their room as before
    const plain = federationView((await createSimulatorApi().run(2, failover)).runs)!;
    expect(plain.models[0]!.clusters.every((c) => !('nodes' in c))).toBe(true);
    expect(laneSeries(plain.models[0]!)[0]!.sub).toBe('room for 20');
  });

  it('has every model, one lane per member cluster, with the total and the events', async () => {
    const reply = await createSimulatorApi().run(1, failover);
    expect(reply.error).toBeNull();
    expect(Object.keys(reply)).not.toContain('federation');
    const f = federationView(reply.runs)!;
    expect(f.models.map((m) => [m.model, m.policy])).toEqual([
      ['proposal', 'DynamicWeighted'],
      ['shipped', 'DynamicWeight'],
    ]);
    const input = parseScenario(failover).input!;
    for (const m of f.models) {
      const ran = runFederated(input, m.model);
      if (!ran.ok) throw new Error(ran.error);
      expect(m.clusters.map((c) => [c.name, c.capacityPods])).toEqual([
        ['east', 20],
        ['west', 8],
        ['south', 10],
      ]);
      expect(Array.from(m.time)).toEqual(Array.from(ran.run.total.series.time));
      expect(m.total.kpis).toEqual(ran.run.total.kpis);
      const n = m.time.length;
      for (const c of m.clusters) {
        const member = ran.run.members.find((x) => x.name === c.name)!;
        expect(Array.from(c.specReplicas)).toEqual(Array.from(member.result.series.specReplicas));
        expect(Array.from(c.unschedulable)).toEqual(Array.from(member.unschedulable));
        expect(c.kpis).toEqual(member.result.kpis);
        for (const a of [c.readyReplicas, c.pendingReplicas, c.minReplicas, c.failed])
          expect(a).toHaveLength(n);
      }
      // The lanes add up to the total at every sync.
      for (let k = 0; k < n; k++) {
        const sum = m.clusters.reduce((s, c) => s + c.specReplicas[k]!, 0);
        const ready = m.clusters.reduce((s, c) => s + c.readyReplicas[k]!, 0);
        expect([k, ready]).toEqual([k, m.total.readyReplicas[k]]);
        if (m.model === 'proposal') expect([k, sum]).toEqual([k, m.total.specReplicas[k]]);
      }
      // east is failed from 10m to 20m, and gets no demand meanwhile; the shares add up to 1.
      const east = m.clusters[0]!;
      const k600 = Array.from(m.time).indexOf(600);
      const k1200 = Array.from(m.time).indexOf(1200);
      expect([east.failed[k600 - 1], east.failed[k600], east.failed[k1200 - 1]]).toEqual([0, 1, 1]);
      expect(east.failed[k1200]).toBe(0);
      expect(east.demandShare[k600 + 2]).toBe(0);
      const shares = m.clusters.reduce((s, c) => s + c.demandShare[20]!, 0);
      expect(shares).toBeCloseTo(1, 12);
    }
    // Bounds exist in the proposal model only.
    expect(f.models[0]!.clusters[0]!.maxReplicas[0]).toBe(16);
    expect(Number.isNaN(f.models[1]!.clusters[0]!.maxReplicas[0]!)).toBe(true);
    // The events name their rule and show the arithmetic of each division.
    const proposal = f.models[0]!.events;
    expect(proposal.map((e) => e.kind)).toContain('failover');
    const shipped = f.models[1]!.events;
    const division = shipped.find((e) => e.kind === 'division' && e.time === 600)!;
    expect(division.rule).toMatch(/§B.4 DynamicWeight/);
    expect(division.steps).toContain('seat 1: south (priority 6/1)');
    expect(division.steps.at(-1)).toBe('result: west 4, south 5');
  });

  it('is plain data: it survives structured clone, and its buffers are transferred as copies', async () => {
    const reply = await createSimulatorApi().run(1, failover);
    expect(structuredClone(reply)).toStrictEqual(reply);
    const buffers = replyTransferables(reply);
    const lane = federationView(reply.runs)!.models[1]!.clusters[2]!;
    expect(buffers).toContain(lane.specReplicas.buffer);
    expect(buffers).toContain(lane.failed.buffer);
    // Not the run service's cached arrays: transferring must not detach what the worker keeps.
    const ran = runFederated(parseScenario(failover).input!, 'shipped');
    if (!ran.ok) throw new Error(ran.error);
    const kept = ran.run.members[2]!;
    expect(buffers).not.toContain(kept.result.series.specReplicas.buffer);
    expect(buffers).not.toContain(kept.failed.buffer);
  });

  it("a variant's federation is its own member runs: its lanes, its keys", async () => {
    const reply = await createSimulatorApi().run(1, variants);
    expect(reply.error).toBeNull();
    expect(federationGroups(reply.runs)).toEqual([null, 'tight', 'tolerant']);
    // A hook's value: one array per run set.
    expect(cachedFederationGroups(reply.runs)).toBe(cachedFederationGroups(reply.runs));
    expect(cachedFederationView(reply.runs, 'tight')).toBe(
      cachedFederationView(reply.runs, 'tight'),
    );
    const hpa = federationView(reply.runs)!;
    const tight = federationView(reply.runs, 'tight')!;
    expect(tight.models.map((m) => [m.model, m.variant])).toEqual([
      ['proposal', 'tight'],
      ['shipped', 'tight'],
    ]);
    expect(hpa.models[0]!.variant).toBeUndefined();
    // Each lane is that variant's member run: its series, its bounds (tight's minReplicas is 6).
    const east = reply.runs.find((r) => r.key === 'tight:proposal/east')!;
    expect(tight.models[0]!.clusters[0]!.specReplicas).toBe(east.result!.series.specReplicas);
    expect(tight.models[0]!.total.kpis).toEqual(
      reply.runs.find((r) => r.key === 'tight:proposal/total')!.result!.kpis,
    );
    const sumMin = (m: (typeof hpa.models)[number]) =>
      m.clusters.reduce((s, c) => s + c.minReplicas[0]!, 0);
    expect(sumMin(tight.models[0]!)).not.toBe(sumMin(hpa.models[0]!));
    expect(federationView(reply.runs, 'nope')).toBeNull();
  });

  it('is absent for a single-cluster scenario', async () => {
    const reply = await createSimulatorApi().run(1, read('../presets/default.yaml'));
    expect(reply.runs.map((r) => r.kind)).toEqual(['hpa']);
    expect(reply.runs[0]!.lanes).toBeUndefined();
    expect(federationView(reply.runs)).toBeNull();
  });
});
