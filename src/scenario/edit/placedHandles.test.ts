import { describe, expect, it } from 'vitest';
import { applyWrites } from './curveEdits.ts';
import { findCurves } from './findCurves.ts';
import { placedHandles } from './placedHandles.ts';

const text = `kind: Simulation
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
`;

describe('placedHandles', () => {
  const slots = findCurves(text);
  const traffic = slots[0]!;

  it('sees through noise into each term of a sum, lifted by the other terms', () => {
    const hs = placedHandles(slots, traffic, 0);
    expect(hs.map((h) => [h.key, h.at, Math.round(h.value)])).toEqual([
      ['spec.traffic.of.of.0#peak', 54000, 1250], // the spikes are at base 0 then
      ['spec.traffic.of.of.0#base', 75600, 700],
      [
        'spec.traffic.of.of.1#base',
        0,
        Math.round(700 + 550 * Math.cos((2 * Math.PI * -54000) / 86400)),
      ],
      [
        'spec.traffic.of.of.1#s0',
        43200,
        Math.round(600 + 700 + 550 * Math.cos((2 * Math.PI * -10800) / 86400)),
      ],
    ]);
  });

  it('a drag writes the term’s own number: the shown value less the lift', () => {
    const spike = placedHandles(slots, traffic, 0).find((h) => h.key.endsWith('#s0'))!;
    const r = applyWrites(text, spike.slot, spike.drag(43200, spike.value + 100));
    expect(r.ok && r.text).toBe(text.replace('height: 600', 'height: 700'));
  });

  it('shows a curve’s own handles when it has them', () => {
    const sine = slots.find((s) => s.path.join('.') === 'spec.traffic.of.of.0')!;
    expect(placedHandles(slots, sine, 0).map((h) => [h.key, h.value])).toEqual([
      ['spec.traffic.of.of.0#peak', 1250],
      ['spec.traffic.of.of.0#base', 700],
    ]);
  });
});
