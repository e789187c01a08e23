// The by-position twins (podNames.ts, replicaCalculatorByPosition.ts, metricsClientByPosition.ts,
// utilizationByPosition.ts) against the Map-based port they stand in for, which runs on repeated
// names and when the twin is turned off (ReconcileOptions.byPosition false). Random
// observations mix what makes "keyed by pod name" differ from
// "indexed by position" — repeated pod names, samples of pods outside the list (some sharing a
// listed pod's name), missing samples, unready and ignored pods, ContainerResource, AverageValue,
// pod-level and sidecar requests, figures past 2^53 and fractional ones (float sums depend on
// order) — and every result must be deep-equal: each metric's ReplicaCalculation (pod-group sets
// in insertion order), and whole reconciles (replicas, conditions, memory, trace, events).

import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { setDefaultsHorizontalPodAutoscaler } from './defaults.ts';
import { reconcileAutoscaler } from './horizontal.ts';
import { phaseCode, readyCode } from './podFieldColumns.ts';
import { byName, byPosition } from './replicaCalculation.ts';
import type { CalcContext } from './replicaCalculatorCommon.ts';
import { config, rawHpa } from './testing/builders.ts';
import type {
  ContainerUsage,
  ControllerConfig,
  ControllerMemory,
  HorizontalPodAutoscalerBehavior,
  MetricSpec,
  Observation,
  PodContainer,
  PodFieldColumns,
  PodObservation,
  ReplicaCalculation,
  UnmatchedPodMetrics,
} from './types.ts';

// Counts the twin's entry calls (passing them through), so the tests can tell that a reconcile
// takes the twin only on distinct names and never with `byPosition: false`: otherwise both sides
// could run one path.
const twinCalls = vi.hoisted(() => ({ n: 0 }));
vi.mock('./replicaCalculatorByPosition.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./replicaCalculatorByPosition.ts')>();
  const counted =
    <A extends unknown[], R>(f: (...args: A) => R) =>
    (...args: A): R => {
      twinCalls.n++;
      return f(...args);
    };
  return {
    ...actual,
    getResourceReplicasByPosition: counted(actual.getResourceReplicasByPosition),
    getRawResourceReplicasByPosition: counted(actual.getRawResourceReplicasByPosition),
    getMetricReplicasByPosition: counted(actual.getMetricReplicasByPosition),
  };
});

/** Run `run` and say whether it entered the twin. */
function usedTwin(run: () => void): boolean {
  const before = twinCalls.n;
  run();
  return twinCalls.n > before;
}

const NOW = 1_000_000;
const RUNS = 1500;

// ---------------------------------------------------------------------------------------------
// Generators

const amountArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 0, max: 3000 }) },
  { weight: 1, arbitrary: fc.constant(0) },
  // memory-sized figures: sums, or only sums × 100, pass 2^53 (the BigInt paths)
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: 2 ** 10, max: 2 ** 23 - 1 }), fc.integer({ min: 0, max: 2 ** 30 }))
      .map(([hi, lo]) => hi * 2 ** 30 + lo),
  },
  // fractions: float sums then depend on the order the samples are visited in
  { weight: 1, arbitrary: fc.double({ min: 0, max: 5000, noNaN: true }) },
);

/** usage or requests by resource; a missing key is a missing value */
const byResourceArb: fc.Arbitrary<Record<string, number>> = fc.record(
  { cpu: amountArb, memory: amountArb },
  { requiredKeys: [] },
);

const containerSpecArb: fc.Arbitrary<PodContainer[]> = fc
  .subarray(['app', 'sidecar'], { minLength: 1 })
  .chain((names) =>
    fc.tuple(...names.map((name) => byResourceArb.map((requests) => ({ name, requests })))),
  );

const initContainersArb: fc.Arbitrary<PodContainer[] | undefined> = fc.option(
  fc.array(
    fc.record({
      name: fc.constantFrom('init', 'proxy'),
      requests: byResourceArb,
      restartPolicy: fc.constantFrom('Always', 'Always', 'OnFailure'),
    }),
    { maxLength: 2 },
  ),
  { nil: undefined, freq: 4 },
);

