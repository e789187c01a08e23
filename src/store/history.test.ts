import { describe, expect, it } from 'vitest';
import { HISTORY_LIMITS, recordEdit, redoStep, undoStep } from './history.ts';

describe('history bounds', () => {
  it('keeps the newest steps up to the step limit', () => {
    let h = { past: [] as string[], future: [] as string[] };
    for (let i = 0; i < HISTORY_LIMITS.maxSteps + 5; i++) h = recordEdit(h, `t${i}`, false);
    expect(h.past).toHaveLength(HISTORY_LIMITS.maxSteps);
    expect(h.past[0]).toBe('t5');
  });

  it('drops the oldest texts beyond the size budget but always keeps one step', () => {
    const big = 'x'.repeat(HISTORY_LIMITS.maxChars / 2 + 1);
    let h = recordEdit({ past: [], future: [] }, `a${big}`, false);
    h = recordEdit(h, `b${big}`, false);
    expect(h.past.map((t) => t[0])).toEqual(['b']);
    const huge = 'y'.repeat(HISTORY_LIMITS.maxChars + 1);
    expect(recordEdit(h, huge, false).past).toEqual([huge]);
  });

  it('undo and redo move the current text between the stacks', () => {
    const h = { past: ['a'], future: [] };
    const undone = undoStep(h, 'b')!;
    expect(undone).toEqual({ text: 'a', history: { past: [], future: ['b'] } });
    expect(redoStep(undone.history, 'a')).toEqual({
      text: 'b',
      history: { past: ['a'], future: [] },
    });
    expect(undoStep(undone.history, 'a')).toBeNull();
    expect(redoStep(h, 'b')).toBeNull();
  });
});
