import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMemberKey } from '../../run/runKey.ts';
import { createSimulatorApi } from '../../worker/api.ts';
import { decisionRuns, decisionTitle, laneDecision, noDecisionReason } from './decision.ts';

const text = readFileSync(
  resolve(import.meta.dirname, '../../presets/multicluster/failover.yaml'),
  'utf8',
);
const [proposal, shipped] = (await createSimulatorApi().run(1, text)).federation!.models;

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
