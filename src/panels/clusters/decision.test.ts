import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMemberKey } from '../../run/runKey.ts';
import { createSimulatorApi } from '../../worker/api.ts';
import { federationView } from '../../store/federationView.ts';
import { decisionRuns, decisionTitle, laneDecision, noDecisionReason } from './decision.ts';

const text = readFileSync(
  resolve(import.meta.dirname, '../../presets/multicluster/failover.yaml'),
  'utf8',
);
const [proposal, shipped] = federationView((await createSimulatorApi().run(1, text)).runs)!.models;

describe('the decisions a multi-cluster model explains', () => {
  it('lists each member HPA (proposal) or the central FederatedHPA (shipped)', () => {
    expect(decisionRuns(proposal!, 'web').map((r) => [r.key, r.name, r.role])).toEqual([
      ['proposal/east', "east's member HPA", 'cluster'],
      ['proposal/west', "west's member HPA", 'cluster'],
      ['proposal/south', "south's member HPA", 'cluster'],
    ]);
    expect(decisionRuns(shipped!, 'web')).toEqual([
      { key: 'shipped/total', name: 'web as the central FederatedHPA', role: 'hpa' },
    ]);
    expect(decisionTitle(parseMemberKey('shipped/total')!, 'web')).toMatch(
      /central FederatedHPA web .*union of the Ready members' pods/,
    );
  });

  it("a variant's federation names its own decisions (VARIANT:MODEL/MEMBER)", async () => {
    const variants = readFileSync(
      resolve(import.meta.dirname, '../../run/__fixtures__/failover-variants.yaml'),
      'utf8',
    );
    const reply = await createSimulatorApi().run(1, variants);
    const [p, s] = federationView(reply.runs, 'tight')!.models;
    expect(decisionRuns(p!, 'web').map((r) => r.key)).toEqual([
      'tight:proposal/east',
      'tight:proposal/west',
      'tight:proposal/south',
    ]);
    expect(decisionRuns(s!, 'web')[0]!.name).toBe('web (tight) as the central FederatedHPA');
    expect(laneDecision(p!, 'west')).toBe('tight:proposal/west');
    expect(laneDecision(s!, 'west')).toBe('tight:shipped/total');
    // Every key names a run of the set: its decision is that run's own.
    for (const r of decisionRuns(p!, 'web'))
      expect(reply.runs.some((x) => x.key === r.key)).toBe(true);
  });

  it('a lane click picks that member, or the central HPA whatever the lane in shipped', () => {
    expect(laneDecision(proposal!, 'west')).toBe('proposal/west');
    expect(laneDecision(proposal!, 'total')).toBeNull();
    expect(laneDecision(shipped!, 'west')).toBe('shipped/total');
    expect(laneDecision(shipped!, 'total')).toBe('shipped/total');
  });

  it('says why a member has no decision: failed, else none to explain', () => {
    const k = Array.from(proposal!.time).indexOf(600);
    expect(noDecisionReason(proposal!, 'east', k)).toMatch(/east is failed/);
    expect(noDecisionReason(proposal!, 'east', k - 1)).toBeNull();
    expect(noDecisionReason(proposal!, 'west', k)).toBeNull();
    expect(noDecisionReason(shipped!, null, k)).toBeNull();
    expect(noDecisionReason(proposal!, 'nowhere', 0)).toMatch(/No cluster nowhere/);
  });
});
