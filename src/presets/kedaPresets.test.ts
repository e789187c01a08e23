// The KEDA presets' "what to notice", checked against their runs (as presetTexts.test.ts does).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isFullResult, type FullSimulationResult } from '../engine/simulation/index.ts';
import { runScenario } from '../run/index.ts';

function run(file: string): { r: FullSimulationResult; description: string } {
  const { summary, runs } = runScenario(readFileSync(join(import.meta.dirname, file), 'utf8'), {
    record: 'full',
  });
  const first = runs[0];
  if (!first?.ok || !isFullResult(first.result)) throw new Error('the preset did not run');
  return { r: first.result, description: summary.description };
}
const writes = (r: FullSimulationResult) =>
  r.syncs.flatMap((s) => (s.keda?.writes ?? []).map((w) => [w.time, w.from, w.to]));
const at = (r: FullSimulationResult, t: number) => r.syncs.find((s) => s.time === t)!;

describe('KEDA presets stay true to their runs', () => {
  it('keda-cooldown-to-zero: last active at 90, cooling at 390, 7 → 0 at 420 (#7770)', () => {
    const { r, description } = run('keda-cooldown-to-zero.yaml');
    expect(Math.max(...r.syncs.map((s) => s.replicas))).toBe(7);
    expect(at(r, 390).keda!).toMatchObject({ phase: 'cooldown', lastActiveTime: 90 });
    expect(at(r, 390).replicas).toBe(7);
    expect(writes(r)).toEqual([[420, 7, 0]]);
    expect(at(r, 420).trace.path).toBe('scalingDisabled');
    // Before KEDA acts the HPA only holds (its 600 s window): no scale-down of its own.
    expect(r.syncs.filter((s) => s.rescaled && s.replicas < s.currentReplicas)).toEqual([]);
    expect(description).toContain('at the 420 s poll writes 0 itself');
    expect(description).toContain('KEDAScaleTargetDeactivated from 7 to 0');
  });

  it('keda-activation-vs-threshold: 40 is not above 50, so 0 although the HPA wants 4', () => {
    const { r, description } = run('keda-activation-vs-threshold.yaml');
    expect(at(r, 0).keda!.check!.reads[0]).toMatchObject({ value: 80, scalerActive: true });
    const inactive = at(r, 330).keda!.check!.reads[0]!;
    expect(inactive).toMatchObject({ value: 40, activation: 50, scalerActive: false });
    // The HPA's own proposal for 40 at target 10 is 4.
    expect(at(r, 330).trace.metrics![0]!.proposal).toBe(4);
    const w = writes(r);
    expect(w[0]![2]).toBe(0);
    expect(w[1]).toEqual([900, 0, 1]);
    expect(
      r.syncs.filter((s) => s.time > w[0]![0]! && s.time < 900).every((s) => s.replicas === 0),
    ).toBe(true);
    expect(Math.max(...r.syncs.filter((s) => s.time >= 900).map((s) => s.replicas))).toBe(6);
    expect(description).toContain('wants ceil(40 / 10) = 4 pods');
    expect(description).toContain('KEDA scales 0 → 1 and the HPA takes it to 6');
  });
});
