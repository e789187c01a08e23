import { describe, expect, it } from 'vitest';
import { SEED_NOTE_TEXT } from '../engine/simulation/seedNotes.ts';
import { decisionChain } from './decisionChain.ts';
import { ABOVE_MAX, BELOW_MIN, METRIC_OUTAGE, SCALED_TO_ZERO } from './testing/scenarios.ts';
import { findSync, presetRun, textRun } from './testing/presets.ts';

describe('decisionChain', () => {
  it('orders the steps of a full sync and says which one changed the number', () => {
    const steps = decisionChain(presetRun('story-1-scale-up-fast').detail(0)!);
    expect(steps.map((s) => s.kind)).toEqual([
      'metrics',
      'tolerance',
      'max',
      'stabilization',
      'policies',
      'clamp',
      'result',
    ]);
    const byKind = Object.fromEntries(steps.map((s) => [s.kind, s]));
    expect(byKind.max!.value).toBe(2000);
    expect(byKind.stabilization!.status).toBe('neutral');
    expect(byKind.policies!.status).toBe('changed');
    expect(byKind.policies!.notes.join(' ')).toMatch(/never move replicas further/);
    // The clamp did not bind (maxReplicas 1000 is above the policy limit 10).
    expect(byKind.clamp!.status).toBe('neutral');
    expect(byKind.result!.lines[0]).toBe(
      'New size: 10; reason: cpu resource utilization (percentage of request) above target',
    );
  });

  it('attributes a maxReplicas clamp to the clamp step, not to the policies', () => {
    const run = presetRun('story-1-scale-up-fast');
    const last = run.detail(run.result.syncs.length - 1)!;
    const steps = decisionChain(last);
    const clamp = steps.find((s) => s.kind === 'clamp')!;
    expect(clamp.status).toBe('changed');
    expect(clamp.clamp!.reason).toBe('TooManyReplicas');
    expect(steps.find((s) => s.kind === 'policies')!.status).toBe('neutral');
  });

  it('notes that Disabled keeps replicas, and min/max act only before the policies', () => {
    const run = presetRun('story-4-no-scale-down');
    const i = run.result.syncs.findIndex((s) =>
      s.conditions.some((c) => c.reason === 'ScaleDownLimit'),
    );
    expect(i).toBeGreaterThan(0);
    const chain = decisionChain(run.detail(i)!);
    const policies = chain.find((s) => s.kind === 'policies')!;
    expect(policies.notes).toContain(SEED_NOTE_TEXT.disabledDirection);
    expect(SEED_NOTE_TEXT.disabledDirection).toContain(
      'only through the check at the start of a sync',
    );
    // The clamp after the policies does not lower replicas under Disabled: the result is current.
    expect(chain.at(-1)!.value).toBe(run.result.syncs[i]!.currentReplicas);
  });

  it('does not call an AverageValue proposal a ready-pod multiple (usage / target)', () => {
    const run = presetRun('queue-external');
    let proposals = 0;
    for (let i = 0; i < run.result.syncs.length; i++) {
      const metrics = decisionChain(run.detail(i)!).find((s) => s.kind === 'metrics')!;
      if (metrics.metrics!.some((m) => m.formula?.startsWith('ceil(usage / target)'))) proposals++;
      expect(metrics.notes).not.toContain(SEED_NOTE_TEXT.readyMultiplier);
    }
    expect(proposals).toBeGreaterThan(0);
  });

  it('notes that a Value target multiplies by the Running and Ready pods', () => {
    const run = presetRun('cpu-and-object-metric');
    const i = run.result.syncs.findIndex((s) => s.rescaled && s.time > 900);
    expect(i).toBeGreaterThan(0);
    const metrics = decisionChain(run.detail(i)!).find((s) => s.kind === 'metrics')!;
    expect(metrics.notes).toContain(SEED_NOTE_TEXT.readyMultiplier);
  });

  it('says the stabilization window is not a cooldown when it held a scale-down', () => {
    const run = presetRun('story-2-fast-up-slow-down');
    const i = run.result.syncs.findIndex(
      (s) =>
        s.trace.metricDesiredReplicas !== undefined &&
        s.trace.metricDesiredReplicas < s.currentReplicas &&
        s.trace.stabilizedReplicas !== s.trace.metricDesiredReplicas,
    );
    const stab = decisionChain(run.detail(i)!).find((s) => s.kind === 'stabilization')!;
    expect(stab.status).toBe('changed');
    expect(stab.notes[0]).toMatch(/not a cooldown/);
  });

  it.each([
    [ABOVE_MAX, 'Above maxReplicas', /current 8 > maxReplicas 5: set to 5 without reading metrics/],
    [BELOW_MIN, 'Below minReplicas', /current 1 < minReplicas 3: set to 3/],
    [SCALED_TO_ZERO, 'Scaling disabled', /ScalingDisabled/],
  ])('says plainly when a shortcut decided (%#)', (text, title, line) => {
    const steps = decisionChain(textRun(text).detail(0)!);
    expect(steps[0]!.kind).toBe('shortcut');
    expect(steps[0]!.title).toBe(title);
    expect(steps[0]!.lines[0]).toMatch(line);
    expect(steps.some((s) => s.kind === 'stabilization' || s.kind === 'policies')).toBe(false);
  });

  it('says when the scale could not be read (nothing else happens)', () => {
    const d = presetRun('story-1-scale-up-fast').detail(3)!;
    const steps = decisionChain({
      ...d,
      sync: { ...d.sync, trace: { path: 'getScaleError', tolerances: d.sync.trace.tolerances } },
    });
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ kind: 'shortcut', status: 'stop', value: null });
    expect(steps[0]!.lines[0]).toMatch(/^FailedGetScale/);
  });

  it('stops after the metrics when every metric failed', () => {
    const steps = decisionChain(textRun(METRIC_OUTAGE).detail(0)!);
    expect(steps.map((s) => s.kind)).toEqual(['metrics', 'tolerance', 'max']);
    const max = steps[2]!;
    expect(max.status).toBe('stop');
    expect(max.lines[0]).toMatch(
      /^every metric failed: ScalingActive=False FailedGetResourceMetric/,
    );
    expect(steps[0]!.metrics![0]!.error?.reason).toBe('FailedGetResourceMetric');
  });

  it('a sync with no HPA (KEDA paused) is one step saying so, not an empty chain', () => {
    const run = presetRun('keda-paused-replicas-hold');
    const i = findSync(run, (k) => run.result.syncs[k]!.noHpa === true);
    const steps = decisionChain(run.detail(i)!);
    expect(steps.map((s) => [s.kind, s.title, s.status])).toEqual([
      ['shortcut', 'No HPA (KEDA paused)', 'stop'],
    ]);
    expect(steps[0]!.lines[0]).toMatch(
      /^KEDA deleted the HPA keda-hpa-orders while the ScaledObject is paused/,
    );
    expect(steps[0]!.lines[1]).toBe(
      'spec.replicas stays 10; a re-created HPA starts with an empty stabilization window',
    );
    // The syncs with an HPA keep their full chain.
    expect(decisionChain(run.detail(0)!).map((s) => s.kind)).toContain('metrics');
  });
});
