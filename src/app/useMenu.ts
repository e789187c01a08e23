// A toolbar menu as the WAI-ARIA menu button pattern has it: opening moves focus to the first item
// (↑ on the button: the last), the keys of menuKeys.ts move through the enabled items, Esc closes
// with focus back on the button, a click outside closes it.
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { menuKey } from './menuKeys.ts';

const ITEMS = '[role="menuitem"]:not([disabled])';

export function useMenu() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  /** which item takes focus when the menu opens */
  const first = useRef<'first' | 'last'>('first');
  const close = useCallback((focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  }, []);

  const items = () => [...(root.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
  useEffect(() => {
    if (!open) return;
    const all = items();
    (first.current === 'last' ? all[all.length - 1] : all[0])?.focus();
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open, close]);

  const onButtonKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    first.current = e.key === 'ArrowUp' ? 'last' : 'first';
    setOpen(true);
  };
  const onMenuKeyDown = (e: KeyboardEvent) => {
    const all = items();
    const move = menuKey(e.key, all.indexOf(document.activeElement as HTMLElement), all.length);
    if (!move) return;
    if ('focus' in move) {
      e.preventDefault();
      all[move.focus]?.focus();
    } else {
      if (move.close === 'to-button') e.preventDefault();
      close(move.close === 'to-button');
    }
  };
  const toggle = () => {
    first.current = 'first';
    setOpen((o) => !o);
  };
  return { open, root, button, toggle, close, onButtonKeyDown, onMenuKeyDown };
}
