import { describe, expect, it } from 'vitest';
import { parseScenario } from '../scenario/index.ts';
import { candidateInput, tuneBase } from './candidate.ts';

// The HPA as written, and an edit during the run (spec.changes) that touches only maxReplicas.
const text = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: 1
  maxReplicas: 17
  metrics:
    - { type: Resource, resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } } }
  behavior: { scaleDown: { stabilizationWindowSeconds: 60 } }
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
  duration: 30m
  traffic: { type: sine, base: 400, amplitude: 300, periodSeconds: 1200 }
  load: { resources: { cpu: { perUnit: 1m } } }
  changes:
    - { at: 20m, patch: { maxReplicas: 11 } }
`;

describe('a tuning candidate', () => {
  it("keeps its own behavior and target through the scenario's later edits", () => {
    const base = tuneBase(parseScenario(text), 1e9);
    if (!base.ok) throw new Error(base.error);
    const candidate = candidateInput(base.base, {
      behavior: { scaleDown: { stabilizationWindowSeconds: 300 } },
      metrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 40 } },
        },
      ],
    });
    if (!candidate.ok) throw new Error(candidate.error);
    const edited = candidate.input.changes![0]!.hpa!.spec;
    // The edit's own field, over the candidate's spec (what check runs for the printed manifest).
    expect(edited.maxReplicas).toBe(11);
    expect(edited.behavior?.scaleDown?.stabilizationWindowSeconds).toBe(300);
    expect(edited.metrics![0]!.resource!.target.averageUtilization).toBe(40);
  });
});
