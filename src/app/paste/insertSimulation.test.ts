import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../scenario/index.ts';
import { withSimulationDocument } from './insertSimulation.ts';

const HPA = `# keep me
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: web } # and me
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  maxReplicas: 5
  metrics:
    - type: Resource
      resource: { name: memory, target: { type: Utilization, averageUtilization: 60 } }


`;

describe('inserting the assumed Simulation document', () => {
  it('gives the same run, keeps the text before it, and assumes nothing any more', () => {
    const before = parseScenario(HPA);
    expect(before.ok).toBe(true);
    expect(before.defaultSimulation).not.toBeNull();
    const after = withSimulationDocument(HPA, before.defaultSimulation!);
    expect(after.startsWith(HPA.trimEnd() + '\n---\n')).toBe(true);
    const parsed = parseScenario(after);
    expect(parsed.ok).toBe(true);
    expect(parsed.defaultSimulation).toBeNull();
    expect(parsed.input).toEqual(before.input);
  });

  it('works on an empty text too', () => {
    expect(withSimulationDocument('  \n', 'kind: Simulation\n')).toBe('kind: Simulation\n');
  });
});
