// What grew in the Simulation document after the first campaigns: the release whose controller
// runs (`spec.kubernetesVersion` 1.33–1.38 and bogus ones, `spec.controller.featureGates` with
// GA-locked gates set off and unknown ones, `informerLag`), writes during the run
// (`spec.changes`: HPA patches, `replicas`, at and after the end, two at one instant, wrong
// shapes) and the node pool (`spec.nodes`: shapes, min/max, both provisioners, pods larger than
// any node). Mostly runnable, sometimes at or past a limit.
import fc from 'fast-check';
import { mostly, quotedUnsafe } from '../arbitraries.ts';

/** The HPA every world family scales: a CPU metric, a behavior, bounds from the generator. */
function hpa(min: number, max: number, behavior: string): string {
  return `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: ${min}
  maxReplicas: ${max}
  metrics:
    - { type: Resource, resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } } }
${behavior}`;
}

const bounds = fc
  .tuple(
    mostly(fc.integer({ min: 1, max: 10 }), fc.constantFrom(0, -1)),
    mostly(fc.integer({ min: 1, max: 40 }), fc.constantFrom(5000, 5001)),
  )
  .map(([min, max]) => [min, Math.max(min, max)] as const);

const behavior = fc.constantFrom(
  '',
  '  behavior: { scaleDown: { stabilizationWindowSeconds: 60 } }\n',
  '  behavior: { scaleUp: { tolerance: 0.05 }, scaleDown: { tolerance: 0.2 } }\n',
);

const traffic = fc.constantFrom(
  '{ type: constant, value: 400 }',
  '{ type: steps, steps: [{ at: 0, value: 100 }, { at: 600, value: 900 }, { at: 1800, value: 50 }] }',
  '{ type: sine, base: 400, amplitude: 300, periodSeconds: 1200 }',
);

const duration = mostly(fc.constantFrom('30m', '1h', '2h'), fc.constantFrom('1s', '744h'));

function simulation(spec: string[]): string {
  return `---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
${spec.map((l) => `  ${l}\n`).join('')}`;
}

// ---- releases -----------------------------------------------------------------------------

const GATES = [
  'HPAConfigurableTolerance',
  'HPAScaleToZero',
  'HPAGeneration',
  'StaleControllerConsistencyHPA',
  'HPAOptimizedSelectorStore',
];
const gateValue = mostly<boolean | string>(
  fc.boolean(),
  fc.constantFrom('"true"', '1', 'null', '[true]'),
);
const gates = fc.oneof(
  fc
    .uniqueArray(fc.tuple(fc.constantFrom(...GATES), gateValue), {
      maxLength: 5,
      selector: ([g]) => g,
    })
    .map((gs) => `{ ${gs.map(([g, v]) => `${g}: ${v}`).join(', ')} }`),
  fc.constantFrom('{ NoSuchGate: true }', '{ hpascaletozero: true }', '[]', '3', 'null', '{}'),
);

/** A release (named in its two spellings), a bogus one, or none. */
export const release = fc.option(
  mostly(
    fc.constantFrom("'1.33'", "'1.34'", "'1.35'", "'1.36'", "'1.37'", "'1.38'", '1.36', '1.38'),
    fc.oneof(
      fc.constantFrom("'1.32'", "'1.39'", '1.3', "'v1.35'", "''", '[1]', 'null'),
      quotedUnsafe,
    ),
  ),
  { nil: undefined },
);

const lag = mostly(
  fc.constantFrom('0s', '200ms', '1s', '5s', '30s'),
  fc.constantFrom('1h', '-1s', 'x', '745h', '0'),
);

