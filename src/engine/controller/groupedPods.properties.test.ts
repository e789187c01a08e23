// Pod groups (PodObservation.count, groupedPods.ts): a reconcile of an observation with groups
// must deep-equal the reconcile of the same observation with every group expanded, at every trace
// level, whichever path runs. Random observations mix groups of 1–50 identical pods with loose
// pods in any state (Pending, unready, never ready, deleting, Failed, without a sample, without a
// request), samples of pods outside the list, names that collide with a group's copy names or
// repeat (the Map path on the expanded list), integer, fractional and past-2^53 figures (float
// sums depend on order; BigInt sums), and every metric type that reads the pods: Resource and
// ContainerResource with Utilization and AverageValue targets, Pods, and Object/External Value
// targets (which count ready pods). Runs of a few syncs carry memory and status from one sync to
// the next, so conditions, memory and events are compared as a simulation would feed them.

import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { ByPositionScratch } from './byPositionScratch.ts';
import { setDefaultsHorizontalPodAutoscaler } from './defaults.ts';
import { expandObservation, expandPodGroups } from './groupedPods.ts';
import { reconcileAutoscaler, type ReconcileOptions } from './horizontal.ts';
import type { ReconcileResult } from './result.ts';
import {
  config,
  deepFreeze,
  externalValue,
  objectValue,
  podsMetric,
  rawHpa,
} from './testing/builders.ts';
import type {
  ContainerUsage,
  ControllerConfig,
  ControllerMemory,
  HPAScalingRules,
  HorizontalPodAutoscalerBehavior,
  MetricSpec,
  Observation,
  PodObservation,
  UnmatchedPodMetrics,
} from './types.ts';

// Counts expansions made inside reconcileAutoscaler, so the test can tell that a grouped
// observation with distinct names goes to the by-position twins as it is.
const expansions = vi.hoisted(() => ({ n: 0 }));
vi.mock('./groupedPods.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./groupedPods.ts')>();
  return {
    ...actual,
    expandObservation: (obs: Observation) => {
      expansions.n++;
      return actual.expandObservation(obs);
    },
  };
});

const NOW = 1_000_000;
const STEP = 15;
const RUNS = 400;

// ---------------------------------------------------------------------------------------------
// Generators

const amountArb: fc.Arbitrary<number> = fc.oneof(
  { weight: 14, arbitrary: fc.integer({ min: 0, max: 3000 }) },
  { weight: 1, arbitrary: fc.constant(0) },
  // memory-sized figures: with 50 copies sums pass 2^53 (the BigInt paths)
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.integer({ min: 2 ** 10, max: 2 ** 23 - 1 }), fc.integer({ min: 0, max: 2 ** 30 }))
      .map(([hi, lo]) => hi * 2 ** 30 + lo),
  },
  // fractions: a group's copies must then be added one by one, as the expanded list adds them
  { weight: 1, arbitrary: fc.double({ min: 0, max: 5000, noNaN: true }) },
);

const byResourceArb: fc.Arbitrary<Record<string, number>> = fc.record(
  { cpu: amountArb, memory: amountArb },
  { requiredKeys: [] },
);

const containersArb = fc
  .subarray(['app', 'sidecar'], { minLength: 1 })
  .chain((names) =>
    fc.tuple(...names.map((name) => byResourceArb.map((requests) => ({ name, requests })))),
  );

const resourceMetricsArb = fc.option(
  fc.record({
    timestamp: fc.integer({ min: NOW - 400, max: NOW }),
    window: fc.constantFrom(15, 30, 60),
    containers: fc
      .subarray(['app', 'sidecar'])
      .chain((names) =>
        fc.tuple(
          ...names.map((name) => byResourceArb.map((usage): ContainerUsage => ({ name, usage }))),
        ),
      ),
  }),
  { nil: null, freq: 6 },
);

const customMetricsArb = fc.option(
  fc.record({ qps: fc.oneof(amountArb, fc.integer({ min: -500, max: -1 })) }, { requiredKeys: [] }),
  { nil: undefined, freq: 6 },
);

type PodBody = Omit<PodObservation, 'name'>;

