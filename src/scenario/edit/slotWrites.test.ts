import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyWrites } from './curveEdits.ts';
import { findCurves } from './findCurves.ts';
import { placedHandles } from './placedHandles.ts';
import { slotsWithWrites } from './slotWrites.ts';

// Curves inside curves (noise → sum → sine, spikes) and a plain ramp in a second document.
const text = `kind: HorizontalPodAutoscaler # the HPA
---
kind: Simulation
spec:
  traffic:
    type: noise
    seed: 42
    amplitude: 0.08
    of:
      type: sum
      of:
        - { type: sine, base: 700, amplitude: 550, periodSeconds: 86400, peakAtSeconds: 54000 }
        - type: spikes
          base: 0
          spikes:
            - { at: 43200, durationSeconds: 1200, height: 600 }
  load:
    cpu:
      demand: { type: ramp, points: [{ at: 0, value: 0.5 }, { at: 600, value: 1.25 }] }
`;

describe('slotsWithWrites', () => {
  const slots = findCurves(text);

  it('reads every curve as findCurves reads the written text, for any drag of any handle', () => {
    const handles = slots.flatMap((s) => placedHandles(slots, s, 43200));
    expect(handles.length).toBeGreaterThan(5);
    fc.assert(
      fc.property(
        fc.nat(handles.length - 1),
        fc.double({ min: 0, max: 90_000, noNaN: true }),
        fc.double({ min: 0, max: 5_000, noNaN: true }),
        (k, at, value) => {
          const h = handles[k]!;
          const writes = h.drag(at, value);
          const r = applyWrites(text, h.slot, writes);
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          expect(slotsWithWrites(slots, h.slot, writes)).toEqual(findCurves(r.text));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('copies only what changed and leaves the given slots as they were', () => {
    const before = JSON.stringify(slots);
    const spikes = slots.find((s) => s.label.includes('spikes') || s.path.at(-1) === 1)!;
    const out = slotsWithWrites(slots, spikes, [{ path: ['spikes', 0, 'height'], value: 900.5 }]);
    expect(JSON.stringify(slots)).toBe(before);
    const cpu = slots.findIndex((s) => s.path.includes('cpu'));
    expect(out[cpu]).toBe(slots[cpu]); // another curve: the same object
    expect(out[0]).not.toBe(slots[0]); // the traffic holds the spike: a new copy
    expect(JSON.stringify(out[0]!.json)).toContain('"height":900.5');
  });
});
