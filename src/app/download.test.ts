import { describe, expect, it } from 'vitest';
import { fileStem, hpaName, manifestAsWritten } from './download.ts';

describe('manifestAsWritten', () => {
  it('keeps the first document exactly, comments included', () => {
    const text =
      '# my hpa\napiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler  # here\n---\nkind: Simulation\n';
    expect(manifestAsWritten(text)).toBe(
      '# my hpa\napiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler  # here\n',
    );
  });

  it('returns the whole text when there is one document', () => {
    expect(manifestAsWritten('kind: HorizontalPodAutoscaler\n\n')).toBe(
      'kind: HorizontalPodAutoscaler\n',
    );
  });

  it('does not split on a --- inside a line', () => {
    expect(manifestAsWritten('a: "x --- y"\n---\nb: 1\n')).toBe('a: "x --- y"\n');
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
