import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTextFollower, whenIdle } from './followText.ts';

describe('createTextFollower', () => {
  it('keeps drawing the last text while another one is typed, until it catches up', () => {
    const f = createTextFollower('a');
    expect(f.shown('ab')).toBe('a');
    expect(f.shown('abc')).toBe('a');
    expect(f.catchUp('abc')).toBe(true);
    expect(f.shown('abc')).toBe('abc');
    expect(f.catchUp('abc')).toBe(false);
  });

  it("draws the panel's own edits at once", () => {
    const f = createTextFollower('a');
    f.own('a1');
    expect(f.shown('a1')).toBe('a1');
    // a later text that is not its own waits again
    expect(f.shown('a1x')).toBe('a1');
  });

  it('draws a text replaced whole (a preset, undo) at once, and typing after it waits again', () => {
    const f = createTextFollower('a');
    expect(f.shown('preset', 'preset')).toBe('preset');
    // typed over the preset: the whole text is no longer the latest
    expect(f.shown('preset!', 'preset')).toBe('preset');
    // undo back to the preset's text
    expect(f.shown('preset', 'preset')).toBe('preset');
  });

  it('an own edit superseded before it arrives is not drawn', () => {
    const f = createTextFollower('a');
    f.own('a1');
    expect(f.shown('b')).toBe('a');
  });
});

describe('whenIdle', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for a pause: nothing before `afterMs`, and a cancel (the next keystroke) drops it', () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    const cancel = whenIdle(() => calls.push('first'), 300, 250);
    vi.advanceTimersByTime(200);
    cancel(); // typed again
    whenIdle(() => calls.push('second'), 300, 250);
    vi.advanceTimersByTime(299);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['second']); // Node has no requestIdleCallback: at once after the pause
  });
});
