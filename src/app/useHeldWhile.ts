// A value held while `active`, and its source's otherwise. The editor's view of the text during a
// curve drag: the store takes a text per animation frame (the charts follow it), Monaco the
// drag's last one on release — its edit, layout and tokenizing (10–20 ms) never land between a
// move and its result's repaint, and the drag is one edit in its history.

import { useRef } from 'react';

export function useHeldWhile<T>(value: T, active: boolean): T {
  const held = useRef(value);
  // Derived and idempotent: outside a drag the source is shown as it is.
  if (!active) held.current = value;
  return held.current;
}
