import { describe, expect, it } from 'vitest';
import { clampModel, policyModel } from './limits.ts';
import { findSync, presetRun } from './testing/presets.ts';
import type { SyncDetail } from './types.ts';

const limitedReason = (d: SyncDetail) =>
  d.sync.conditions.find((c) => c.type === 'ScalingLimited')?.reason;

describe('policyModel', () => {
  it('story 1, t=0: Percent 900 from 1 pod allows 10', () => {
    const m = policyModel(presetRun('story-1-scale-up-fast').detail(0)!)!;
    expect(m.direction).toBe('up');
    expect(m.selectPolicy).toBe('Max');
    expect(m.rows).toHaveLength(1);
    expect(m.rows[0]).toMatchObject({
      eventsText: '+0 / −0 in the last 60 s',
      formula: 'ceil(1 × (1 + 900/100)) = 10',
      picked: true,
    });
    expect(m.limit).toBe(10);
  });

  it('story 1, t=15: the +9 of t=0 is still inside the period, so the period started at 1', () => {
    const m = policyModel(presetRun('story-1-scale-up-fast').detail(1)!)!;
    expect(m.rows[0]).toMatchObject({ added: 9, periodStartReplicas: 1, proposed: 10 });
    expect(m.rows[0]!.eventsText).toBe('+9 / −0 in the last 60 s');
  });

  it('shows a scale-down policy with trunc or subtraction', () => {
    const run = presetRun('story-2-fast-up-slow-down');
    const d = run.detail(findSync(run, (k) => limitedReason(run.detail(k)!) === 'ScaleDownLimit'))!;
    const m = policyModel(d)!;
    expect(m.direction).toBe('down');
    expect(m.rows.length).toBeGreaterThan(0);
    for (const r of m.rows) expect(r.formula).toMatch(/^(trunc\(|\d+ − )/);
    expect(m.rows.some((r) => r.picked)).toBe(true);
  });

  it('says Disabled plainly: the limit is current', () => {
    const run = presetRun('story-4-no-scale-down');
    const d = run.detail(findSync(run, (k) => limitedReason(run.detail(k)!) === 'ScaleDownLimit'))!;
    const m = policyModel(d)!;
    expect(m.disabled).toBe(true);
    expect(m.rows).toEqual([]);
    expect(m.limit).toBe(d.sync.currentReplicas);
    expect(m.lines[0]).toContain('Disabled');
  });

  it('selectPolicy Min picks the least permissive proposal', () => {
    const d = presetRun('story-1-scale-up-fast').detail(0)!;
    const policies = [
      {
        type: 'Pods',
        value: 4,
        periodSeconds: 15,
        added: 0,
        removed: 0,
        periodStartReplicas: 1,
        proposed: 5,
      },
      {
        type: 'Percent',
        value: 900,
        periodSeconds: 60,
        added: 0,
        removed: 0,
        periodStartReplicas: 1,
        proposed: 10,
      },
    ];
    const withMin: SyncDetail = {
      ...d,
      hpa: {
        ...d.hpa,
        spec: {
          ...d.hpa.spec,
          behavior: {
            ...d.hpa.spec.behavior,
            scaleUp: { ...d.hpa.spec.behavior!.scaleUp, selectPolicy: 'Min' },
          },
        },
      },
      sync: { ...d.sync, trace: { ...d.sync.trace, policies, scaleUpLimit: 5 } },
    };
    const m = policyModel(withMin)!;
    expect(m.rows.map((r) => r.picked)).toEqual([true, false]);
    expect(m.lines[0]).toBe('selectPolicy Min: the least permissive policy allows 5');
  });

  it('legacy path: the cap is max(2 × current, 4)', () => {
    const d = presetRun('fourteen-pods').detail(0)!;
    const m = policyModel(d)!;
    expect(m.legacy).toBe(true);
    expect(m.lines[1]).toBe(`scale-up cap this sync: max(2 × 14, 4) = 28`);
  });
});

describe('clampModel', () => {
  it('combines the policy limit with maxReplicas into the ceiling', () => {
    const c = clampModel(presetRun('story-1-scale-up-fast').detail(0)!)!;
    expect(c.bound).toBe(10);
    expect(c.lines[0]).toBe('ceiling = min(maxReplicas 1000, policy limit 10) = 10');
    expect([c.input, c.output, c.reason]).toEqual([2000, 10, 'ScaleUpLimit']);
  });

  it('clamps to maxReplicas separately from the rate limit (legacy TooManyReplicas)', () => {
    const run = presetRun('cpu-and-object-metric');
    const d = run.detail(
      findSync(run, (k) => limitedReason(run.detail(k)!) === 'TooManyReplicas'),
    )!;
    const c = clampModel(d)!;
    expect(c.output).toBe(30);
    expect(c.reason).toBe('TooManyReplicas');
    expect(c.lines.at(-1)).toBe(`${c.input} → 30 (TooManyReplicas)`);
  });

  it('raises to minReplicas (TooFewReplicas)', () => {
    const run = presetRun('queue-external');
    const d = run.detail(findSync(run, (k) => limitedReason(run.detail(k)!) === 'TooFewReplicas'))!;
    const c = clampModel(d)!;
    expect(c.output).toBe(d.hpa.spec.minReplicas ?? 1);
    expect(c.input).toBeLessThan(c.output);
  });
});
