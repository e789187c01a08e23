import { describe, expect, it } from 'vitest';
import { historyKey } from './historyKeys.ts';

const k = (
  key: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('historyKey', () => {
  it('reads undo and redo on every platform', () => {
    expect(historyKey(k('z', { ctrlKey: true }))).toBe('undo');
    expect(historyKey(k('z', { metaKey: true }))).toBe('undo');
    expect(historyKey(k('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(historyKey(k('Z', { metaKey: true, shiftKey: true }))).toBe('redo');
    expect(historyKey(k('y', { ctrlKey: true }))).toBe('redo');
  });

  it('leaves every other key alone', () => {
    expect(historyKey(k('z'))).toBeNull();
    expect(historyKey(k('z', { ctrlKey: true, altKey: true }))).toBeNull();
    expect(historyKey(k('y', { metaKey: true }))).toBeNull();
    expect(historyKey(k('x', { ctrlKey: true }))).toBeNull();
  });
});
