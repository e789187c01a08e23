// One metric → one replica proposal (replica_calculator.go). Table cases mirror
// replica_calculator_test.go (TestGroupPods, TestReplicaCalc…); pods are built like the upstream
// harness: two containers per pod, each requesting `request` and using `level` milli-units, so
// raw values are 2 × the per-container figure. Controller settings are the upstream test values
// (CPU initialization period 2 min, initial readiness delay 10 s, tolerance 0.1).

import { describe, expect, it } from 'vitest';
import { podNamesDistinct } from './podNames.ts';
import { byName, byPosition, type ReplicaCalculator } from './replicaCalculation.ts';
import {
  calculateRequests,
  getExternalMetricReplicas,
  getExternalPerPodMetricReplicas,
  getObjectMetricReplicas,
  getObjectPerPodMetricReplicas,
  groupPods,
} from './replicaCalculator.ts';
import { isWithin, type CalcContext } from './replicaCalculatorCommon.ts';
import { calcContext, hpa, metricsInfo, NOW, observation, pod, pods } from './testing/builders.ts';
import type {
  Observation,
  PodGroups,
  PodObservation,
  ReplicaCalculation,
  Tolerances,
} from './types.ts';

const TOL: Tolerances = { scaleDown: 0.1, scaleUp: 0.1 };
const CTX = calcContext(NOW);
const MAX_INT32 = 2147483647;

/**
 * The Map-based port's result; when the pod names are distinct the by-position twin runs the same
 * call and must agree (replicaCalculation.ts), so every case below covers both implementations.
 */
function agreed(
  obs: Observation,
  port: () => ReplicaCalculation,
  twin: () => ReplicaCalculation,
): ReplicaCalculation {
  const want = port();
  if (podNamesDistinct(obs)) expect(twin()).toStrictEqual(want);
  return want;
}
const getResourceReplicas: ReplicaCalculator['getResourceReplicas'] = (...args) =>
  agreed(
    args[0],
    () => byName.getResourceReplicas(...args),
    () => byPosition.getResourceReplicas(...args),
  );
const getRawResourceReplicas: ReplicaCalculator['getRawResourceReplicas'] = (...args) =>
  agreed(
    args[0],
    () => byName.getRawResourceReplicas(...args),
    () => byPosition.getRawResourceReplicas(...args),
  );
const getMetricReplicas: ReplicaCalculator['getMetricReplicas'] = (...args) =>
  agreed(
    args[0],
    () => byName.getMetricReplicas(...args),
    () => byPosition.getMetricReplicas(...args),
  );

// ---------------------------------------------------------------------------------------------
// Pod grouping

interface GroupCase {
  name: string;
  pods: PodObservation[];
  metrics: Record<string, number | { value: number; timestamp?: number; window?: number }>;
  resource: string;
  ctx?: CalcContext;
  expect: { ready: number; unready?: string[]; missing?: string[]; ignored?: string[] };
}

function grouped(g: PodGroups) {
  return {
    ready: g.readyPodCount,
    unready: [...g.unreadyPods].sort(),
    missing: [...g.missingPods].sort(),
    ignored: [...g.ignoredPods].sort(),
  };
}

/** A pod described only by its status, for groupPods. */
function statusPod(
  name: string,
  o: {
    phase?: string;
    ready?: boolean | null;
    transition?: number | null;
    start?: number | null;
    deleting?: boolean;
  },
): PodObservation {
  return pod(name, {
    phase: o.phase ?? 'Running',
    ready: o.ready === undefined ? null : o.ready,
    readyTransitionTime: o.transition === undefined ? null : o.transition,
    startTime: o.start === undefined ? null : o.start,
    deleting: o.deleting,
  });
}

