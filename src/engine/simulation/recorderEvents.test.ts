import { describe, expect, it } from 'vitest';
import type { HPAEvent } from '../controller/index.ts';
import { EventInterner } from './recorder.ts';

describe('EventInterner', () => {
  it('gives one object per distinct type, reason and message, with those fields', () => {
    const log = new EventInterner();
    const a = log.intern({ type: 'Normal', reason: 'SuccessfulRescale', message: 'New size: 3' });
    expect(
      log.intern({ type: 'Normal', reason: 'SuccessfulRescale', message: 'New size: 3' }),
    ).toBe(a);
    const others: HPAEvent[] = [
      { type: 'Warning', reason: 'SuccessfulRescale', message: 'New size: 3' },
      { type: 'Normal', reason: 'FailedRescale', message: 'New size: 3' },
      { type: 'Normal', reason: 'SuccessfulRescale', message: 'New size: 4' },
    ];
    for (const e of others) {
      const kept = log.intern(e);
      expect(kept).not.toBe(a);
      expect(kept).toEqual(e);
      expect(Object.keys(kept)).toEqual(['type', 'reason', 'message']);
      expect(log.intern({ ...e })).toBe(kept);
    }
  });
});
