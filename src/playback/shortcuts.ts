// Page-wide playback keys, ignored while typing (editor, inputs) or on a control that uses them.

export interface ShortcutHandlers {
  toggle(): void;
  step(direction: 1 | -1): void;
  /** next (+1) / previous (-1) rescale */
  jump?(direction: 1 | -1): void;
}

/** The keys, as shown in the UI. */
export const SHORTCUTS: [string, string][] = [
  ['Space', 'play / pause'],
  ['← →', 'step one sync'],
  ['Shift ← →', 'previous / next rescale'],
  ['N  Shift N', 'next / previous rescale (walk a class through a run)'],
  ['Home End', 'first / last sync'],
  ['+ − 0', 'zoom in / out / reset'],
];

/** Whether a key event's target is somewhere typing or a control owns the key. */
export function ownsKeys(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as Element;
  return (
    el.closest(
      'input, textarea, select, button, [contenteditable="true"], .monaco-editor, [role="separator"], dialog, figure.chart-frame',
    ) !== null
  );
}

/** Whether the target takes typed characters (N is a letter there). */
function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  return (
    (target as Element).closest(
      'input, textarea, select, [contenteditable="true"], .monaco-editor',
    ) !== null
  );
}

/**
 * Handles Space and ←/→ outside charts, and N (next rescale) anywhere but where one types (a focused chart has its own keys, including ←/→).
 * Returns whether the key was used.
 */
export function handleShortcut(
  e: {
    key: string;
    target: EventTarget | null;
    altKey: boolean;
    ctrlKey: boolean;
    metaKey: boolean;
    shiftKey?: boolean;
  },
  h: ShortcutHandlers,
): boolean {
  if (e.altKey || e.ctrlKey || e.metaKey) return false;
  const inChart =
    !!e.target &&
    typeof (e.target as Element).closest === 'function' &&
    (e.target as Element).closest('figure.chart-frame') !== null;
  if (e.key === ' ' && (inChart || !ownsKeys(e.target))) {
    h.toggle();
    return true;
  }
  if ((e.key === 'n' || e.key === 'N') && h.jump && !isTyping(e.target)) {
    h.jump(e.shiftKey ? -1 : 1);
    return true;
  }
  if (ownsKeys(e.target)) return false;
  if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
    const direction = e.key === 'ArrowRight' ? 1 : -1;
    if (e.shiftKey && h.jump) h.jump(direction);
    else h.step(direction);
    return true;
  }
  return false;
}
