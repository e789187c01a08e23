import { describe, expect, it } from 'vitest';
import { compareStaleNote } from './staleNote.ts';

const ran = 'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nspec:\n  maxReplicas: 10\n';

describe("the compare table's stale note (issue 25)", () => {
  it('says nothing while the runs are the text’s', () => {
    expect(compareStaleNote(false, ran, ran)).toBeNull();
    expect(compareStaleNote(true, null, ran)).toBeNull();
  });

  it('after an edit: where the text changed, until the new runs land', () => {
    expect(compareStaleNote(true, ran, ran.replace('10', '12'))).toBe(
      'The scenario changed at line 4 since these runs: the figures below are for the text they ran, until the new runs land.',
    );
  });

  it('the same text, another HPA chosen: the runs are the other HPA’s', () => {
    expect(compareStaleNote(true, ran, ran)).toMatch(/for the HPA chosen before/);
  });
});