const podBodyArb: fc.Arbitrary<PodBody> = fc
  .record({
    phase: fc.constantFrom('Running', 'Running', 'Running', 'Running', 'Pending', 'Failed'),
    deleting: fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, fc.boolean()),
    ready: fc.constantFrom<boolean | null | undefined>(true, true, true, false, null),
    startAge: fc.option(fc.constantFrom(10, 29, 31, 119, 121, 299, 301, 3600), {
      nil: null,
      freq: 8,
    }),
    transitionAge: fc.option(fc.integer({ min: 0, max: 4000 }), { nil: null, freq: 6 }),
    containers: containersArb,
    podRequests: fc.option(byResourceArb, { nil: undefined, freq: 6 }),
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
    if (b.podRequests !== undefined) body.podRequests = b.podRequests;
    if (b.customMetrics !== undefined) body.customMetrics = b.customMetrics;
    return body;
  });

/** A healthy cohort (as a simulation groups them): Running, Ready, long started, one sample. */
const cohortBodyArb: fc.Arbitrary<PodBody> = fc
  .record({
    request: fc.integer({ min: 100, max: 2000 }),
    usage: fc.integer({ min: 0, max: 3000 }),
    qps: fc.integer({ min: 0, max: 2000 }),
  })
  .map(({ request, usage, qps }) => ({
    phase: 'Running',
    ready: true,
    startTime: NOW - 3600,
    readyTransitionTime: NOW - 3500,
    containers: [{ name: 'app', requests: { cpu: request, memory: request * 1000 } }],
    resourceMetrics: {
      timestamp: NOW - 20,
      window: 30,
      containers: [{ name: 'app', usage: { cpu: usage, memory: usage * 1000 } }],
    },
    customMetrics: { qps },
  }));

const countArb = fc.oneof(
  { weight: 3, arbitrary: fc.constant(1) },
  { weight: 1, arbitrary: fc.constant<number | undefined>(undefined) },
  { weight: 4, arbitrary: fc.integer({ min: 2, max: 50 }) },
);

/**
 * Entries named g0, g1, …; sometimes renamed to a copy name of an earlier entry ("g0#1") or to
 * a repeat ("g0"), which sends the reconcile to the Map path over the expanded list.
 */
const podsArb: fc.Arbitrary<PodObservation[]> = fc
  .tuple(
    fc.array(fc.tuple(fc.oneof(cohortBodyArb, podBodyArb), countArb, fc.nat({ max: 19 })), {
      minLength: 1,
      maxLength: 8,
    }),
    fc.constantFrom('distinct', 'distinct', 'distinct', 'copyName', 'repeat'),
  )
  .map(([entries, naming]) =>
    entries.map(([body, count, pick], i) => {
      let name = `g${i}`;
      if (i > 0 && pick < 4 && naming === 'copyName') name = `g${pick % i}#${1 + (pick % 3)}`;
      if (i > 0 && pick < 4 && naming === 'repeat') name = `g${pick % i}`;
      const p: PodObservation = { name, ...body };
      if (count !== undefined) p.count = count;
      return p;
    }),
  );

const unmatchedArb: fc.Arbitrary<UnmatchedPodMetrics[] | undefined> = fc.option(
  fc.array(
    fc.record({
      // "gone" never collides; "g0#2" may be a copy of g0
      name: fc.constantFrom('gone', 'g0#2'),
      resourceMetrics: resourceMetricsArb,
      customMetrics: customMetricsArb,
    }),
    { maxLength: 2 },
  ),
  { nil: undefined, freq: 3 },
);

const configArb: fc.Arbitrary<ControllerConfig> = fc
  .record({
    containerMetricMissingIsError: fc.boolean(),
    ignoreSucceededPods: fc.boolean(),
    cpuInitializationPeriodSeconds: fc.constantFrom(300, 120),
    initialReadinessDelaySeconds: fc.constantFrom(30, 10),
    tolerance: fc.constantFrom(0.1, 0, 0.5),
  })
  .map((o) => config(o));

