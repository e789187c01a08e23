// Real ScaledObjects from public repositories, run end to end through KEDA's plane: scenario →
// plane → records → explanation, deterministic, and replayed from a compact run without
// simulating again from the start.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../src/scenario/parseScenario.ts';
import { simulate, syncDetail } from '../../src/engine/simulation/index.ts';

const read = (f: string) => readFileSync(join(import.meta.dirname, f), 'utf8');

describe('a real ScaledObject runs through KEDA', () => {
  it('kafka lag, minReplicaCount 0 (AliwareMQ demo): cold starts, cooldown to 0, KEDA first', () => {
    const parsed = parseScenario(read('keda-kafka-lag-scale-from-zero.yaml'));
    expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const input = parsed.input!;
    expect(input.keda!.scaledObject).toMatchObject({
      minReplicaCount: 0,
      cooldownPeriod: 300,
      pollingInterval: 30,
    });
    expect(parsed.notices.join('\n')).not.toContain('not modelled');
    const out = simulate(input, { record: 'full' });
    if (!out.ok) throw new Error(out.error);
    const r = out.result;
    // Every sync explains KEDA's step first, then the HPA's.
    expect(
      r.syncs.every((s) => /^KEDA \(poll at \d+s, every 30s\): .*\. HPA: /.test(s.explanation)),
    ).toBe(true);
    const events = r.events.events.filter((e) => e.reason.startsWith('KEDAScaleTarget'));
    expect(events[0]).toEqual({
      type: 'Normal',
      reason: 'KEDAScaleTargetDeactivated',
      message: 'Deactivated apps/v1.Deployment default/alibaba-kafka-consumer from 1 to 0',
    });
    expect(events.some((e) => e.reason === 'KEDAScaleTargetActivated')).toBe(true);
    expect(r.keda!.kpis.activations).toBe(
      events.filter((e) => e.reason.endsWith('Activated')).length,
    );
    // At zero the HPA (minReplicas 1) leaves the target alone; the chart's floor is KEDA's 0.
    const zero = r.syncs.filter((s) => s.replicas === 0);
    expect(zero.length).toBeGreaterThan(0);
    expect(zero.every((s) => s.trace.path === 'scalingDisabled')).toBe(true);
    expect(r.series.minReplicas).toBe(0);
    expect(r.keda!.kpis.timeAtZeroSeconds).toBeGreaterThan(0);
    // Deterministic, and a compact run rebuilds any record by replay.
    const again = simulate(input, { record: 'full' });
    expect(again.ok && again.result.syncs).toEqual(r.syncs);
    const compact = simulate(input);
    if (!compact.ok) throw new Error(compact.error);
    expect(compact.result.keda).toEqual(r.keda);
    for (const k of [0, 2, 4, 77, 150, 240])
      expect(syncDetail(input, compact.result, k)).toEqual(r.syncs[k]);
  });
});