describe('TestGroupPods', () => {
  const cases: GroupCase[] = [
    { name: 'void', pods: [], metrics: {}, resource: 'cpu', expect: { ready: 0 } },
    {
      name: 'count in a ready pod - memory',
      pods: [statusPod('bentham', { phase: 'Succeeded' })],
      metrics: { bentham: 1 },
      resource: 'memory',
      expect: { ready: 1 },
    },
    {
      name: 'unready a pod without ready condition - CPU',
      pods: [statusPod('lucretius', { start: NOW })],
      metrics: { lucretius: 1 },
      resource: 'cpu',
      expect: { ready: 0, unready: ['lucretius'] },
    },
    {
      name: 'unready a ready pod without a start time - CPU',
      pods: [statusPod('lucretius', { ready: true, transition: NOW - 600, start: null })],
      metrics: { lucretius: 1 },
      resource: 'cpu',
      expect: { ready: 0, unready: ['lucretius'] },
    },
    {
      name: 'count in a ready pod with fresh metrics during initialization period - CPU',
      pods: [statusPod('bentham', { ready: true, transition: NOW - 30, start: NOW - 60 })],
      metrics: { bentham: { value: 1, timestamp: NOW, window: 30 } },
      resource: 'cpu',
      expect: { ready: 1 },
    },
    {
      name: 'unready a ready pod without fresh metrics during initialization period - CPU',
      pods: [statusPod('bentham', { ready: true, transition: NOW - 30, start: NOW - 60 })],
      metrics: { bentham: { value: 1, timestamp: NOW, window: 60 } },
      resource: 'cpu',
      expect: { ready: 0, unready: ['bentham'] },
    },
    {
      name: 'boundary: a sample taken exactly one window after the transition is fresh',
      pods: [statusPod('bentham', { ready: true, transition: NOW - 90, start: NOW - 100 })],
      metrics: { bentham: { value: 1, timestamp: NOW - 30, window: 60 } },
      resource: 'cpu',
      expect: { ready: 1 },
    },
    {
      name: 'boundary: a sample one second short of a full window is stale',
      pods: [statusPod('bentham', { ready: true, transition: NOW - 90, start: NOW - 100 })],
      metrics: { bentham: { value: 1, timestamp: NOW - 31, window: 60 } },
      resource: 'cpu',
      expect: { ready: 0, unready: ['bentham'] },
    },
    {
      name: 'unready an unready pod during initialization period - CPU',
      pods: [statusPod('lucretius', { ready: false, transition: NOW - 100, start: NOW - 110 })],
      metrics: { lucretius: { value: 1, timestamp: NOW - 200, window: 10 } },
      resource: 'cpu',
      expect: { ready: 0, unready: ['lucretius'] },
    },
    {
      name: 'count in a ready pod without fresh metrics after initialization period - CPU',
      pods: [statusPod('bentham', { ready: true, transition: NOW - 180, start: NOW - 180 })],
      metrics: { bentham: { value: 1, timestamp: NOW - 120, window: 60 } },
      resource: 'cpu',
      expect: { ready: 1 },
    },
    {
      name: 'boundary: start + initialization period = now is past the period (strict >)',
      pods: [statusPod('bentham', { ready: true, transition: NOW - 10, start: NOW - 120 })],
      // stale sample: it would be unready if the pod were still initializing
      metrics: { bentham: { value: 1, timestamp: NOW, window: 60 } },
      resource: 'cpu',
      expect: { ready: 1 },
    },
    {
      name: 'boundary: one second before the end of the initialization period it still initializes',
      pods: [statusPod('bentham', { ready: true, transition: NOW - 10, start: NOW - 119 })],
      metrics: { bentham: { value: 1, timestamp: NOW, window: 60 } },
      resource: 'cpu',
      expect: { ready: 0, unready: ['bentham'] },
    },
    {
      name: 'count in an unready pod that was ready after initialization period - CPU',
      pods: [statusPod('lucretius', { ready: false, transition: NOW - 540, start: NOW - 600 })],
      metrics: { lucretius: 1 },
      resource: 'cpu',
      expect: { ready: 1 },
    },
    {
      name: 'unready pod that has never been ready after initialization period - CPU',
      pods: [statusPod('lucretius', { ready: false, transition: NOW - 591, start: NOW - 600 })],
      metrics: { lucretius: 1 },
      resource: 'cpu',
      expect: { ready: 0, unready: ['lucretius'] },
    },
    {
      name: 'boundary: unready exactly the readiness delay after start counts as ready (strict >)',
      pods: [statusPod('lucretius', { ready: false, transition: NOW - 590, start: NOW - 600 })],
      metrics: { lucretius: 1 },
      resource: 'cpu',
      expect: { ready: 1 },
    },
    {
      name: 'a missing pod',
      pods: [statusPod('epicurus', { start: NOW - 180 })],
      metrics: {},
      resource: 'cpu',
      expect: { ready: 0, missing: ['epicurus'] },
    },
    {
      name: 'several pods',
      pods: [
        statusPod('lucretius', { start: NOW }),
        statusPod('niccolo', { ready: true, transition: NOW - 180, start: NOW - 180 }),
        statusPod('epicurus', { start: NOW - 180 }),
      ],
      metrics: { lucretius: 1, niccolo: 1 },
      resource: 'cpu',
      expect: { ready: 1, unready: ['lucretius'], missing: ['epicurus'] },
    },
    {
      name: 'pending pods are unreadied',
      pods: [statusPod('unscheduled', { phase: 'Pending' })],
      metrics: {},
      resource: 'cpu',
      expect: { ready: 0, unready: ['unscheduled'] },
    },
    {
      name: 'a pending pod is unready even with a sample and for non-CPU metrics',
      pods: [statusPod('unscheduled', { phase: 'Pending', ready: true, start: NOW - 600 })],
      metrics: { unscheduled: 1 },
      resource: '',
      expect: { ready: 0, unready: ['unscheduled'] },
    },
    {
      name: 'ignore pods with deletion timestamps',
      pods: [statusPod('deleted', { deleting: true, ready: true, start: NOW - 600 })],
      metrics: { deleted: 1 },
      resource: 'cpu',
      expect: { ready: 0, ignored: ['deleted'] },
    },
    {
      name: 'a deleting pending pod is ignored (deletion is checked first)',
      pods: [statusPod('deleted', { deleting: true, phase: 'Pending' })],
      metrics: {},
      resource: 'cpu',
      expect: { ready: 0, ignored: ['deleted'] },
    },
    {
      name: 'ignore pods in a failed state',
      pods: [statusPod('failed', { phase: 'Failed', ready: true, start: NOW - 600 })],
      metrics: { failed: 1 },
      resource: 'cpu',
      expect: { ready: 0, ignored: ['failed'] },
    },
    {
      name: 'succeeded pods are ordinary pods in release code',
      pods: [statusPod('succeeded', { phase: 'Succeeded' })],
      metrics: {},
      resource: 'cpu',
      expect: { ready: 0, missing: ['succeeded'] },
    },
    {
      name: 'ignore pods in a succeeded state (master: ignoreSucceededPods)',
      pods: [statusPod('succeeded', { phase: 'Succeeded' })],
      metrics: {},
      resource: 'cpu',
      ctx: calcContext(NOW, { ignoreSucceededPods: true }),
      expect: { ready: 0, ignored: ['succeeded'] },
    },
    {
      name: 'readiness plays no role for a Pods metric',
      pods: [statusPod('p', { ready: false, transition: NOW, start: NOW })],
      metrics: { p: 1 },
      resource: '',
      expect: { ready: 1 },
    },
    {
      name: 'samples of unlisted pods are neither counted nor grouped',
      pods: [statusPod('a', { ready: true, transition: NOW - 600, start: NOW - 600 })],
      metrics: { a: 1, ghost: 1 },
      resource: 'cpu',
      expect: { ready: 1 },
    },
  ];

  it.each(cases)('$name', (tc) => {
    const g = groupPods(tc.pods, metricsInfo(tc.metrics), tc.resource, tc.ctx ?? CTX);
    expect(grouped(g)).toEqual({
      ready: tc.expect.ready,
      unready: tc.expect.unready ?? [],
      missing: tc.expect.missing ?? [],
      ignored: tc.expect.ignored ?? [],
    });
  });

  it('uses the configured initialization period and readiness delay', () => {
    const p = [statusPod('p', { ready: false, transition: NOW - 570, start: NOW - 600 })];
    const m = metricsInfo({ p: 1 });
    // delay 30 s (release default): the transition came 30 s after start → never ready → unready
    expect(
      groupPods(p, m, 'cpu', calcContext(NOW, { initialReadinessDelaySeconds: 31 })),
    ).toMatchObject({ readyPodCount: 0 });
    expect(
      groupPods(p, m, 'cpu', calcContext(NOW, { initialReadinessDelaySeconds: 30 })),
    ).toMatchObject({ readyPodCount: 1 });
    // a 20 min initialization period keeps the unready pod initializing → unready
    expect(
      groupPods(p, m, 'cpu', calcContext(NOW, { cpuInitializationPeriodSeconds: 1200 })),
    ).toMatchObject({ readyPodCount: 0 });
  });
});

// ---------------------------------------------------------------------------------------------
// Requests

