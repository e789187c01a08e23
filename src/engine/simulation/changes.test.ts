import { describe, expect, it } from 'vitest';
import { controllerConfigFor, type HorizontalPodAutoscaler } from '../controller/index.ts';
import type { RunChange, SimulationInput } from './input.ts';
import { syncTimes } from './loop.ts';
import { syncDetail } from './replay.ts';
import { simulate } from './simulate.ts';
import { buildInput } from './testing/buildInput.ts';

function full(input: SimulationInput) {
  const out = simulate(input, { record: 'full' });
  if (!out.ok) throw new Error(out.error);
  return out.result;
}

/** The HPA with a new spec, stored at `generation`. */
function edited(
  hpa: HorizontalPodAutoscaler,
  spec: Partial<HorizontalPodAutoscaler['spec']>,
  generation: number,
): HorizontalPodAutoscaler {
  return { ...hpa, metadata: { ...hpa.metadata, generation }, spec: { ...hpa.spec, ...spec } };
}

/** Traffic high for 10 minutes, then low: a scale-down the 5-minute window holds back. */
function world(release: '1.35' | '1.37', changes: (hpa: HorizontalPodAutoscaler) => RunChange[]) {
  const input = buildInput({
    controller: controllerConfigFor(release),
    durationSeconds: 1800,
    traffic: {
      type: 'steps',
      steps: [
        { at: 0, value: 4000 },
        { at: 600, value: 500 },
      ],
    },
  });
  return { ...input, changes: changes(input.hpa) };
}

describe('syncTimes', () => {
  it('is the grid alone (null) without extra instants, else merges them in order', () => {
    expect(syncTimes(60, 15, [])).toBeNull();
    // On the grid, at 0, or after the end: nothing to add.
    expect(syncTimes(60, 15, [30, 0, 75])).toBeNull();
    expect(Array.from(syncTimes(60, 15, [50, 7, 50, 60])!)).toEqual([0, 7, 15, 30, 45, 50, 60]);
    expect(Array.from(syncTimes(50, 15, [50])!)).toEqual([0, 15, 30, 45, 50]);
  });
});

describe('changes during a run', () => {
  it('reconciles an edit at once with HPAGeneration (1.37), at the next resync without (1.35)', () => {
    const change = (hpa: HorizontalPodAutoscaler): RunChange[] => [
      {
        atSeconds: 127,
        hpa: edited(hpa, { maxReplicas: 3 }, 2),
        replicas: null,
        description: 'the HPA was edited (maxReplicas 10 → 3)',
      },
    ];
    const now = full(world('1.37', change));
    const at = now.syncs.findIndex((s) => s.time === 127);
    expect(at).toBeGreaterThan(0);
    expect(now.syncs[at]!.replicas).toBe(3);
    expect(now.syncs[at]!.observedGeneration).toBe(2);
    expect(now.syncs[at - 1]!.observedGeneration).toBe(1);
    expect(now.syncs[at]!.changes).toEqual([
      { time: 127, description: 'the HPA was edited (maxReplicas 10 → 3)' },
    ]);
    // The grid stays: one more sync, at the edit.
    expect(now.syncs.map((s) => s.time).filter((t) => t % 15 !== 0)).toEqual([127]);
    expect(now.syncs).toHaveLength(122);
    const old = full(world('1.35', change));
    expect(old.syncs).toHaveLength(121);
    const next = old.syncs.find((s) => s.time === 135)!;
    expect(next.currentReplicas).toBeGreaterThan(3);
    expect(next.replicas).toBe(3);
    expect(next.explanation).toMatch(/^At t=127s the HPA was edited .*the first to read it\. /);
    expect(old.changes).toEqual([
      { time: 127, description: 'the HPA was edited (maxReplicas 10 → 3)' },
    ]);
  });

  it('keeps the controller memory across an edit: the scale-down window still holds', () => {
    const none = full(world('1.35', () => []));
    // The same spec applied at 10m (the traffic drops): nothing the controller reads changed.
    const same = full(
      world('1.35', (hpa) => [
        { atSeconds: 600, hpa, replicas: null, description: 'applied unchanged' },
      ]),
    );
    expect(Array.from(same.series.specReplicas)).toEqual(Array.from(none.series.specReplicas));
    // The window really held replicas up after 10m (else this run shows nothing).
    const i = none.syncs.findIndex((s) => s.time === 780);
    expect(none.syncs[i]!.replicas).toBeGreaterThan(none.syncs[none.syncs.length - 1]!.replicas);
  });

  it('applies a kubectl scale at its instant, read by the next sync', () => {
    const r = full(
      world('1.37', () => [
        {
          atSeconds: 400,
          hpa: null,
          replicas: 1,
          description: 'the target was scaled to 1 (kubectl scale)',
        },
      ]),
    );
    const next = r.syncs.find((s) => s.time === 405)!;
    expect(next.currentReplicas).toBe(1);
    expect(next.changes).toEqual([
      { time: 400, description: 'the target was scaled to 1 (kubectl scale)' },
    ]);
    // A scale is no HPA edit: no sync of its own.
    expect(r.syncs).toHaveLength(121);
  });

  it('replays every sync of a compact run with edits as the full run recorded it', () => {
    const input = world('1.37', (hpa) => [
      { atSeconds: 500, hpa: edited(hpa, { maxReplicas: 6 }, 2), replicas: null, description: 'a' },
      {
        atSeconds: 1001,
        hpa: edited(hpa, { maxReplicas: 8, minReplicas: 2 }, 3),
        replicas: 9,
        description: 'b',
      },
    ]);
    const recorded = full(input);
    const compact = simulate(input);
    if (!compact.ok) throw new Error(compact.error);
    expect(compact.result.replay!.snapshots.length).toBeGreaterThan(0);
    expect(Array.from(compact.result.series.specReplicas)).toEqual(
      Array.from(recorded.series.specReplicas),
    );
    for (let i = 0; i < recorded.syncs.length; i++)
      expect(syncDetail(input, compact.result, i)).toEqual(recorded.syncs[i]);
  });
});
