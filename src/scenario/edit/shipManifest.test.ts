import { describe, expect, it } from 'vitest';
import { applyPatch } from 'diff';
import { parseAllDocuments } from 'yaml';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inversePatch, tunedManifest } from './shipManifest.ts';

// A real `kubectl get … -o yaml` List (Service, Deployment, ReplicaSet and the HPA, with status,
// annotations and server fields), pasted as is: tests/manifests names its source.
const dump = readFileSync(
  join(import.meta.dirname, '../../../tests/manifests/kubectl-get-all-whoami-list.yaml'),
  'utf8',
);

const text = `# the web tier's autoscaler
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: 2 # two for availability
  maxReplicas: 20
  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } }
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
  duration: 1h
`;

const patch = {
  behavior: { scaleDown: { stabilizationWindowSeconds: 120 } },
};

describe('tunedManifest (Export as HPA manifest)', () => {
  it('the HPA alone, as written, with the patch merged and comments kept', () => {
    const r = tunedManifest(text, patch);
    if (!r.ok) throw new Error(r.error);
    expect(r.name).toBe('web');
    expect(r.yaml).toContain("# the web tier's autoscaler");
    expect(r.yaml).toContain('minReplicas: 2 # two for availability');
    expect(r.yaml).not.toContain('Simulation');
    const docs = parseAllDocuments(r.yaml);
    expect(docs).toHaveLength(1);
    expect(docs[0]!.toJS().spec.behavior).toEqual(patch.behavior);
    expect(docs[0]!.toJS().spec.maxReplicas).toBe(20);
  });

  it('its diff, applied to the HPA as written, gives the exported manifest', () => {
    const r = tunedManifest(text, patch);
    if (!r.ok) throw new Error(r.error);
    expect(r.diff).toContain('--- a/web.yaml');
    expect(r.diff).toContain('+++ b/web.yaml');
    expect(r.diff).toContain('+  behavior:');
    // only added lines: nothing of the HPA as written is rewritten
    expect(r.diff.split('\n').filter((l) => l.startsWith('-') && !l.startsWith('---'))).toEqual([]);
    const written = text.slice(0, text.indexOf('\n---') + 1);
    expect(applyPatch(written, r.diff)).toBe(r.yaml);
  });

  it('"Make this the HPA": the text with the HPA replaced, the Simulation document untouched', () => {
    const r = tunedManifest(text, patch);
    if (!r.ok) throw new Error(r.error);
    expect(r.text.startsWith(r.yaml)).toBe(true);
    expect(r.text.slice(r.yaml.length)).toBe(text.slice(text.indexOf('\n---') + 1));
    expect(r.inverse).toEqual({ behavior: null });
  });

  it('the inverse patch restores every key the patch touched, nested ones too', () => {
    const old = { minReplicas: 2, behavior: { scaleUp: { stabilizationWindowSeconds: 0 } } };
    const p = { minReplicas: 3, behavior: { scaleUp: { selectPolicy: 'Min' }, scaleDown: {} } };
    expect(inversePatch(p, old)).toEqual({
      minReplicas: 2,
      behavior: { scaleUp: { selectPolicy: null }, scaleDown: null },
    });
  });

  it('says so when the HPA is gone from the editor since the search', () => {
    const r = tunedManifest('apiVersion: v1\nkind: ConfigMap\n', patch);
    expect(r).toEqual({
      ok: false,
      error: expect.stringContaining('no longer holds a HorizontalPodAutoscaler'),
    });
    expect(tunedManifest(text, patch, 'api')).toMatchObject({
      ok: false,
      error: expect.stringContaining('no longer holds HorizontalPodAutoscaler api'),
    });
  });

  it('a pasted kubectl List: the HPA item alone, ready for kubectl apply (no status, no stale resourceVersion)', () => {
    const r = tunedManifest(dump, patch);
    if (!r.ok) throw new Error(r.error);
    expect(r.name).toBe('whoami');
    const docs = parseAllDocuments(r.yaml);
    expect(docs).toHaveLength(1);
    const hpa = docs[0]!.toJS();
    expect(hpa).toMatchObject({
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'whoami', namespace: 'whoami', labels: { app: 'whoami' } },
      spec: { maxReplicas: 4, minReplicas: 1, behavior: patch.behavior },
    });
    expect(hpa.status).toBeUndefined();
    expect(Object.keys(hpa.metadata)).toEqual(['labels', 'name', 'namespace']);
    // the diff shows the spec's change only, not the server's fields going away
    expect(r.diff.split('\n').filter((l) => /^[-+][^-+]/.test(l))).toEqual([
      '+  behavior:',
      '+    scaleDown:',
      '+      stabilizationWindowSeconds: 120',
    ]);
  });

  it('a pasted kubectl List: "Make this the HPA" patches the item in place, the rest as pasted', () => {
    const r = tunedManifest(dump, patch);
    if (!r.ok) throw new Error(r.error);
    const lines = (t: string) => t.split('\n');
    const added = lines(r.text).filter((l) => !lines(dump).includes(l));
    expect(added.map((l) => l.trim())).toEqual([
      'behavior:',
      'scaleDown:',
      'stabilizationWindowSeconds: 120',
    ]);
    expect(lines(dump).filter((l) => !lines(r.text).includes(l))).toEqual([]);
    expect(lines(r.text)).toHaveLength(lines(dump).length + 3);
    const list = parseAllDocuments(r.text)[0]!.toJS();
    expect(list.items.map((i: { kind: string }) => i.kind)).toEqual([
      'Service',
      'Deployment',
      'ReplicaSet',
      'HorizontalPodAutoscaler',
    ]);
    expect(list.items[3].status.currentReplicas).toBe(1);
    expect(r.inverse).toEqual({ behavior: null });
  });
});