const resourceMetricsArb = fc.option(
  fc.record({
    timestamp: fc.integer({ min: NOW - 400, max: NOW }),
    window: fc.constantFrom(15, 30, 60),
    containers: fc
      .subarray(['app', 'sidecar', 'proxy'])
      .chain((names) =>
        fc.tuple(
          ...names.map((name) => byResourceArb.map((usage): ContainerUsage => ({ name, usage }))),
        ),
      ),
  }),
  { nil: null, freq: 5 },
);

const customMetricsArb = fc.option(
  fc.record(
    {
      qps: fc.oneof(amountArb, fc.integer({ min: -500, max: -1 })),
      other: fc.integer({ min: 0, max: 100 }),
    },
    { requiredKeys: [] },
  ),
  { nil: undefined, freq: 5 },
);

type PodBody = Omit<PodObservation, 'name'>;

const podBodyArb: fc.Arbitrary<PodBody> = fc
  .record({
    phase: fc.constantFrom(
      'Running',
      'Running',
      'Running',
      'Running',
      'Pending',
      'Failed',
      'Succeeded',
      'Unknown',
    ),
    deleting: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, fc.boolean()),
    ready: fc.constantFrom<boolean | null | undefined>(true, true, true, false, null, undefined),
    // around the CPU initialization period (300 s / 120 s) and the readiness delay (30 s / 10 s)
    startAge: fc.option(fc.constantFrom(5, 10, 29, 30, 31, 119, 120, 121, 299, 300, 301, 3600), {
      nil: null,
      freq: 8,
    }),
    transitionAge: fc.option(fc.integer({ min: 0, max: 4000 }), { nil: null, freq: 6 }),
    containers: containerSpecArb,
    initContainers: initContainersArb,
    podRequests: fc.option(byResourceArb, { nil: undefined, freq: 5 }),
    resourceMetrics: resourceMetricsArb,
    customMetrics: customMetricsArb,
  })
  .map((b) => {
    const body: PodBody = {
      phase: b.phase,
      ready: b.ready,
      startTime: b.startAge === null ? null : NOW - b.startAge,
      readyTransitionTime: b.transitionAge === null ? null : NOW - b.transitionAge,
      containers: b.containers,
      resourceMetrics: b.resourceMetrics,
    };
    if (b.deleting !== undefined) body.deleting = b.deleting;
    if (b.initContainers !== undefined) body.initContainers = b.initContainers;
    if (b.podRequests !== undefined) body.podRequests = b.podRequests;
    if (b.customMetrics !== undefined) body.customMetrics = b.customMetrics;
    return body;
  });

/** Distinct names (the fast path) or names from a small pool (repeats likely: the Map path). */
const podsArb: fc.Arbitrary<PodObservation[]> = fc
  .tuple(
    fc.array(podBodyArb, { maxLength: 12 }),
    fc.boolean(),
    fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f'), { minLength: 12, maxLength: 12 }),
    // pods of one template share its spec objects (the simulation's do): calculateRequests'
    // by-position twin reuses the request of a pod with the very same objects
    // (0: none; 1: the containers; 2: and the init containers; 3: and the pod-level requests)
    fc.array(fc.nat(3), { minLength: 12, maxLength: 12 }),
  )
  .map(([bodies, distinct, pool, shared]) => {
    const pods: PodObservation[] = [];
    bodies.forEach((b, i) => {
      const pod: PodObservation = { name: distinct ? `pod-${i}` : pool[i]!, ...b };
      const prev = pods[i - 1];
      const k = shared[i]!;
      if (prev !== undefined && k >= 1) pod.containers = prev.containers;
      if (prev !== undefined && k >= 2) share(pod, prev, 'initContainers');
      if (prev !== undefined && k >= 3) share(pod, prev, 'podRequests');
      pods.push(pod);
    });
    return pods;
  });

/** `pod` takes `prev`'s object for `key` (or lacks it, as `prev` does). */
function share(pod: PodObservation, prev: PodObservation, key: 'initContainers' | 'podRequests') {
  if (key === 'podRequests') {
    if (prev.podRequests === undefined) delete pod.podRequests;
    else pod.podRequests = prev.podRequests;
  } else if (prev.initContainers === undefined) delete pod.initContainers;
  else pod.initContainers = prev.initContainers;
}

