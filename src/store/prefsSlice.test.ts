import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYOUT, LAYOUT_KEY } from './layoutPrefs.ts';
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

describe('prefs slice: layout', () => {
  it('remembers a resized pane and presenter mode, and starts from them', () => {
    const storage = new MemoryStorage();
    const h = sliceHarness();
    const prefs = createPrefsSlice(h.ctx, storage);
    h.put(prefs.initial);
    expect(prefs.initial.layout).toEqual(DEFAULT_LAYOUT);
    prefs.actions.changeLayout({ editorWidth: 500 });
    prefs.actions.changeLayout({ presenter: true });
    expect(h.state.layout).toEqual({ ...DEFAULT_LAYOUT, editorWidth: 500, presenter: true });
    expect(createPrefsSlice(sliceHarness().ctx, storage).initial.layout).toEqual(h.state.layout);
    expect(h.written()).toEqual(['layout']);
  });

  it('reads an unreadable stored layout as the default one', () => {
    const storage = new MemoryStorage();
    storage.values.set(LAYOUT_KEY, '{not json');
    expect(createPrefsSlice(sliceHarness().ctx, storage).initial.layout).toEqual(DEFAULT_LAYOUT);
  });
});