const metricSpecArb: fc.Arbitrary<MetricSpec> = fc.oneof(
  fc
    .record({
      type: fc.constantFrom('Resource', 'ContainerResource'),
      resource: fc.constantFrom('cpu', 'cpu', 'memory'),
      container: fc.constantFrom('app', 'sidecar', 'nope'),
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
  fc.integer({ min: 1, max: 3000 }).map((m) => podsMetric('qps', `${m}m`)),
  fc.integer({ min: 1, max: 100 }).map((v) => objectValue('hits', `${v}`)),
  fc.integer({ min: 1, max: 100 }).map((v) => externalValue('queue', `${v}`)),
);

const rulesArb: fc.Arbitrary<HPAScalingRules> = fc.record(
  {
    stabilizationWindowSeconds: fc.constantFrom(0, 15, 60, 300),
    selectPolicy: fc.constantFrom('Max', 'Min', 'Disabled'),
    policies: fc.array(
      fc.record({
        type: fc.constantFrom('Pods', 'Percent'),
        value: fc.integer({ min: 1, max: 200 }),
        periodSeconds: fc.constantFrom(15, 30, 60),
      }),
      { minLength: 1, maxLength: 2 },
    ),
  },
  { requiredKeys: [] },
);

const behaviorArb: fc.Arbitrary<HorizontalPodAutoscalerBehavior | undefined> = fc.option(
  fc.record({ scaleUp: rulesArb, scaleDown: rulesArb }, { requiredKeys: [] }),
  { nil: undefined, freq: 2 },
);

interface Case {
  pods: PodObservation[];
  unmatched: UnmatchedPodMetrics[] | undefined;
  cfg: ControllerConfig;
  metrics: MetricSpec[];
  behavior: HorizontalPodAutoscalerBehavior | undefined;
  minReplicas: number;
  span: number;
  current: number;
  steps: number;
}

const caseArb: fc.Arbitrary<Case> = fc.record({
  pods: podsArb,
  unmatched: unmatchedArb,
  cfg: configArb,
  metrics: fc.array(metricSpecArb, { minLength: 1, maxLength: 3 }),
  behavior: behaviorArb,
  minReplicas: fc.integer({ min: 1, max: 4 }),
  span: fc.integer({ min: 0, max: 200 }),
  current: fc.integer({ min: 0, max: 250 }),
  steps: fc.integer({ min: 1, max: 3 }),
});

// ---------------------------------------------------------------------------------------------
// Helpers

function totalPods(pods: PodObservation[]): number {
  return pods.reduce((n, p) => n + (p.count ?? 1), 0);
}

function observationOf(c: Case): Observation {
  const maxReplicas = c.minReplicas + c.span;
  const hpa = setDefaultsHorizontalPodAutoscaler(
    rawHpa({
      minReplicas: c.minReplicas,
      maxReplicas,
      metrics: c.metrics,
      behavior: c.behavior ?? null,
    }),
  );
  const obs: Observation = {
    hpa,
    currentReplicas: Math.min(c.current, maxReplicas + 2),
    statusReplicas: totalPods(c.pods),
    pods: c.pods,
    objectMetrics: [
      {
        describedObject: { kind: 'Ingress', name: 'frontend' },
        metric: 'hits',
        value: 150_000,
      },
    ],
    externalMetrics: [{ metric: 'queue', values: [40_000, 90_000] }],
  };
  if (c.unmatched !== undefined) obs.unmatchedPodMetrics = c.unmatched;
  return obs;
}

/** What a run of syncs gave (each sync's result), or what it threw. */
function runSyncs(
  first: Observation,
  steps: number,
  cfg: ControllerConfig,
  options: ReconcileOptions,
): unknown {
  const out: ReconcileResult[] = [];
  let obs = first;
  let memory: ControllerMemory = { recommendations: null, scaleUpEvents: [], scaleDownEvents: [] };
  try {
    for (let k = 0; k < steps; k++) {
      const r = reconcileAutoscaler(obs, memory, NOW + k * STEP, cfg, options);
      out.push(r);
      memory = r.memory;
      // as a simulation feeds the next sync: the new status, the scale's new size
      obs = {
        ...obs,
        currentReplicas: r.replicas,
        hpa: {
          ...obs.hpa,
          status: {
            desiredReplicas: r.desiredReplicas,
            conditions: r.conditions,
            lastScaleTime: r.lastScaleTime,
          },
        },
      };
    }
    return out;
  } catch (e) {
    return { threw: String(e), after: out };
  }
}

const TRACES: ReconcileOptions['trace'][] = [true, 'lean', false];

// ---------------------------------------------------------------------------------------------

describe('pod groups ≡ their expanded pods', () => {
  it('whole reconciles at every trace level, grouped vs expanded, by position or by name', () => {
    let native = 0;
    let expandedInside = 0;
    let grouped = 0;
    fc.assert(
      fc.property(caseArb, (c) => {
        const obs = deepFreeze(observationOf(c));
        const plain = expandObservation(obs);
        if (plain !== obs) grouped++;
        for (const trace of TRACES) {
          // each side keeps its own scratch, as two clusters would
          const scratch = new ByPositionScratch();
          const before = expansions.n;
          const got = runSyncs(obs, c.steps, c.cfg, { trace, scratch });
          if (expansions.n === before) native++;
          else expandedInside++;
          const want = runSyncs(plain, c.steps, c.cfg, { trace, scratch: new ByPositionScratch() });
          expect(got).toStrictEqual(want);
          // the Map-based port over the expanded list decides the same
          const byName = runSyncs(obs, c.steps, c.cfg, { trace, byPosition: false });
          expect(byName).toStrictEqual(want);
        }
      }),
      { numRuns: RUNS },
    );
    // most cases have a group; most go to the twins as they are, some are expanded first
    expect(grouped).toBeGreaterThan(RUNS * 0.6);
    expect(native).toBeGreaterThan(expandedInside);
    expect(expandedInside).toBeGreaterThan(RUNS * 0.2);
  });

  it("with Karmada's calibration factor: grouped ≡ expanded ≡ the Map-based port", () => {
    // Σ member spec.replicas over the template's, as the shipped model passes it
    const calibrationArb = fc
      .tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 20 }))
      .map(([sum, template]) => sum / template);
    let differs = 0;
    fc.assert(
      fc.property(caseArb, calibrationArb, (c, calibration) => {
        const obs = deepFreeze(observationOf(c));
        const plain = expandObservation(obs);
        const got = runSyncs(obs, c.steps, c.cfg, { calibration });
        expect(got).toStrictEqual(runSyncs(plain, c.steps, c.cfg, { calibration }));
        expect(got).toStrictEqual(
          runSyncs(obs, c.steps, c.cfg, { calibration, byPosition: false }),
        );
        if (!isDeepStrictEqual(got, runSyncs(obs, c.steps, c.cfg, {}))) differs++;
      }),
      { numRuns: 200 },
    );
    // the factor does act (else both sides could ignore it alike)
    expect(differs).toBeGreaterThan(20);
  });

  it('a healthy cohort with loose pods: one entry of 200 decides as 200 entries', () => {
    fc.assert(
      fc.property(
        cohortBodyArb,
        fc.array(podBodyArb, { maxLength: 5 }),
        fc.integer({ min: 2, max: 400 }),
        fc.array(metricSpecArb, { minLength: 1, maxLength: 2 }),
        configArb,
        (cohort, loose, count, metrics, cfg) => {
          const c: Case = {
            pods: [
              { name: 'web', count, ...cohort },
              ...loose.map((b, i) => ({ name: `loose-${i}`, ...b })),
            ],
            unmatched: undefined,
            cfg,
            metrics,
            behavior: undefined,
            minReplicas: 1,
            span: 999,
            current: count,
            steps: 2,
          };
          const obs = observationOf(c);
          const plain = expandObservation(obs);
          expect(plain.pods).toHaveLength(count + loose.length);
          for (const trace of TRACES) {
            expect(runSyncs(obs, 2, cfg, { trace })).toStrictEqual(
              runSyncs(plain, 2, cfg, { trace }),
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('expandPodGroups keeps the order and names copies name#1 … name#(count−1)', () => {
    fc.assert(
      fc.property(podsArb, (pods) => {
        const out = expandPodGroups(pods);
        expect(out).toHaveLength(totalPods(pods));
        let at = 0;
        for (const p of pods) {
          const count = p.count ?? 1;
          for (let k = 0; k < count; k++) {
            const copy = out[at++]!;
            expect(copy.name).toBe(k === 0 ? p.name : `${p.name}#${k}`);
            if (count > 1) expect(copy.count).toBeUndefined();
            expect(copy.resourceMetrics).toBe(p.resourceMetrics);
            expect(copy.phase).toBe(p.phase);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
