// Multi-cluster scenarios: clusters (names, capacities, weights, priorities), failAt/recoverAt,
// every policy and strategy, both models, the control plane's options — usually valid, sometimes
// at or past a limit.
import fc from 'fast-check';
import { DIVISION_STRATEGIES, SEED_POLICIES } from '../../../src/engine/federation/index.ts';
import { mostly, quotedUnsafe } from '../arbitraries.ts';

const clusterName = mostly(
  fc.constantFrom('east', 'west', 'north', 'member1', 'member2', 'c3', 'a'),
  fc.oneof(fc.constantFrom('East', '-x', 'a'.repeat(64), '""', '__proto__'), quotedUnsafe),
);
const time = mostly(
  fc.constantFrom('1m', '5m', '10m', '20m', '1h'),
  fc.constantFrom('0s', '-1s', '745h', '0', '1ms', 'x', 'null'),
);
/** failAt then recoverAt, usually in order. */
const failure = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  { weight: 3, arbitrary: time.map((t) => `, failAt: ${t}`) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 20 }))
      .map(([a, b]) => `, failAt: ${a}m, recoverAt: ${a + b}m`),
  },
  { weight: 1, arbitrary: fc.tuple(time, time).map(([a, b]) => `, failAt: ${a}, recoverAt: ${b}`) },
  { weight: 1, arbitrary: time.map((t) => `, recoverAt: ${t}`) },
);
const cluster = fc
  .record(
    {
      name: clusterName,
      capacity: mostly(fc.integer({ min: 1, max: 60 }), fc.constantFrom(0, 5000, 5001, -1)),
      weight: mostly(fc.integer({ min: 0, max: 10 }), fc.constantFrom(1_000_000, 1_000_001)),
      priority: mostly(fc.integer({ min: -3, max: 3 }), fc.constantFrom(-1_000_000, 1_000_001)),
    },
    { requiredKeys: ['name'] },
  )
  .chain((c) =>
    failure.map(
      (f) =>
        `{ ${Object.entries(c)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ')}${f} }`,
    ),
  );

export const federationScenario: fc.Arbitrary<string> = fc
  .record({
    min: mostly(fc.integer({ min: 1, max: 6 }), fc.constantFrom(0, -1, 1)),
    max: mostly(fc.integer({ min: 6, max: 40 }), fc.constantFrom(5000, 30000)),
    model: fc.constantFrom('proposal', 'shipped', 'both', undefined),
    policy: mostly(fc.constantFrom(...SEED_POLICIES), fc.constantFrom('Weird', '""')),
    strategy: fc.option(fc.constantFrom(...DIVISION_STRATEGIES), { nil: undefined }),
    clusters: mostly(
      fc.uniqueArray(cluster, { minLength: 1, maxLength: 4, selector: (c) => c.split(',')[0] }),
      fc.array(cluster, { minLength: 0, maxLength: 17 }),
    ),
    scalingToZero: fc.option(fc.boolean(), { nil: undefined }),
    scaleAssist: fc.option(fc.boolean(), { nil: undefined }),
    delay: fc.option(fc.oneof(time, fc.constant('0s')), { nil: undefined }),
    optimize: fc.option(time, { nil: undefined }),
    tieBreak: fc.option(fc.constantFrom('ascending', 'descending'), { nil: undefined }),
    duration: mostly(fc.constantFrom('10m', '20m', '30m'), fc.constantFrom('2h', '745h')),
    traffic: fc.integer({ min: 0, max: 4000 }),
    // Karmada's FederatedHPA refuses External metrics (model proposal takes them).
    external: mostly(fc.constant(false), fc.constant(true)),
    extra: mostly(
      fc.constant(''),
      fc.constantFrom(
        '  variants: [{ name: v, patch: { maxReplicas: 9 } }]\n',
        '  workload: { maxPods: 5 }\n',
      ),
    ),
  })
  .map((s) => {
    const fields = [
      s.model && `model: ${s.model}`,
      `policy: ${s.policy}`,
      s.strategy && `strategy: ${s.strategy}`,
      s.scalingToZero !== undefined && `scalingToZero: ${s.scalingToZero}`,
      s.scaleAssist !== undefined && `scaleAssist: ${s.scaleAssist}`,
      s.delay && `autoscaleMultiClusterDelay: ${s.delay}`,
      s.optimize && `optimizePeriod: ${s.optimize}`,
      s.tieBreak && `tieBreak: ${s.tieBreak}`,
    ].filter(Boolean);
    const metric = s.external
      ? `{ type: External, external: { metric: { name: queue }, target: { type: AverageValue, averageValue: '10' } } }`
      : `{ type: Resource, resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } } }`;
    const load = s.external
      ? 'external: { queue: { perUnit: 1 } }'
      : 'resources: { cpu: { perUnit: 5m } }';
    return `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: ${s.min}
  maxReplicas: ${Math.max(s.min, s.max)}
  metrics: [${metric}]
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
  duration: ${s.duration}
  traffic: { type: ramp, points: [{ at: 0, value: ${s.traffic} }, { at: 600, value: ${s.traffic * 2} }] }
  load: { ${load} }
  federation:
${fields.map((f) => `    ${f}\n`).join('')}    clusters:
${s.clusters.map((c) => `      - ${c}\n`).join('')}${s.extra}`;
  });
