// One reconcile step end to end (reconcileAutoscaler in horizontal.go). Named after the
// horizontal_test.go cases they mirror where one exists; the rest pin the rules of ALGORITHM.md
// §1, §3, §6-§10 and the worked examples of §13.

import { describe, expect, it } from 'vitest';
import { reconcileAutoscaler, tolerancesForHpa } from './horizontal.ts';
import { setDefaultsBehavior } from './defaults.ts';
import {
  bareConditions,
  cond,
  config,
  cpuPods,
  cpuUtilization,
  deepFreeze,
  event,
  externalAverageValue,
  externalValue,
  hpa,
  memory,
  NOW,
  OBJECT_REF,
  objectAverageValue,
  objectValue,
  observation,
  pod,
  podsMetric,
  policy,
  rec,
  upstreamTestConfig,
  type HpaOptions,
} from './testing/builders.ts';
import type {
  ControllerConfig,
  ControllerMemory,
  HorizontalPodAutoscalerBehavior,
  Observation,
} from './types.ts';
import type { ReconcileResult } from './result.ts';

const OK_UP = [
  cond('AbleToScale', 'True', 'SucceededRescale'),
  cond('ScalingActive', 'True', 'ValidMetricFound'),
  cond('ScalingLimited', 'False', 'DesiredWithinRange'),
];

function reconcile(
  obs: Observation,
  mem: ControllerMemory = memory(),
  cfg: ControllerConfig = config(),
  now = NOW,
): ReconcileResult {
  return reconcileAutoscaler(obs, mem, now, cfg);
}

/** An External AverageValue "1" metric: the proposal is ceil(demand / 1000) outside tolerance. */
function demandHpa(o: HpaOptions): ReturnType<typeof hpa> {
  return hpa({ metrics: [externalAverageValue('demand', '1')], ...o });
}

function demandObs(h: ReturnType<typeof hpa>, current: number, demandMilli: number): Observation {
  return observation(h, {
    currentReplicas: current,
    statusReplicas: current,
    externalMetrics: [{ metric: 'demand', values: [demandMilli] }],
  });
}

/**
 * Runs a story: each step feeds memory, status and replicas into the next one, as the
 * simulation does. Returns the results at the given instants.
 */