const unmatchedArb: fc.Arbitrary<UnmatchedPodMetrics[] | undefined> = fc.option(
  fc.array(
    fc.record({
      // "gone-*" never collide with a listed pod; "pod-0" and "a" may
      name: fc.constantFrom('gone-1', 'gone-2', 'gone-3', 'pod-0', 'a'),
      resourceMetrics: resourceMetricsArb,
      customMetrics: customMetricsArb,
    }),
    { maxLength: 3 },
  ),
  { nil: undefined, freq: 2 },
);

const configArb: fc.Arbitrary<ControllerConfig> = fc
  .record({
    containerMetricMissingIsError: fc.boolean(),
    ignoreSucceededPods: fc.boolean(),
    cpuInitializationPeriodSeconds: fc.constantFrom(300, 120),
    initialReadinessDelaySeconds: fc.constantFrom(30, 10),
    tolerance: fc.constantFrom(0.1, 0.1, 0, 0.5),
    // the releases' int32 conversions (releases.ts): both paths share them
    int32Caps: fc.constantFrom(
      'v1.33' as const,
      'v1.34' as const,
      'v1.35' as const,
      'all' as const,
    ),
  })
  .map((o) => config(o));

const tolerancesArb = fc.record({
  scaleDown: fc.constantFrom(0.1, 0, 0.5),
  scaleUp: fc.constantFrom(0.1, 0, 0.5),
});

const metricSpecArb: fc.Arbitrary<MetricSpec> = fc.oneof(
  fc
    .record({
      type: fc.constantFrom('Resource', 'ContainerResource'),
      resource: fc.constantFrom('cpu', 'cpu', 'memory'),
      container: fc.constantFrom('app', 'sidecar', 'proxy', 'nope'),
      utilization: fc.option(fc.integer({ min: 1, max: 250 }), { nil: undefined, freq: 3 }),
      averageMilli: fc.integer({ min: 1, max: 3000 }),
    })
    .map(({ type, resource, container, utilization, averageMilli }): MetricSpec => {
      const target =
        utilization !== undefined
          ? { type: 'Utilization', averageUtilization: utilization }
          : { type: 'AverageValue', averageValue: `${averageMilli}m` };
      return type === 'Resource'
        ? { type, resource: { name: resource, target } }
        : { type, containerResource: { name: resource, container, target } };
    }),
  fc.integer({ min: 1, max: 3000 }).map((averageMilli): MetricSpec => ({
    type: 'Pods',
    pods: {
      metric: { name: 'qps' },
      target: { type: 'AverageValue', averageValue: `${averageMilli}m` },
    },
  })),
);

const behaviorArb: fc.Arbitrary<HorizontalPodAutoscalerBehavior | undefined> = fc.option(
  fc.record({
    scaleDown: fc.record({ stabilizationWindowSeconds: fc.constantFrom(0, 60, 300) }),
  }),
  { nil: undefined },
);

// ---------------------------------------------------------------------------------------------
// Helpers

function names(pods: PodObservation[], unmatched: UnmatchedPodMetrics[] | undefined): string[] {
  return [...pods.map((p) => p.name), ...(unmatched ?? []).map((u) => u.name)];
}

function distinct(list: string[]): boolean {
  return new Set(list).size === list.length;
}

/** What a run gave, or what it threw. */
function attempt(run: () => unknown): unknown {
  try {
    return run();
  } catch (e) {
    return { threw: String(e) };
  }
}

/** A calculation with its pod-group sets as arrays in insertion order, or what it threw. */
function outcome(run: () => ReplicaCalculation): unknown {
  try {
    const r = run();
    if (!r.groups) return r;
    const g = r.groups;
    return {
      ...r,
      groups: {
        readyPodCount: g.readyPodCount,
        unreadyPods: [...g.unreadyPods],
        missingPods: [...g.missingPods],
        ignoredPods: [...g.ignoredPods],
      },
    };
  } catch (e) {
    return { threw: String(e) };
  }
}

/**
 * The pods' fields as a caller's columns (Observation.podFields), stored in reverse order so
 * each position reads through `at`; shared requests when every pod holds the first one's objects.
 */
