import { describe, expect, it } from 'vitest';
import { phaseShadeLegend, phaseShadeSpans, type PhaseShade } from './phaseShades.ts';

describe("the Replicas chart's phase shades", () => {
  it('spans cover the value axis; a phase toggled off in the legend is not drawn', () => {
    const shades: PhaseShade[] = [
      { x1: 0, x2: 15, phase: 'cooldown' },
      { x1: 15, x2: 45, phase: 'inactive' },
    ];
    const spans = phaseShadeSpans(shades, [0, 8], new Set());
    expect(spans.map((s) => [s.x1, s.x2, s.y1, s.y2])).toEqual([
      [0, 15, 0, 8],
      [15, 45, 0, 8],
    ]);
    expect(phaseShadeSpans(shades, [0, 8], new Set(['keda-phase-inactive']))).toHaveLength(1);
    expect(phaseShadeLegend(shades, new Set()).map((l) => l.label)).toEqual([
      'KEDA inactive',
      'KEDA cooling down',
    ]);
  });
});
