// A value that follows its source at most every `ms` while `active`, and at once otherwise. The
// editor's view of the text during a curve drag: the store takes a text per animation frame (the
// charts follow it), Monaco a few per second and the final one on release.

import { useEffect, useRef, useState } from 'react';

export function useThrottledWhile<T>(value: T, active: boolean, ms: number): T {
  const held = useRef(value);
  const shownAt = useRef(-Infinity);
  const [, refresh] = useState(0);
  // Derived and idempotent: outside a drag the source is shown as it is.
  if (!active) held.current = value;
  useEffect(() => {
    if (!active || held.current === value) return;
    const wait = Math.max(0, ms - (performance.now() - shownAt.current));
    const timer = setTimeout(() => {
      held.current = value;
      shownAt.current = performance.now();
      refresh((n) => n + 1);
    }, wait);
    return () => clearTimeout(timer);
  }, [active, value, ms]);
  return held.current;
}
