import { describe, expect, it } from 'vitest';
import { PathMap } from './hpa/pathMap.ts';
import { formatPath, parsePath } from './paths.ts';
import { didYouMean, editDistance, suggest } from './suggest.ts';

describe('suggest', () => {
  it('finds typos, transpositions and case slips', () => {
    expect(suggest('maxReplica', ['minReplicas', 'maxReplicas', 'metrics'])).toEqual([
      'maxReplicas',
    ]);
    expect(suggest('metircs', ['metrics', 'behavior'])).toEqual(['metrics']);
    expect(suggest('MaxReplicas', ['maxReplicas', 'minReplicas'])).toEqual(['maxReplicas']);
    expect(suggest('zzz', ['metrics'])).toEqual([]);
    expect(didYouMean('scaleup', ['scaleUp', 'scaleDown'])).toBe(" Did you mean 'scaleUp'?");
  });

  it('editDistance counts a transposition as one edit', () => {
    expect(editDistance('ab', 'ba')).toBe(1);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});

describe('paths', () => {
  it.each([
    [['spec', 'metrics', 0, 'resource'], 'spec.metrics[0].resource'],
    [
      ['metadata', 'annotations', 'autoscaling.alpha.kubernetes.io/metrics'],
      'metadata.annotations["autoscaling.alpha.kubernetes.io/metrics"]',
    ],
    [['spec', 'load', 'object', 'requests-per-second'], 'spec.load.object.requests-per-second'],
    [[], ''],
  ])('%j ⇄ %s', (segments, text) => {
    expect(formatPath(segments)).toBe(text);
    expect(parsePath(text)).toEqual(segments);
  });

  it('parses the controller and curve validator paths', () => {
    expect(parsePath('spec.behavior.scaleUp.policies[0].periodSeconds')).toEqual([
      'spec',
      'behavior',
      'scaleUp',
      'policies',
      0,
      'periodSeconds',
    ]);
    expect(parsePath('of[2].steps[10].at')).toEqual(['of', 2, 'steps', 10, 'at']);
    expect(parsePath('a["unterminated')).toEqual(['a', '["unterminated']);
  });
});

describe('PathMap', () => {
  it('uses the longest matching rule and substitutes the index', () => {
    const map = new PathMap()
      .add(['spec', 'metrics', '*'], ['x'], false)
      .add(['spec', 'metrics', '*', 'a'], ['spec', 'metrics', '*', 'b']);
    expect(map.toSource(['spec', 'metrics', 4, 'a', 'c'])).toEqual([
      'spec',
      'metrics',
      4,
      'b',
      'c',
    ]);
    expect(map.toSource(['spec', 'metrics', 4, 'z'])).toEqual(['x']);
    expect(map.toSource(['spec', 'other'])).toEqual(['spec', 'other']);
  });
});
