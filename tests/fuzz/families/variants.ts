// `spec.variants`: from one to hundreds, odd names (the reserved `main`, the HPA's own, duplicates,
// controls and bidi overrides), and merge patches of every field of the HPA's spec — valid
// values, nulls that delete, wrong types, unknown fields.
import fc from 'fast-check';
import { mostly, quotedUnsafe } from '../arbitraries.ts';

const variantName = mostly(
  fc.constantFrom('fast', 'slow', 'calm', 'v1', 'v2'),
  fc.oneof(
    fc.constantFrom('main', 'web', '""', '"a b"', 'x'.repeat(300), '__proto__'),
    quotedUnsafe,
  ),
);

/** A patch of one field: every field of an autoscaling/v2 spec, and some that are not. */
const patch = fc.oneof(
  fc.integer({ min: -1, max: 60 }).map((n) => `minReplicas: ${n}`),
  mostly(fc.integer({ min: 1, max: 60 }), fc.constantFrom(0, 5001, 30000)).map(
    (n) => `maxReplicas: ${n}`,
  ),
  fc
    .tuple(fc.constantFrom(0, 15, 60, 300, 3600, 3601, -1), fc.constantFrom(1, 15, 60, 1800, 1801))
    .map(
      ([w, p]) =>
        `behavior: { scaleDown: { stabilizationWindowSeconds: ${w}, policies: [{ type: Pods, value: 1, periodSeconds: ${p} }] } }`,
    ),
  fc
    .constantFrom('Max', 'Min', 'Disabled', 'Sideways')
    .map((s) => `behavior: { scaleUp: { selectPolicy: ${s} } }`),
  fc.constantFrom(
    'behavior: null',
    'behavior: { scaleUp: null }',
    'behavior: { scaleDown: { tolerance: 0.2 } }',
    'metrics: [{ type: Resource, resource: { name: cpu, target: { type: Utilization, averageUtilization: 30 } } }]',
    'metrics: [{ type: Pods, pods: { metric: { name: rps }, target: { type: AverageValue, averageValue: "5" } } }]',
    'metrics: []',
    'metrics: null',
    'metrics: 3',
    'scaleTargetRef: { kind: Deployment, name: other }',
    'scaleTargetRef: null',
    'maxReplica: 3',
    'minReplicas: "2"',
    'minReplicas: null',
    'maxReplicas: null',
    'status: { currentReplicas: 1 }',
  ),
);

const variant = fc
  .record({
    name: variantName,
    description: fc.option(fc.constantFrom('a', '"multi\\nline"'), { nil: undefined }),
    // One patch per field (a repeated key is the YAML family's business).
    patches: fc.uniqueArray(patch, { maxLength: 3, selector: (p) => p.split(':')[0] }),
    shape: fc.oneof(
      { weight: 12, arbitrary: fc.constant('map') },
      { weight: 1, arbitrary: fc.constantFrom('null', 'list', 'scalar') },
    ),
  })
  .map(({ name, description, patches, shape }) => {
    const body =
      shape === 'map'
        ? `{ ${patches.join(', ')} }`
        : shape === 'null'
          ? 'null'
          : shape === 'list'
            ? '[1]'
            : '3';
    return `{ name: ${name}${description ? `, description: ${description}` : ''}, patch: ${body} }`;
  });

export const variantsScenario: fc.Arbitrary<string> = fc
  .record({
    variants: fc.oneof(
      {
        weight: 8,
        arbitrary: fc.uniqueArray(variant, {
          minLength: 1,
          maxLength: 4,
          selector: (v) => v.split(',')[0],
        }),
      },
      { weight: 1, arbitrary: fc.array(variant, { minLength: 8, maxLength: 300 }) },
    ),
    flow: fc.boolean(),
  })
  .map(({ variants, flow }) => {
    const list = flow
      ? `  variants: [${variants.join(', ')}]\n`
      : `  variants:\n${variants.map((v) => `    - ${v}\n`).join('')}`;
    return `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: 2
  maxReplicas: 20
  metrics: [{ type: Resource, resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } } }]
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
  duration: 20m
  traffic: { type: ramp, points: [{ at: 0, value: 200 }, { at: 600, value: 1500 }] }
  load: { resources: { cpu: { perUnit: 5m } }, pods: { rps: { perUnit: 1 } } }
${list}`;
  });