function fieldsOf(pods: PodObservation[]): PodFieldColumns {
  const n = pods.length;
  const f: PodFieldColumns = {
    at: Int32Array.from(pods, (_, i) => n - 1 - i),
    phase: new Uint8Array(n),
    deleting: new Uint8Array(n),
    ready: new Uint8Array(n),
    startTime: new Float64Array(n),
    readyTransitionTime: new Float64Array(n),
    settledStart: new Float64Array(n),
    sharedRequests: pods.every(
      (p) =>
        p.containers === pods[0]!.containers &&
        p.initContainers === pods[0]!.initContainers &&
        p.podRequests === pods[0]!.podRequests,
    ),
  };
  pods.forEach((p, i) => {
    const c = f.at[i]!;
    f.phase[c] = phaseCode(p.phase);
    f.deleting[c] = p.deleting === true ? 1 : 0;
    f.ready[c] = readyCode(p.ready);
    f.startTime[c] = p.startTime ?? NaN;
    f.readyTransitionTime[c] = p.readyTransitionTime ?? NaN;
    // Running, not deleting, Ready with a start: its start; any other pod: NaN
    const settled = p.phase === 'Running' && p.deleting !== true && p.ready === true;
    f.settledStart![c] = settled ? (p.startTime ?? NaN) : NaN;
  });
  return f;
}

/** The pods, each holding the first one's containers, init containers and pod-level requests. */
function oneTemplate(pods: PodObservation[]): PodObservation[] {
  const first = pods[0];
  if (first === undefined) return pods;
  return pods.map((p) => {
    const q: PodObservation = { ...p, containers: first.containers };
    if (first.initContainers === undefined) delete q.initContainers;
    else q.initContainers = first.initContainers;
    if (first.podRequests === undefined) delete q.podRequests;
    else q.podRequests = first.podRequests;
    return q;
  });
}

// ---------------------------------------------------------------------------------------------

