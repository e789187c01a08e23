import { describe, expect, it } from 'vitest';
import { handleShortcut, ownsKeys } from './shortcuts.ts';

/** A stand-in element: `closest` matches when the selector names one of its tags. */
function el(...inside: string[]): EventTarget {
  return {
    closest: (sel: string) => (inside.some((s) => sel.includes(s)) ? {} : null),
  } as unknown as EventTarget;
}

function press(key: string, target: EventTarget | null) {
  const calls: string[] = [];
  const used = handleShortcut(
    { key, target, altKey: false, ctrlKey: false, metaKey: false },
    { toggle: () => calls.push('toggle'), step: (d) => calls.push(`step ${d}`) },
  );
  return { used, calls };
}

describe('playback shortcuts', () => {
  it('Space toggles and arrows step on the page background', () => {
    expect(press(' ', el()).calls).toEqual(['toggle']);
    expect(press('ArrowRight', el()).calls).toEqual(['step 1']);
    expect(press('ArrowLeft', null).calls).toEqual(['step -1']);
  });

  it('leaves keys alone while typing in the editor or an input', () => {
    expect(press(' ', el('.monaco-editor')).used).toBe(false);
    expect(press('ArrowRight', el('input')).used).toBe(false);
    expect(ownsKeys(el('textarea'))).toBe(true);
  });

  it('Space plays from a focused chart, whose arrows are its own', () => {
    expect(press(' ', el('figure.chart-frame')).calls).toEqual(['toggle']);
    expect(press('ArrowRight', el('figure.chart-frame')).used).toBe(false);
  });

  it('ignores other keys and modified keys', () => {
    expect(press('a', el()).used).toBe(false);
    const r = handleShortcut(
      { key: ' ', target: el(), altKey: false, ctrlKey: true, metaKey: false },
      { toggle: () => {}, step: () => {} },
    );
    expect(r).toBe(false);
  });
});

describe('next rescale', () => {
  function pressJump(key: string, target: EventTarget | null, shiftKey = false) {
    const calls: string[] = [];
    const used = handleShortcut(
      { key, target, altKey: false, ctrlKey: false, metaKey: false, shiftKey },
      {
        toggle: () => calls.push('toggle'),
        step: (d) => calls.push(`step ${d}`),
        jump: (d) => calls.push(`jump ${d}`),
      },
    );
    return { used, calls };
  }

  it('N walks forward, Shift+N back, also from a focused chart or a button', () => {
    expect(pressJump('n', el()).calls).toEqual(['jump 1']);
    expect(pressJump('N', el('figure.chart-frame'), true).calls).toEqual(['jump -1']);
    expect(pressJump('n', el('button')).calls).toEqual(['jump 1']);
  });

  it('Shift+arrows on the page jump between rescales; N is a letter where one types', () => {
    expect(pressJump('ArrowRight', el(), true).calls).toEqual(['jump 1']);
    expect(pressJump('n', el('.monaco-editor')).used).toBe(false);
    expect(pressJump('n', el('input')).used).toBe(false);
  });
});
