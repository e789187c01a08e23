import { describe, expect, it } from 'vitest';
import { patchProblem as problemOf } from '../../tune/applies.ts';
import { changedLine } from './stale.ts';

const patchProblem = (text: string, p: Record<string, unknown>, hpa: string | null) =>
  problemOf(text, p, hpa)?.message ?? null;

const hpa = (apiVersion: string) => `# a worker
apiVersion: ${apiVersion}
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: 2
  maxReplicas: 10
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec: { duration: 10m }
`;
const patch = { behavior: { scaleUp: { stabilizationWindowSeconds: 0 } } };

describe('tune results after an edit (issue 25)', () => {
  it('says at which line the editor changed since the search', () => {
    const text = hpa('autoscaling/v2');
    expect(changedLine(text, text)).toBeNull();
    expect(changedLine(text, text.replace('maxReplicas: 10', 'maxReplicas: 12'))).toBe(8);
    expect(changedLine(text, `${text}# more\n`)).toBe(13);
  });

  it('a candidate still applies to an edited HPA of the same API', () => {
    const edited = hpa('autoscaling/v2').replace('maxReplicas: 10', 'maxReplicas: 12');
    expect(patchProblem(edited, patch, null)).toBeNull();
  });

  it('no longer applies once the HPA is v1 (no behavior) or gone, located', () => {
    expect(patchProblem(hpa('autoscaling/v1'), patch, null)).toBe(
      "line 2: apiVersion autoscaling/v1 has no behavior, so this candidate's patch no longer applies",
    );
    expect(patchProblem(hpa('autoscaling/v2'), patch, 'api')).toMatch(
      /no longer holds HorizontalPodAutoscaler api/,
    );
    const gone = hpa('autoscaling/v2').slice(hpa('autoscaling/v2').indexOf('---'));
    expect(patchProblem(gone, patch, null)).toMatch(/no longer holds a HorizontalPodAutoscaler/);
  });
});
