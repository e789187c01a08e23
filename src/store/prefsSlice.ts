// The prefs slice: how the user likes the page — the theme and the layout (pane widths, presenter
// mode, the editor folded) — remembered in localStorage. Storage may be off (private mode, a full
// quota): that only loses the memory, never the page.

import { LAYOUT_KEY, parseLayout } from './layoutPrefs.ts';
import { read, write, STORAGE_KEYS } from './tabStorage.ts';
import { savedTheme } from './persistence.ts';
import type { SliceContext } from './slice.ts';
import type { PrefsActions, PrefsState, StorageLike } from './types.ts';

export function createPrefsSlice(
  { get, set }: SliceContext,
  storage: StorageLike | null,
): { initial: PrefsState; actions: PrefsActions } {
  return {
    initial: { theme: savedTheme(storage), layout: parseLayout(read(storage, LAYOUT_KEY)) },
    actions: {
      setTheme(theme) {
        set({ theme });
        write(storage, STORAGE_KEYS.theme, theme); // a theme that is not remembered costs nothing
      },
      changeLayout(patch) {
        const layout = { ...get().layout, ...patch };
        set({ layout });
        write(storage, LAYOUT_KEY, JSON.stringify(layout));
      },
    },
  };
}
