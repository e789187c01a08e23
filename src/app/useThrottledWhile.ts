// A value that follows its source at most every `ms` while `active`, and at once otherwise. The
// editor's view of the text during a curve drag: the store takes a text per animation frame (the
// charts follow it), Monaco a few per second, in moments the page is idle, and the final one on
// release.

import { useEffect, useRef, useState } from 'react';

export function useThrottledWhile<T>(value: T, active: boolean, ms: number): T {
  const held = useRef(value);
  const latest = useRef(value);
  const shownAt = useRef(-Infinity);
  /** the refresh scheduled (a timer, then an idle callback); it shows the latest value */
  const pending = useRef<{ timer: number; idle: number } | null>(null);
  const [, refresh] = useState(0);
  latest.current = value;
  // Derived and idempotent: outside a drag the source is shown as it is.
  if (!active) held.current = value;
  useEffect(() => {
    if (!active || held.current === value || pending.current) return;
    const wait = Math.max(0, ms - (performance.now() - shownAt.current));
    const p = { timer: 0, idle: 0 };
    const show = () => {
      pending.current = null;
      held.current = latest.current;
      shownAt.current = performance.now();
      refresh((n) => n + 1);
    };
    // In a quiet moment: a refresh landing between a drag's edit and its result's repaint would
    // delay that repaint (Monaco's edit, layout and tokenizing cost ~10-20 ms). Not cancelled by
    // a newer value (a drag sends one per frame): it shows whichever is latest then.
    p.timer = window.setTimeout(() => {
      if (typeof requestIdleCallback === 'function')
        p.idle = requestIdleCallback(show, { timeout: ms });
      else show();
    }, wait);
    pending.current = p;
  }, [active, value, ms]);
  // The drag ended (or the page left): a refresh still scheduled is not needed.
  useEffect(
    () => () => {
      const p = pending.current;
      pending.current = null;
      if (!p) return;
      clearTimeout(p.timer);
      if (p.idle && typeof cancelIdleCallback === 'function') cancelIdleCallback(p.idle);
    },
    [active],
  );
  return held.current;
}
