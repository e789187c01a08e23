import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  executeRun,
  memberKey,
  federationDecision,
  runDecision,
  runFederated,
  planScenario,
  runScenario,
} from './index.ts';

const text = (name: string) =>
  readFileSync(resolve(import.meta.dirname, '../presets/multicluster', name), 'utf8');

describe('federated scenarios in the run service', () => {
  it('plans one cluster run per member and a total, per model', () => {
    const plan = planScenario(text('failover.yaml'));
    expect(plan.summary.ok).toBe(true);
    expect(plan.runs.map((r) => [r.key, r.kind, r.group, r.colour])).toEqual([
      ['proposal/east', 'member', 'proposal', 0],
      ['proposal/west', 'member', 'proposal', 1],
      ['proposal/south', 'member', 'proposal', 2],
      ['proposal/total', 'total', 'proposal', 3],
      ['shipped/east', 'member', 'shipped', 0],
      ['shipped/west', 'member', 'shipped', 1],
      ['shipped/south', 'member', 'shipped', 2],
      ['shipped/total', 'total', 'shipped', 3],
    ]);
  });

  it('the failover scenario: where the replicas go and how long the service is short (pinned)', () => {
    const runs = runScenario(text('failover.yaml')).runs;
    expect(runs.every((r) => r.ok)).toBe(true);
    const final = (key: string) => {
      const s = runs.find((r) => r.key === key)!.result!.series.specReplicas;
      return s[s.length - 1];
    };
    const at = (key: string, t: number) => {
      const s = runs.find((r) => r.key === key)!.result!.series;
      return s.specReplicas[s.time.indexOf(t)];
    };
    // The shipped scheduler re-places east's 9 replicas at the failure sync; the proposal's
    // survivors only get east's bounds and scale up through their own HPAs.
    expect([at('shipped/west', 600), at('shipped/south', 600)]).toEqual([8, 9]);
    expect([at('proposal/west', 600), at('proposal/south', 600)]).toEqual([3, 5]);
    // metrics-server scrapes the shifted load 7 s after the failure: the next sync scales.
    expect([at('proposal/west', 615), at('proposal/south', 615)]).toEqual([5, 9]);
    // After recovery: the proposal reassigns east its share; shipped steady mode leaves it empty.
    expect(['east', 'west', 'south'].map((c) => final(`proposal/${c}`))).toEqual([3, 6, 8]);
    expect(['east', 'west', 'south'].map((c) => final(`shipped/${c}`))).toEqual([0, 8, 9]);
    const kpi = (key: string) => runs.find((r) => r.key === key)!.result!.kpis;
    expect([kpi('proposal/total').overloadSeconds, kpi('shipped/total').overloadSeconds]).toEqual([
      45, 30,
    ]);
    expect([kpi('proposal/total').unmetDemand, kpi('shipped/total').unmetDemand]).toMatchSnapshot();
  });

  it('simulates each model once for all its cluster runs', () => {
    const plan = planScenario(text('failover.yaml'));
    const input = plan.runs[0]!.input;
    const a = runFederated(input, 'proposal');
    expect(runFederated(input, 'proposal')).toBe(a);
  });

  it('simulates each model once per input; an explanation replays from its snapshots', () => {
    const input = planScenario(text('failover.yaml')).runs[0]!.input;
    const compact = runFederated(input, 'proposal');
    expect(runFederated(input, 'proposal')).toBe(compact);
    if (!compact.ok) throw new Error(compact.error);
    expect(compact.run.record).toBe('compact');
    const d = federationDecision(input, memberKey('proposal', 'east'), 90)!;
    expect(d.sync.time).toBe(90 * 15);
    // No full run was made for it: the compact run is still the one cached.
    expect(runFederated(input, 'proposal')).toBe(compact);
    const full = runFederated(input, 'proposal', undefined, 'full');
    if (!full.ok) throw new Error(full.error);
    expect(full.run.record).toBe('full');
    expect(d.sync).toEqual(full.run.members[0]!.syncs[90]);
    expect(d.hpa).toEqual(full.run.members[0]!.hpas[90]);
    // From now on the full run answers compact requests too: one run per model and input.
    expect(runFederated(input, 'proposal')).toBe(full);
    expect(federationDecision(input, memberKey('proposal', 'east'), 90)!.sync).toBe(
      full.run.members[0]!.syncs[90],
    );
    expect(federationDecision(input, 'main', 0)).toBeNull();
    expect(federationDecision(input, memberKey('shipped', null), 9999)).toBeNull();
  });

  it("a member's or total's run carries its lanes and model run: its decisions read that run", () => {
    const plan = planScenario(text('failover.yaml'));
    const east = executeRun(plan.runs.find((r) => r.key === 'shipped/east')!);
    const total = executeRun(plan.runs.find((r) => r.key === 'shipped/total')!);
    if (!east.ok || !total.ok) throw new Error('failed');
    expect(east.lanes).toMatchObject({ kind: 'member', capacityPods: 20 });
    expect(total.lanes).toMatchObject({ kind: 'total', model: 'shipped', policy: 'DynamicWeight' });
    expect(east.modelRun).toBe(total.modelRun);
    // Another input object (no cache entry) with the same run: the decision is the run's own.
    const other = { ...total, input: { ...total.input } };
    const d = runDecision(other, 90)!;
    expect(d.sync).toEqual(federationDecision(total.input, 'shipped/total', 90)!.sync);
    expect(runDecision({ ...other, modelRun: undefined }, 90)).toBeNull();
    expect(runDecision({ ...other, key: 'proposal/east' }, 90)).toBeNull();
  });
});
