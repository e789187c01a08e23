import { describe, expect, it } from 'vitest';
import { nextSelection } from './keyboard.ts';

describe('nextSelection', () => {
  it('moves one sync with the arrows and stays in range', () => {
    expect(nextSelection({ key: 'ArrowRight' }, 4, 10)).toBe(5);
    expect(nextSelection({ key: 'ArrowLeft' }, 4, 10)).toBe(3);
    expect(nextSelection({ key: 'ArrowRight' }, 9, 10)).toBe(9);
    expect(nextSelection({ key: 'ArrowLeft' }, 0, 10)).toBe(0);
  });

  it('starts from an end when nothing is selected', () => {
    expect(nextSelection({ key: 'ArrowRight' }, null, 10)).toBe(0);
    expect(nextSelection({ key: 'ArrowLeft' }, null, 10)).toBe(9);
  });

  it('jumps between rescales with Shift', () => {
    const rescales = [2, 7];
    expect(nextSelection({ key: 'ArrowRight', shiftKey: true }, 2, 10, rescales)).toBe(7);
    expect(nextSelection({ key: 'ArrowRight', shiftKey: true }, 7, 10, rescales)).toBe(9);
    expect(nextSelection({ key: 'ArrowLeft', shiftKey: true }, 7, 10, rescales)).toBe(2);
    expect(nextSelection({ key: 'ArrowLeft', shiftKey: true }, 2, 10, rescales)).toBe(0);
  });

  it('pages by a tenth of the run, Home and End go to the ends', () => {
    expect(nextSelection({ key: 'PageDown' }, 0, 100)).toBe(10);
    expect(nextSelection({ key: 'PageUp' }, 5, 100)).toBe(0);
    expect(nextSelection({ key: 'Home' }, 50, 100)).toBe(0);
    expect(nextSelection({ key: 'End' }, 50, 100)).toBe(99);
  });

  it('ignores other keys and empty runs', () => {
    expect(nextSelection({ key: 'a' }, 3, 10)).toBeNull();
    expect(nextSelection({ key: 'ArrowRight' }, 3, 0)).toBeNull();
  });
});
