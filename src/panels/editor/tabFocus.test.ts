import { describe, expect, it } from 'vitest';
import { nextTabMode, type TabEvent, type TabMode } from './tabFocus.ts';

function run(events: TabEvent[], from: TabMode = 'indents'): TabMode {
  return events.reduce(nextTabMode, from);
}

describe('nextTabMode', () => {
  it('a keyboard entry lets Tab move on until the user types', () => {
    expect(run(['focus-keyboard'])).toBe('moves');
    expect(run(['focus-keyboard', 'typed'])).toBe('indents');
  });

  it('Esc always gives Tab back to the page, however the editor was entered', () => {
    expect(run(['focus-pointer', 'typed', 'escape'])).toBe('moves');
    expect(run(['focus-keyboard', 'typed', 'typed', 'escape'])).toBe('moves');
  });

  it('a click into the text is there to edit: Tab indents at once', () => {
    expect(run(['focus-pointer'], 'moves')).toBe('indents');
  });
});
