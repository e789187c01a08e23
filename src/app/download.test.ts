import { describe, expect, it } from 'vitest';
import { fileStem, hpaName, manifestAsWritten } from './download.ts';

const HPA = `# my hpa
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler  # here
metadata: { name: web }
spec:
  scaleTargetRef: { kind: Deployment, name: web }
  maxReplicas: 5
`;
const SIM = `apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec: { duration: 1h }
`;

describe('manifestAsWritten', () => {
  it('keeps the HPA document exactly, comments included', async () => {
    expect(await manifestAsWritten(`${HPA}---\n${SIM}`)).toBe(HPA);
  });

  it('returns the whole text when there is one document', async () => {
    expect(await manifestAsWritten(`${HPA}\n\n`)).toBe(HPA);
  });

  it('skips a leading ---', async () => {
    expect(await manifestAsWritten(`---\n${HPA}---\n${SIM}`)).toBe(HPA);
  });

  it('finds the HPA after the Simulation document', async () => {
    expect(await manifestAsWritten(`${SIM}---\n${HPA}`)).toBe(HPA);
    expect(await manifestAsWritten(`${SIM}...\n---\n${HPA}...\n`)).toBe(HPA);
  });

  it('picks the HPA out of a many-document file', async () => {
    const deployment = 'apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: web }\n';
    const service = 'apiVersion: v1\nkind: Service\nmetadata: { name: web }\n';
    const text = `${deployment}---\n${service}---\n${HPA}---\n${service}`;
    expect(await manifestAsWritten(text)).toBe(HPA);
  });

  it('takes the chosen HPA when there are several', async () => {
    const other = HPA.replace('name: web }', 'name: api }');
    expect(await manifestAsWritten(`${HPA}---\n${other}`, { hpa: 'api' })).toBe(other);
  });

  it('dedents an HPA that is an item of a kind: List', async () => {
    const text = `apiVersion: v1\nkind: List\nitems:\n- apiVersion: autoscaling/v2\n  kind: HorizontalPodAutoscaler\n  metadata:\n    name: web\n  spec:\n    maxReplicas: 5\n`;
    expect(await manifestAsWritten(text)).toBe(
      'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: web\nspec:\n  maxReplicas: 5\n',
    );
  });

  it('does not split on a --- inside a line', async () => {
    const text = `${HPA.replace('# my hpa', '# a "x --- y"')}---\n${SIM}`;
    expect(await manifestAsWritten(text)).toBe(HPA.replace('# my hpa', '# a "x --- y"'));
  });
});

describe('fileStem', () => {
  it('makes a safe file name', () => {
    expect(fileStem('Story 1: Scale up!')).toBe('story-1-scale-up');
    expect(fileStem('../../etc/passwd')).toBe('..-..-etc-passwd');
    expect(fileStem('***')).toBe('scenario');
  });
});

describe('hpaName', () => {
  it('reads metadata.name of the HPA document, not of the Simulation', () => {
    const text = [
      '# checkout service',
      'apiVersion: autoscaling/v2',
      'kind: HorizontalPodAutoscaler',
      'metadata:',
      '  namespace: shop',
      '  # the name exports use',
      '  name: "checkout"',
      '  labels:',
      '    name: not-this',
      'spec: {}',
      '---',
      'kind: Simulation',
      'metadata:',
      '  name: a day of traffic',
    ].join('\n');
    expect(hpaName(text)).toBe('checkout');
  });

  it('is null without an HPA document or a name', () => {
    expect(hpaName('kind: Simulation\nmetadata:\n  name: x\n')).toBeNull();
    expect(hpaName('kind: HorizontalPodAutoscaler\nmetadata: {}\n')).toBeNull();
  });
});
