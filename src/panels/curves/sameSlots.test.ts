import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findCurves, type CurveSlot } from '../../scenario/edit/index.ts';
import { sameSlots } from './sameSlots.ts';

const text = readFileSync(new URL('../../presets/default.yaml', import.meta.url), 'utf8');

describe('sameSlots', () => {
  it('holds through an edit outside the curves, and not through one of a curve', () => {
    const before = findCurves(text);
    expect(before.length).toBeGreaterThan(0);
    const hpaEdit = text.replace('averageUtilization: 60', 'averageUtilization: 55');
    expect(hpaEdit).not.toBe(text);
    expect(sameSlots(findCurves(hpaEdit), before)).toBe(true);
    const curveEdit = text.replace('amplitude: 550', 'amplitude: 551');
    expect(curveEdit).not.toBe(text);
    expect(sameSlots(findCurves(curveEdit), before)).toBe(false);
  });

  it('tells a list index from a key of the same digits, and a moved curve from its copy', () => {
    const slot: CurveSlot = { document: 1, path: ['spec', 0], label: 'x', json: 1, depth: 0 };
    expect(sameSlots([slot], [{ ...slot, path: ['spec', '0'] }])).toBe(false);
    expect(sameSlots([slot], [{ ...slot, document: 0 }])).toBe(false);
    expect(sameSlots([slot], [{ ...slot, label: 'y' }])).toBe(false);
    expect(sameSlots([slot], [slot, slot])).toBe(false);
    expect(sameSlots([slot], [{ ...slot, path: ['spec', 0] }])).toBe(true);
  });
});
