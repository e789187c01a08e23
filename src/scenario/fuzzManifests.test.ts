import fc from 'fast-check';
import { describe, it } from 'vitest';
import { parseScenario } from './index.ts';
import { wellFormed } from './__fixtures__/wellFormed.ts';

const scalars = fc.oneof(
  fc.integer({ min: -3, max: 1e10 }),
  fc.double(),
  fc.boolean(),
  fc.string({ maxLength: 8 }),
);

// Manifest-shaped documents with random, missing or mistyped fields, to reach the conversion,
// defaulting, validation and load-model code with degenerate but well-formed input.
const maybe = <T>(arb: fc.Arbitrary<T>) =>
  fc.option(
    fc.oneof(
      { weight: 12, arbitrary: arb },
      { weight: 1, arbitrary: scalars },
      { weight: 1, arbitrary: fc.constant(null) },
    ),
    { nil: undefined, freq: 3 },
  );
const target = fc.record(
  {
    type: maybe(fc.constantFrom('Utilization', 'Value', 'AverageValue')),
    value: maybe(fc.constantFrom('10', '0', '-1', '1k')),
    averageValue: maybe(fc.constantFrom('10', '500m')),
    averageUtilization: maybe(fc.integer({ min: -1, max: 200 })),
  },
  { requiredKeys: [] },
);
const ident = fc.record(
  { name: maybe(fc.constantFrom('rps', 'queue', 'cpu', '')) },
  { requiredKeys: [] },
);
const metric = fc.record(
  {
    type: maybe(fc.constantFrom('Resource', 'ContainerResource', 'Pods', 'Object', 'External')),
    resource: maybe(
      fc.record(
        { name: maybe(fc.constantFrom('cpu', 'memory')), target: maybe(target) },
        { requiredKeys: [] },
      ),
    ),
    containerResource: maybe(
      fc.record(
        {
          name: maybe(fc.constant('cpu')),
          container: maybe(fc.constantFrom('app', 'x')),
          target: maybe(target),
        },
        { requiredKeys: [] },
      ),
    ),
    pods: maybe(fc.record({ metric: maybe(ident), target: maybe(target) }, { requiredKeys: [] })),
    object: maybe(
      fc.record(
        {
          describedObject: maybe(
            fc.record(
              { kind: maybe(fc.constant('Ingress')), name: maybe(fc.constant('x')) },
              { requiredKeys: [] },
            ),
          ),
          metric: maybe(ident),
          target: maybe(target),
        },
        { requiredKeys: [] },
      ),
    ),
    external: maybe(
      fc.record({ metric: maybe(ident), target: maybe(target) }, { requiredKeys: [] }),
    ),
  },
  { requiredKeys: [] },
);
const rules = fc.record(
  {
    stabilizationWindowSeconds: maybe(fc.integer({ min: -1, max: 4000 })),
    selectPolicy: maybe(fc.constantFrom('Max', 'Min', 'Disabled', 'x')),
    policies: maybe(
      fc.array(
        fc.record(
          {
            type: maybe(fc.constantFrom('Pods', 'Percent')),
            value: maybe(fc.integer({ min: -1, max: 10 })),
            periodSeconds: maybe(fc.integer({ min: 0, max: 2000 })),
          },
          { requiredKeys: [] },
        ),
        { maxLength: 3 },
      ),
    ),
    tolerance: maybe(fc.constantFrom('0.1', '-1', 'x')),
  },
  { requiredKeys: [] },
);
const hpaDoc = fc.record({
  apiVersion: fc.constantFrom(
    'autoscaling/v2',
    'autoscaling/v2beta2',
    'autoscaling/v2beta1',
    'autoscaling/v1',
  ),
  kind: fc.constant('HorizontalPodAutoscaler'),
  metadata: maybe(
    fc.record(
      {
        name: maybe(fc.constant('web')),
        annotations: maybe(
          fc.dictionary(
            fc.constantFrom(
              'autoscaling.alpha.kubernetes.io/metrics',
              'autoscaling.alpha.kubernetes.io/behavior',
              'autoscaling.alpha.kubernetes.io/scale-up-tolerance',
            ),
            fc.constantFrom(
              '[]',
              '{}',
              '[{"type":"Pods"}]',
              '{"ScaleUp":{}}',
              '0.1',
              'x',
              '[{"type":"External","external":{"metricName":"q","targetValue":"1"}}]',
            ),
          ),
        ),
      },
      { requiredKeys: [] },
    ),
  ),
  spec: maybe(
    fc.record(
      {
        scaleTargetRef: maybe(
          fc.record(
            { kind: maybe(fc.constant('Deployment')), name: maybe(fc.constant('web')) },
            { requiredKeys: [] },
          ),
        ),
        minReplicas: maybe(fc.integer({ min: -1, max: 6000 })),
        maxReplicas: maybe(fc.integer({ min: -1, max: 6000 })),
        targetCPUUtilizationPercentage: maybe(fc.integer({ min: 0, max: 100 })),
        metrics: maybe(fc.array(metric, { maxLength: 4 })),
        behavior: maybe(
          fc.record({ scaleUp: maybe(rules), scaleDown: maybe(rules) }, { requiredKeys: [] }),
        ),
      },
      { requiredKeys: [] },
    ),
  ),
});
const simDoc = fc.record({
  apiVersion: fc.constantFrom('hpa-sim.dev/v1alpha1', 'hpa-sim.dev/v1alpha0'),
  kind: fc.constant('Simulation'),
  spec: maybe(
    fc.record(
      {
        duration: maybe(fc.constantFrom('1h', '0s', 10, '745h')),
        traffic: maybe(fc.constantFrom({ type: 'constant', value: 5 }, { type: 'nope' })),
        workload: maybe(
          fc.record(
            {
              replicas: maybe(fc.integer({ min: -1, max: 6000 })),
              containers: maybe(
                fc.array(
                  fc.record(
                    {
                      name: maybe(fc.constantFrom('app', 'x')),
                      resources: maybe(
                        fc.record(
                          {
                            requests: maybe(
                              fc.dictionary(
                                fc.constantFrom('cpu', 'memory'),
                                fc.constantFrom('1', '-1m', 'x'),
                              ),
                            ),
                          },
                          { requiredKeys: [] },
                        ),
                      ),
                    },
                    { requiredKeys: [] },
                  ),
                  { maxLength: 2 },
                ),
              ),
              failedPods: maybe(fc.integer({ min: 0, max: 3 })),
            },
            { requiredKeys: [] },
          ),
        ),
        load: maybe(
          fc.record(
            {
              pods: maybe(
                fc.dictionary(
                  fc.constantFrom('rps', 'x'),
                  fc.record({ perUnit: maybe(fc.constantFrom('1', '-1')) }, { requiredKeys: [] }),
                ),
              ),
              external: maybe(
                fc.dictionary(
                  fc.constantFrom('queue', 'q'),
                  fc.record(
                    {
                      value: maybe(fc.constant({ type: 'constant', value: 1 })),
                      queue: maybe(
                        fc.record(
                          { perPodThroughput: maybe(fc.constantFrom(0, 5)) },
                          { requiredKeys: [] },
                        ),
                      ),
                    },
                    { requiredKeys: [] },
                  ),
                ),
              ),
            },
            { requiredKeys: [] },
          ),
        ),
        outages: maybe(
          fc.array(
            fc.record(
              {
                metric: maybe(fc.constantFrom('pods/rps', 'resource/cpu', 'x')),
                from: maybe(fc.constantFrom('1m', 5)),
                to: maybe(fc.constantFrom('2m', 1)),
              },
              { requiredKeys: [] },
            ),
            { maxLength: 2 },
          ),
        ),
      },
      { requiredKeys: [] },
    ),
  ),
});

describe('parseScenario never throws', () => {
  it('for manifest-shaped documents with random, missing or mistyped fields', () => {
    fc.assert(
      fc.property(hpaDoc, fc.option(simDoc, { nil: undefined }), (hpa, sim) => {
        const text = JSON.stringify(hpa) + (sim ? `\n---\n${JSON.stringify(sim)}` : '');
        wellFormed(parseScenario(text));
      }),
      { numRuns: 1000 },
    );
  });
});