describe('by-position twin ≡ Map-based port', () => {
  it('one metric: GetResourceReplicas, GetRawResourceReplicas, GetMetricReplicas', () => {
    let fastPath = 0;
    fc.assert(
      fc.property(
        podsArb,
        unmatchedArb,
        configArb,
        tolerancesArb,
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 250 }),
        fc.integer({ min: 1, max: 3000 }),
        fc.constantFrom('cpu', 'memory'),
        fc.constantFrom('', '', 'app', 'sidecar', 'proxy', 'nope'),
        (pods, unmatched, cfg, tol, current, utilization, averageValue, resource, container) => {
          const obs: Observation = {
            hpa: setDefaultsHorizontalPodAutoscaler(rawHpa()),
            currentReplicas: current,
            statusReplicas: current,
            pods,
          };
          if (unmatched !== undefined) obs.unmatchedPodMetrics = unmatched;
          if (distinct(names(pods, unmatched))) fastPath++;
          const ctx: CalcContext = { ...cfg, now: NOW };
          // The twin is only ever chosen for distinct names (horizontal.ts podListFor).
          const isDistinct = distinct(names(pods, unmatched));
          for (const fn of ['getResourceReplicas', 'getRawResourceReplicas'] as const) {
            const target = fn === 'getResourceReplicas' ? utilization : averageValue;
            const map = outcome(() =>
              byName[fn](obs, current, target, resource, tol, container, ctx),
            );
            if (!isDistinct) continue;
            let twin: unknown;
            expect(
              usedTwin(() => {
                twin = outcome(() =>
                  byPosition[fn](obs, current, target, resource, tol, container, ctx),
                );
              }),
            ).toBe(true);
            expect(twin).toStrictEqual(map);
            // the same with the pods' fields read from columns (Observation.podFields), and with
            // every pod holding the first one's requests objects (the columns' shared flag)
            const withFields: Observation = { ...obs, podFields: fieldsOf(pods) };
            expect(
              outcome(() =>
                byPosition[fn](withFields, current, target, resource, tol, container, ctx),
              ),
            ).toStrictEqual(map);
            const templated = { ...obs, pods: oneTemplate(pods) };
            const templatedMap = outcome(() =>
              byName[fn](templated, current, target, resource, tol, container, ctx),
            );
            const templatedFields = { ...templated, podFields: fieldsOf(templated.pods) };
            expect(templatedFields.podFields.sharedRequests).toBe(true);
            expect(
              outcome(() =>
                byPosition[fn](templatedFields, current, target, resource, tol, container, ctx),
              ),
            ).toStrictEqual(templatedMap);
          }
          if (isDistinct) {
            expect(
              outcome(() =>
                byPosition.getMetricReplicas(obs, current, averageValue, 'qps', tol, ctx),
              ),
            ).toStrictEqual(
              outcome(() => byName.getMetricReplicas(obs, current, averageValue, 'qps', tol, ctx)),
            );
          }
        },
      ),
      { numRuns: RUNS },
    );
    // both paths were exercised
    expect(fastPath).toBeGreaterThan(RUNS * 0.2);
    expect(fastPath).toBeLessThan(RUNS * 0.8);
  });

  it('whole reconciles: replicas, conditions, memory, trace and events are deep-equal', () => {
    let fastPath = 0;
    let twinReconciles = 0;
    fc.assert(
      fc.property(
        podsArb,
        unmatchedArb,
        configArb,
        fc.array(metricSpecArb, { minLength: 1, maxLength: 3 }),
        behaviorArb,
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 20 }),
        fc.option(fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 4 }), { nil: null }),
        (pods, unmatched, cfg, metrics, behavior, minReplicas, span, currentOffset, recs) => {
          const maxReplicas = minReplicas + span;
          const hpa = setDefaultsHorizontalPodAutoscaler(
            rawHpa({ minReplicas, maxReplicas, metrics, behavior: behavior ?? null }),
          );
          const current = Math.min(maxReplicas, minReplicas + currentOffset);
          const obs: Observation = {
            hpa,
            currentReplicas: current,
            statusReplicas: pods.length,
            pods,
          };
          if (unmatched !== undefined) obs.unmatchedPodMetrics = unmatched;
          if (distinct(names(pods, unmatched))) fastPath++;
          const memory: ControllerMemory = {
            recommendations:
              recs === null
                ? null
                : recs.map((r, i) => ({ timestamp: NOW - 30 * (i + 1), replicas: r })),
            scaleUpEvents: [],
            scaleDownEvents: [],
          };
          let twin: unknown;
          const used = usedTwin(() => {
            twin = attempt(() => reconcileAutoscaler(obs, memory, NOW, cfg));
          });
          // repeated names never reach the twin; distinct ones do whenever a pod metric is read
          if (!distinct(names(pods, unmatched))) expect(used).toBe(false);
          if (used) twinReconciles++;
          let map: unknown;
          expect(
            usedTwin(() => {
              map = attempt(() =>
                reconcileAutoscaler(obs, memory, NOW, cfg, { byPosition: false }),
              );
            }),
          ).toBe(false);
          expect(twin).toStrictEqual(map);
        },
      ),
      { numRuns: RUNS },
    );
    expect(fastPath).toBeGreaterThan(RUNS * 0.2);
    expect(twinReconciles).toBeGreaterThan(RUNS * 0.1);
  });

  it("calibration 1 (Karmada's factor, kube-controller-manager's value) is bit for bit no option", () => {
    fc.assert(
      fc.property(
        podsArb,
        configArb,
        fc.array(metricSpecArb, { minLength: 1, maxLength: 3 }),
        behaviorArb,
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 30 }),
        fc.boolean(),
        (pods, cfg, metrics, behavior, minReplicas, span, byPosition) => {
          const hpa = setDefaultsHorizontalPodAutoscaler(
            rawHpa({
              minReplicas,
              maxReplicas: minReplicas + span,
              metrics,
              behavior: behavior ?? null,
            }),
          );
          const obs: Observation = {
            hpa,
            currentReplicas: minReplicas,
            statusReplicas: pods.length,
            pods,
          };
          const memory: ControllerMemory = {
            recommendations: null,
            scaleUpEvents: [],
            scaleDownEvents: [],
          };
          expect(
            attempt(() =>
              reconcileAutoscaler(obs, memory, NOW, cfg, { byPosition, calibration: 1 }),
            ),
          ).toStrictEqual(
            attempt(() => reconcileAutoscaler(obs, memory, NOW, cfg, { byPosition })),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});