export const releaseScenario: fc.Arbitrary<string> = fc
  .record({
    bounds,
    behavior,
    release,
    gates: fc.option(gates, { nil: undefined, freq: 2 }),
    lag: fc.option(lag, { nil: undefined }),
    sync: fc.constantFrom('15s', '5s', '60s'),
    traffic,
    duration,
    // A minReplicas: 0 (what the HPAScaleToZero gate is about) with the External metric it needs.
    zero: mostly(fc.constant(false), fc.constant(true)),
  })
  .map((s) => {
    const controller = [
      `syncPeriod: ${s.sync}`,
      ...(s.lag === undefined ? [] : [`informerLag: ${s.lag}`]),
      ...(s.gates !== undefined
        ? [`featureGates: ${s.gates}`]
        : s.zero
          ? ['featureGates: { HPAScaleToZero: true }']
          : []),
    ];
    const head = s.zero
      ? hpa(0, s.bounds[1], s.behavior).replace(
          '  metrics:\n',
          "  metrics:\n    - { type: External, external: { metric: { name: queue }, target: { type: AverageValue, averageValue: '10' } } }\n",
        )
      : hpa(s.bounds[0], s.bounds[1], s.behavior);
    return `${head}${simulation([
      `duration: ${s.duration}`,
      ...(s.release === undefined ? [] : [`kubernetesVersion: ${s.release}`]),
      `controller: { ${controller.join(', ')} }`,
      `traffic: ${s.traffic}`,
      `load: { resources: { cpu: { perUnit: 1m } }${s.zero ? ', external: { queue: { queue: { perPodThroughput: 5 } } }' : ''} }`,
    ])}`;
  });

// ---- spec.changes ---------------------------------------------------------------------------

const at = mostly(
  fc.constantFrom('1s', '5m', '10m', '20m', '29m59s', '30m'),
  fc.constantFrom('0s', '0', '31m', '2h', '-5s', 'x', '744h', 'null'),
);
const patch = mostly(
  fc.oneof(
    fc.integer({ min: 1, max: 40 }).map((n) => `{ maxReplicas: ${n} }`),
    fc.integer({ min: 1, max: 10 }).map((n) => `{ minReplicas: ${n} }`),
    fc
      .integer({ min: 10, max: 150 })
      .map(
        (u) =>
          `{ metrics: [{ type: Resource, resource: { name: cpu, target: { type: Utilization, averageUtilization: ${u} } } }] }`,
      ),
    fc.constantFrom(
      '{ behavior: { scaleDown: { stabilizationWindowSeconds: 0 } } }',
      '{ behavior: null }',
      '{ behavior: { scaleUp: { selectPolicy: Disabled } } }',
      '{ behavior: { scaleDown: { tolerance: 0.3 } } }',
    ),
  ),
  fc.constantFrom(
    '{ maxReplicas: 0 }',
    '{ maxReplicas: 5001 }',
    '{ minReplicas: 50, maxReplicas: 2 }',
    '{ minReplicas: 0 }',
    '{ metrics: [] }',
    '{ metrics: null }',
    '{ metrics: [{ type: Pods, pods: { metric: { name: rps }, target: { type: AverageValue, averageValue: "1" } } }] }',
    '{ scaleTargetRef: { kind: Deployment, name: other } }',
    '{ nope: 1 }',
    '{}',
    'null',
    '3',
    '[1]',
    '"x"',
  ),
);
const replicas = mostly<number | string>(
  fc.integer({ min: 0, max: 30 }),
  fc.constantFrom(-1, 1.5, 5000, 5001, '"3"', 'null'),
);

const change = fc
  .record({
    at,
    // a patch, a kubectl scale, or both
    what: fc.oneof(
      patch.map((p) => `patch: ${p}`),
      replicas.map((r) => `replicas: ${r}`),
      fc.tuple(patch, replicas).map(([p, r]) => `patch: ${p}, replicas: ${r}`),
    ),
    description: fc.option(fc.oneof(fc.constantFrom('an edit', '""'), quotedUnsafe), {
      nil: undefined,
    }),
    // an unknown field, now and then (a rollout is another line of work's)
    extra: fc.oneof(
      { weight: 12, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom('rollout: {}', 'nope: 1', 'at2: 1s') },
    ),
  })
  .map((c) =>
    [
      `at: ${c.at}`,
      c.what,
      ...(c.description === undefined ? [] : [`description: ${c.description}`]),
      ...(c.extra === undefined ? [] : [c.extra]),
    ].join(', '),
  );

