import { describe, expect, it } from 'vitest';
import type { ResultPayload } from '../../worker/protocol.ts';
import { kedaPhaseShades } from './phaseShades.ts';

const PHASES = ['active', 'cooldown', 'inactive', 'fallback', 'paused'] as const;
const result = (phase: number[]) =>
  ({
    series: { time: Float64Array.from(phase.map((_, k) => k * 15)) },
    keda: { phases: PHASES, phase: Uint8Array.from(phase) },
  }) as unknown as ResultPayload;

describe("KEDA's phases shaded on the Replicas chart", () => {
  it('one span per run of a shaded phase, from its first sync to the next phase (or the end)', () => {
    // active, active, cooldown, cooldown, inactive, fallback, active, inactive
    expect(kedaPhaseShades(result([0, 0, 1, 1, 2, 3, 0, 2]), 120)).toEqual([
      { x1: 30, x2: 60, phase: 'cooldown' },
      { x1: 60, x2: 75, phase: 'inactive' },
      { x1: 75, x2: 90, phase: 'fallback' },
      { x1: 105, x2: 120, phase: 'inactive' },
    ]);
    // active and paused are not shaded; no KEDA, no shades
    expect(kedaPhaseShades(result([0, 4, 4, 0]), 60)).toEqual([]);
    expect(kedaPhaseShades({ ...result([2]), keda: undefined }, 60)).toEqual([]);
  });
});
