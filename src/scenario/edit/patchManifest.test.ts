import { describe, expect, it } from 'vitest';
import { parseScenario } from '../index.ts';
import { patchedManifestYaml } from './patchManifest.ts';

const text = `# our web tier
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  maxReplicas: 10 # budget cap
  behavior:
    scaleDown:
      # slow down at night
      stabilizationWindowSeconds: 300
      selectPolicy: Max
`;

function hpaDoc(source: string) {
  const parsed = parseScenario(source);
  return { doc: parsed.documents.find((d) => d.role === 'hpa')!, manifest: parsed.hpaManifest };
}

describe('patchedManifestYaml', () => {
  it('changes only the patched values; comments and the rest stay as written', () => {
    const { doc, manifest } = hpaDoc(text);
    const out = patchedManifestYaml(
      text,
      doc,
      { behavior: { scaleDown: { stabilizationWindowSeconds: 60, selectPolicy: null } } },
      manifest,
    );
    expect(out).toBe(
      text
        .replace('stabilizationWindowSeconds: 300', 'stabilizationWindowSeconds: 60')
        .replace('      selectPolicy: Max\n', ''),
    );
  });

  it('adds new maps and replaces arrays', () => {
    const { doc, manifest } = hpaDoc(text);
    const out = patchedManifestYaml(
      text,
      doc,
      { behavior: { scaleUp: { policies: [{ type: 'Pods', value: 2, periodSeconds: 30 }] } } },
      manifest,
    );
    expect(out).toContain('maxReplicas: 10 # budget cap');
    expect(out).toContain(
      '    scaleUp:\n      policies:\n        - type: Pods\n          value: 2',
    );
  });

  it('an HPA inside a List is printed from its data', () => {
    const list = `apiVersion: v1\nkind: List\nitems:\n  - ${text
      .split('\n')
      .slice(1)
      .join('\n    ')
      .trimEnd()}\n`;
    const { doc, manifest } = hpaDoc(list);
    expect(doc.item).toBe(0);
    const out = patchedManifestYaml(list, doc, { maxReplicas: 12 }, manifest);
    expect(out).toMatch(/^apiVersion: autoscaling\/v2\nkind: HorizontalPodAutoscaler/);
    expect(out).toContain('maxReplicas: 12');
  });
});