/** The list itself (instants apart, two at one instant, at and past its limit), or a wrong shape. */
const changes = mostly<string[] | string>(
  fc.oneof(
    {
      weight: 10,
      arbitrary: fc
        .uniqueArray(change, { minLength: 1, maxLength: 4, selector: (c) => c.split(',')[0] })
        .map((cs) => cs.map((c) => `{ ${c} }`)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(change, fc.constantFrom('10m', '5m'))
        .map(([c, when]) => [
          `{ at: ${when}, replicas: 4 }`,
          `{ at: ${when}, ${c.replace(/^at: [^,]*, ?/, '')} }`,
        ]),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(50, 51, 1000)
        .map((n) =>
          Array.from({ length: n }, (_, i) => `{ at: ${i + 1}s, replicas: ${(i % 7) + 1} }`),
        ),
    },
  ),
  fc.constantFrom('null', '3', '{ at: 1s }', '[null]', '[3]', '[[]]', '"x"'),
);

export const changesScenario: fc.Arbitrary<string> = fc
  .record({ bounds, behavior, release, changes, traffic })
  .map((s) => {
    const list = Array.isArray(s.changes)
      ? `changes:\n${s.changes.map((c) => `    - ${c}`).join('\n')}`
      : `changes: ${s.changes}`;
    return `${hpa(s.bounds[0], s.bounds[1], s.behavior)}${simulation([
      'duration: 30m',
      ...(s.release === undefined ? [] : [`kubernetesVersion: ${s.release}`]),
      'controller: { syncPeriod: 15s }',
      `traffic: ${s.traffic}`,
      'load: { resources: { cpu: { perUnit: 1m } } }',
      list,
    ])}`;
  });

// ---- spec.nodes -----------------------------------------------------------------------------

// Many fields per block: each is odd rarely, so that most blocks still run.
const quantity = (usual: string[], odd: string[]) =>
  fc.oneof(
    { weight: 40, arbitrary: fc.constantFrom(...usual) },
    { weight: 1, arbitrary: fc.constantFrom(...odd) },
  );
/** A flow map of the fields given (absent ones left out). */
const flowMap = (o: Record<string, unknown>) =>
  `{ ${Object.entries(o)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ')} }`;
const delay = fc.option(
  mostly(
    fc.constantFrom('{ min: 30s, max: 60s, seed: 7 }', '{ min: 0s }', '{ min: 10s, max: 10s }'),
    fc.constantFrom('{ min: 60s, max: 30s }', '{ min: -1s }', '{ seed: -1 }', '3', 'null'),
  ),
  { nil: undefined },
);
const clusterAutoscaler = fc
  .record(
    {
      scanInterval: quantity(['10s', '1s', '30s'], ['0s', '-1s', 'x']),
      provisioningDelay: delay,
      scaleDownUnneededTime: quantity(['10m', '0s', '1m'], ['-1m', '745h']),
      scaleDownDelayAfterAdd: quantity(['10m', '0s'], ['x']),
      scaleDownDelayAfterDelete: quantity(['10s', '0s'], ['-1s']),
      scaleDownUtilizationThreshold: quantity(['0.5', '0', '1'], ['1.5', '-0.1', '"x"']),
      expander: quantity(['random', 'least-waste'], ['most-pods', '""']),
      maxScaleDownParallelism: quantity(['10', '1'], ['0', '1001']),
      maxDrainParallelism: quantity(['1', '5'], ['0', '-1']),
    },
    { requiredKeys: [] },
  )
  .map(flowMap);
const karpenter = fc
  .record(
    {
      batchIdleDuration: quantity(['1s', '0s', '5s'], ['-1s', 'x']),
      batchMaxDuration: quantity(['10s', '1s', '60s'], ['0s', '745h']),
      provisioningDelay: delay,
      consolidationPolicy: quantity(['WhenEmpty', 'WhenEmptyOrUnderutilized'], ['Never', '""']),
      consolidateAfter: quantity(['0s', '30s', '5m'], ['-1s', 'Never']),
      budgetNodes: quantity(["'10%'", "'0%'", "'100%'"], ["'101%'", "'5'", "'1000%'", "'x%'"]),
    },
    { requiredKeys: [] },
  )
  .map(flowMap);

const shape = fc
  .record(
    {
      cpu: quantity(["'2'", "'4'", '500m', "'16'"], ["'0'", "'-1'", "'1e400'", "'x'", '100m']),
      memory: quantity(['8Gi', '16Gi', '512Mi'], ['0', '1Ki', 'x', '1e30']),
      pods: quantity(['110', '8', '30'], ['0', '1', '1001', '-1']),
      daemonsets: quantity(
        ['{ cpu: 300m, memory: 512Mi, pods: 3 }', '{}'],
        ["{ cpu: '64', memory: 1Ti }", '{ pods: 1001 }', '3'],
      ),
    },
    { requiredKeys: [] },
  )
  .map(flowMap);

/** Pod requests: usual, and ones larger than any node. */
const requests = mostly(
  fc.constantFrom('{ cpu: 500m, memory: 512Mi }', '{ cpu: 250m, memory: 1Gi }', '{ cpu: 1 }'),
  fc.constantFrom("{ cpu: '64', memory: 1Ti }", '{ memory: 100Gi }', "{ cpu: '3' }", '{}'),
);

export const nodesScenario: fc.Arbitrary<string> = fc
  .record({
    bounds,
    release,
    shape: fc.option(shape, { nil: undefined }),
    initial: fc.option(mostly(fc.integer({ min: 0, max: 8 }), fc.constantFrom(-1, 5001)), {
      nil: undefined,
    }),
    min: fc.option(mostly(fc.integer({ min: 0, max: 4 }), fc.constantFrom(-1, 20)), {
      nil: undefined,
    }),
    max: fc.option(mostly(fc.integer({ min: 1, max: 20 }), fc.constantFrom(0, 5001, 1e9)), {
      nil: undefined,
    }),
    provisioner: fc.option(
      mostly(fc.constantFrom('cluster-autoscaler', 'karpenter'), fc.constantFrom('gke', '""', '3')),
      { nil: undefined },
    ),
    clusterAutoscaler: fc.option(clusterAutoscaler, { nil: undefined }),
    karpenter: fc.option(karpenter, { nil: undefined }),
    requests,
    replicas: mostly(fc.integer({ min: 1, max: 12 }), fc.constantFrom(0, 200)),
    traffic,
    cost: fc.option(mostly(fc.constant('{ nodeHour: 0.1 }'), fc.constant('{ nodeHour: -1 }')), {
      nil: undefined,
    }),
    // a wrong shape in place of the whole block, now and then
    wrong: fc.oneof(
      { weight: 12, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.constantFrom('null', '3', '[]', '"x"', '{ nope: 1 }') },
    ),
  })
  .map((s) => {
    const fields = Object.entries({
      shape: s.shape,
      initial: s.initial,
      min: s.min,
      max: s.max,
      provisioner: s.provisioner,
      clusterAutoscaler: s.clusterAutoscaler,
      karpenter: s.karpenter,
    }).filter(([, v]) => v !== undefined);
    const nodes = s.wrong ?? `{ ${fields.map(([k, v]) => `${k}: ${String(v)}`).join(', ')} }`;
    return `${hpa(s.bounds[0], s.bounds[1], '')}${simulation([
      'duration: 1h',
      ...(s.release === undefined ? [] : [`kubernetesVersion: ${s.release}`]),
      `workload: { replicas: ${s.replicas}, containers: [{ name: app, resources: { requests: ${s.requests} } }], startup: { scheduling: 1s, starting: 10s, readinessDelay: 10s } }`,
      `traffic: ${s.traffic}`,
      'load: { resources: { cpu: { perPod: 20m, perUnit: 4m } } }',
      `nodes: ${nodes}`,
      ...(s.cost === undefined ? [] : [`cost: ${s.cost}`]),
    ])}`;
  });
