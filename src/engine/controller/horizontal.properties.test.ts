// Property-based tests: random valid HPAs driven through multi-step runs of reconcileAutoscaler
// (memory, status and replicas of one step feed the next, `now` advances 15 s per step). The
// invariants are checked against logs kept by the test itself (every write, every proposal), not
// against the engine's own memory.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByPositionScratch } from './byPositionScratch.ts';
import { setDefaultsHorizontalPodAutoscaler } from './defaults.ts';
import { reconcileAutoscaler, type ReconcileOptions } from './horizontal.ts';
import {
  config,
  cpuUtilization,
  deepFreeze,
  externalAverageValue,
  externalValue,
  OBJECT_REF,
  objectAverageValue,
  objectValue,
  observation,
  podsMetric,
  rawHpa,
  resourceAverageValue,
} from './testing/builders.ts';
import type { MetricTrace, ReconcileResult, ReconcileTrace } from './result.ts';
import type {
  ControllerConfig,
  ControllerMemory,
  DefaultedBehavior,
  DefaultedScalingRules,
  ExternalMetricSample,
  HPACondition,
  HPAScalingRules,
  HorizontalPodAutoscaler,
  HorizontalPodAutoscalerBehavior,
  MetricSpec,
  ObjectMetricSample,
  Observation,
  PodObservation,
  TimestampedRecommendation,
  TimestampedScaleEvent,
} from './types.ts';

const T0 = 500_000;
const STEP = 15;
const RUNS = 200;

// ---------------------------------------------------------------------------------------------
// Generators

type MetricKind = 'cpu' | 'cpuAvg' | 'pods' | 'objValue' | 'objAvg' | 'extValue' | 'extAvg';
interface MetricChoice {
  kind: MetricKind;
  /** percent for cpu, milli-units otherwise */
  target: number;
}

const metricArb: fc.Arbitrary<MetricChoice> = fc.oneof(
  fc.record({ kind: fc.constant<MetricKind>('cpu'), target: fc.integer({ min: 20, max: 150 }) }),
  fc.record({
    kind: fc.constant<MetricKind>('cpuAvg'),
    target: fc.integer({ min: 100, max: 900 }),
  }),
  fc.record({
    kind: fc.constantFrom<MetricKind>('pods', 'objValue', 'objAvg', 'extValue', 'extAvg'),
    target: fc.integer({ min: 1000, max: 100_000 }),
  }),
);

const periodArb = fc.oneof(
  fc.constantFrom(15, 30, 45, 60, 90, 120, 300),
  fc.integer({ min: 1, max: 600 }),
);

function policyArb(direction: 'up' | 'down') {
  return fc.oneof(
    fc.record({
      type: fc.constant('Pods'),
      value: fc.integer({ min: 1, max: 10 }),
      periodSeconds: periodArb,
    }),
    fc.record({
      type: fc.constant('Percent'),
      value: fc.integer({ min: 1, max: direction === 'up' ? 400 : 150 }),
      periodSeconds: periodArb,
    }),
  );
}

function rulesArb(direction: 'up' | 'down'): fc.Arbitrary<HPAScalingRules> {
  return fc.record(
    {
      stabilizationWindowSeconds: fc.oneof(
        fc.constantFrom(0, 0, 15, 30, 45, 60, 150, 300),
        fc.integer({ min: 0, max: 600 }),
      ),
      selectPolicy: fc.constantFrom('Max', 'Max', 'Min', 'Disabled'),
      policies: fc.array(policyArb(direction), { minLength: 1, maxLength: 3 }),
    },
    { requiredKeys: [] },
  );
}

const behaviorArb: fc.Arbitrary<HorizontalPodAutoscalerBehavior> = fc.record(
  { scaleUp: rulesArb('up'), scaleDown: rulesArb('down') },
  { requiredKeys: [] },
);

interface HpaChoice {
  minReplicas: number;
  span: number;
  metrics: MetricChoice[];
  behavior: HorizontalPodAutoscalerBehavior | undefined;
  /** where in [min, max] the run starts, as a fraction */
  startAt: number;
}

