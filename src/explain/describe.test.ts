import { describe, expect, it } from 'vitest';
import { aggregateEvents, describeHpa, humanDuration } from './describe.ts';
import { presetRun } from './testing/presets.ts';

describe('humanDuration (kubectl ages)', () => {
  it.each([
    [-5, '<invalid>'],
    [0, '0s'],
    [45, '45s'],
    [119, '119s'],
    [120, '2m'],
    [150, '2m30s'],
    [600, '10m'],
    [3600, '60m'],
    [7200, '120m'],
    [10_800, '3h'],
    [11_000, '3h3m'],
    [8 * 3600, '8h'],
    [49 * 3600, '2d1h'],
    [200 * 3600, '8d'],
  ])('%d s → %s', (s, text) => {
    expect(humanDuration(s)).toBe(text);
  });
});

describe('aggregateEvents', () => {
  it('collapses identical events with a count, newest last', () => {
    const rows = aggregateEvents(
      [
        { time: 0, type: 'Normal', reason: 'SuccessfulRescale', message: 'New size: 4' },
        { time: 30, type: 'Warning', reason: 'FailedGetResourceMetric', message: 'no metrics' },
        { time: 60, type: 'Warning', reason: 'FailedGetResourceMetric', message: 'no metrics' },
        { time: 90, type: 'Normal', reason: 'SuccessfulRescale', message: 'New size: 6' },
      ],
      300,
    );
    expect(rows.map((r) => [r.reason, r.age, r.message])).toEqual([
      ['SuccessfulRescale', '5m', 'New size: 4'],
      ['FailedGetResourceMetric', '4m (x2 over 4m30s)', 'no metrics'],
      ['SuccessfulRescale', '3m30s', 'New size: 6'],
    ]);
    expect(rows.every((r) => r.from === 'horizontal-pod-autoscaler')).toBe(true);
  });
});

describe('describeHpa', () => {
  it('describes story 1 after its first sync like kubectl would', () => {
    const run = presetRun('story-1-scale-up-fast');
    const detail = run.detail(0)!;
    const d = describeHpa(detail);
    expect(d.name).toBe('web');
    expect(d.reference).toBe('Deployment/web');
    expect(d.metrics).toEqual([
      { name: 'resource cpu on pods  (as a percentage of request)', value: '100000% (1k) / 50%' },
    ]);
    expect([d.minReplicas, d.maxReplicas]).toEqual([1, 1000]);
    expect(d.podsLabel).toBe('Deployment pods');
    expect(d.pods).toBe('1 current / 10 desired');
    expect(d.conditions).toEqual(detail.sync.conditions);
    expect(d.events.at(-1)).toMatchObject({
      type: 'Normal',
      reason: 'SuccessfulRescale',
      age: '0s',
      message:
        'New size: 10; reason: cpu resource utilization (percentage of request) above target',
    });
    const up = d.behavior?.find((b) => b.direction === 'Scale Up');
    expect(up?.policies).toEqual(['- Type: Percent  Value: 900  Period: 60 seconds']);
    expect(up?.selectPolicy).toBe('Select Policy: Max');
  });

  it('has no Behavior section without a behavior block', () => {
    const d = describeHpa(presetRun('fourteen-pods').detail(0)!);
    expect(d.behavior).toBeNull();
  });
});
