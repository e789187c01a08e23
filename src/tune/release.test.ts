import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/index.ts';
import { evaluateCandidate, tuneBase } from './candidate.ts';
import { search, searchSpace } from './search.ts';
import { podHoursObjective } from './goals.ts';
import { releaseNeeds } from './space.ts';

const scenario = (version: string) => `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: 2
  maxReplicas: 10
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
  kubernetesVersion: "${version}"
  duration: 10m
`;

function space(version: string) {
  const base = tuneBase(parseScenario(scenario(version)), 1e9);
  if (!base.ok) throw new Error(base.error);
  return searchSpace(base.base).dimensions.map((d) => d.name);
}

describe('the tuner and the release', () => {
  it('searches per-direction tolerance only where the release honours it', () => {
    expect(space('1.34')).not.toContain('up.tolerance');
    expect(space('1.35')).toContain('up.tolerance');
    expect(space('1.37')).toContain('down.tolerance');
  });

  it('a whole search on a release without the gate proposes no candidate with a tolerance', async () => {
    const parsed = parseScenario(scenario('1.34'));
    const base = tuneBase(parsed, 1e9);
    if (!base.ok) throw new Error(base.error);
    const r = await search(
      base.base,
      { constraints: [{ flag: 'max-reversals', limit: 4 }], objective: podHoursObjective() },
      { seed: 3, budget: 64, space: { replicas: true, target: true } },
      async (items) => items.map((i) => evaluateCandidate(base.base, i.patch)),
    );
    expect(r.candidates).toHaveLength(64);
    for (const c of r.candidates) expect(releaseNeeds(c.patch)).toEqual([]);
  });

  it('says which release a candidate with a tolerance needs', () => {
    const patch = { behavior: { scaleUp: { tolerance: '0.05' }, scaleDown: { tolerance: null } } };
    expect(releaseNeeds(patch)).toEqual([
      {
        field: 'behavior.scaleUp.tolerance',
        gate: 'HPAConfigurableTolerance',
        since: '1.35',
        text: 'behavior.scaleUp.tolerance needs HPAConfigurableTolerance: on by default from Kubernetes 1.35 (GA in 1.37)',
      },
    ]);
    expect(releaseNeeds({ behavior: { scaleUp: { selectPolicy: 'Max' } } })).toEqual([]);
  });
});