function hpaArb(withBehavior: 'always' | 'sometimes'): fc.Arbitrary<HpaChoice> {
  return fc
    .record({
      minReplicas: fc.integer({ min: 0, max: 4 }),
      span: fc.oneof(
        { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 }) },
        { weight: 9, arbitrary: fc.integer({ min: 3, max: 40 }) },
      ),
      metrics: fc.array(metricArb, { minLength: 1, maxLength: 3 }),
      behavior:
        withBehavior === 'always'
          ? behaviorArb
          : fc.option(behaviorArb, { nil: undefined, freq: 3 }),
      startAt: fc.double({ min: 0, max: 1, noNaN: true }),
    })
    .map((c) => {
      // minReplicas 0 is only valid with an Object or External metric
      const scaleToZeroOk = c.metrics.some(
        (m) => m.kind.startsWith('obj') || m.kind.startsWith('ext'),
      );
      return { ...c, minReplicas: c.minReplicas === 0 && !scaleToZeroOk ? 1 : c.minReplicas };
    });
}

interface StepInput {
  /** demand as a percentage of the targets */
  load: number;
  seed: number;
  updateError: boolean;
}

const stepArb: fc.Arbitrary<StepInput> = fc.record({
  load: fc.oneof(
    fc.integer({ min: 0, max: 90 }),
    fc.integer({ min: 90, max: 110 }),
    fc.integer({ min: 110, max: 400 }),
  ),
  seed: fc.integer(),
  updateError: fc.integer({ min: 0, max: 24 }).map((x) => x === 0),
});

const stepsArb = fc.array(stepArb, { minLength: 1, maxLength: 40, size: 'max' });

const configArb: fc.Arbitrary<ControllerConfig> = fc
  .record({
    tolerance: fc.constantFrom(0.1, 0.05, 0.2, 0.01),
    downscaleStabilizationSeconds: fc.constantFrom(0, 0, 60, 300, 90.5),
    // the 1.36+ ScaledToZero state machine and the releases' int32 conversions (releases.ts)
    scaledToZeroCondition: fc.boolean(),
    int32Caps: fc.constantFrom('v1.33' as const, 'v1.35' as const, 'all' as const),
    HPAGeneration: fc.constantFrom(undefined, true, false),
  })
  .map(({ HPAGeneration, ...o }) =>
    config({
      ...o,
      featureGates: {
        HPAScaleToZero: true,
        ...(HPAGeneration === undefined ? {} : { HPAGeneration }),
      },
    }),
  );

// ---------------------------------------------------------------------------------------------
// The simulated world

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function metricSpec(m: MetricChoice, i: number): MetricSpec {
  switch (m.kind) {
    case 'cpu':
      return cpuUtilization(m.target);
    case 'cpuAvg':
      return resourceAverageValue('cpu', `${m.target}m`);
    case 'pods':
      return podsMetric(`qps${i}`, `${m.target}m`);
    case 'objValue':
      return objectValue(`obj${i}`, `${m.target}m`);
    case 'objAvg':
      return objectAverageValue(`obj${i}`, `${m.target}m`);
    case 'extValue':
      return externalValue(`ext${i}`, `${m.target}m`);
    case 'extAvg':
      return externalAverageValue(`ext${i}`, `${m.target}m`);
  }
}

function buildHpa(c: HpaChoice): HorizontalPodAutoscaler {
  return setDefaultsHorizontalPodAutoscaler(
    rawHpa({
      minReplicas: c.minReplicas,
      maxReplicas: Math.max(1, c.minReplicas + c.span),
      metrics: c.metrics.map(metricSpec),
      behavior: c.behavior,
    }),
  );
}

