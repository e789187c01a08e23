import { describe, expect, it } from 'vitest';
import { decidingMetric, metricSteps } from './metricSteps.ts';
import { findSync, presetRun } from './testing/presets.ts';
import type { MetricTrace } from './types.ts';

describe('metricSteps', () => {
  it('fourteen pods: missing pods count as 0 on this scale-up, failed pods are ignored', () => {
    const [m] = metricSteps(presetRun('fourteen-pods').detail(0)!);
    expect(m).toMatchObject({ label: 'cpu utilization', current: '85% (510m)', target: '60%' });
    expect(m!.readyPods).toBe(10);
    const missing = m!.podGroups.find((g) => g.kind === 'missing')!;
    expect(missing.names).toHaveLength(2);
    expect(missing.why).toBe(
      'no metrics sample: counted as 0% on a scale-up, as 100% of request on a scale-down',
    );
    expect(missing.applied).toBe('counted as 0 here (ratio above 1)');
    const ignored = m!.podGroups.find((g) => g.kind === 'ignored')!;
    expect(ignored.names).toHaveLength(2);
    expect(ignored.why).toMatch(/not counted as 0%/);
    // Rebalanced: the branch is shown, not a plain ceil(ratio × ready) that would be wrong here.
    expect(m!.branch).toMatch(/^rebalanced/);
    expect(m!.formula).toBeNull();
    expect(m!.proposal).toBe(14);
  });

  it('unready pods on a scale-up (CPU): counted as 0 with the CPU initialization rule named', () => {
    // The 9 pods created at 0 are missing at 15 s (metrics-server has one sample of each) and
    // unready for CPU at 30 s (their first sample predates readiness + one window).
    const run = presetRun('story-1-scale-up-fast');
    const i = findSync(
      run,
      (k) => (run.result.syncs[k]!.trace.metrics?.[0]?.podGroups?.unready.length ?? 0) > 0,
    );
    expect(run.result.syncs[i]!.time).toBe(30);
    const [m] = metricSteps(run.detail(i)!);
    const unready = m!.podGroups.find((g) => g.kind === 'unready')!;
    expect(unready.names).toHaveLength(9);
    expect(unready.why).toMatch(/CPU initialization period/);
    expect(unready.applied).toBe('counted as 0 here (ratio above 1)');
  });

  it('checks the ratio against the inclusive tolerance band', () => {
    const run = presetRun('tolerance-dead-band');
    const i = findSync(
      run,
      (k) => run.result.syncs[k]!.trace.metrics?.[0]?.note === 'within tolerance',
    );
    const [m] = metricSteps(run.detail(i)!);
    expect(m!.tolerance!.within).toBe(true);
    expect(m!.tolerance!.low).toBeCloseTo(0.9);
    expect(m!.tolerance!.high).toBeCloseTo(1.1);
    expect(m!.formula).toBe(`within tolerance → keep current (${m!.proposal})`);
  });

  it('shows ceil(ratio × ready pods) only when it reproduces the proposal', () => {
    const [m] = metricSteps(presetRun('story-1-scale-up-fast').detail(0)!);
    expect(m!.formula).toBe('ceil(2000 × 1 ready pods) = 2000');
  });

  it('marks the metric that decided when there are several', () => {
    const run = presetRun('cpu-and-object-metric');
    const last = run.result.syncs.length - 1;
    const models = metricSteps(run.detail(last)!);
    const decided = models.filter((m) => m.decided);
    expect(decided).toHaveLength(1);
    expect(decided[0]!.proposal).toBe(Math.max(...models.map((m) => m.proposal ?? -1)));
    expect(models[1]!.label).toBe('object requests-per-second on Ingress/main-route');
  });
});

describe('decidingMetric', () => {
  const m = (proposal: number | undefined, error?: string): MetricTrace => ({
    type: 'Resource',
    ...(proposal !== undefined ? { proposal } : {}),
    ...(error ? { error } : {}),
  });
  it('takes the first largest valid proposal and skips failed metrics', () => {
    expect(decidingMetric([m(3), m(5), m(5)])).toBe(1);
    expect(decidingMetric([m(9, 'FailedGetResourceMetric'), m(2)])).toBe(1);
    expect(decidingMetric([m(undefined, 'FailedGetPodsMetric')])).toBe(-1);
    expect(decidingMetric([])).toBe(-1);
  });
});
