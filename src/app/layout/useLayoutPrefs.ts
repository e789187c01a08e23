// Layout prefs as React state, written back to localStorage on change (storage may be off:
// private mode or a full quota only loses the memory, never the page).

import { useCallback, useEffect, useState } from 'react';
import { LAYOUT_KEY, parseLayout, type LayoutPrefs } from './layoutPrefs.ts';

function read(): LayoutPrefs {
  try {
    return parseLayout(localStorage.getItem(LAYOUT_KEY));
  } catch {
    return parseLayout(null);
  }
}

export function useLayoutPrefs(): [LayoutPrefs, (patch: Partial<LayoutPrefs>) => void] {
  const [prefs, setPrefs] = useState(read);
  useEffect(() => {
    try {
      localStorage.setItem(LAYOUT_KEY, JSON.stringify(prefs));
    } catch {
      /* not remembered; the layout still works */
    }
  }, [prefs]);
  const update = useCallback(
    (patch: Partial<LayoutPrefs>) => setPrefs((p) => ({ ...p, ...patch })),
    [],
  );
  return [prefs, update];
}