/** Pods and metric samples for one step, derived from the step's seed and load. */
function buildObservation(
  h: HorizontalPodAutoscaler,
  metrics: MetricChoice[],
  current: number,
  step: StepInput,
  now: number,
): Observation {
  const rng = mulberry32(step.seed);
  const load = step.load / 100;
  const jitter = () => 0.8 + rng() * 0.4;
  const cpuTarget = metrics.find((m) => m.kind === 'cpu')?.target ?? 50;
  const cpuAvg = metrics.find((m) => m.kind === 'cpuAvg')?.target;
  const surge = rng() < 0.15 ? 1 : 0;
  const shrink = rng() < 0.1 ? 1 : 0;
  const n = Math.max(0, current + surge - shrink);
  const pods: PodObservation[] = [];
  for (let i = 0; i < n; i++) {
    const request = 200 + Math.floor(rng() * 800);
    const r = rng();
    const phase = r < 0.04 ? 'Pending' : r < 0.08 ? 'Failed' : 'Running';
    const young = rng() < 0.1;
    const start = young ? now - Math.floor(rng() * 400) : now - 3600;
    const transition = Math.min(now, start + Math.floor(rng() * 60));
    const ready = rng() < 0.9;
    const missing = rng() < 0.08;
    const cpu = Math.round(
      (cpuAvg !== undefined && rng() < 0.5 ? cpuAvg : (request * cpuTarget) / 100) *
        load *
        jitter(),
    );
    const custom: Record<string, number> = {};
    metrics.forEach((m, j) => {
      if (m.kind === 'pods' && !missing) custom[`qps${j}`] = Math.round(m.target * load * jitter());
    });
    pods.push({
      name: `pod-${i}`,
      phase,
      deleting: rng() < 0.03,
      ready,
      readyTransitionTime: transition,
      startTime: start,
      containers: [{ name: 'app', requests: { cpu: request } }],
      resourceMetrics: missing
        ? null
        : { timestamp: now - 5, window: 30, containers: [{ name: 'app', usage: { cpu } }] },
      customMetrics: custom,
    });
  }
  const objectMetrics: ObjectMetricSample[] = [];
  const externalMetrics: ExternalMetricSample[] = [];
  metrics.forEach((m, j) => {
    if (rng() < 0.05) return; // this metric fails this step
    // Value targets compare a total with a total (the proposal multiplies by the ready pods);
    // AverageValue targets divide the total by the replicas, so the demand grows with them.
    const perPod = m.kind === 'objAvg' || m.kind === 'extAvg';
    const total = Math.round(m.target * load * (perPod ? Math.max(current, 1) : 1) * jitter());
    if (m.kind === 'objValue' || m.kind === 'objAvg') {
      objectMetrics.push({ describedObject: OBJECT_REF, metric: `obj${j}`, value: total });
    }
    if (m.kind === 'extValue' || m.kind === 'extAvg') {
      const parts = 1 + Math.floor(rng() * 3);
      externalMetrics.push({
        metric: `ext${j}`,
        values: Array.from({ length: parts }, (_, k) =>
          k === 0 ? total - Math.floor(total / parts) * (parts - 1) : Math.floor(total / parts),
        ),
      });
    }
  });
  const statusReplicas = rng() < 0.1 ? Math.max(0, current + (rng() < 0.5 ? -1 : 1)) : current;
  return observation(h, {
    currentReplicas: current,
    statusReplicas,
    pods,
    objectMetrics,
    externalMetrics,
    scaleUpdateError: step.updateError,
  });
}

interface StepRecord {
  now: number;
  /** replicas before the step */
  current: number;
  result: ReconcileResult;
  /** controller memory after the step */
  memory: ControllerMemory;
}

interface Run {
  hpa: HorizontalPodAutoscaler;
  min: number;
  max: number;
  steps: StepRecord[];
  /** every successful write: (time, new − old) */
  writes: { t: number; delta: number }[];
  /** every recommendation the controller should remember: the seed and each proposal */
  proposals: TimestampedRecommendation[];
}