function story(
  h: ReturnType<typeof hpa>,
  start: number,
  times: number[],
  obsAt: (h: ReturnType<typeof hpa>, current: number, t: number) => Observation,
  cfg = config(),
  mem: ControllerMemory = memory(),
): ReconcileResult[] {
  let current = start;
  let status = h.status ?? {};
  const out: ReconcileResult[] = [];
  for (const t of times) {
    const cur = { ...h, status };
    const r = reconcileAutoscaler(obsAt(cur, current, t), mem, t, cfg);
    out.push(r);
    mem = r.memory;
    current = r.replicas;
    status = {
      desiredReplicas: r.desiredReplicas,
      currentReplicas: current,
      conditions: r.conditions,
      lastScaleTime: r.lastScaleTime,
    };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

describe('tolerancesForHpa', () => {
  const behavior = setDefaultsBehavior({
    scaleUp: { tolerance: '0.05' },
    scaleDown: { tolerance: '0.7' },
  });

  it('uses the controller flag in both directions without behavior', () => {
    expect(tolerancesForHpa(null, config({ tolerance: 0.2 }))).toEqual({
      scaleDown: 0.2,
      scaleUp: 0.2,
    });
  });

  it('takes each direction from behavior when HPAConfigurableTolerance is on', () => {
    expect(tolerancesForHpa(behavior, config())).toEqual({
      scaleDown: 0.7000000000000001,
      scaleUp: 5 * (1 / 100),
    });
  });

  it('ignores behavior tolerances with the gate off', () => {
    expect(
      tolerancesForHpa(behavior, config({ featureGates: { HPAConfigurableTolerance: false } })),
    ).toEqual({ scaleDown: 0.1, scaleUp: 0.1 });
  });

  it('keeps the flag for a direction without a tolerance', () => {
    const b = setDefaultsBehavior({ scaleDown: { tolerance: '0.25' } });
    expect(tolerancesForHpa(b, config({ tolerance: 0.15 }))).toEqual({
      scaleDown: 0.25,
      scaleUp: 0.15,
    });
  });
});

describe('reading the scale subresource', () => {
  it('TestConditionFailedGetScale: stops with AbleToScale=False and keeps everything else', () => {
    const h = hpa({
      desiredReplicas: 7,
      lastScaleTime: NOW - 100,
      conditions: [cond('ScalingActive', 'True', 'ValidMetricFound')],
    });
    const r = reconcile(
      observation(h, { pods: cpuPods([900, 900]), scaleGetError: true }),
      memory({ recommendations: null }),
    );
    expect(r).toMatchObject({
      replicas: 2,
      desiredReplicas: 7,
      rescaled: false,
      lastScaleTime: NOW - 100,
    });
    expect(bareConditions(r.conditions)).toEqual([
      cond('ScalingActive', 'True', 'ValidMetricFound'),
      cond('AbleToScale', 'False', 'FailedGetScale'),
    ]);
    expect(r.trace.path).toBe('getScaleError');
    // no recommendation is seeded before the scale could be read
    expect(r.memory.recommendations).toBeNull();
    expect(r.events.map((e) => [e.type, e.reason])).toEqual([['Warning', 'FailedGetScale']]);
  });

  it('seeds a controller without history with (now, current) on every later path', () => {
    const disabled = reconcile(
      observation(hpa(), { currentReplicas: 0 }),
      memory({ recommendations: null }),
    );
    expect(disabled.memory.recommendations).toEqual([{ timestamp: NOW, replicas: 0 }]);
    const aboveMax = reconcile(
      observation(hpa({ maxReplicas: 3 }), { currentReplicas: 5 }),
      memory({ recommendations: null }),
    );
    expect(aboveMax.memory.recommendations).toEqual([{ timestamp: NOW, replicas: 5 }]);
  });

  it('does not seed a known but empty history', () => {
    const r = reconcile(
      observation(hpa({ maxReplicas: 3 }), { currentReplicas: 5 }),
      memory({ recommendations: [] }),
    );
    expect(r.memory.recommendations).toEqual([]);
  });

  it('TestScaleDownStabilizeInitialSize: the seed holds a fresh controller at current', () => {
    // 5 pods at 28 % of a 50 % target propose 3, but the seeded 5 wins the 5 min window.
    const h = hpa({ minReplicas: 2, maxReplicas: 6, metrics: [cpuUtilization(50)] });
    const obs = observation(h, { pods: cpuPods([100, 300, 500, 250, 250]) });
    const fresh = reconcile(obs, memory({ recommendations: null }), upstreamTestConfig());
    expect(fresh.replicas).toBe(5);
    expect(bareConditions(fresh.conditions)).toEqual([
      cond('AbleToScale', 'True', 'ScaleDownStabilized'),
      cond('ScalingActive', 'True', 'ValidMetricFound'),
      cond('ScalingLimited', 'False', 'DesiredWithinRange'),
    ]);
    expect(fresh.trace.metrics?.[0]?.currentUtilization).toBe(28);
    // the seed is as old as now: it votes and stays, the proposal is appended
    expect(fresh.memory.recommendations).toEqual([rec(0, 5), rec(0, 3)]);
  });
});

describe('scaling disabled and min/max shortcuts', () => {
  it('TestManualScaleToZeroDisablesHPA: zero replicas with minReplicas ≥ 1 is left alone', () => {
    const h = hpa({ minReplicas: 1, maxReplicas: 6, desiredReplicas: 3 });
    const r = reconcile(observation(h, { currentReplicas: 0, statusReplicas: 0 }));
    expect(r).toMatchObject({ replicas: 0, desiredReplicas: 0, rescaled: false });
    expect(bareConditions(r.conditions)).toEqual([
      cond('AbleToScale', 'True', 'SucceededGetScale'),
      cond('ScalingActive', 'False', 'ScalingDisabled'),
    ]);
    expect(r.trace.path).toBe('scalingDisabled');
    expect(r.trace.metrics).toBeUndefined();
  });

  it('TestScaleUpFromZeroWhenMinReplicasIncreased: raising minReplicas does not wake a zero target', () => {
    const h = hpa({
      minReplicas: 2,
      maxReplicas: 6,
      metrics: [objectValue('qps', '15')],
      conditions: [cond('ScaledToZero', 'True', 'ScaledToZero')],
    });
    const r = reconcile(
      observation(h, {
        currentReplicas: 0,
        objectMetrics: [{ describedObject: OBJECT_REF, metric: 'qps', value: 10000 }],
      }),
    );
    expect(r.replicas).toBe(0);
    expect(bareConditions(r.conditions)).toEqual([
      cond('ScaledToZero', 'True', 'ScaledToZero'),
      cond('AbleToScale', 'True', 'SucceededGetScale'),
      cond('ScalingActive', 'False', 'ScalingDisabled'),
    ]);
  });

  it('with minReplicas 0 a zero target is scaled from the metric: ceil(ratio), no tolerance', () => {
    const h = hpa({ minReplicas: 0, maxReplicas: 10, metrics: [externalValue('queue', '10')] });
    const r = reconcile(
      observation(h, {
        currentReplicas: 0,
        externalMetrics: [{ metric: 'queue', values: [25000] }],
      }),
    );
    expect(r).toMatchObject({ replicas: 3, rescaled: true });
    expect(r.trace.path).toBe('metrics');
  });

  it('TestReplicaLimits: above maxReplicas goes to maxReplicas without reading metrics', () => {
    const h = hpa({
      maxReplicas: 4,
      metrics: [externalValue('missing', '1')],
      conditions: [
        cond('ScalingLimited', 'True', 'TooFewReplicas'),
        cond('ScalingActive', 'False', 'X'),
      ],
    });
    const r = reconcile(observation(h, { currentReplicas: 9 }));
    expect(r).toMatchObject({
      replicas: 4,
      desiredReplicas: 4,
      rescaled: true,
      lastScaleTime: NOW,
    });
    expect(r.trace.path).toBe('aboveMaxReplicas');
    expect(r.trace.metrics).toBeUndefined();
    // ScalingActive and ScalingLimited keep their old values
    expect(bareConditions(r.conditions)).toEqual([
      cond('ScalingLimited', 'True', 'TooFewReplicas'),
      cond('ScalingActive', 'False', 'X'),
      cond('AbleToScale', 'True', 'SucceededRescale'),
    ]);
    expect(r.events).toContainEqual({
      type: 'Normal',
      reason: 'SuccessfulRescale',
      message: 'New size: 4; reason: Current number of replicas above Spec.MaxReplicas',
    });
  });

  it('TestReplicaLimits: below minReplicas goes to minReplicas without reading metrics', () => {
    const h = hpa({ minReplicas: 3, maxReplicas: 8, metrics: [externalValue('missing', '1')] });
    const r = reconcile(observation(h, { currentReplicas: 1 }));
    expect(r).toMatchObject({ replicas: 3, rescaled: true });
    expect(r.trace.path).toBe('belowMinReplicas');
    expect(r.events[0]?.message).toBe(
      'New size: 3; reason: Current number of replicas below Spec.MinReplicas',
    );
    // no stabilization happened: the history is untouched
    expect(r.memory.recommendations).toEqual([]);
  });

  it('the shortcuts bypass stabilization and policies but store scale events with behavior', () => {
    const behavior = { scaleDown: { policies: [policy('Pods', 1, 600)] } };
    const down = reconcile(
      observation(hpa({ maxReplicas: 4, behavior }), { currentReplicas: 9 }),
      memory({ recommendations: [rec(10, 9)] }),
    );
    expect(down.replicas).toBe(4);
    expect(down.memory.scaleDownEvents).toEqual([
      { timestamp: NOW, replicaChange: 5, outdated: false },
    ]);
    const up = reconcile(observation(hpa({ minReplicas: 6, behavior }), { currentReplicas: 2 }));
    expect(up.replicas).toBe(6);
    expect(up.memory.scaleUpEvents).toEqual([
      { timestamp: NOW, replicaChange: 4, outdated: false },
    ]);
  });
});

describe('combining metrics (computeReplicasForMetrics)', () => {
  const cfg = upstreamTestConfig();

  it('TestScaleUpOneMetricEmpty: a failing metric does not block a scale-up', () => {
    const h = hpa({
      minReplicas: 2,
      maxReplicas: 6,
      metrics: [cpuUtilization(30), externalValue('qps', '100m')],
    });
    const r = reconcile(
      observation(h, { pods: cpuPods([300, 400, 500]) }),
      memory({ recommendations: null }),
      cfg,
    );
    expect(r).toMatchObject({ replicas: 4, desiredReplicas: 4, rescaled: true });
    expect(bareConditions(r.conditions)).toEqual(OK_UP);
    expect(r.trace.metrics?.map((m) => m.error)).toEqual([undefined, 'FailedGetExternalMetric']);
  });

  it('TestNoScaleDownOneMetricEmpty: a failing metric blocks a scale-down', () => {
    const h = hpa({
      minReplicas: 2,
      maxReplicas: 6,
      metrics: [cpuUtilization(50), externalValue('qps', '1')],
      desiredReplicas: 5,
    });
    const r = reconcile(
      observation(h, { pods: cpuPods([100, 300, 500, 250, 250]) }),
      memory(),
      cfg,
    );
    expect(r).toMatchObject({ replicas: 5, desiredReplicas: 5, rescaled: false });
    expect(bareConditions(r.conditions)).toEqual([
      cond('AbleToScale', 'True', 'SucceededGetScale'),
      cond('ScalingActive', 'False', 'FailedGetExternalMetric'),
    ]);
    expect(r.trace.path).toBe('metricsError');
    // no stabilization: nothing is stored
    expect(r.memory.recommendations).toEqual([]);
  });

  it('TestNoScaleDownOneMetricInvalid: an unknown metric type blocks a scale-down', () => {
    const h = hpa({
      minReplicas: 2,
      maxReplicas: 6,
      metrics: [cpuUtilization(50), { type: 'CheddarCheese' }],
    });
    const r = reconcile(
      observation(h, { pods: cpuPods([100, 300, 500, 250, 250]) }),
      memory(),
      cfg,
    );
    expect(bareConditions(r.conditions)).toEqual([
      cond('AbleToScale', 'True', 'SucceededGetScale'),
      cond('ScalingActive', 'False', 'InvalidMetricSourceType'),
    ]);
    expect(r.replicas).toBe(5);
  });

  it('a failure does not block when the others propose exactly the current count', () => {
    const h = hpa({ metrics: [cpuUtilization(50), externalValue('qps', '1')] });
    const r = reconcile(observation(h, { pods: cpuPods([500, 500, 500]) }), memory(), cfg);
    expect(r.trace.path).toBe('metrics');
    expect(r.replicas).toBe(3);
    expect(r.conditions.find((c) => c.type === 'ScalingActive')?.reason).toBe('ValidMetricFound');
  });

  it('when every metric fails the condition carries the first failure, and desired is kept', () => {
    const h = hpa({
      metrics: [podsMetric('qps', '1'), externalValue('queue', '1'), cpuUtilization(50)],
      desiredReplicas: 8,
      lastScaleTime: NOW - 60,
    });
    const r = reconcile(observation(h, { pods: cpuPods([null, null]) }), memory(), cfg);
    expect(r).toMatchObject({
      replicas: 2,
      desiredReplicas: 8,
      rescaled: false,
      lastScaleTime: NOW - 60,
    });
    expect(r.conditions.find((c) => c.type === 'ScalingActive')).toMatchObject({
      status: 'False',
      reason: 'FailedGetPodsMetric',
    });
    expect(r.events.filter((e) => e.type === 'Warning').map((e) => e.reason)).toEqual([
      'FailedGetPodsMetric',
      'FailedGetExternalMetric',
      'FailedGetResourceMetric',
      'FailedComputeMetricsReplicas',
    ]);
  });

  it('takes the largest proposal and names its metric in the rescale reason', () => {
    const h = hpa({ maxReplicas: 20, metrics: [cpuUtilization(20), externalValue('queue', '10')] });
    const r = reconcile(
      observation(h, {
        pods: cpuPods([800, 800]),
        externalMetrics: [{ metric: 'queue', values: [30000] }],
      }),
      memory(),
      cfg,
    );
    // CPU: 80 % / 20 % × 2 = 8; queue: 3 × 2 ready pods = 6
    expect(r.trace.metrics?.map((m) => m.proposal)).toEqual([8, 6]);
    expect(r.replicas).toBe(8);
    expect(r.events.at(-1)?.message).toBe(
      'New size: 8; reason: cpu resource utilization (percentage of request) above target',
    );
  });

  it('while the best proposal is 0 each later metric takes over the name (replicas == 0 test)', () => {
    const h = hpa({
      minReplicas: 0,
      metrics: [externalValue('first', '1'), externalValue('second', '1')],
    });
    const r = reconcile(
      observation(h, {
        currentReplicas: 2,
        pods: cpuPods([1, 1]),
        externalMetrics: [
          { metric: 'first', values: [0] },
          { metric: 'second', values: [0] },
        ],
      }),
      memory(),
      config({ featureGates: { HPAScaleToZero: true } }),
    );
    expect(r.trace.metrics?.map((m) => m.proposal)).toEqual([0, 0]);
    const message = r.conditions.find((c) => c.type === 'ScalingActive')?.message;
    expect(message).toContain('external metric second');
    expect(message).not.toContain('first');
    expect(r.replicas).toBe(0);
  });

  it('a scale-down reports "All metrics below target"', () => {
    const h = hpa({ metrics: [cpuUtilization(50)] });
    const r = reconcile(observation(h, { pods: cpuPods([100, 100, 100, 100]) }), memory(), cfg);
    expect(r.replicas).toBe(1);
    expect(r.events.at(-1)?.message).toBe('New size: 1; reason: All metrics below target');
  });

  it("a missing selector: upstream's event text, condition text and error differ", () => {
    // horizontal.go validateAndParseSelector: the SelectorRequired event and the returned error
    // say "selector is required"; only the condition names the scale.
    const r = reconcile(
      observation(hpa(), { pods: cpuPods([900, 900]), selector: 'missing' }),
      memory(),
      cfg,
    );
    expect(r.events).toEqual([
      { type: 'Warning', reason: 'SelectorRequired', message: 'selector is required' },
      { type: 'Warning', reason: 'FailedComputeMetricsReplicas', message: 'selector is required' },
    ]);
    expect(r.conditions.find((c) => c.type === 'ScalingActive')).toMatchObject({
      status: 'False',
      reason: 'InvalidSelector',
      message: "the HPA target's scale is missing a selector",
    });
  });

  it.each([
    ['missing', 'InvalidSelector'],
    ['invalid', 'InvalidSelector'],
    ['ambiguous', 'AmbiguousSelector'],
  ] as const)('a %s selector stops before any metric is read (%s)', (selector, reason) => {
    const r = reconcile(observation(hpa(), { pods: cpuPods([900, 900]), selector }), memory(), cfg);
    expect(r.trace.path).toBe('metricsError');
    expect(r.trace.metrics).toBeUndefined();
    expect(r.replicas).toBe(2);
    expect(bareConditions(r.conditions)).toEqual([
      cond('AbleToScale', 'True', 'SucceededGetScale'),
      cond('ScalingActive', 'False', reason),
    ]);
  });
});

describe('per-metric dispatch', () => {
  it('Object AverageValue divides by the status replicas and proposes the status count within tolerance', () => {
    const h = hpa({ metrics: [objectAverageValue('requests', '1')] });
    const r = reconcile(
      observation(h, {
        currentReplicas: 6,
        statusReplicas: 4,
        pods: cpuPods([1, 1, 1, 1, 1, 1]),
        objectMetrics: [{ describedObject: OBJECT_REF, metric: 'requests', value: 4000 }],
      }),
    );
    expect(r.trace.metrics?.[0]).toMatchObject({
      proposal: 4,
      usageRatio: 1,
      currentAverageValue: 1000,
    });
    expect(r.replicas).toBe(4);
  });

  it('External AverageValue with zero status replicas proposes ceil(usage / target)', () => {
    const h = hpa({ metrics: [externalAverageValue('queue', '1')] });
    const r = reconcile(
      observation(h, {
        currentReplicas: 2,
        statusReplicas: 0,
        externalMetrics: [{ metric: 'queue', values: [3000] }],
      }),
    );
    expect(r.trace.metrics?.[0]).toMatchObject({ proposal: 3, currentAverageValue: 0 });
    expect(r.replicas).toBe(3);
  });

  it('Object dispatch follows the target type: Value without a value fails', () => {
    const m = objectValue('requests', '1');
    m.object!.target = { type: 'Value', averageValue: '1' };
    const r = reconcile(
      observation(hpa({ metrics: [m] }), {
        pods: cpuPods([1]),
        objectMetrics: [{ describedObject: OBJECT_REF, metric: 'requests', value: 4000 }],
      }),
    );
    expect(r.trace.metrics?.[0]?.error).toBe('FailedGetObjectMetric');
  });

  it('External dispatch: averageValue wins over value', () => {
    const m = externalValue('queue', '1');
    m.external!.target.averageValue = '2';
    const r = reconcile(
      observation(hpa({ metrics: [m] }), {
        currentReplicas: 1,
        statusReplicas: 1,
        pods: cpuPods([1]),
        externalMetrics: [{ metric: 'queue', values: [8000] }],
      }),
    );
    // AverageValue: ceil(8000 / 2000) = 4 (a Value target of 1 would say 8)
    expect(r.trace.metrics?.[0]?.proposal).toBe(4);
  });

  it('Resource dispatch: averageValue wins over averageUtilization', () => {
    const m = cpuUtilization(10);
    m.resource!.target.averageValue = '500m';
    const r = reconcile(observation(hpa({ metrics: [m] }), { pods: cpuPods([500, 500]) }));
    expect(r.trace.metrics?.[0]).toMatchObject({ proposal: 2, currentAverageValue: 500 });
  });

  it('Value targets multiply the ratio by the ready pods, not by the current replicas', () => {
    const h = hpa({ maxReplicas: 20, metrics: [externalValue('queue', '10')] });
    const r = reconcile(
      observation(h, {
        currentReplicas: 5,
        pods: [pod('a'), pod('b'), pod('c', { ready: false }), pod('d', { phase: 'Pending' })],
        externalMetrics: [{ metric: 'queue', values: [20000] }],
      }),
    );
    expect(r.trace.metrics?.[0]?.proposal).toBe(4);
  });
});

describe('TestTolerance and TestConfigurableTolerance through a reconcile', () => {
  const cfg = upstreamTestConfig();
  /** n pods at the given CPU utilization of a 100 % target */
  function cpuAt(utilization: number, behavior?: HorizontalPodAutoscalerBehavior, n = 3) {
    const h = hpa({ minReplicas: 1, maxReplicas: 20, metrics: [cpuUtilization(100)], behavior });
    return observation(h, { pods: cpuPods(Array.from({ length: n }, () => utilization * 10)) });
  }

  it('TestTolerance: CPU resource metric within tolerance', () => {
    const h = hpa({ minReplicas: 1, maxReplicas: 5, metrics: [cpuUtilization(100)] });
    const r = reconcile(
      observation(h, { pods: cpuPods([1010, 1030, 1020], [900, 1000, 1100]) }),
      memory(),
      cfg,
    );
    expect(r).toMatchObject({ replicas: 3, rescaled: false });
    expect(bareConditions(r.conditions)).toEqual([
      cond('AbleToScale', 'True', 'ReadyForNewScale'),
      cond('ScalingActive', 'True', 'ValidMetricFound'),
      cond('ScalingLimited', 'False', 'DesiredWithinRange'),
    ]);
  });

  it('both ends are inclusive: exactly 110 % and 90 % do not scale, 111 % and 89 % do', () => {
    expect(reconcile(cpuAt(110, undefined, 10), memory(), cfg).replicas).toBe(10);
    expect(reconcile(cpuAt(90, undefined, 10), memory(), cfg).replicas).toBe(10);
    expect(reconcile(cpuAt(111, undefined, 10), memory(), cfg).replicas).toBe(12);
    expect(reconcile(cpuAt(89, undefined, 10), memory(), cfg).replicas).toBe(9);
  });

  it('Scaling up because of a 1% configurable tolerance', () => {
    const r = reconcile(
      cpuAt(102, { scaleUp: { tolerance: '0.01' } }),
      memory({ recommendations: null }),
      cfg,
    );
    expect(r.replicas).toBe(4);
    expect(bareConditions(r.conditions)).toEqual(OK_UP);
  });

  it('No scaling because of the large default tolerance', () => {
    expect(reconcile(cpuAt(102), memory(), cfg).replicas).toBe(3);
  });

  it('No scale-down because of a 90% configurable tolerance', () => {
    const r = reconcile(cpuAt(30, { scaleDown: { tolerance: '0.9' } }), memory(), cfg);
    expect(r).toMatchObject({ replicas: 3, rescaled: false });
  });

  it('No scaling because the configurable tolerance is ignored as the feature gate is disabled', () => {
    const off = upstreamTestConfig({ featureGates: { HPAConfigurableTolerance: false } });
    expect(reconcile(cpuAt(102, { scaleUp: { tolerance: '0.01' } }), memory(), off).replicas).toBe(
      3,
    );
    expect(reconcile(cpuAt(30, { scaleDown: { tolerance: '0.9' } }), memory(), off).replicas).toBe(
      1,
    );
  });

  it('a per-direction tolerance only widens its own side', () => {
    const b = { scaleUp: { tolerance: '0.5' } };
    expect(reconcile(cpuAt(150, b), memory(), cfg).replicas).toBe(3);
    expect(reconcile(cpuAt(89, b, 10), memory(), cfg).replicas).toBe(9);
  });

  it('the tolerance is the approximate float of the quantity: "0.7" keeps a 0.3 ratio, "0.57" a 1.57 ratio', () => {
    // 7 × 0.1 = 0.7000000000000001, so 1 − 0.7000000000000001 ≤ 0.3 (with 0.7 it would not be)
    expect(reconcile(cpuAt(30, { scaleDown: { tolerance: '0.7' } }), memory(), cfg).replicas).toBe(
      3,
    );
    expect(reconcile(cpuAt(157, { scaleUp: { tolerance: '0.57' } }), memory(), cfg).replicas).toBe(
      3,
    );
    expect(reconcile(cpuAt(29, { scaleDown: { tolerance: '0.7' } }), memory(), cfg).replicas).toBe(
      1,
    );
  });
});

describe('legacy normalization (no behavior)', () => {
  it('stabilizes scale-downs with the max of the window', () => {
    const h = hpa({ maxReplicas: 10, metrics: [cpuUtilization(50)] });
    const r = reconcile(
      observation(h, { pods: cpuPods([100, 100, 100, 100, 100, 100]) }),
      memory({ recommendations: [rec(200, 4), rec(100, 5), rec(400, 9)] }),
    );
    expect(r.replicas).toBe(5);
    expect(r.trace.stabilizedReplicas).toBe(5);
    // the proposal (2) replaced the entry older than the window
    expect(r.memory.recommendations).toEqual([rec(200, 4), rec(100, 5), rec(0, 2)]);
    expect(r.conditions.find((c) => c.type === 'AbleToScale')?.reason).toBe('SucceededRescale');
  });

  it('without a rescale the stabilized reason stays on AbleToScale', () => {
    const h = hpa({ metrics: [cpuUtilization(50)] });
    const r = reconcile(
      observation(h, { pods: cpuPods([100, 100, 100]) }),
      memory({ recommendations: [rec(30, 3)] }),
    );
    expect(r.rescaled).toBe(false);
    expect(bareConditions(r.conditions)[0]).toEqual(
      cond('AbleToScale', 'True', 'ScaleDownStabilized'),
    );
  });

  it('scale-ups are never delayed; a window entry above the proposal even raises it', () => {
    const h = hpa({ maxReplicas: 20, metrics: [cpuUtilization(50)] });
    const r = reconcile(
      observation(h, { pods: cpuPods([100, 100, 100, 100]) }),
      memory({ recommendations: [rec(100, 8)] }),
    );
    expect(r.replicas).toBe(8);
  });

  it('uses the controller window flag', () => {
    const h = hpa({ metrics: [cpuUtilization(50)] });
    const obs = observation(h, { pods: cpuPods([100, 100, 100, 100]) });
    const mem = memory({ recommendations: [rec(90, 4)] });
    expect(reconcile(obs, mem, config({ downscaleStabilizationSeconds: 120 })).replicas).toBe(4);
    expect(reconcile(obs, mem, config({ downscaleStabilizationSeconds: 60 })).replicas).toBe(1);
  });

  it('the legacy window is the flag as a duration, not truncated to whole seconds', () => {
    const h = hpa({ metrics: [cpuUtilization(50)] });
    const obs = observation(h, { pods: cpuPods([100, 100, 100, 100]) });
    const mem = memory({ recommendations: [rec(90.25, 4)] });
    expect(reconcile(obs, mem, config({ downscaleStabilizationSeconds: 90.5 })).replicas).toBe(4);
    expect(reconcile(obs, mem, config({ downscaleStabilizationSeconds: 90 })).replicas).toBe(1);
  });

  it.each([
    [1, 4],
    [2, 4],
    [3, 6],
    [7, 14],
  ])(
    'TestUpscaleCap: from %d replicas one step reaches at most max(2 × current, 4) = %d',
    (current, cap) => {
      const h = hpa({ maxReplicas: 100, metrics: [externalValue('queue', '1')] });
      const r = reconcile(
        observation(h, {
          currentReplicas: current,
          pods: cpuPods(Array.from({ length: current }, () => 1)),
          externalMetrics: [{ metric: 'queue', values: [1_000_000] }],
        }),
      );
      expect(r.replicas).toBe(cap);
      expect(r.conditions.find((c) => c.type === 'ScalingLimited')).toMatchObject({
        status: 'True',
        reason: 'ScaleUpLimit',
      });
    },
  );

  it('TestUpscaleCap with the test binary factor 8', () => {
    const h = hpa({ maxReplicas: 100, metrics: [externalValue('queue', '1')] });
    const r = reconcile(
      observation(h, {
        currentReplicas: 3,
        pods: cpuPods([1, 1, 1]),
        externalMetrics: [{ metric: 'queue', values: [1_000_000] }],
      }),
      memory(),
      upstreamTestConfig(),
    );
    expect(r.replicas).toBe(24);
  });

  it('maxReplicas below the cap reports TooManyReplicas; below minReplicas TooFewReplicas', () => {
    const up = reconcile(
      observation(hpa({ maxReplicas: 5, metrics: [externalValue('queue', '1')] }), {
        currentReplicas: 3,
        pods: cpuPods([1, 1, 1]),
        externalMetrics: [{ metric: 'queue', values: [1_000_000] }],
      }),
    );
    expect([up.replicas, up.conditions.find((c) => c.type === 'ScalingLimited')?.reason]).toEqual([
      5,
      'TooManyReplicas',
    ]);
    const down = reconcile(
      observation(hpa({ minReplicas: 2, metrics: [cpuUtilization(50)] }), {
        pods: cpuPods([1, 1, 1]),
      }),
    );
    expect([
      down.replicas,
      down.conditions.find((c) => c.type === 'ScalingLimited')?.reason,
    ]).toEqual([2, 'TooFewReplicas']);
  });

  it('records no scale events', () => {
    const r = reconcile(
      observation(hpa({ metrics: [cpuUtilization(50)] }), { pods: cpuPods([900, 900]) }),
    );
    expect(r.rescaled).toBe(true);
    expect(r.memory.scaleUpEvents).toEqual([]);
    expect(r.memory.scaleDownEvents).toEqual([]);
  });
});

describe('behavior normalization', () => {
  it('Percent 12 from 25 pods allows 29 (float64 artefact) and stores the event', () => {
    const h = demandHpa({
      maxReplicas: 1000,
      behavior: { scaleUp: { policies: [policy('Percent', 12, 60)] } },
    });
    const r = reconcile(demandObs(h, 25, 100_000));
    expect(r.replicas).toBe(29);
    expect(r.trace.scaleUpLimit).toBe(29);
    expect(r.memory.scaleUpEvents).toEqual([{ timestamp: NOW, replicaChange: 4, outdated: false }]);
    expect(r.conditions.find((c) => c.type === 'ScalingLimited')).toMatchObject({
      status: 'True',
      reason: 'ScaleUpLimit',
    });
  });

  it('Percent 90 scale-down from 20 pods allows 1 (float64 artefact)', () => {
    const h = demandHpa({
      minReplicas: 1,
      maxReplicas: 100,
      behavior: {
        scaleDown: { stabilizationWindowSeconds: 0, policies: [policy('Percent', 90, 15)] },
      },
    });
    const r = reconcile(demandObs(h, 20, 1000));
    expect(r.trace.scaleDownLimit).toBe(1);
    expect(r.replicas).toBe(1);
    expect(r.memory.scaleDownEvents).toEqual([
      { timestamp: NOW, replicaChange: 19, outdated: false },
    ]);
  });

  it('scale-up stabilization picks the min of the up window and reports ScaleUpStabilized without a rescale', () => {
    const h = demandHpa({ behavior: { scaleUp: { stabilizationWindowSeconds: 300 } } });
    const r = reconcile(
      demandObs(h, 3, 8000),
      memory({ recommendations: [rec(100, 3), rec(200, 5)] }),
    );
    expect(r).toMatchObject({ replicas: 3, rescaled: false });
    expect(bareConditions(r.conditions)).toEqual([
      cond('AbleToScale', 'True', 'ScaleUpStabilized'),
      cond('ScalingActive', 'True', 'ValidMetricFound'),
      cond('ScalingLimited', 'False', 'DesiredWithinRange'),
    ]);
    expect(r.memory.recommendations).toEqual([rec(100, 3), rec(200, 5), rec(0, 8)]);
  });

  it('a nil scale-down window is filled from the controller flag (whole seconds)', () => {
    const h = demandHpa({ behavior: {} });
    // proposal ceil(3000 / 1000) = 3
    const obs = demandObs(h, 6, 3000);
    const mem = memory({ recommendations: [rec(90, 5)] });
    expect(reconcile(obs, mem, config({ downscaleStabilizationSeconds: 120 })).replicas).toBe(5);
    expect(reconcile(obs, mem, config({ downscaleStabilizationSeconds: 90.9 })).replicas).toBe(3);
    expect(
      reconcile(obs, mem, config({ downscaleStabilizationSeconds: 90.9 })).trace.stabilization
        ?.downWindowSeconds,
    ).toBe(90);
  });

  it('an explicit scale-down window of 0 is not replaced by the flag', () => {
    const h = demandHpa({ behavior: { scaleDown: { stabilizationWindowSeconds: 0 } } });
    const r = reconcile(demandObs(h, 6, 3000), memory({ recommendations: [rec(30, 6)] }));
    expect(r.replicas).toBe(3);
  });

  it('counts scale-downs of the period into the scale-up start', () => {
    // up Pods 2 / 60 s; 3 replicas removed 30 s ago → the period started at 8 → limit 10
    const h = demandHpa({
      maxReplicas: 50,
      behavior: { scaleUp: { policies: [policy('Pods', 2, 60)] } },
    });
    const r = reconcile(demandObs(h, 5, 40_000), memory({ scaleDownEvents: [event(30, 3)] }));
    expect(r.replicas).toBe(10);
  });

  it('an event exactly one period old no longer counts', () => {
    const h = demandHpa({
      maxReplicas: 50,
      behavior: { scaleUp: { policies: [policy('Pods', 4, 60)] } },
    });
    expect(
      reconcile(demandObs(h, 8, 40_000), memory({ scaleUpEvents: [event(60, 4)] })).replicas,
    ).toBe(12);
    const held = reconcile(demandObs(h, 8, 40_000), memory({ scaleUpEvents: [event(59, 4)] }));
    expect(held).toMatchObject({ replicas: 8, rescaled: false });
    expect(held.conditions.find((c) => c.type === 'ScalingLimited')).toMatchObject({
      status: 'True',
      reason: 'ScaleUpLimit',
    });
  });

  it('selectPolicy Disabled freezes a direction', () => {
    const h = demandHpa({ behavior: { scaleUp: { selectPolicy: 'Disabled' } } });
    const r = reconcile(demandObs(h, 3, 9000));
    expect(r).toMatchObject({ replicas: 3, rescaled: false });
    expect(r.conditions.find((c) => c.type === 'ScalingLimited')).toMatchObject({
      status: 'True',
      reason: 'ScaleUpLimit',
    });
  });

  it('selectPolicy Min takes the least permissive policy', () => {
    const policies = [policy('Pods', 4, 15), policy('Percent', 100, 15)];
    const max = demandHpa({ maxReplicas: 50, behavior: { scaleUp: { policies } } });
    const min = demandHpa({
      maxReplicas: 50,
      behavior: { scaleUp: { policies, selectPolicy: 'Min' } },
    });
    expect(reconcile(demandObs(max, 10, 40_000)).replicas).toBe(20);
    expect(reconcile(demandObs(min, 10, 40_000)).replicas).toBe(14);
  });

  it('marks old events outdated and reuses the last outdated entry', () => {
    const h = demandHpa({
      maxReplicas: 50,
      behavior: { scaleUp: { policies: [policy('Pods', 4, 60)] } },
    });
    const r = reconcile(
      demandObs(h, 8, 40_000),
      memory({ scaleUpEvents: [event(200, 1), event(100, 2), event(30, 3)] }),
    );
    expect(r.replicas).toBe(9);
    expect(r.memory.scaleUpEvents).toEqual([
      { timestamp: NOW - 200, replicaChange: 1, outdated: true },
      { timestamp: NOW, replicaChange: 1, outdated: false },
      { timestamp: NOW - 30, replicaChange: 3, outdated: false },
    ]);
  });

  it('TestConditionFailedUpdateScale: a failed write keeps the status and stores no event', () => {
    const h = demandHpa({ behavior: {}, desiredReplicas: 3, lastScaleTime: NOW - 500 });
    const r = reconcile({ ...demandObs(h, 3, 6000), scaleUpdateError: true });
    expect(r).toMatchObject({
      replicas: 3,
      desiredReplicas: 3,
      rescaled: false,
      lastScaleTime: NOW - 500,
    });
    expect(r.conditions.find((c) => c.type === 'AbleToScale')).toMatchObject({
      status: 'False',
      reason: 'FailedUpdateScale',
    });
    expect(r.memory.scaleUpEvents).toEqual([]);
    // the stabilization step still remembered the proposal
    expect(r.memory.recommendations).toEqual([rec(0, 6)]);
    expect(r.events.at(-1)).toMatchObject({ type: 'Warning', reason: 'FailedRescale' });
  });
});

describe('conditions and status', () => {
  it('keeps positions, appends new types and preserves unknown ones', () => {
    const h = hpa({
      metrics: [cpuUtilization(50)],
      conditions: [
        cond('ScaledToZero', 'False', 'Awake'),
        cond('ScalingLimited', 'True', 'TooManyReplicas'),
        cond('AbleToScale', 'False', 'FailedUpdateScale'),
      ],
    });
    const r = reconcile(observation(deepFreeze(h), { pods: cpuPods([900, 900]) }));
    expect(bareConditions(r.conditions)).toEqual([
      cond('ScaledToZero', 'False', 'Awake'),
      cond('ScalingLimited', 'False', 'DesiredWithinRange'),
      cond('AbleToScale', 'True', 'SucceededRescale'),
      cond('ScalingActive', 'True', 'ValidMetricFound'),
    ]);
    expect(r.conditions[0]).not.toBe(h.status!.conditions![0]);
  });

  it('fresh conditions come in the order AbleToScale, ScalingActive, ScalingLimited', () => {
    const r = reconcile(
      observation(hpa({ metrics: [cpuUtilization(50)] }), { pods: cpuPods([900]) }),
    );
    expect(bareConditions(r.conditions)).toEqual(OK_UP);
    expect(r.conditions.every((c) => typeof c.message === 'string' && c.message.length > 0)).toBe(
      true,
    );
  });

  it('reports lastScaleTime = now on a rescale and keeps it otherwise; desired = current without change', () => {
    const h = hpa({ metrics: [cpuUtilization(50)], lastScaleTime: NOW - 42, desiredReplicas: 9 });
    const same = reconcile(observation(h, { pods: cpuPods([500, 500]) }));
    expect(same).toMatchObject({
      replicas: 2,
      desiredReplicas: 2,
      rescaled: false,
      lastScaleTime: NOW - 42,
    });
    const moved = reconcile(observation(h, { pods: cpuPods([900, 900]) }));
    expect(moved).toMatchObject({
      replicas: 4,
      desiredReplicas: 4,
      rescaled: true,
      lastScaleTime: NOW,
    });
  });
});

describe('worked examples (ALGORITHM.md §13)', () => {
  it('Percent 900 / 60 s from 1 pod: 10, 10, 100, 1000, then capped by maxReplicas', () => {
    const h = demandHpa({
      minReplicas: 1,
      maxReplicas: 1000,
      behavior: { scaleUp: { policies: [policy('Percent', 900, 60)] } },
    });
    const times = [0, 15, 30, 45, 60, 75, 90, 105, 120, 135, 150, 165, 180].map((t) => 100_000 + t);
    const results = story(h, 1, times, (cur, current) => demandObs(cur, current, 5_000_000));
    const at = (t: number) => results[times.indexOf(100_000 + t)]!;
    expect([0, 15, 60, 120, 180].map((t) => at(t).replicas)).toEqual([10, 10, 100, 1000, 1000]);
    expect(at(180).rescaled).toBe(false);
    expect(at(180).conditions.find((c) => c.type === 'ScalingLimited')).toMatchObject({
      status: 'True',
      reason: 'TooManyReplicas',
    });
  });

  it('Pods 1 / 600 s scale-down: one pod per 600 s', () => {
    const h = demandHpa({
      minReplicas: 1,
      maxReplicas: 20,
      behavior: {
        scaleDown: { stabilizationWindowSeconds: 0, policies: [policy('Pods', 1, 600)] },
      },
    });
    const times = [0, 15, 600, 615, 1215].map((t) => 200_000 + t);
    const results = story(h, 10, times, (cur, current) => demandObs(cur, current, 1000));
    expect(results.map((r) => r.replicas)).toEqual([9, 9, 8, 8, 7]);
  });

  it('scale-up stabilization 300 s: history 2, 3, 19, 10, 3 → 2, then 3 once the 2 ages out', () => {
    const h = demandHpa({ behavior: { scaleUp: { stabilizationWindowSeconds: 300 } } });
    const mem = memory({
      recommendations: [rec(250, 2), rec(200, 3), rec(150, 19), rec(100, 10), rec(50, 3)],
    });
    const results = story(
      h,
      1,
      [NOW, NOW + 51],
      (cur, current) => demandObs(cur, current, 4000),
      config(),
      mem,
    );
    expect(results.map((r) => r.replicas)).toEqual([2, 3]);
    expect(results[0]!.trace.stabilizedReplicas).toBe(2);
  });

  it('14 pods, CPU target 60 %: failed pods ignored, missing pods at 0 %, truncation keeps 14', () => {
    const list = [
      ...Array.from({ length: 10 }, (_, i) => pod(`ready-${i}`, { cpuRequest: 600, cpu: 510 })),
      pod('failed-0', { phase: 'Failed', cpuRequest: 600, cpu: null }),
      pod('failed-1', { phase: 'Failed', cpuRequest: 600, cpu: null }),
      pod('nometrics-0', { cpuRequest: 600, cpu: null }),
      pod('nometrics-1', { cpuRequest: 600, cpu: null }),
    ];
    const h = hpa({ minReplicas: 12, maxReplicas: 16, metrics: [cpuUtilization(60)] });
    const r = reconcile(observation(h, { pods: list }));
    expect(r.trace.metrics?.[0]).toMatchObject({
      proposal: 14,
      currentUtilization: 85,
      podGroups: {
        ready: 10,
        unready: [],
        missing: ['nometrics-0', 'nometrics-1'],
        ignored: ['failed-0', 'failed-1'],
      },
    });
    expect(r).toMatchObject({ replicas: 14, rescaled: false });
  });
});

describe('purity', () => {
  it('does not mutate its inputs and returns equal results for equal inputs', () => {
    const h = demandHpa({
      behavior: { scaleUp: { stabilizationWindowSeconds: 60 } },
      conditions: [cond('AbleToScale', 'True', 'X')],
    });
    const obs = deepFreeze(demandObs(h, 4, 9000));
    const mem = deepFreeze(
      memory({ recommendations: [rec(30, 5)], scaleUpEvents: [event(200, 2)] }),
    );
    const cfg = deepFreeze(config());
    const a = reconcileAutoscaler(obs, mem, NOW, cfg);
    const b = reconcileAutoscaler(obs, mem, NOW, cfg);
    expect(a).toEqual(b);
    expect(a.replicas).toBe(5);
  });

  it('returns the memory it was given when nothing in it changed, a new one otherwise', () => {
    const mem = deepFreeze(memory({ recommendations: [rec(30, 5)] }));
    const obs = deepFreeze(observation(hpa(), { pods: cpuPods([900]), scaleGetError: true }));
    expect(reconcileAutoscaler(obs, mem, NOW, config()).memory).toBe(mem);
    const synced = reconcileAutoscaler({ ...obs, scaleGetError: false }, mem, NOW, config());
    expect(synced.memory).not.toBe(mem);
    expect(synced.memory.recommendations).toHaveLength(2);
    expect(mem.recommendations).toHaveLength(1);
  });
});
