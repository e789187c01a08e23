import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isFullResult, type FullSimulationResult } from '../engine/simulation/index.ts';
import { runScenario } from '../run/index.ts';

const dir = import.meta.dirname;
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .sort();

function runPreset(file: string): {
  result: FullSimulationResult;
  description: string;
  /** the variants' runs (spec.variants), in order */
  variants: { name: string; result: FullSimulationResult }[];
} {
  const text = readFileSync(join(dir, file), 'utf8');
  const { summary, runs } = runScenario(text, { record: 'full' });
  const problems = summary.diagnostics.filter((d) => d.severity !== 'info');
  expect(problems, `${file} must parse clean`).toEqual([]);
  expect(summary.ok).toBe(true);
  // The HPA's run first, then one per variant (spec.variants); most presets have none.
  expect(runs.map((r) => r.kind)).toEqual(['hpa', ...runs.slice(1).map(() => 'variant')]);
  const full = runs.map((run) => {
    if (!run.ok) throw new Error(`${file}: ${run.error}`);
    if (!isFullResult(run.result)) throw new Error(`${file}: no records`);
    return { name: run.label, result: run.result };
  });
  return {
    result: full[0]!.result,
    description: summary.description,
    variants: full.slice(1),
  };
}

/** What a preset decided: every rescale with the reasons that shaped it, and the KPIs. */
function decisions(r: FullSimulationResult) {
  return {
    rescales: r.syncs
      .filter((s) => s.rescaled)
      .map((s) => {
        const reason = (type: string) => s.conditions.find((c) => c.type === type)?.reason ?? '-';
        return `${s.time}s ${s.currentReplicas}→${s.replicas} ${reason('ScalingActive')} ${reason('ScalingLimited')}`;
      }),
    kpis: r.kpis,
  };
}

const rescales = (r: FullSimulationResult) =>
  r.syncs.filter((s) => s.rescaled).map((s) => [s.time, s.replicas]);

describe('presets', () => {
  it('there are presets for every documented story', () => {
    expect(files.length).toBeGreaterThanOrEqual(16);
  });

  for (const file of files) {
    it(`${file} parses clean, says what to notice, and decides as pinned`, () => {
      const { result, description, variants } = runPreset(file);
      expect(description.length, 'a "what to notice" description').toBeGreaterThan(40);
      expect(decisions(result)).toMatchSnapshot();
      // A preset with variants pins each variant's decisions too (presets without keep theirs).
      for (const v of variants) expect(decisions(v.result)).toMatchSnapshot(`variant ${v.name}`);
    });
  }
});

describe('behavior design (KEP-853) stories reproduce their replica sequences', () => {
  it('story 1: Percent 900 / 60 s goes 1 → 10 → 100 → 1000', () => {
    expect(rescales(runPreset('story-1-scale-up-fast.yaml').result)).toEqual([
      [0, 10],
      [60, 100],
      [120, 1000],
    ]);
  });

  it('story 2: after the 300 s window, one pod per 600 s: 100 → 99 → 98 …', () => {
    const downs = rescales(runPreset('story-2-fast-up-slow-down.yaml').result).slice(2);
    // The drop at 15 min reaches the controller through metrics-server's rate over the last
    // two scrapes, so the first scale-down is at 20:15 and four fit in the hour.
    expect(downs.map((d) => d[1])).toEqual([99, 98, 97, 96]);
    expect(downs[0]![0]).toBe(1215);
    const times = downs.map((d) => d[0]!);
    expect(times.slice(1).map((t, i) => t - times[i]!)).toEqual([600, 600, 600]);
  });

  it('story 3: Pods 1 / 300 s goes 1 → 2 → 3 → 4 → 5, one pod every 300 s', () => {
    expect(rescales(runPreset('story-3-slow-up.yaml').result).slice(0, 4)).toEqual([
      [0, 2],
      [300, 3],
      [600, 4],
      [900, 5],
    ]);
  });

  it('story 4: scale-down Disabled never scales down', () => {
    const r = runPreset('story-4-no-scale-down.yaml').result;
    expect(r.kpis.scaleDowns).toBe(0);
    expect(r.kpis.scaleUps).toBeGreaterThan(0);
  });

  it('story 5: nothing for the 600 s window, then at most 5 pods per minute', () => {
    const r = runPreset('story-5-delay-scale-down.yaml').result;
    const downs = rescales(r);
    // The window keeps the highest recommendation: the first scale-down comes exactly when the
    // last recommendation of 20 leaves the 600 s window (a recommendation 600 s old is outside).
    const lastHigh = Math.max(
      ...r.syncs.filter((x) => (x.trace.metricDesiredReplicas ?? 0) >= 20).map((x) => x.time),
    );
    expect(lastHigh).toBeGreaterThanOrEqual(100);
    expect(downs[0]![0]).toBe(lastHigh + 600);
    for (let i = 0; i < downs.length; i++) {
      const before = i === 0 ? 20 : downs[i - 1]![1]!;
      expect(before - downs[i]![1]!).toBeLessThanOrEqual(5);
    }
  });

  it('story 6: short spikes do not scale up; a sustained rise does after the 300 s window', () => {
    const r = runPreset('story-6-delay-scale-up.yaml').result;
    const ups = rescales(r);
    expect(ups[0]![0]).toBeGreaterThanOrEqual(1200 + 270);
    expect(ups[0]![1]! - 2).toBeLessThanOrEqual(20);
  });
});
