import { describe, expect, it } from 'vitest';
import { draftDifference } from './draftDiff.ts';

const now = 'kind: HorizontalPodAutoscaler\nspec:\n  minReplicas: 2\n  maxReplicas: 20\n';

describe('draftDifference', () => {
  it('names the first line that differs and how many', () => {
    expect(draftDifference(now.replace('maxReplicas: 20', 'maxReplicas: 30'), now)).toBe(
      'line 4: maxReplicas: 30 (1 line differs)',
    );
    expect(draftDifference(`${now}  behavior:\n    scaleDown: {}\n`, now)).toBe(
      'line 5: behavior: (+2 −0 lines)',
    );
  });

  it('the same text, an empty one, a removal', () => {
    expect(draftDifference(now, now)).toBe('the same as now');
    expect(draftDifference('  \n', now)).toBe('empty');
    expect(draftDifference(now.replace('  minReplicas: 2\n', ''), now)).toBe('line 3: +0 −1 lines');
  });
});
