import { describe, expect, it } from 'vitest';
import { createPrefsSlice } from './prefsSlice.ts';
import { STORAGE_KEYS } from './tabStorage.ts';
import { MemoryStorage } from './testing/fakes.ts';
import { sliceHarness } from './testing/sliceHarness.ts';

describe('prefs slice', () => {
  it('remembers the theme and starts from it', () => {
    const storage = new MemoryStorage();
    const h = sliceHarness();
    const prefs = createPrefsSlice(h.ctx, storage);
    expect(prefs.initial.theme).toBe('system');
    prefs.actions.setTheme('dark');
    expect(h.state.theme).toBe('dark');
    expect(storage.values.get(STORAGE_KEYS.theme)).toBe('dark');
    expect(createPrefsSlice(sliceHarness().ctx, storage).initial.theme).toBe('dark');
    expect(h.written()).toEqual(['theme']);
  });

  it('changes the theme when storage refuses to remember it', () => {
    const storage = new MemoryStorage();
    storage.failing = true;
    const h = sliceHarness();
    createPrefsSlice(h.ctx, storage).actions.setTheme('light');
    expect(h.state.theme).toBe('light');
    expect(createPrefsSlice(h.ctx, null).initial.theme).toBe('system');
  });
});