describe('calculateRequests', () => {
  function withContainers(name: string, extra: Partial<PodObservation>): PodObservation {
    return { ...pod(name), ...extra };
  }

  it('sums every container of a pod', () => {
    const p = withContainers('a', {
      containers: [
        { name: 'app', requests: { cpu: 500 } },
        { name: 'sidecar', requests: { cpu: 100 } },
      ],
    });
    expect(calculateRequests([p], '', 'cpu')).toEqual({
      ok: true,
      requests: new Map([['a', 600]]),
    });
  });

  it('adds restartable (sidecar) init containers but not ordinary init containers', () => {
    const p = withContainers('a', {
      containers: [{ name: 'app', requests: { cpu: 500 } }],
      initContainers: [
        { name: 'proxy', requests: { cpu: 50 }, restartPolicy: 'Always' },
        { name: 'migrate', requests: { cpu: 2000 } },
        { name: 'no-request-but-not-restartable' },
      ],
    });
    expect(calculateRequests([p], '', 'cpu')).toEqual({
      ok: true,
      requests: new Map([['a', 550]]),
    });
  });

  it('uses pod-level requests when set, for Resource metrics only', () => {
    const p = withContainers('a', {
      containers: [{ name: 'app', requests: { cpu: 500 } }],
      podRequests: { cpu: 800 },
    });
    expect(calculateRequests([p], '', 'cpu')).toEqual({
      ok: true,
      requests: new Map([['a', 800]]),
    });
    expect(calculateRequests([p], 'app', 'cpu')).toEqual({
      ok: true,
      requests: new Map([['a', 500]]),
    });
  });

  it('fails when pod-level requests lack the resource', () => {
    const p = withContainers('a', { podRequests: { memory: 1 } });
    expect(calculateRequests([p], '', 'cpu')).toEqual({
      ok: false,
      error: 'missing pod-level request for cpu in Pod a',
    });
  });

  it('fails on the first container without a request', () => {
    const p = withContainers('a', {
      containers: [
        { name: 'app', requests: { cpu: 500 } },
        { name: 'sidecar', requests: { memory: 1 } },
      ],
    });
    expect(calculateRequests([p], '', 'cpu')).toEqual({
      ok: false,
      error: 'missing request for cpu in container sidecar of Pod a',
    });
    // the named container alone is fine
    expect(calculateRequests([p], 'app', 'cpu')).toEqual({
      ok: true,
      requests: new Map([['a', 500]]),
    });
  });

  it('fails when the named container does not exist', () => {
    expect(calculateRequests([pod('a')], 'nope', 'cpu')).toEqual({
      ok: false,
      error: 'container nope not found in Pod a',
    });
  });

  it('includes ignored pods (every listed pod needs a request)', () => {
    const list = [pod('a'), pod('failed', { phase: 'Failed', cpuRequest: null })];
    expect(calculateRequests(list, '', 'cpu').ok).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------
// Resource utilization (GetResourceReplicas)

type Start = 'hot' | 'cool' | undefined;

interface UpstreamCase {
  name: string;
  currentReplicas: number;
  levels: number[];
  /** per-container request (milli); the upstream default is "1.0" */
  requests?: number[];
  readiness?: boolean[];
  start?: Start[];
  phases?: string[];
  deleting?: boolean[];
  podNames?: string[];
  targetUtilization: number;
  expectedReplicas: number;
  expectedUtilization: number;
  expectedValue: number;
}

/** The upstream replica-calculator harness: two containers per pod, metrics keyed by index. */
function upstreamObservation(
  tc: Omit<
    UpstreamCase,
    'name' | 'expectedReplicas' | 'expectedUtilization' | 'expectedValue' | 'targetUtilization'
  >,
): Observation {
  const count = Math.max(tc.currentReplicas, tc.phases?.length ?? 0);
  const list: PodObservation[] = [];
  for (let i = 0; i < count; i++) {
    const start = tc.start?.[i];
    const startTime = start === 'hot' ? NOW : start === 'cool' ? NOW - 180 : NOW - 3600;
    const request = tc.requests ? tc.requests[i] : 1000;
    const requests: Record<string, number> = request === undefined ? {} : { cpu: request };
    list.push({
      name: `pod-${i}`,
      phase: tc.phases?.[i] ?? 'Running',
      deleting: tc.deleting?.[i] ?? false,
      ready: tc.readiness?.[i] ?? true,
      readyTransitionTime: startTime,
      startTime,
      containers: [
        { name: 'container0', requests },
        { name: 'container1', requests },
      ],
      resourceMetrics: null,
    });
  }
  const unmatchedPodMetrics: Observation['unmatchedPodMetrics'] = [];
  tc.levels.forEach((level, i) => {
    const name = tc.podNames?.[i] ?? `pod-${i}`;
    const item = {
      timestamp: NOW,
      window: 60,
      containers: [
        { name: 'container0', usage: { cpu: level } },
        { name: 'container1', usage: { cpu: level } },
      ],
    };
    const listed = list.find((p) => p.name === name);
    if (listed) listed.resourceMetrics = item;
    else unmatchedPodMetrics.push({ name, resourceMetrics: item });
  });
  return observation(hpa(), {
    pods: list,
    unmatchedPodMetrics,
    currentReplicas: tc.currentReplicas,
  });
}

function resourceReplicas(tc: UpstreamCase, tolerances = TOL) {
  return getResourceReplicas(
    upstreamObservation(tc),
    tc.currentReplicas,
    tc.targetUtilization,
    'cpu',
    tolerances,
    '',
    CTX,
  );
}

const ONE_CPU = 1000;

describe('TestReplicaCalcResourceScale (GetResourceReplicas)', () => {
  const cases: UpstreamCase[] = [
    {
      name: 'TestReplicaCalcScaleUp',
      currentReplicas: 3,
      levels: [300, 500, 700],
      targetUtilization: 30,
      expectedReplicas: 5,
      expectedUtilization: 50,
      expectedValue: 2 * 500,
    },
    {
      name: 'TestReplicaCalcScaleUpUnreadyLessScale',
      currentReplicas: 3,
      readiness: [false, true, true],
      levels: [300, 500, 700],
      targetUtilization: 30,
      expectedReplicas: 4,
      expectedUtilization: 60,
      expectedValue: 2 * 600,
    },
    {
      name: 'TestReplicaCalcScaleUpHotCpuLessScale',
      currentReplicas: 3,
      start: ['hot', 'cool', 'cool'],
      levels: [300, 500, 700],
      targetUtilization: 30,
      expectedReplicas: 4,
      expectedUtilization: 60,
      expectedValue: 2 * 600,
    },
    {
      name: 'TestReplicaCalcScaleUpUnreadyNoScale',
      currentReplicas: 3,
      readiness: [true, false, false],
      levels: [400, 500, 700],
      targetUtilization: 30,
      expectedReplicas: 3,
      expectedUtilization: 40,
      expectedValue: 2 * 400,
    },
    {
      name: 'TestReplicaCalcScaleHotCpuNoScale',
      currentReplicas: 3,
      readiness: [true, false, false],
      start: ['cool', 'hot', 'hot'],
      levels: [400, 500, 700],
      targetUtilization: 30,
      expectedReplicas: 3,
      expectedUtilization: 40,
      expectedValue: 2 * 400,
    },
    {
      name: 'TestReplicaCalcScaleUpIgnoresFailedPods',
      currentReplicas: 2,
      readiness: [true, true, false, false],
      phases: ['Running', 'Running', 'Failed', 'Failed'],
      levels: [500, 700],
      targetUtilization: 30,
      expectedReplicas: 4,
      expectedUtilization: 60,
      expectedValue: 2 * 600,
    },
    {
      name: 'TestReplicaCalcScaleUpIgnoresDeletionPods',
      currentReplicas: 2,
      readiness: [true, true, false, false],
      phases: ['Running', 'Running', 'Running', 'Running'],
      deleting: [false, false, true, true],
      levels: [500, 700],
      targetUtilization: 30,
      expectedReplicas: 4,
      expectedUtilization: 60,
      expectedValue: 2 * 600,
    },
    {
      name: 'TestReplicaCalcScaleDown',
      currentReplicas: 5,
      levels: [100, 300, 500, 250, 250],
      targetUtilization: 50,
      expectedReplicas: 3,
      expectedUtilization: 28,
      expectedValue: 2 * 280,
    },
    {
      name: 'TestReplicaCalcScaleDownExcludeUnreadyPods',
      currentReplicas: 5,
      readiness: [true, true, true, false, false],
      levels: [100, 300, 500, 250, 250],
      targetUtilization: 50,
      expectedReplicas: 2,
      expectedUtilization: 30,
      expectedValue: 2 * 300,
    },
    {
      name: 'TestReplicaCalcScaleDownExcludeUnscheduledPods',
      currentReplicas: 5,
      readiness: [true, false, false, false, false],
      phases: ['Running', 'Pending', 'Pending', 'Pending', 'Pending'],
      levels: [100],
      targetUtilization: 50,
      expectedReplicas: 1,
      expectedUtilization: 10,
      expectedValue: 2 * 100,
    },
    {
      name: 'TestReplicaCalcScaleDownIgnoreHotCpuPods',
      currentReplicas: 5,
      start: ['cool', 'cool', 'cool', 'hot', 'hot'],
      levels: [100, 300, 500, 250, 250],
      targetUtilization: 50,
      expectedReplicas: 2,
      expectedUtilization: 30,
      expectedValue: 2 * 300,
    },
    {
      name: 'TestReplicaCalcScaleDownIgnoresFailedPods',
      currentReplicas: 5,
      readiness: [true, true, true, true, true, false, false],
      phases: ['Running', 'Running', 'Running', 'Running', 'Running', 'Failed', 'Failed'],
      levels: [100, 300, 500, 250, 250],
      targetUtilization: 50,
      expectedReplicas: 3,
      expectedUtilization: 28,
      expectedValue: 2 * 280,
    },
    {
      name: 'TestReplicaCalcScaleDownIgnoresDeletionPods',
      currentReplicas: 5,
      readiness: [true, true, true, true, true, false, false],
      phases: ['Running', 'Running', 'Running', 'Running', 'Running', 'Running', 'Running'],
      deleting: [false, false, false, false, false, true, true],
      levels: [100, 300, 500, 250, 250],
      targetUtilization: 50,
      expectedReplicas: 3,
      expectedUtilization: 28,
      expectedValue: 2 * 280,
    },
    {
      name: 'TestReplicaCalcTolerance',
      currentReplicas: 3,
      requests: [900, 1000, 1100],
      levels: [1010, 1030, 1020],
      targetUtilization: 100,
      expectedReplicas: 3,
      expectedUtilization: 102,
      expectedValue: 2 * 1020,
    },
    {
      name: 'TestReplicaCalcSuperfluousMetrics',
      currentReplicas: 4,
      levels: [4000, 9500, 3000, 7000, 3200, 2000],
      targetUtilization: 100,
      expectedReplicas: 24,
      expectedUtilization: 587,
      expectedValue: 2 * 5875,
    },
  ];

  it.each(cases)('$name', (tc) => {
    const r = resourceReplicas(tc);
    expect(r.error).toBeUndefined();
    expect({ replicas: r.replicaCount, utilization: r.utilization, value: r.rawValue }).toEqual({
      replicas: tc.expectedReplicas,
      utilization: tc.expectedUtilization,
      value: tc.expectedValue,
    });
  });

  it('reports the usage ratio from the truncated utilization', () => {
    const r = resourceReplicas(cases[7]!);
    expect(r.usageRatio).toBe(28 / 50);
  });

  it('TestReplicaCalcComputedToleranceAlgImplementation', () => {
    // Back-calculates a CPU target that just breaches the tolerance (and one that just does not).
    const startPods = 10;
    const totalUsed = startPods * 150;
    const totalRequested = 2 * totalUsed;
    const requestedToUsed = Math.trunc(totalRequested / totalUsed);
    const perPodRequested = totalRequested / startPods;
    let target = Math.abs(1 / (requestedToUsed * (1 - 0.1))) + 0.01;
    const finalCpuPercentTarget = Math.trunc(target * 100);
    const resourcesUsedRatio = totalUsed / (totalRequested * target);
    const finalPods = Math.ceil(resourcesUsedRatio * startPods);
    const tc: UpstreamCase = {
      name: 'computed',
      currentReplicas: startPods,
      levels: Array.from({ length: 10 }, () => totalUsed / 10),
      requests: [100, -100, 10, -10, 2, -2, 1, -1, 0, 0].map((d) => perPodRequested + d),
      targetUtilization: finalCpuPercentTarget,
      expectedReplicas: finalPods,
      expectedUtilization: Math.trunc((totalUsed * 100) / totalRequested),
      expectedValue: (2 * totalUsed) / 10,
    };
    expect(finalPods).toBe(9);
    const first = resourceReplicas(tc);
    expect([first.replicaCount, first.utilization, first.rawValue]).toEqual([9, 50, 300]);

    target = Math.abs(1 / (requestedToUsed * (1 - 0.1))) + 0.004;
    const second = resourceReplicas({ ...tc, targetUtilization: Math.trunc(target * 100) });
    expect(second.replicaCount).toBe(startPods);
  });
});

describe('TestReplicaCalcResourceMissingMetrics (rebalancing)', () => {
  const cases: UpstreamCase[] = [
    {
      name: 'some pods missing metrics scales down (missing pods count as 100% of request)',
      currentReplicas: 4,
      levels: [400, 95],
      targetUtilization: 100,
      expectedReplicas: 3,
      expectedUtilization: 24,
      expectedValue: 495,
    },
    {
      name: 'no change: metric equal to target (ratio exactly 1 adds nothing)',
      currentReplicas: 2,
      levels: [1000],
      targetUtilization: 100,
      expectedReplicas: 2,
      expectedUtilization: 100,
      expectedValue: 2 * 1000,
    },
    {
      name: 'no change: metric above target (missing pod at 0% flips the direction)',
      currentReplicas: 2,
      levels: [1900],
      targetUtilization: 100,
      expectedReplicas: 2,
      expectedUtilization: 190,
      expectedValue: 2 * 1900,
    },
    {
      name: 'no change: metric below target (rebalanced count equals current)',
      currentReplicas: 2,
      levels: [600],
      targetUtilization: 100,
      expectedReplicas: 2,
      expectedUtilization: 60,
      expectedValue: 2 * 600,
    },
    {
      name: 'no change: unready pod metric missing',
      currentReplicas: 3,
      readiness: [false, true, true],
      levels: [100, 450],
      targetUtilization: 50,
      expectedReplicas: 3,
      expectedUtilization: 45,
      expectedValue: 2 * 450,
    },
    {
      name: 'no change: hot-CPU pod metric missing',
      currentReplicas: 3,
      start: ['hot', 'cool', 'cool'],
      levels: [100, 450],
      targetUtilization: 50,
      expectedReplicas: 3,
      expectedUtilization: 45,
      expectedValue: 2 * 450,
    },
    {
      name: 'scale up: unready pod metric missing (unready and missing count as 0%)',
      currentReplicas: 3,
      readiness: [false, true, true],
      levels: [100, 2000],
      targetUtilization: 50,
      expectedReplicas: 4,
      expectedUtilization: 200,
      expectedValue: 2 * 2000,
    },
    {
      name: 'scale up: hot-CPU pod metric missing',
      currentReplicas: 3,
      readiness: [false, true, true],
      start: ['hot', 'cool', 'cool'],
      levels: [100, 2000],
      targetUtilization: 50,
      expectedReplicas: 4,
      expectedUtilization: 200,
      expectedValue: 2 * 2000,
    },
    {
      name: 'scale down: unready pod metric missing (the unready pod is dropped, not counted)',
      currentReplicas: 4,
      readiness: [false, true, true, true],
      levels: [100, 100, 100],
      targetUtilization: 50,
      expectedReplicas: 3,
      expectedUtilization: 10,
      expectedValue: 2 * 100,
    },
    {
      name: 'scale down: target over 100 (missing pods count as exactly the target)',
      currentReplicas: 4,
      levels: [1500, 1500],
      targetUtilization: 300,
      // (2×1500×2 + 2×2×1000×300%) / 8000 = 225% → ratio 0.75 → ceil(0.75 × 4) = 3
      // (at 100% of the request it would be 125% → 0.42 → 2)
      expectedReplicas: 3,
      expectedUtilization: 150,
      expectedValue: 2 * 1500,
    },
    {
      name: 'rolling update with maxSurge: extra pod missing metric (count would move up → keep)',
      currentReplicas: 2,
      phases: ['Running', 'Running', 'Running'],
      levels: [100, 100],
      targetUtilization: 50,
      expectedReplicas: 2,
      expectedUtilization: 10,
      expectedValue: 2 * 100,
    },
    {
      name: 'rebalanced count includes samples of unlisted pods',
      currentReplicas: 2,
      levels: [1000, 1000, 1000],
      podNames: ['pod-0', 'gone-a', 'gone-b'],
      // listed: pod-0 at 100%, pod-1 missing → 0% on a scale-up: (2000+0)/4000 = 50% … ratio 1.25
      // with target 40; n' = ceil(1.25 × 2 samples with requests + 2 unlisted samples) = 5
      targetUtilization: 40,
      expectedReplicas: 5,
      expectedUtilization: 100,
      expectedValue: 2 * 1000,
    },
  ];

  it.each(cases)('$name', (tc) => {
    const r = resourceReplicas(tc);
    expect(r.error).toBeUndefined();
    expect({ replicas: r.replicaCount, utilization: r.utilization, value: r.rawValue }).toEqual({
      replicas: tc.expectedReplicas,
      utilization: tc.expectedUtilization,
      value: tc.expectedValue,
    });
  });

  it('unready pods are not counted at all when the ratio is exactly 1', () => {
    const r = resourceReplicas({
      name: '',
      currentReplicas: 3,
      readiness: [false, true, true],
      levels: [0, 1000, 1000],
      targetUtilization: 100,
      expectedReplicas: 3,
      expectedUtilization: 100,
      expectedValue: 2000,
    });
    // counting the unready pod as 0 % would give 66 % → 2 replicas
    expect([r.replicaCount, r.utilization]).toEqual([3, 100]);
  });

  it('the rebalanced ratio is judged with the per-direction tolerances', () => {
    // levels [400, 95] of 4 pods → rebalanced ratio 0.62; a 40% scale-down tolerance keeps 4
    const tc = cases[0]!;
    expect(resourceReplicas(tc, { scaleDown: 0.4, scaleUp: 0.1 }).replicaCount).toBe(4);
    expect(resourceReplicas(tc, { scaleDown: 0.37, scaleUp: 0.1 }).replicaCount).toBe(3);
  });
});

describe('GetResourceReplicas errors', () => {
  it('TestReplicaCalcEmptyMetrics', () => {
    const r = resourceReplicas({
      name: '',
      currentReplicas: 4,
      levels: [],
      requests: [ONE_CPU, ONE_CPU, ONE_CPU],
      targetUtilization: 100,
      expectedReplicas: 0,
      expectedUtilization: 0,
      expectedValue: 0,
    });
    expect(r.error).toBe(
      'unable to get metrics for resource cpu: no metrics returned from resource metrics API',
    );
  });

  it('TestReplicaCalcEmptyCPURequest', () => {
    const r = resourceReplicas({
      name: '',
      currentReplicas: 1,
      levels: [200],
      requests: [],
      targetUtilization: 100,
      expectedReplicas: 0,
      expectedUtilization: 0,
      expectedValue: 0,
    });
    expect(r.error).toMatch(/^missing request for cpu/);
  });

  it('TestReplicaCalcDisjointResourcesMetrics', () => {
    const r = resourceReplicas({
      name: '',
      currentReplicas: 1,
      levels: [100],
      podNames: ['an-older-pod-name'],
      targetUtilization: 100,
      expectedReplicas: 0,
      expectedUtilization: 0,
      expectedValue: 0,
    });
    expect(r.error).toBe('no metrics returned matched known pods');
  });

  it('fails when the selector lists no pods', () => {
    const obs = observation(hpa(), {
      pods: [],
      unmatchedPodMetrics: [
        {
          name: 'x',
          resourceMetrics: {
            timestamp: NOW,
            window: 60,
            containers: [{ name: 'c', usage: { cpu: 1 } }],
          },
        },
      ],
    });
    expect(getResourceReplicas(obs, 1, 50, 'cpu', TOL, '', CTX).error).toBe(
      'no pods returned by selector while calculating replica count',
    );
  });

  it('fails when every sample belongs to an unready or ignored pod', () => {
    const r = resourceReplicas({
      name: '',
      currentReplicas: 2,
      readiness: [false, true],
      deleting: [false, true],
      levels: [500, 500],
      targetUtilization: 50,
      expectedReplicas: 0,
      expectedUtilization: 0,
      expectedValue: 0,
    });
    expect(r.error).toBe('did not receive metrics for targeted pods (pods might be unready)');
    expect(r.groups && grouped(r.groups)).toEqual({
      ready: 0,
      unready: ['pod-0'],
      missing: [],
      ignored: ['pod-1'],
    });
  });

  it('an ignored pod without a request still fails the metric', () => {
    const r = resourceReplicas({
      name: '',
      currentReplicas: 1,
      phases: ['Running', 'Failed'],
      requests: [ONE_CPU],
      levels: [500],
      targetUtilization: 50,
      expectedReplicas: 0,
      expectedUtilization: 0,
      expectedValue: 0,
    });
    expect(r.error).toBe('missing request for cpu in container container0 of Pod pod-1');
  });
});

describe('ContainerResource utilization', () => {
  function twoContainerPods(n: number, appUsage: number, sidecarUsage: number): PodObservation[] {
    return pods(n).map((p) => ({
      ...p,
      containers: [
        { name: 'app', requests: { cpu: 500 } },
        { name: 'sidecar', requests: { cpu: 500 } },
      ],
      resourceMetrics: {
        timestamp: NOW,
        window: 60,
        containers: [
          { name: 'app', usage: { cpu: appUsage } },
          { name: 'sidecar', usage: { cpu: sidecarUsage } },
        ],
      },
    }));
  }

  it('uses the named container only, for both usage and request', () => {
    const obs = observation(hpa(), { pods: twoContainerPods(3, 500, 0) });
    const app = getResourceReplicas(obs, 3, 50, 'cpu', TOL, 'app', CTX);
    const sidecar = getResourceReplicas(obs, 3, 50, 'cpu', TOL, 'sidecar', CTX);
    const whole = getResourceReplicas(obs, 3, 50, 'cpu', TOL, '', CTX);
    expect([app.utilization, app.replicaCount]).toEqual([100, 6]);
    expect([sidecar.utilization, sidecar.replicaCount]).toEqual([0, 0]);
    expect([whole.utilization, whole.replicaCount]).toEqual([50, 3]);
  });
});

// ---------------------------------------------------------------------------------------------
// Tolerance

describe('TestTolerance: isWithin', () => {
  it.each([
    [0.9, true],
    [1.1, true],
    [1, true],
    [0.8999999999999999, false],
    [1.1000000000000003, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
  ])('default 10%%: ratio %d → %s', (ratio, within) => {
    expect(isWithin(TOL, ratio)).toBe(within);
  });

  it('uses each direction’s tolerance for its side only', () => {
    const t = { scaleDown: 0.05, scaleUp: 0.2 };
    expect(isWithin(t, 0.95)).toBe(true);
    expect(isWithin(t, 0.94)).toBe(false);
    expect(isWithin(t, 1.2)).toBe(true);
    expect(isWithin(t, 1.21)).toBe(false);
  });

  it('a zero tolerance accepts only a ratio of exactly 1', () => {
    const t = { scaleDown: 0, scaleUp: 0 };
    expect(isWithin(t, 1)).toBe(true);
    expect(isWithin(t, 1.0000000000000002)).toBe(false);
    expect(isWithin(t, 0.9999999999999999)).toBe(false);
  });

  it('TestReplicaCalcResourceTolerance: utilization exactly 110% and 90% does not scale', () => {
    const up = resourceReplicas({
      name: '',
      currentReplicas: 4,
      levels: [1100, 1100, 1100, 1100],
      targetUtilization: 100,
      expectedReplicas: 4,
      expectedUtilization: 110,
      expectedValue: 2200,
    });
    const down = resourceReplicas({
      name: '',
      currentReplicas: 4,
      levels: [900, 900, 900, 900],
      targetUtilization: 100,
      expectedReplicas: 4,
      expectedUtilization: 90,
      expectedValue: 1800,
    });
    const justAbove = resourceReplicas({
      name: '',
      currentReplicas: 4,
      levels: [1110, 1110, 1110, 1110],
      targetUtilization: 100,
      expectedReplicas: 5,
      expectedUtilization: 111,
      expectedValue: 2220,
    });
    expect([up.replicaCount, down.replicaCount, justAbove.replicaCount]).toEqual([4, 4, 5]);
  });
});

// ---------------------------------------------------------------------------------------------
// Plain metrics: Pods metrics and Resource AverageValue (calcPlainMetricReplicas)

function qpsPods(
  values: (number | null)[],
  o: (i: number) => Partial<PodObservation> = () => ({}),
) {
  return values.map((v, i) => {
    const p = pod(`pod-${i}`, v === null ? {} : { custom: { qps: v } });
    return { ...p, ...o(i) };
  });
}

function podsReplicas(
  list: PodObservation[],
  current: number,
  target: number,
  extra: Partial<Observation> = {},
) {
  return getMetricReplicas(
    observation(hpa(), { pods: list, ...extra }),
    current,
    target,
    'qps',
    TOL,
    CTX,
  );
}

describe('TestReplicaCalcPodMetric (GetMetricReplicas)', () => {
  it.each([
    ['TestReplicaCalcScaleUpCM', [20000, 10000, 30000], 3, 15000, 4, 20000],
    ['TestReplicaCalcScaleDownCM', [12000, 12000, 12000, 12000, 12000], 5, 20000, 3, 12000],
    ['TestReplicaCalcToleranceCM', [20000, 21000, 21000], 3, 20000, 3, 20666],
  ] as const)('%s', (_name, values, current, target, replicas, usage) => {
    const r = podsReplicas(qpsPods([...values]), current, target);
    expect([r.replicaCount, r.rawValue]).toEqual([replicas, usage]);
  });

  it('TestReplicaCalcScaleUpCMUnreadyHotCpuNoLessScale: readiness does not matter', () => {
    const list = qpsPods([50000, 10000, 30000], (i) =>
      i === 2 ? { ready: false, startTime: NOW, readyTransitionTime: NOW } : {},
    );
    const r = podsReplicas(list, 3, 15000);
    expect([r.replicaCount, r.rawValue]).toEqual([6, 30000]);
  });

  it('TestReplicaCalcScaleUpCMUnreadyHotCpuScaleWouldScaleDown', () => {
    const list = qpsPods([50000, 15000, 30000], (i) =>
      i !== 1 ? { ready: false, startTime: NOW, readyTransitionTime: NOW } : {},
    );
    const r = podsReplicas(list, 3, 15000);
    expect([r.replicaCount, r.rawValue]).toEqual([7, 31666]);
  });

  it('missing pods count as exactly the target on a scale-down', () => {
    // avg 5000 → 0.5; missing at 10000: (2×5000 + 2×10000)/4 = 7500 → 0.75 → 3
    const r = podsReplicas(qpsPods([5000, 5000, null, null]), 4, 10000);
    expect(r.replicaCount).toBe(3);
  });

  it('missing pods count as 0 on a scale-up', () => {
    // avg 30000 → 3; missing at 0: 60000/3 = 20000 → 2 → ceil(2 × 3) = 6
    const r = podsReplicas(qpsPods([30000, 30000, null]), 3, 10000);
    expect(r.replicaCount).toBe(6);
  });

  it('missing pods add nothing when the ratio is exactly 1', () => {
    // counting them as 0 would give avg 5000 → 0.5 → scale down to 2
    const r = podsReplicas(qpsPods([10000, 10000, null, null]), 4, 10000);
    expect(r.replicaCount).toBe(4);
  });

  it('pending pods count as 0 on a scale-up (their own samples are dropped)', () => {
    const list = qpsPods([20000, 20000, 90000], (i) => (i === 2 ? { phase: 'Pending' } : {}));
    // ready avg 20000 → 2; pending at 0: 40000/3 = 13333 → 1.3333 → ceil(4.0) = 4
    const r = podsReplicas(list, 3, 10000);
    expect([r.replicaCount, r.rawValue]).toEqual([4, 20000]);
  });

  it('pending pods are dropped on a scale-down', () => {
    const list = qpsPods([5000, 5000, 0], (i) => (i === 2 ? { phase: 'Pending' } : {}));
    const r = podsReplicas(list, 3, 10000);
    expect(r.replicaCount).toBe(1);
  });

  it('samples of unlisted pods are averaged in and counted after rebalancing', () => {
    const simple = podsReplicas(qpsPods([10000, 10000]), 2, 10000, {
      unmatchedPodMetrics: [{ name: 'gone', customMetrics: { qps: 40000 } }],
    });
    // avg 20000 → 2 → ceil(2 × 2 ready pods) = 4
    expect([simple.replicaCount, simple.rawValue]).toEqual([4, 20000]);
    const rebalanced = podsReplicas(qpsPods([30000, 30000, null]), 3, 10000, {
      unmatchedPodMetrics: [{ name: 'gone', customMetrics: { qps: 30000 } }],
    });
    // avg 30000 → 3; missing 0: 90000/4 = 22500 → 2.25 → ceil(2.25 × 4 samples) = 9
    expect(rebalanced.replicaCount).toBe(9);
  });

  it('truncates the milli average before the ratio', () => {
    // mean 1100.67 is truncated to 1100 → ratio exactly 1.1 → within tolerance (without the
    // truncation 1.10067 would scale to 4)
    const r = podsReplicas(qpsPods([1101, 1101, 1100]), 3, 1000);
    expect([r.rawValue, r.usageRatio, r.replicaCount]).toEqual([1100, 1.1, 3]);
  });

  it('fails without samples, without pods, or when every sampled pod is ignored', () => {
    expect(podsReplicas(qpsPods([null, null]), 2, 1000).error).toBe(
      'unable to get metric qps: no metrics returned from custom metrics API',
    );
    expect(
      podsReplicas([], 2, 1000, { unmatchedPodMetrics: [{ name: 'x', customMetrics: { qps: 1 } }] })
        .error,
    ).toBe('no pods returned by selector while calculating replica count');
    const failed = qpsPods([1000], () => ({ phase: 'Failed' }));
    expect(podsReplicas(failed, 1, 1000).error).toBe(
      'did not receive metrics for targeted pods (pods might be unready)',
    );
  });
});

describe('GetRawResourceReplicas (Resource AverageValue)', () => {
  it('applies the CPU readiness rules: an initializing pod counts as 0 on a scale-up', () => {
    const list = [
      pod('a', { cpu: 1000 }),
      pod('b', { cpu: 1000 }),
      pod('hot', { cpu: 100, startTime: NOW, readyTransitionTime: NOW }),
    ];
    const r = getRawResourceReplicas(
      observation(hpa(), { pods: list }),
      3,
      500,
      'cpu',
      TOL,
      '',
      CTX,
    );
    // avg 1000 → 2; hot at 0: 2000/3 = 666 → 1.332 → ceil(3.996) = 4
    expect([r.replicaCount, r.rawValue]).toEqual([4, 1000]);
    expect(r.groups && grouped(r.groups).unready).toEqual(['hot']);
  });

  it('ignores readiness for memory', () => {
    const list = [
      pod('a', { memory: 2000, ready: false, startTime: NOW, readyTransitionTime: NOW }),
      pod('b', { memory: 2000 }),
    ];
    const r = getRawResourceReplicas(
      observation(hpa(), { pods: list }),
      2,
      1000,
      'memory',
      TOL,
      '',
      CTX,
    );
    expect(r.replicaCount).toBe(4);
    expect(r.groups?.readyPodCount).toBe(2);
  });

  it('missing pods count as the target value, not as their request', () => {
    const list = [pod('a', { cpu: 100 }), pod('b', { cpu: 100 }), pod('c', { cpu: null })];
    // avg 100 of target 500 → 0.2; missing at 500: 700/3 = 233 → 0.466 → ceil(1.4) = 2
    const r = getRawResourceReplicas(
      observation(hpa(), { pods: list }),
      3,
      500,
      'cpu',
      TOL,
      '',
      CTX,
    );
    expect(r.replicaCount).toBe(2);
  });

  it('fails when the resource metrics API has nothing', () => {
    const r = getRawResourceReplicas(
      observation(hpa(), { pods: [pod('a', { cpu: null })] }),
      1,
      500,
      'cpu',
      TOL,
      '',
      CTX,
    );
    expect(r.error).toBe(
      'unable to get metrics for resource cpu: no metrics returned from resource metrics API',
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Object and External metrics

const OBJ = { kind: 'Deployment', name: 'some-deployment' };

function objectObs(value: number, list: PodObservation[], statusReplicas?: number) {
  return observation(hpa(), {
    pods: list,
    statusReplicas: statusReplicas ?? list.length,
    objectMetrics: [{ describedObject: OBJ, metric: 'qps', value }],
  });
}

function externalObs(values: number[], list: PodObservation[], statusReplicas?: number) {
  return observation(hpa(), {
    pods: list,
    statusReplicas: statusReplicas ?? list.length,
    externalMetrics: [{ metric: 'qps', values }],
  });
}

function readiness(flags: boolean[]): PodObservation[] {
  return flags.map((ready, i) => pod(`pod-${i}`, { ready }));
}

describe('TestReplicaCalcObjectMetric (Value target)', () => {
  it.each([
    ['TestReplicaCalcScaleUpCMObject', 20000, 15000, [true, true, true], 3, 4],
    ['TestReplicaCalcScaleDownCMObject', 12000, 20000, [true, true, true, true, true], 5, 3],
    ['TestReplicaCalcToleranceCMObject', 20666, 20000, [true, true, true], 3, 3],
    // If unready pods were not ignored the answer would be 15.
    ['TestReplicaCalcScaleUpCMObjectIgnoresUnreadyPods', 50000, 10000, [false, true, false], 3, 5],
  ] as const)('%s', (_n, usage, target, flags, current, replicas) => {
    const r = getObjectMetricReplicas(
      objectObs(usage, readiness([...flags])),
      current,
      target,
      'qps',
      TOL,
      OBJ.kind,
      OBJ.name,
    );
    expect(r.error).toBeUndefined();
    expect([r.replicaCount, r.rawValue]).toEqual([replicas, usage]);
  });

  it('multiplies by Running pods with Ready=True, terminating ones included', () => {
    const list = [
      pod('ready'),
      pod('terminating', { deleting: true }),
      pod('pending', { phase: 'Pending' }),
      pod('unready', { ready: false }),
      pod('no-condition', { ready: null }),
      pod('failed', { phase: 'Failed' }),
    ];
    // ratio 3 × 2 ready = 6 (current replicas 6 are not the multiplier)
    const r = getObjectMetricReplicas(
      objectObs(30000, list),
      6,
      10000,
      'qps',
      TOL,
      OBJ.kind,
      OBJ.name,
    );
    expect(r.replicaCount).toBe(6);
    const r2 = getObjectMetricReplicas(
      objectObs(30000, list),
      1,
      10000,
      'qps',
      TOL,
      OBJ.kind,
      OBJ.name,
    );
    expect(r2.replicaCount).toBe(6);
  });

  it('within tolerance it does not need any pod; outside it fails without pods', () => {
    expect(
      getObjectMetricReplicas(objectObs(10500, []), 3, 10000, 'qps', TOL, OBJ.kind, OBJ.name),
    ).toMatchObject({
      replicaCount: 3,
    });
    expect(
      getObjectMetricReplicas(objectObs(20000, []), 3, 10000, 'qps', TOL, OBJ.kind, OBJ.name).error,
    ).toBe(
      'unable to calculate ready pods: no pods returned by selector while calculating replica count',
    );
  });

  it('from zero replicas: ceil(ratio) without tolerance and without pods', () => {
    const at = (usage: number) =>
      getObjectMetricReplicas(objectObs(usage, []), 0, 10000, 'qps', TOL, OBJ.kind, OBJ.name)
        .replicaCount;
    expect(at(10500)).toBe(2);
    expect(at(10000)).toBe(1);
    expect(at(1)).toBe(1);
    expect(at(0)).toBe(0);
  });

  it('caps the proposal at 2^31−1', () => {
    const r = getObjectMetricReplicas(
      objectObs(1e15, readiness([true])),
      1,
      1,
      'qps',
      TOL,
      OBJ.kind,
      OBJ.name,
    );
    expect(r.replicaCount).toBe(MAX_INT32);
  });

  it('fails when the object has no such metric', () => {
    const r = getObjectMetricReplicas(
      objectObs(1, readiness([true])),
      1,
      1,
      'qps',
      TOL,
      'Service',
      'x',
    );
    expect(r.error).toMatch(/^unable to get metric qps: /);
  });
});

describe('TestReplicaCalcObjectPerPodMetric (AverageValue target divides by status replicas)', () => {
  it.each([
    ['TestReplicaCalcScaleUpCMPerPodObject', 20000, 5000, 3, 4, 6667],
    ['TestReplicaCalcScaleDownPerPodCMObject', 6000, 2000, 5, 3, 1200],
    ['TestReplicaCalcTolerancePerPodCMObject', 20166, 5000, 4, 4, 5042],
  ] as const)('%s', (_n, usage, target, status, replicas, perPod) => {
    const r = getObjectPerPodMetricReplicas(
      objectObs(usage, [], status),
      status,
      target,
      'qps',
      TOL,
      OBJ.kind,
      OBJ.name,
    );
    expect([r.replicaCount, r.rawValue]).toEqual([replicas, perPod]);
  });

  it('within tolerance the proposal is the status replica count', () => {
    const r = getObjectPerPodMetricReplicas(
      objectObs(4000, [], 4),
      4,
      1000,
      'qps',
      TOL,
      OBJ.kind,
      OBJ.name,
    );
    expect(r.replicaCount).toBe(4);
  });

  it('with zero status replicas: ceil(usage / target), per-pod value 0', () => {
    const r = getObjectPerPodMetricReplicas(
      objectObs(2500, [], 0),
      0,
      1000,
      'qps',
      TOL,
      OBJ.kind,
      OBJ.name,
    );
    expect([r.replicaCount, r.rawValue]).toEqual([3, 0]);
    const zero = getObjectPerPodMetricReplicas(
      objectObs(0, [], 0),
      0,
      1000,
      'qps',
      TOL,
      OBJ.kind,
      OBJ.name,
    );
    expect([zero.replicaCount, zero.rawValue]).toEqual([0, 0]);
  });
});

describe('TestReplicaCalcExternalMetric (Value target)', () => {
  it.each([
    ['TestReplicaCalcScaleUpCMExternal', [8600], 4400, [true], 1, 2],
    [
      'TestReplicaCalcScaleUpCMExternalIgnoresUnreadyPods',
      [8600],
      4400,
      [false, true, false],
      3,
      2,
    ],
    ['TestReplicaCalcScaleDownCMExternal', [8600], 14334, [true, true, true, true, true], 5, 3],
    ['TestReplicaCalcToleranceCMExternal', [8600], 8888, [true, true, true], 3, 3],
    ['sums every sample', [2000, 6600], 4400, [true], 1, 2],
  ] as const)('%s', (_n, values, target, flags, current, replicas) => {
    const r = getExternalMetricReplicas(
      externalObs([...values], readiness([...flags])),
      current,
      target,
      'qps',
      TOL,
    );
    expect(r.replicaCount).toBe(replicas);
    expect(r.rawValue).toBe(values.reduce((a, b) => a + b, 0));
  });

  it('caps the sum at the int64 maximum', () => {
    const big = 9e18;
    const r = getExternalMetricReplicas(
      externalObs([big, big], readiness([true])),
      1,
      1,
      'qps',
      TOL,
    );
    // int64 max (2^63 − 1) as a double is 2^63
    expect(r.rawValue).toBe(2 ** 63);
  });

  it('fails when the metric returns no sample', () => {
    const r = getExternalMetricReplicas(externalObs([], readiness([true])), 1, 1, 'qps', TOL);
    expect(r.error).toBe(
      // "%s/%s/%+v": namespace, metric, the nil selector
      'unable to get external metric default/qps/nil: no metrics returned from external metrics API',
    );
  });
});

describe('TestReplicaCalcExternalPerPodMetric (AverageValue target)', () => {
  it.each([
    ['TestReplicaCalcScaleUpPerPodCMExternal', [8600], 2150, 3, 4, 2867],
    ['TestReplicaCalcScaleDownPerPodCMExternal', [8600], 2867, 5, 3, 1720],
    ['TestReplicaCalcTolerancePerPodCMExternal', [8600], 2900, 3, 3, 2867],
    ['status replicas zero', [3000], 1000, 0, 3, 0],
  ] as const)('%s', (_n, values, target, status, replicas, perPod) => {
    const r = getExternalPerPodMetricReplicas(
      externalObs([...values], [], status),
      status,
      target,
      'qps',
      TOL,
    );
    expect([r.replicaCount, r.rawValue]).toEqual([replicas, perPod]);
  });

  it('caps the proposal at 2^31−1', () => {
    const r = getExternalPerPodMetricReplicas(externalObs([1e15], [], 1), 1, 1, 'qps', TOL);
    expect(r.replicaCount).toBe(MAX_INT32);
  });
});
