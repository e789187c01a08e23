// The KEDA presets' "what to notice", checked against their runs (as presetTexts.test.ts does).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isFullResult, type FullSimulationResult } from '../engine/simulation/index.ts';
import { runScenario } from '../run/index.ts';

function run(
  file: string,
  edit = (text: string) => text,
): { r: FullSimulationResult; description: string } {
  const text = edit(readFileSync(join(import.meta.dirname, file), 'utf8'));
  const { summary, runs } = runScenario(text, { record: 'full' });
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

  it('keda-fallback-prometheus-down: the 4th failed read (loop and HPA alike) serves 8 × 10', () => {
    const { r, description } = run('keda-fallback-prometheus-down.yaml');
    const failures = (t: number) => at(r, t).keda!.health['s0-prometheus']?.numberOfFailures;
    // poll 300 + syncs 300 and 315: 3 failures, not more than failureThreshold 3.
    expect(failures(315)).toBe(3);
    expect(at(r, 315).keda!.phase).not.toBe('fallback');
    expect(at(r, 315).replicas).toBe(4);
    // The 330 s poll is the 4th: the HPA reads the fallback 80 and scales 4 → 8.
    expect(at(r, 330).keda!.check!.reads[0]).toMatchObject({ failures: 4, fallback: true });
    expect(at(r, 330).keda!.phase).toBe('fallback');
    expect(at(r, 330).keda!.served).toEqual([
      { metric: 's0-prometheus', value: 80, fallback: true, error: null },
    ]);
    expect([at(r, 330).currentReplicas, at(r, 330).replicas]).toEqual([4, 8]);
    // Back at 12m: the count resets, the window keeps 8 until 17m.
    expect(at(r, 720).keda!.phase).toBe('active');
    expect(at(r, 1005).replicas).toBe(8);
    expect(at(r, 1020).replicas).toBe(4);
    expect(description).toContain('the HPA scales 4 → 8 at 5m30s');
    expect(description).toContain('keeps 8 until 17m');
  });

  it('keda-idle-replicas: KEDA writes idle 1, the HPA puts minReplicas 3 back, again and again', () => {
    const { r, description } = run('keda-idle-replicas.yaml');
    const w = writes(r);
    expect(w[0]).toEqual([300, 5, 1]);
    expect(at(r, 300).replicas).toBe(3);
    expect(at(r, 300).trace.path).not.toBe('scalingDisabled');
    expect(at(r, 315).replicas).toBe(5);
    expect(w.every(([, , to]) => to === 1)).toBe(true);
    expect(r.keda!.kpis.deactivations).toBe(21);
    expect(description).toContain(
      'the 300 s poll writes 1 (KEDAScaleTargetDeactivated from 5 to 1)',
    );
    expect(description).toContain('21 deactivations');
  });

  it('keda-cached-metrics: the HPA sees 1200 at the 4m poll, 1m45s after live reads would', () => {
    const firstUp = (res: FullSimulationResult) =>
      res.syncs.find((s) => s.rescaled && s.replicas > s.currentReplicas)!.time;
    const cached = run('keda-cached-metrics.yaml');
    const live = run('keda-cached-metrics.yaml', (t) =>
      t.replace('      useCachedMetrics: true\n', ''),
    );
    expect(firstUp(cached.r)).toBe(240);
    expect(firstUp(live.r)).toBe(135);
    expect(at(cached.r, 225).keda!.served).toEqual([
      { metric: 's0-prometheus', value: 200, fallback: false, error: null },
    ]);
    expect(at(live.r, 135).keda!.served[0]!.value).toBe(1200);
    expect(Math.max(...cached.r.syncs.map((s) => s.replicas))).toBe(12);
    expect(cached.description).toContain('at the 2m15s sync, 1m45s earlier');
  });

  it('keda-scaling-modifiers: the composite decides activity and size, not each trigger', () => {
    const { r, description } = run('keda-scaling-modifiers.yaml');
    expect(at(r, 120).keda!.check!.composite).toBe(80);
    expect(writes(r)).toEqual([
      [120, 0, 1],
      [840, 8, 0],
    ]);
    expect(at(r, 120).replicas).toBe(2);
    expect(at(r, 420).keda!.check!.composite).toBe(400);
    expect(Math.max(...r.syncs.map((s) => s.replicas))).toBe(8);
    const late = at(r, 840).keda!.check!;
    expect(late.reads.map((x) => x.scalerActive)).toEqual([true, true]);
    expect([late.composite, late.isActive]).toEqual([6, false]);
    expect(description).toContain('KEDA writes 8 → 0 at 14m');
  });

  it('keda-paused-replicas-hold: 10 hold through the pause; the new HPA lets go at 25m15s', () => {
    const { r, description } = run('keda-paused-replicas-hold.yaml');
    const paused = r.syncs.filter((s) => s.time >= 600 && s.time < 1200);
    expect(paused).toHaveLength(40);
    expect(paused.every((s) => s.noHpa === true && s.replicas === 10)).toBe(true);
    expect(at(r, 840).explanation).toContain('paused: KEDA removed the HPA');
    expect(at(r, 1200).noHpa).toBeUndefined();
    expect(at(r, 1500).replicas).toBe(10);
    const down = r.syncs.filter((s) => s.rescaled);
    expect(down.map((s) => [s.time, s.currentReplicas, s.replicas])).toEqual([[1515, 10, 2]]);
    expect(description).toContain('10 → 2 at 25m15s, not');
    expect(description).toContain('13 minutes after the load fell');
  });
});
