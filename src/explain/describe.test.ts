import { describe, expect, it } from 'vitest';
import { aggregateEvents, describeHpa, humanDuration } from './describe.ts';
import { presetRun, textRun } from './testing/presets.ts';

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

  it('lists the events the API server holds: 25 sends, then 1 per 5 minutes (client-go spam filter)', () => {
    // A 10-minute metrics-server outage: two warnings per sync (40 syncs). Before, describe
    // showed each as "x40 over 10m"; client-go lets only 25 events about the HPA through, then
    // one per 300 s, and the server's count stops at the last one sent.
    const run = textRun(`apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: 2
  maxReplicas: 10
  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 50 } }
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
  duration: 15m
  workload: { replicas: 2 }
  traffic: { type: constant, value: 100 }
  outages:
    - { metric: resource/cpu, from: 0s, to: 10m }
`);
    const at = (t: number) => describeHpa(run.detail(t / 15)!).events;
    const failed = (t: number) => at(t).find((r) => r.reason === 'FailedGetResourceMetric')!;
    expect(failed(165).age).toBe('0s (x12 over 2m45s)');
    // 12 syncs of two use 24 tokens; at 180 one of the pair gets through (0.6 tokens left),
    // and the next send waits for the refill, 2 minutes later
    expect(failed(285).age).toBe('105s (x13 over 4m45s)');
    // at the end of the outage: one more send (x21 at 300), not the 40 syncs of the outage
    expect(failed(585).age).toBe('4m45s (x21 over 9m45s)');
  });
});
