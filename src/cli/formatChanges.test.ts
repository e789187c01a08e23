import { describe, expect, it } from 'vitest';
import { simulate } from '../engine/simulation/index.ts';
import { parseScenario } from '../scenario/index.ts';
import { resultToJson, resultToTable } from './format.ts';

const text = (release: string) => `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: 2
  maxReplicas: 10
  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 70 } }
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
  duration: 5m
  kubernetesVersion: '${release}'
  changes:
    - at: 127s
      patch: { maxReplicas: 4 }
`;

function run(release: string) {
  const parsed = parseScenario(text(release));
  const out = simulate(parsed.input!, { record: 'full' });
  if (!out.ok) throw new Error(out.error);
  return out.result;
}

describe('cli output of a run with changes', () => {
  it('the table counts the edit’s own sync and always shows a sync that read a change', () => {
    const table = resultToTable('web', run('1.37'), false);
    expect(table).toMatch(/^scenario web: 22 syncs every 15s, and 1 at an HPA edit, over 300s/);
    expect(table).toMatch(/\n00:02:07 .*At t=127s the HPA was edited \(maxReplicas 10 → 4\)/);
    const old = resultToTable('web', run('1.35'), false);
    expect(old).toMatch(/^scenario web: 21 syncs every 15s over 300s/);
    expect(old).toMatch(/\n00:02:15 .*At t=127s the HPA was edited/);
  });

  it('JSON lists the changes and each sync’s observedGeneration (1.37)', () => {
    const json = resultToJson('web', run('1.37'), false) as {
      changes: unknown;
      syncs: { time: number; observedGeneration?: number; changes?: unknown }[];
    };
    expect(json.changes).toEqual([
      { time: 127, description: 'the HPA was edited (maxReplicas 10 → 4)' },
    ]);
    const at = json.syncs.find((s) => s.time === 127)!;
    expect(at.observedGeneration).toBe(2);
    expect(at.changes).toEqual(json.changes);
    expect(json.syncs[0]!.observedGeneration).toBe(1);
  });
});