function runStory(
  choice: HpaChoice,
  steps: StepInput[],
  cfg: ControllerConfig,
  options?: ReconcileOptions,
  initialConditions?: HPACondition[],
  /** keep a copy of each result as it was returned (ReconcileOptions.reuse updates it later) */
  clone = false,
): Run {
  const base = buildHpa(choice);
  const min = base.spec.minReplicas ?? 1;
  const max = base.spec.maxReplicas;
  let current = min + Math.floor(choice.startAt * (max - min));
  let memory: ControllerMemory = { recommendations: null, scaleUpEvents: [], scaleDownEvents: [] };
  let status =
    initialConditions === undefined
      ? (base.status ?? {})
      : { ...base.status, conditions: initialConditions };
  const run: Run = { hpa: base, min, max, steps: [], writes: [], proposals: [] };
  steps.forEach((step, i) => {
    const now = T0 + STEP * i;
    const h = { ...base, status };
    const obs = buildObservation(h, choice.metrics, current, step, now);
    if (memory.recommendations === null) run.proposals.push({ timestamp: now, replicas: current });
    const result = reconcileAutoscaler(obs, memory, now, cfg, options);
    if (result.trace.path === 'metrics' && options?.trace !== false) {
      run.proposals.push({ timestamp: now, replicas: result.trace.metricDesiredReplicas! });
    }
    if (result.rescaled) run.writes.push({ t: now, delta: result.replicas - current });
    const kept = clone ? structuredClone(result) : result;
    run.steps.push({ now, current, result: kept, memory: kept.memory });
    memory = result.memory;
    current = result.replicas;
    status = {
      desiredReplicas: result.desiredReplicas,
      currentReplicas: current,
      conditions: result.conditions,
      lastScaleTime: result.lastScaleTime,
    };
  });
  return run;
}

function behaviorOf(run: Run): DefaultedBehavior {
  return run.hpa.spec.behavior as DefaultedBehavior;
}

/** Replica count at the start of (now − period, now], from the test's own write log. */
function periodStart(run: Run, current: number, now: number, period: number): number {
  let start = current;
  for (const w of run.writes) if (w.t < now && w.t > now - period) start -= w.delta;
  return start;
}

function policyBounds(
  run: Run,
  rules: DefaultedScalingRules,
  current: number,
  now: number,
  up: boolean,
) {
  return rules.policies.map((p) => {
    const start = periodStart(run, current, now, p.periodSeconds);
    if (p.type === 'Pods') return up ? start + p.value : start - p.value;
    return up ? Math.ceil(start * (1 + p.value / 100)) : Math.trunc(start * (1 - p.value / 100));
  });
}

// ---------------------------------------------------------------------------------------------

