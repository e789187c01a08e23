import { describe, expect, it } from 'vitest';
import { controllerConfigFor, type KubernetesRelease } from '../controller/index.ts';
import type { SimulationInput } from './input.ts';
import { syncDetail } from './replay.ts';
import { simulate } from './simulate.ts';
import { buildInput } from './testing/buildInput.ts';

function full(input: SimulationInput) {
  const out = simulate(input, { record: 'full' });
  if (!out.ok) throw new Error(out.error);
  return out.result;
}

const world = (release: KubernetesRelease, lag: number, traffic = 'ramp'): SimulationInput => ({
  ...buildInput({
    controller: controllerConfigFor(release),
    durationSeconds: 1200,
    traffic:
      traffic === 'ramp'
        ? {
            type: 'ramp',
            points: [
              { at: 0, value: 500 },
              { at: 600, value: 5000 },
            ],
          }
        : { type: 'constant', value: 1000 },
  }),
  ...(lag > 0 ? { informerLagSeconds: lag } : {}),
});

describe('an informer lag (spec.controller.informerLag)', () => {
  it('1.37 skips each sync while its own last status write is not cached, retrying at the next resync', () => {
    const r = full(world('1.37', 20));
    const skipped = r.syncs.filter((s) => s.skipped);
    expect(skipped.length).toBeGreaterThan(10);
    for (const s of skipped) {
      // The write it waits for is the sync just before it, less than 20 s ago.
      expect(s.time - s.skipped!.writtenAt).toBe(15);
      expect(s.rescaled).toBe(false);
      expect(s.replicas).toBe(s.currentReplicas);
      expect(s.explanation).toMatch(
        /^Skipped: .*own status write of t=\d+s \(StaleControllerConsistencyHPA\)/,
      );
    }
    // The sync after a skipped one reconciles (the write is 30 s old by then).
    for (const s of skipped)
      expect(r.syncs.find((x) => x.time === s.time + 15)?.skipped).toBeUndefined();
    // Without a lag nothing is skipped.
    expect(full(world('1.37', 0)).syncs.some((s) => s.skipped)).toBe(false);
  });

  it('writes (and so waits) only when the status changed, as updateStatusIfNeeded', () => {
    const r = full(world('1.37', 20, 'constant'));
    // Settled: the same utilization every sync, nothing to write, nothing to wait for.
    const late = r.syncs.filter((s) => s.time >= 600);
    expect(new Set(late.map((s) => s.trace.metrics?.[0]?.currentUtilization)).size).toBe(1);
    expect(late.some((s) => s.skipped)).toBe(false);
    expect(r.syncs.some((s) => s.skipped)).toBe(true);
  });

  it('1.36 reconciles on the stale status and its write conflicts; the CPU decisions are unchanged', () => {
    const lagged = full(world('1.36', 20));
    const prompt = full(world('1.36', 0));
    expect(lagged.syncs.some((s) => s.skipped)).toBe(false);
    expect(Array.from(lagged.series.specReplicas)).toEqual(Array.from(prompt.series.specReplicas));
    const conflicts = lagged.syncs.filter((s) =>
      s.events.some((e) => e.reason === 'FailedUpdateStatus'),
    );
    expect(conflicts.length).toBeGreaterThan(10);
    expect(conflicts[0]!.events.at(-1)!.message).toBe(
      'Operation cannot be fulfilled on horizontalpodautoscalers.autoscaling "web": the object has been modified; please apply your changes to the latest version and try again',
    );
    expect(conflicts[0]!.explanation).toMatch(/status write failed with a Conflict/);
    expect(prompt.syncs.some((s) => s.events.some((e) => e.reason === 'FailedUpdateStatus'))).toBe(
      false,
    );
  });

  it('delays an edit by the lag: read and reconciled at once when the informer has it', () => {
    const input = world('1.37', 4);
    const hpa = input.hpa;
    input.changes = [
      {
        atSeconds: 100,
        hpa: {
          ...hpa,
          metadata: { ...hpa.metadata, generation: 2 },
          spec: { ...hpa.spec, minReplicas: 5 },
        },
        replicas: null,
        description: 'the HPA was edited (minReplicas 1 → 5)',
      },
    ];
    const r = full(input);
    const at = r.syncs.find((s) => s.time === 104)!;
    expect(at.replicas).toBe(5);
    expect(at.changes).toEqual([
      {
        time: 100,
        description: 'the HPA was edited (minReplicas 1 → 5) (in the informer cache at t=104s)',
      },
    ]);
    expect(at.explanation).toMatch(/reconciled at once/);
    expect(r.syncs.some((s) => s.time === 100)).toBe(false);
  });

  it('replays a lagged run as recorded, on both sides of the gate', () => {
    for (const release of ['1.36', '1.37'] as const) {
      const input = { ...world(release, 20), durationSeconds: 1800 };
      const recorded = full(input);
      const compact = simulate(input);
      if (!compact.ok) throw new Error(compact.error);
      expect(compact.result.replay!.snapshots.length).toBeGreaterThan(0);
      for (let i = 0; i < recorded.syncs.length; i += 7)
        expect(syncDetail(input, compact.result, i)).toEqual(recorded.syncs[i]);
    }
  });
});
