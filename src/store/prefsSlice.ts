// The prefs slice: how the user likes the page (the theme), remembered in localStorage.

import { write, STORAGE_KEYS } from './tabStorage.ts';
import { savedTheme } from './persistence.ts';
import type { SliceContext } from './slice.ts';
import type { PrefsActions, PrefsState, StorageLike } from './types.ts';

export function createPrefsSlice(
  { set }: SliceContext,
  storage: StorageLike | null,
): { initial: PrefsState; actions: PrefsActions } {
  return {
    initial: { theme: savedTheme(storage) },
    actions: {
      setTheme(theme) {
        set({ theme });
        write(storage, STORAGE_KEYS.theme, theme); // a theme that is not remembered costs nothing
      },
    },
  };
}
