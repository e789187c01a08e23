import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../engine/simulation/index.ts';
import { parseScenario } from '../scenario/index.ts';
import { planScenario, runScenario } from './index.ts';

const presets = resolve(import.meta.dirname, '../presets');
const text = (name: string) => readFileSync(resolve(presets, name), 'utf8');

describe('runScenario', () => {
  it('gives the parse summary and one hpa run equal to a direct simulate', () => {
    const source = text('cpu-70-vs-60.yaml');
    const { summary, runs } = runScenario(source);
    expect(summary.ok).toBe(true);
    expect(summary.name).toBe('cpu-70-vs-60');
    expect(summary.effectiveHpaYaml).toContain('kind: HorizontalPodAutoscaler');
    expect(runs).toHaveLength(1);
    const run = runs[0]!;
    expect(run).toMatchObject({ key: 'main', kind: 'hpa', group: 'main', colour: 0, ok: true });
    expect(run.result?.record).toBe('compact');
    expect(run.result?.syncs).toBeNull();
    const full = runScenario(source, { record: 'full' }).runs[0]!;
    expect(full.result?.syncs).toHaveLength(41);
    const direct = simulate(parseScenario(source).input!);
    if (!direct.ok || !run.ok) throw new Error('both must run');
    expect(run.result.kpis).toEqual(direct.result.kpis);
    expect(Array.from(run.result.series.specReplicas)).toEqual(
      Array.from(direct.result.series.specReplicas),
    );
  });

  it('stops a run past RunOptions.workBudget with the engine’s overrun, federation too', () => {
    const [one] = runScenario(text('default.yaml'), { workBudget: 50_000 }).runs;
    expect(one).toMatchObject({ ok: false, result: null });
    if (one!.ok) return;
    expect(one!.overrun?.atSeconds).toBeLessThan(one!.input.durationSeconds);
    expect(one!.error).toBe(one!.overrun?.message);
    const runs = runScenario(text('multicluster/failover.yaml'), { workBudget: 5_000 }).runs;
    expect(runs.length).toBeGreaterThan(0);
    for (const r of runs) expect(!r.ok && r.overrun?.fields.length).toBeGreaterThan(0);
    expect(runScenario(text('default.yaml'), { workBudget: 1e12 }).runs[0]!.ok).toBe(true);
  });

  it('has no runs for a text with errors, and keeps its diagnostics', () => {
    const { summary, runs } = runScenario('kind: HorizontalPodAutoscaler\nspec: [unclosed\n');
    expect(summary.ok).toBe(false);
    expect(summary.diagnostics.some((d) => d.severity === 'error')).toBe(true);
    expect(runs).toEqual([]);
  });

  it('reports a run that cannot finish as a failed run, not a throw', () => {
    const { runs } = runScenario(text('default.yaml'), { shouldStop: () => true });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ ok: false, error: 'cancelled', result: null });
  });

  it("comments the effective HPA with the scenario's downscale window, even when the Simulation part fails", () => {
    const source = text('cpu-70-vs-60.yaml').replace(
      '  duration: 10m\n',
      '  duration: 10m\n  controller:\n    downscaleStabilization: 1m\n',
    );
    expect(planScenario(source).summary.effectiveHpaYaml).toContain('last 60 s');
    const broken = source.replace('  duration: 10m\n', '  duration: ten minutes\n');
    const plan = planScenario(broken);
    expect(plan.summary.ok).toBe(false);
    expect(plan.runs).toEqual([]);
    expect(plan.summary.effectiveHpaYaml).toContain('last 60 s');
  });

  it('has no effective HPA when the HPA document itself is invalid', () => {
    const broken = text('cpu-70-vs-60.yaml').replace(/maxReplicas: \d+/, 'maxReplicas: zero');
    expect(broken).toContain('maxReplicas: zero');
    expect(planScenario(broken).summary.effectiveHpaYaml).toBeNull();
  });
});
