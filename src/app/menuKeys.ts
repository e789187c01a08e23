// The keys of a menu (WAI-ARIA menu button pattern): ↓/↑ move through the items and wrap around,
// Home/End go to the first/last, Esc closes (focus back on the button), Tab closes and moves on.

export type MenuMove = { focus: number } | { close: 'to-button' | 'move-on' } | null;

/** What `key` does in a menu of `count` enabled items whose item `at` has focus (-1: none). */
export function menuKey(key: string, at: number, count: number): MenuMove {
  if (key === 'Escape') return { close: 'to-button' };
  if (key === 'Tab') return { close: 'move-on' };
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return { focus: at < 0 ? 0 : (at + 1) % count };
    case 'ArrowUp':
      return { focus: at < 0 ? count - 1 : (at - 1 + count) % count };
    case 'Home':
      return { focus: 0 };
    case 'End':
      return { focus: count - 1 };
    default:
      return null;
  }
}
