import { describe, expect, it } from 'vitest';
import { patchProblem } from './applies.ts';

// The scenario a search ran: an HPA with one CPU metric on Kubernetes 1.37.
const searched = `# the web tier
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: 2
  maxReplicas: 10
  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } }
    - type: Resource
      resource: { name: memory, target: { type: Utilization, averageUtilization: 80 } }
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
  kubernetesVersion: "1.37"
  duration: 10m
  load:
    resources:
      memory: { perPod: 62915Ki, perUnit: 1468Ki }
`;
const cpu60 = {
  type: 'Resource',
  resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } },
};
const memory80 = {
  type: 'Resource',
  resource: { name: 'memory', target: { type: 'Utilization', averageUtilization: 80 } },
};
const behavior = { scaleUp: { stabilizationWindowSeconds: 0 } };

describe('a candidate whose patch no longer applies after an edit (issue 25)', () => {
  it('applies to the text it was searched on, and after an unrelated edit', () => {
    expect(patchProblem(searched, { behavior, metrics: [cpu60, memory80] }, null)).toBeNull();
    const edited = searched.replace('duration: 10m', 'duration: 20m');
    expect(patchProblem(edited, { behavior, minReplicas: 2, maxReplicas: 12 }, null)).toBeNull();
  });

  it('the HPA is gone, or is now autoscaling/v1', () => {
    const gone = searched.slice(searched.indexOf('---'));
    expect(patchProblem(gone, { behavior }, null)).toMatchObject({ cause: 'hpa-gone', line: 1 });
    expect(patchProblem(searched, { behavior }, 'api')?.message).toMatch(
      /no longer holds HorizontalPodAutoscaler api/,
    );
    const v1 = searched.replace('autoscaling/v2', 'autoscaling/v1');
    expect(patchProblem(v1, { behavior }, null)).toEqual({
      cause: 'no-behavior',
      field: 'apiVersion',
      line: 2,
      message:
        "line 2: apiVersion autoscaling/v1 has no behavior, so this candidate's patch no longer applies",
    });
  });

  it("the HPA's metric was removed (or one added) since the search: a tuned target would undo it", () => {
    const withoutMemory = searched.replace(
      /\n {4}- type: Resource\n {6}resource: \{ name: memory[^\n]*/,
      '',
    );
    expect(withoutMemory).not.toContain('name: memory');
    const p = patchProblem(withoutMemory, { behavior, metrics: [cpu60, memory80] }, null);
    expect(p).toEqual({
      cause: 'metrics-changed',
      field: 'spec.metrics',
      line: 9,
      message: expect.stringMatching(
        /^line 9: spec\.metrics: Resource memory was removed from the HPA since the search; .*would undo that edit$/,
      ),
    });
    // a candidate that leaves the metrics alone still applies
    expect(patchProblem(withoutMemory, { behavior }, null)).toBeNull();
    const added = patchProblem(searched, { behavior, metrics: [cpu60] }, null);
    expect(added?.message).toMatch(/Resource memory was added to the HPA since the search/);
  });

  it('a field the selected release does not honour (the release was changed since)', () => {
    const patch = { behavior: { scaleUp: { tolerance: '0.05', stabilizationWindowSeconds: 0 } } };
    expect(patchProblem(searched, patch, null)).toBeNull();
    const older = searched.replace('kubernetesVersion: "1.37"', 'kubernetesVersion: "1.33"');
    const p = patchProblem(older, patch, null);
    expect(p).toMatchObject({
      cause: 'release',
      field: 'spec.behavior.scaleUp.tolerance',
      // not written in the HPA: the nearest field that is (spec)
      line: 5,
    });
    expect(p?.message).toMatch(
      /^line 5: spec\.behavior\.scaleUp\.tolerance: the scenario now runs Kubernetes 1\.33 with HPAConfigurableTolerance off, so the controller ignores this field/,
    );
  });

  it("API validation now fails (the edited HPA's maxReplicas is under the candidate's minReplicas)", () => {
    const edited = searched.replace('maxReplicas: 10', 'maxReplicas: 3');
    const p = patchProblem(edited, { behavior, minReplicas: 4 }, null);
    expect(p).toMatchObject({ cause: 'invalid', line: 8 });
    expect(p?.field).toBe('spec.maxReplicas');
    expect(p?.message).toMatch(
      /^line 8: spec\.maxReplicas: the API server would refuse the HPA with this patch: /,
    );
  });

  it('a text that is not YAML (an edit under way): says so at its line, not that the HPA is gone', () => {
    const p = patchProblem(`${searched}oops: [\n`, { behavior }, null);
    // the added line is the last; yaml reports the unclosed [ where the text ends, the line after
    const line = searched.split('\n').length + 1;
    expect(p).toMatchObject({ cause: 'invalid', line });
    expect(p?.message).toMatch(new RegExp(`^line ${line}: the scenario is not valid YAML \\(`));
  });

  it('the world no longer fits the candidate (the scenario now starts outside its min/max)', () => {
    const p = patchProblem(searched, { behavior, minReplicas: 3 }, null);
    expect(p).toMatchObject({ cause: 'invalid', field: 'spec.minReplicas', line: 7 });
    expect(p?.message).toBe(
      'line 7: spec.minReplicas: the candidate does not fit the scenario as it is: the scenario starts at 2 replicas, outside minReplicas 3 … maxReplicas 10',
    );
  });

  it('a pasted kubectl List: the HPA item is found and its fields located', () => {
    const list = `apiVersion: v1
kind: List
items:
- apiVersion: autoscaling/v2
  kind: HorizontalPodAutoscaler
  metadata: { name: web }
  spec:
    scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
    maxReplicas: 3
    metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } }
`;
    expect(patchProblem(list, { behavior }, null)).toBeNull();
    expect(patchProblem(list, { behavior, metrics: [cpu60, memory80] }, null)).toMatchObject({
      cause: 'metrics-changed',
      line: 10,
    });
  });
});
