import { describe, expect, it } from 'vitest';
import { leaveHandoff, takeHandoff } from './handoff.ts';

describe('fallback → Monaco handoff', () => {
  it('is taken once', () => {
    leaveHandoff({ selectionStart: 3, selectionEnd: 5 }, 1000);
    expect(takeHandoff(1100)).toEqual({ selectionStart: 3, selectionEnd: 5 });
    expect(takeHandoff(1100)).toBeNull();
  });

  it('goes stale: an editor mounted much later does not grab the focus', () => {
    leaveHandoff({ selectionStart: 0, selectionEnd: 0 }, 1000);
    expect(takeHandoff(5000)).toBeNull();
  });
});
