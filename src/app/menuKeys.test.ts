import { describe, expect, it } from 'vitest';
import { menuKey } from './menuKeys.ts';

describe('menuKey', () => {
  it('↓ and ↑ move and wrap around', () => {
    expect(menuKey('ArrowDown', 0, 3)).toEqual({ focus: 1 });
    expect(menuKey('ArrowDown', 2, 3)).toEqual({ focus: 0 });
    expect(menuKey('ArrowUp', 0, 3)).toEqual({ focus: 2 });
    expect(menuKey('ArrowUp', -1, 3)).toEqual({ focus: 2 });
  });

  it('Home and End go to the ends; Esc and Tab close', () => {
    expect(menuKey('Home', 2, 3)).toEqual({ focus: 0 });
    expect(menuKey('End', 0, 3)).toEqual({ focus: 2 });
    expect(menuKey('Escape', 1, 3)).toEqual({ close: 'to-button' });
    expect(menuKey('Tab', 1, 3)).toEqual({ close: 'move-on' });
  });

  it('other keys are not the menu’s', () => {
    expect(menuKey('a', 0, 3)).toBeNull();
    expect(menuKey('ArrowDown', -1, 0)).toBeNull();
  });
});