describe('multi-step invariants of reconcileAutoscaler', () => {
  it('a successful rescale on the metrics path stays within [minReplicas, maxReplicas]', () => {
    fc.assert(
      fc.property(hpaArb('sometimes'), stepsArb, configArb, (choice, steps, cfg) => {
        const run = runStory(choice, steps, cfg);
        for (const s of run.steps) {
          if (s.result.trace.path !== 'metrics' || !s.result.rescaled) continue;
          if (s.current < run.min || s.current > run.max) continue;
          expect(s.result.replicas).toBeGreaterThanOrEqual(run.min);
          expect(s.result.replicas).toBeLessThanOrEqual(run.max);
        }
        // starting in range, no step ever leaves it
        for (const s of run.steps) {
          expect(s.result.replicas).toBeGreaterThanOrEqual(run.min);
          expect(s.result.replicas).toBeLessThanOrEqual(run.max);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('no scaling policy is ever exceeded (periods measured from the test’s own write log)', () => {
    const seen = { up: 0, upLimited: 0, down: 0, downLimited: 0 };
    fc.assert(
      fc.property(hpaArb('always'), stepsArb, configArb, (choice, steps, cfg) => {
        const run = runStory(choice, steps, cfg);
        const { scaleUp, scaleDown } = behaviorOf(run);
        for (const s of run.steps) {
          const r = s.result;
          if (r.trace.path !== 'metrics' || !r.rescaled) continue;
          if (r.replicas > s.current) {
            seen.up++;
            if (r.trace.stabilizedReplicas! > r.replicas) seen.upLimited++;
            expect(scaleUp.selectPolicy).not.toBe('Disabled');
            const bounds = policyBounds(run, scaleUp, s.current, s.now, true);
            const allowed =
              scaleUp.selectPolicy === 'Min' ? Math.min(...bounds) : Math.max(...bounds);
            expect(r.replicas).toBeLessThanOrEqual(allowed);
          } else {
            seen.down++;
            if (r.trace.stabilizedReplicas! < r.replicas) seen.downLimited++;
            expect(scaleDown.selectPolicy).not.toBe('Disabled');
            const bounds = policyBounds(run, scaleDown, s.current, s.now, false);
            const allowed =
              scaleDown.selectPolicy === 'Min' ? Math.max(...bounds) : Math.min(...bounds);
            // a floor above current forbids any scale-down
            expect(r.replicas).toBeGreaterThanOrEqual(Math.min(allowed, s.current));
          }
        }
      }),
      { numRuns: RUNS },
    );
    // the property is not vacuous: policies were exercised and did bite in both directions
    expect(seen.up).toBeGreaterThan(RUNS / 4);
    expect(seen.upLimited).toBeGreaterThan(RUNS / 10);
    expect(seen.down).toBeGreaterThan(RUNS / 20);
    expect(seen.downLimited).toBeGreaterThan(0);
  });

  it('stabilization never moves against its window', () => {
    const held = { up: 0, down: 0 };
    fc.assert(
      fc.property(hpaArb('always'), stepsArb, configArb, (choice, steps, cfg) => {
        const run = runStory(choice, steps, cfg);
        const { scaleUp, scaleDown } = behaviorOf(run);
        const upWindow = scaleUp.stabilizationWindowSeconds ?? 0;
        const downWindow =
          scaleDown.stabilizationWindowSeconds ?? Math.trunc(cfg.downscaleStabilizationSeconds);
        for (const s of run.steps) {
          const r = s.result;
          if (r.trace.path !== 'metrics') continue;
          const proposal = r.trace.metricDesiredReplicas!;
          // proposals known before this step, plus this step's own proposal
          const known = run.proposals.filter((p) => p.timestamp <= s.now);
          const downVotes = known.filter((p) => p.timestamp > s.now - downWindow);
          const upVotes = known.filter((p) => p.timestamp > s.now - upWindow);
          const floor = Math.max(proposal, ...downVotes.map((p) => p.replicas));
          const ceiling = Math.min(proposal, ...upVotes.map((p) => p.replicas));
          if (r.rescaled && r.replicas < s.current)
            expect(r.replicas).toBeGreaterThanOrEqual(floor);
          if (r.rescaled && r.replicas > s.current) expect(r.replicas).toBeLessThanOrEqual(ceiling);
          if (proposal < s.current && floor > proposal) held.down++;
          if (proposal > s.current && ceiling < proposal) held.up++;
        }
      }),
      { numRuns: RUNS },
    );
    // windows did hold back moves in both directions
    expect(held.up).toBeGreaterThan(RUNS / 2);
    expect(held.down).toBeGreaterThan(RUNS / 2);
  });

  it('the bounded histories never lose an entry that can still matter', () => {
    const reused = { recommendations: 0, events: 0 };
    fc.assert(
      fc.property(hpaArb('always'), stepsArb, configArb, (choice, steps, cfg) => {
        const run = runStory(choice, steps, cfg);
        const { scaleUp, scaleDown } = behaviorOf(run);
        const windows = Math.max(
          scaleUp.stabilizationWindowSeconds ?? 0,
          scaleDown.stabilizationWindowSeconds ?? Math.trunc(cfg.downscaleStabilizationSeconds),
        );
        const longest = (r: DefaultedScalingRules) =>
          Math.max(0, ...r.policies.map((p) => p.periodSeconds));
        const key = (t: number, v: number) => `${t}:${v}`;
        const last = run.steps.at(-1)!.memory;
        if ((last.recommendations?.length ?? 0) < run.proposals.length) reused.recommendations++;
        if (last.scaleUpEvents.length + last.scaleDownEvents.length < run.writes.length)
          reused.events++;
        for (const s of run.steps) {
          const recs = (s.memory.recommendations ?? [])
            .filter((x) => x.timestamp >= s.now - windows)
            .map((x) => key(x.timestamp, x.replicas))
            .sort();
          const mine = run.proposals
            .filter((x) => x.timestamp <= s.now && x.timestamp >= s.now - windows)
            .map((x) => key(x.timestamp, x.replicas))
            .sort();
          expect(recs).toEqual(mine);
          for (const [events, sign, rules] of [
            [s.memory.scaleUpEvents, 1, scaleUp],
            [s.memory.scaleDownEvents, -1, scaleDown],
          ] as [TimestampedScaleEvent[], number, DefaultedScalingRules][]) {
            const cutoff = s.now - longest(rules);
            const stored = events
              .filter((e) => e.timestamp >= cutoff)
              .map((e) => key(e.timestamp, e.replicaChange))
              .sort();
            const written = run.writes
              .filter((w) => w.t <= s.now && w.t >= cutoff && Math.sign(w.delta) === sign)
              .map((w) => key(w.t, Math.abs(w.delta)))
              .sort();
            expect(stored).toEqual(written);
          }
        }
      }),
      { numRuns: RUNS },
    );
    // entries were actually overwritten in some runs (the lists are bounded)
    expect(reused.recommendations).toBeGreaterThan(RUNS / 10);
    expect(reused.events).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Determinism and purity of one step

const memoryArb: fc.Arbitrary<ControllerMemory> = fc
  .record({
    recommendations: fc.option(
      fc.array(
        fc.record({
          age: fc.integer({ min: 0, max: 900 }),
          replicas: fc.integer({ min: 0, max: 40 }),
        }),
        { maxLength: 8 },
      ),
      { nil: null },
    ),
    up: fc.array(
      fc.record({
        age: fc.integer({ min: 0, max: 900 }),
        change: fc.integer({ min: 1, max: 10 }),
        outdated: fc.boolean(),
      }),
      { maxLength: 6 },
    ),
    down: fc.array(
      fc.record({
        age: fc.integer({ min: 0, max: 900 }),
        change: fc.integer({ min: 1, max: 10 }),
        outdated: fc.boolean(),
      }),
      { maxLength: 6 },
    ),
  })
  .map((m) => ({
    recommendations:
      m.recommendations?.map((r) => ({ timestamp: T0 - r.age, replicas: r.replicas })) ?? null,
    scaleUpEvents: m.up.map((e) => ({
      timestamp: T0 - e.age,
      replicaChange: e.change,
      outdated: e.outdated,
    })),
    scaleDownEvents: m.down.map((e) => ({
      timestamp: T0 - e.age,
      replicaChange: e.change,
      outdated: e.outdated,
    })),
  }));

const singleStepArb = fc.record({
  choice: hpaArb('sometimes'),
  step: stepArb,
  current: fc.integer({ min: 0, max: 35 }),
  memory: memoryArb,
  cfg: configArb,
  selector: fc.constantFrom(undefined, undefined, undefined, 'ambiguous' as const),
  scaleGetError: fc.integer({ min: 0, max: 19 }).map((x) => x === 0),
  conditions: fc.subarray([
    { type: 'ScalingLimited', status: 'True', reason: 'TooManyReplicas' },
    { type: 'ScaledToZero', status: 'False', reason: 'Awake' },
    { type: 'AbleToScale', status: 'False', reason: 'FailedGetScale' },
  ]),
});

describe('determinism and purity', () => {
  it('the same input always yields deep-equal output and inputs are never mutated', () => {
    fc.assert(
      fc.property(singleStepArb, (c) => {
        const base = buildHpa(c.choice);
        const h: HorizontalPodAutoscaler = {
          ...base,
          status: { desiredReplicas: c.current, conditions: c.conditions, lastScaleTime: T0 - 100 },
        };
        const obs: Observation = {
          ...buildObservation(h, c.choice.metrics, c.current, c.step, T0),
          selector: c.selector,
          scaleGetError: c.scaleGetError,
        };
        const before = JSON.stringify([obs, c.memory, c.cfg]);
        deepFreeze(obs);
        deepFreeze(c.memory);
        deepFreeze(c.cfg);
        const a = reconcileAutoscaler(obs, c.memory, T0, c.cfg);
        const b = reconcileAutoscaler(obs, c.memory, T0, c.cfg);
        expect(b).toEqual(a);
        expect(JSON.stringify([obs, c.memory, c.cfg])).toBe(before);
        // a new object graph each time: mutating one result cannot leak into the other
        expect(a.conditions).not.toBe(b.conditions);
        expect(a.trace).not.toBe(b.trace);
      }),
      { numRuns: 300 },
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Decision-only reconciles

/** Everything a reconcile decides, without the trace. */
function decision(r: ReconcileResult) {
  const { trace: _trace, ...rest } = r;
  return rest;
}

/** The fields of a full trace a lean one keeps (what the compact series read). */
function seriesNumbers(t: ReconcileTrace): ReconcileTrace {
  const out: ReconcileTrace = { path: t.path, tolerances: t.tolerances };
  if (t.metrics) {
    out.metrics = t.metrics.map((m) => {
      const keep: MetricTrace = { type: m.type };
      for (const k of [
        'usageRatio',
        'currentUtilization',
        'currentAverageValue',
        'currentValue',
      ] as const)
        if (m[k] !== undefined) keep[k] = m[k];
      if (m.error !== undefined) keep.error = m.error;
      if (m.proposal !== undefined) keep.proposal = m.proposal;
      return keep;
    });
  }
  for (const k of ['metricDesiredReplicas', 'stabilizedReplicas', 'normalizedReplicas'] as const)
    if (t[k] !== undefined) out[k] = t[k];
  return out;
}

describe('decision-only reconciles ({ trace: false })', () => {
  it('decide step by step what full ones decide, each run carrying its own state', () => {
    let rescales = 0;
    fc.assert(
      fc.property(hpaArb('sometimes'), stepsArb, configArb, (choice, steps, cfg) => {
        const full = runStory(choice, steps, cfg);
        const lean = runStory(choice, steps, cfg, { trace: false });
        full.steps.forEach((f, i) => {
          const l = lean.steps[i]!;
          expect(decision(l.result)).toStrictEqual(decision(f.result));
          expect(l.result.trace).toStrictEqual({
            path: f.result.trace.path,
            tolerances: f.result.trace.tolerances,
          });
          if (f.result.rescaled) rescales++;
        });
      }),
      { numRuns: RUNS / 2 },
    );
    expect(rescales).toBeGreaterThan(RUNS / 2);
  });

  it("keep in a 'lean' trace exactly the full trace's series numbers", () => {
    fc.assert(
      fc.property(hpaArb('sometimes'), stepsArb, configArb, (choice, steps, cfg) => {
        const full = runStory(choice, steps, cfg);
        const lean = runStory(choice, steps, cfg, { trace: 'lean' });
        full.steps.forEach((f, i) => {
          const l = lean.steps[i]!;
          expect(decision(l.result)).toStrictEqual(decision(f.result));
          expect(l.result.trace).toStrictEqual(seriesNumbers(f.result.trace));
        });
      }),
      { numRuns: RUNS / 4 },
    );
  });

  it('decide one step from any memory, selector or scale failure what a full one decides', () => {
    const paths = new Set<string>();
    fc.assert(
      fc.property(singleStepArb, (c) => {
        const base = buildHpa(c.choice);
        const h: HorizontalPodAutoscaler = {
          ...base,
          status: { desiredReplicas: c.current, conditions: c.conditions, lastScaleTime: T0 - 100 },
        };
        const obs: Observation = {
          ...buildObservation(h, c.choice.metrics, c.current, c.step, T0),
          selector: c.selector,
          scaleGetError: c.scaleGetError,
        };
        deepFreeze(obs);
        deepFreeze(c.memory);
        const full = reconcileAutoscaler(obs, c.memory, T0, c.cfg);
        const lean = reconcileAutoscaler(obs, c.memory, T0, c.cfg, { trace: false });
        expect(decision(lean)).toStrictEqual(decision(full));
        expect(lean.trace).toStrictEqual({
          path: full.trace.path,
          tolerances: full.trace.tolerances,
        });
        paths.add(full.trace.path);
      }),
      { numRuns: 300 },
    );
    // the runs went through the error exits as well as the metrics path
    expect([...paths].sort()).toEqual(
      expect.arrayContaining(['getScaleError', 'metrics', 'metricsError']),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// The conditions' working copy (conditions.ts workingConditions)

/** Conditions as a file or a test may give them: other key orders, other fields. */
const foreignConditionsArb: fc.Arbitrary<HPACondition[] | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  {
    weight: 1,
    arbitrary: fc.subarray(
      [
        { reason: 'ReadyForNewScale', status: 'True', type: 'AbleToScale' },
        {
          type: 'ScalingActive',
          status: 'True',
          lastTransitionTime: '2024-05-01T12:00:00Z',
          reason: 'ValidMetricFound',
          message: 'from a dump',
        } as HPACondition,
        { type: 'ScaledToZero', status: 'False', reason: 'Awake' },
      ],
      { minLength: 1 },
    ),
  },
);

describe('the working copy of the conditions', () => {
  it('copies a list it returned field by field into what a spread gives, key order included', () => {
    let memoHits = 0;
    let foreignStarts = 0;
    fc.assert(
      fc.property(
        hpaArb('sometimes'),
        stepsArb,
        configArb,
        foreignConditionsArb,
        (choice, steps, cfg, initial) => {
          // a fresh scratch per reconcile never knows the list: every copy is a spread
          const spread = runStory(choice, steps, cfg, undefined, initial);
          const scratch = new ByPositionScratch();
          const memo = runStory(choice, steps, cfg, { scratch }, initial);
          if (initial) foreignStarts++;
          memo.steps.forEach((m, i) => {
            const s = spread.steps[i]!;
            expect(m.result).toStrictEqual(s.result);
            expect(JSON.stringify(m.result.conditions)).toBe(JSON.stringify(s.result.conditions));
            // what the memo relies on: a run's own lists hold only setCondition's shape
            if (!initial)
              for (const c of m.result.conditions)
                expect(Object.keys(c)).toEqual(['type', 'status', 'reason', 'message']);
          });
          // the last step copied the step before's (non-empty) list field by field
          const last = memo.steps.at(-1)!.result.conditions;
          if (memo.steps.length > 1 && scratch.ownConditions === last) memoHits++;
        },
      ),
      { numRuns: RUNS / 2 },
    );
    // the field-by-field copy ran, and foreign lists went through the spread
    expect(memoHits).toBeGreaterThan(RUNS / 4);
    expect(foreignStarts).toBeGreaterThan(RUNS / 40);
  });
});

// ---------------------------------------------------------------------------------------------
// ReconcileOptions.reuse: the memory, conditions and events a reconcile returned updated in place

describe('a reconcile that reuses what it returned last', () => {
  it('returns at every step what a reconcile building everything afresh returns', () => {
    let inPlace = 0;
    fc.assert(
      fc.property(
        hpaArb('sometimes'),
        stepsArb,
        configArb,
        foreignConditionsArb,
        (choice, steps, cfg, initial) => {
          // a list the caller keeps must never change: frozen, a write would throw
          const frozen = initial === undefined ? undefined : deepFreeze(structuredClone(initial));
          const fresh = runStory(choice, steps, cfg, { trace: 'lean' }, frozen, true);
          const scratch = new ByPositionScratch();
          const options: ReconcileOptions = { trace: 'lean', scratch, reuse: true };
          const reused = runStory(choice, steps, cfg, options, frozen, true);
          reused.steps.forEach((m, i) => {
            expect(m.result).toStrictEqual(fresh.steps[i]!.result);
          });
          if (reused.steps.length > 2 && scratch.ownRecommendations !== null) inPlace++;
        },
      ),
      { numRuns: RUNS / 2 },
    );
    // the in-place path ran
    expect(inPlace).toBeGreaterThan(RUNS / 8);
  });
});

describe('a reconcile that reuses its own objects', () => {
  it('hands back the same result, steps and lean trace objects, refilled', () => {
    const choice = fc.sample(hpaArb('always'), { numRuns: 1, seed: 7 })[0]!;
    const steps = fc.sample(fc.array(stepArb, { minLength: 5, maxLength: 10 }), {
      numRuns: 1,
      seed: 7,
    })[0]!;
    const scratch = new ByPositionScratch();
    const options: ReconcileOptions = { trace: 'lean', scratch, reuse: true };
    const cfg = fc.sample(configArb, { numRuns: 1, seed: 7 })[0]!;
    const run = runStory(
      choice,
      steps,
      { ...cfg, featureGates: { ...cfg.featureGates, HPAGeneration: undefined } },
      options,
    );
    const results = new Set(run.steps.map((s) => s.result));
    expect(run.steps.length).toBeGreaterThan(1);
    expect(results.size).toBe(1);
    expect(scratch.reused.controller).not.toBeNull();
    expect(scratch.reused.steps).not.toBeNull();
  });
});
