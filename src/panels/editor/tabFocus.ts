// What Tab does in the editor, as VS Code's accessibility mode has it (Monaco's `tabFocusMode`):
// entered with the keyboard, Tab moves focus on until the user starts typing, so the editor is a
// stop on the page and never a trap; once typing, Tab indents; Esc gives Tab back to the page, so
// Esc then Tab always leaves. Entered with the pointer, the user came to edit: Tab indents.

/** `moves`: Tab moves focus to the next control; `indents`: Tab indents the YAML. */
export type TabMode = 'moves' | 'indents';

export type TabEvent =
  /** focus arrived from the keyboard (Tab, Shift+Tab, a skip link) */
  | 'focus-keyboard'
  /** focus arrived from a click or a tap into the text */
  | 'focus-pointer'
  /** the user changed the text */
  | 'typed'
  | 'escape';

export function nextTabMode(mode: TabMode, event: TabEvent): TabMode {
  switch (event) {
    case 'focus-keyboard':
    case 'escape':
      return 'moves';
    case 'focus-pointer':
    case 'typed':
      return 'indents';
    default:
      return mode;
  }
}

/** The line under the editor that says what Tab does now. */
export function tabModeHint(mode: TabMode): string {
  return mode === 'moves'
    ? 'Tab moves to the next control · start typing to edit (then Tab indents)'
    : 'Tab indents · Esc then Tab leaves the editor';
}
