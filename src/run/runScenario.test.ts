import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulate } from '../engine/simulation/index.ts';
import { HPA_V2, SIMULATION } from '../scenario/__fixtures__/helpers.ts';
import { parseScenario } from '../scenario/index.ts';
import { planScenario, runPlan, runScenario } from './index.ts';

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
    // The error is the meter's, naming the field the user wrote behind the cost.
    expect(one!.error.startsWith(one!.overrun!.message)).toBe(true);
    expect(one!.error).toMatch(/, set by [\w:.[\]]+ \(line \d+\)/);
    expect(one!.at?.written).toBe(true);
    const runs = runScenario(text('multicluster/failover.yaml'), { workBudget: 5_000 }).runs;
    expect(runs.length).toBeGreaterThan(0);
    for (const r of runs) expect(!r.ok && r.overrun?.fields.length).toBeGreaterThan(0);
    expect(runScenario(text('default.yaml'), { workBudget: 1e12 }).runs[0]!.ok).toBe(true);
  });

  it('hands every run its share of the budget it was read with; a stop names the field', () => {
    // 200 pods that never settle for a week: certain to fit, stopped by the meter on the way.
    const week = `${HPA_V2(`  scaleTargetRef: { kind: Deployment, name: web }\n  minReplicas: 200\n  maxReplicas: 200\n`)}---
${SIMULATION(`  duration: 168h
  workload:
    replicas: 200
    startupCpuBurst: { extra: 300m, duration: 720h }
  traffic: { type: constant, value: 60000 }
`)}`;
    const plan = planScenario(week, { maxWork: 2_000_000 });
    expect(plan.summary.ok).toBe(true);
    expect(plan.summary.notices.join('\n')).toMatch(/may need up to about/);
    expect(plan.runs.map((r) => r.workBudget)).toEqual([2_000_000]);
    const [run] = runPlan(plan).runs;
    expect(run!.ok).toBe(false);
    if (run!.ok) return;
    expect(run!.overrun!.dominant).toBe('podScrapes');
    expect(run!.at).toMatchObject({ path: 'hpa:spec.maxReplicas', written: true });
    expect(run!.at!.line).toBe(week.split('\n').indexOf('  maxReplicas: 200') + 1);
    expect(run!.error).toContain(`set by hpa:spec.maxReplicas (line ${run!.at!.line})`);
    expect(run!.error).toContain('--max-work');
    // Variants share it: their budgets add up to the scenario's.
    const variants = `${text('default.yaml')}  variants:\n    - { name: a, patch: { maxReplicas: 20 } }\n    - { name: b, patch: { maxReplicas: 30 } }\n`;
    const shared = planScenario(variants, { maxWork: 3_000_000 }).runs;
    expect(shared).toHaveLength(3);
    const sum = shared.reduce((n, r) => n + r.workBudget!, 0);
    expect(sum).toBeCloseTo(3_000_000, 0);
    // A multi-cluster scenario's models share it the same way.
    const fed = planScenario(text('multicluster/failover.yaml'), { maxWork: 3_000_000 }).runs;
    const models = new Map(fed.map((r) => [r.federation!.model, r.workBudget!]));
    expect([...models.values()].reduce((n, x) => n + x, 0)).toBeCloseTo(3_000_000, 0);
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
