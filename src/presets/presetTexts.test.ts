// Every "what to notice" that states a number or a time is checked against the preset's run, so
// a change to the world or the controller that makes a text untrue fails here.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isFullResult, type FullSimulationResult } from '../engine/simulation/index.ts';
import { runScenario } from '../run/index.ts';

const dir = import.meta.dirname;
const read = (file: string) => readFileSync(join(dir, file), 'utf8');

function run(text: string): { result: FullSimulationResult; description: string } {
  const { summary, runs } = runScenario(text, { record: 'full' });
  const run = runs[0];
  if (!run?.ok || !isFullResult(run.result)) throw new Error('the preset did not run');
  return { result: run.result, description: summary.description };
}

const rescales = (r: FullSimulationResult) =>
  r.syncs.filter((s) => s.rescaled).map((s) => [s.time, s.replicas]);
const utilization = (s: FullSimulationResult['syncs'][number]) =>
  s.trace.metrics?.[0]?.currentUtilization;

describe('what to notice stays true to the run', () => {
  it('manual-zero-1-35-vs-1-37: 1.35 overrides the pause at once, 1.37 leaves it for 10 minutes', () => {
    const text = read('manual-zero-1-35-vs-1-37.yaml');
    const { summary, runs } = runScenario(text, { record: 'full' });
    const [old, next] = runs.map((r) => {
      if (!r.ok || !isFullResult(r.result)) throw new Error('the preset did not run');
      return r.result;
    });
    // Both make their own zero at 15:15 and resume it to 4 when the jobs come back.
    for (const r of [old!, next!]) {
      expect(rescales(r).slice(0, 2)).toEqual([
        [915, 0],
        [1515, 4],
      ]);
    }
    const at = (r: FullSimulationResult, t: number) => r.syncs.find((s) => s.time === t)!;
    expect(at(old!, 2400)).toMatchObject({ currentReplicas: 0, replicas: 4 });
    const paused = next!.syncs.filter((s) => s.time >= 2400 && s.time < 3000);
    expect(paused.length).toBe(40);
    for (const s of paused) {
      expect(s.replicas).toBe(0);
      expect(s.conditions).toContainEqual(
        expect.objectContaining({ type: 'ScalingActive', reason: 'ScalingDisabled' }),
      );
      expect(s.conditions).toContainEqual(
        expect.objectContaining({ type: 'ScaledToZero', status: 'False' }),
      );
    }
    expect(at(next!, 3000)).toMatchObject({ currentReplicas: 2, replicas: 4 });
    expect(summary.description).toMatch(
      /at 15:15.*back to 4.*at that very instant scales it back to 4.*for 10 minutes.*to 2 at 50 minutes/s,
    );
  });

  it('tolerance-dead-band: holds at 77 % (ratio 1.1 exactly), acts at 78 %', () => {
    const { result, description } = run(read('tolerance-dead-band.yaml'));
    const first = result.syncs.find((s) => s.rescaled)!;
    expect(utilization(first)).toBe(78);
    const at77 = result.syncs.filter((s) => utilization(s) === 77);
    expect(at77.length).toBeGreaterThan(0);
    expect(at77.every((s) => !s.rescaled && s.time < first.time)).toBe(true);
    expect(description).toContain('Only at 78 %');
  });

  it('fourteen-pods: the controller keeps 14 (the blog says 16); Failed pods are replaced', () => {
    const { result, description } = run(read('fourteen-pods.yaml'));
    expect(result.syncs[0]!.replicas).toBe(14);
    // 85 % over the pods with metrics; the rebalanced 70 % gives ceil(1.167 × 12) = 14.
    expect(result.syncs[0]!.trace.metrics![0]!).toMatchObject({
      currentUtilization: 85,
      proposal: 14,
    });
    expect(rescales(result)).toEqual([]);
    // The 2 replacements start right after the first sync, beside the 12 active pods.
    const p = result.syncs.find((s) => s.time === 15)!.pods;
    expect(p.ready + p.running + p.pending).toBe(14);
    expect(p.pending + p.running).toBe(2);
    expect(description).toMatch(/ends at 16\s+pods; the controller stays at 14/);
  });

  it('story 1: unbounded pods reach 1000 at 2:00; throttled at 2 cores, at 3:15', () => {
    const text = read('story-1-scale-up-fast.yaml');
    expect(rescales(run(text).result)).toEqual([
      [0, 10],
      [60, 100],
      [120, 1000],
    ]);
    const limited = text.replace(
      "resources: { requests: { cpu: '1' } }",
      "resources: { requests: { cpu: '1' }, limits: { cpu: '2' } }",
    );
    expect(limited).not.toBe(text);
    const ups = rescales(run(limited).result);
    expect(ups.slice(0, 4).map((u) => u[1])).toEqual([4, 10, 16, 40]);
    expect(ups.at(-1)).toEqual([195, 1000]);
    expect(run(text).description).toContain('reaches 1000 at 3:15');
  });

  it('story 4: Disabled stops every recommended scale-down, not the min/max clamp', () => {
    const text = read('story-4-no-scale-down.yaml');
    expect(run(text).result.kpis.scaleDowns).toBe(0);
    // Start above maxReplicas (20): the clamp at the start of the sync still scales down.
    const above = text.replace(/^ {4}replicas: 2$/m, '    replicas: 25');
    expect(above).not.toBe(text);
    expect(rescales(run(above).result)[0]).toEqual([0, 20]);
  });

  it('story 6: 2 → 13 → 22 at 25:00–25:15, and 22 → 25 only at 31:00', () => {
    const { result, description } = run(read('story-6-delay-scale-up.yaml'));
    expect(rescales(result)).toEqual([
      [1500, 13],
      [1515, 22],
      [1860, 25],
    ]);
    // Why 31:00: at 25:45 and 26:00 the new pods count as 0 % and the proposal falls back to 22,
    // which stays the lowest recommendation of the 300 s up-window until 26:00 + 300 s.
    for (const t of [1545, 1560])
      expect(result.syncs.find((s) => s.time === t)!.trace.metricDesiredReplicas).toBe(22);
    expect(description).toContain('waits until 31:00');
  });

  it('memory-never-scales-down: one pod every other sync, never back down', () => {
    const { result } = run(read('memory-never-scales-down.yaml'));
    const ups = rescales(result);
    expect(ups.length).toBeGreaterThan(2);
    for (let i = 1; i < ups.length; i++) {
      expect(ups[i]![0]! - ups[i - 1]![0]!).toBe(30);
      expect(ups[i]![1]! - ups[i - 1]![1]!).toBe(1);
    }
    expect(result.kpis.scaleDowns).toBe(0);
  });

  it('scale-down-windows: 0 s flaps (96 events, 71 reversals), 900 s decides like 300 s', () => {
    const text = read('scale-down-windows.yaml');
    const { summary, runs } = runScenario(text, { record: 'compact' });
    const kpis = Object.fromEntries(
      runs.map((r) => {
        if (!r.ok) throw new Error(r.error);
        return [r.label, r.result.kpis];
      }),
    );
    expect(Object.keys(kpis)).toEqual(['web', 'window-0s', 'window-900s']);
    const {
      web,
      'window-0s': zero,
      'window-900s': long,
    } = kpis as Record<string, (typeof kpis)[string]>;
    expect([web!.scaleEvents, zero!.scaleEvents, long!.scaleEvents]).toEqual([27, 96, 27]);
    expect([web!.directionReversals, zero!.directionReversals, long!.directionReversals]).toEqual([
      3, 71, 3,
    ]);
    // "6 % fewer pod-hours", "2 % more", "unmet demand nearly doubles"
    expect(Math.round((100 * (zero!.podHours - web!.podHours)) / web!.podHours)).toBe(-6);
    expect(Math.round((100 * (long!.podHours - web!.podHours)) / web!.podHours)).toBe(2);
    const unmet = zero!.unmetDemandPercent / web!.unmetDemandPercent;
    expect(unmet).toBeGreaterThan(1.6);
    expect(unmet).toBeLessThan(2);
    const d = summary.description.replace(/\s+/g, ' ');
    expect(d).toContain('96 scale events and 71 direction reversals against 27 and 3');
    expect(d).toContain('6 % fewer pod-hours');
    expect(d).toContain('27 events and 3 reversals, and pays 2 % more pod-hours');
  });
});
