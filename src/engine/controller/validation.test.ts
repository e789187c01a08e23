// API validation of a defaulted spec (pkg/apis/autoscaling/validation/validation.go;
// TestValidateHorizontalPodAutoscaler in validation_test.go): every rule of ALGORITHM.md §2
// yields an error at its field, and valid specs yield none.

import { describe, expect, it } from 'vitest';
import {
  formatValidationError,
  MAX_PERIOD_SECONDS,
  MAX_STABILIZATION_WINDOW_SECONDS,
  validateHorizontalPodAutoscalerSpec,
} from './validation.ts';
import {
  cpuUtilization,
  externalAverageValue,
  externalValue,
  hpa,
  objectAverageValue,
  objectValue,
  podsMetric,
  policy,
  rawHpa,
  resourceAverageValue,
  type HpaOptions,
} from './testing/builders.ts';
import { setDefaultsHorizontalPodAutoscaler } from './defaults.ts';
import type { HorizontalPodAutoscalerSpec, MetricSpec } from './types.ts';

const GATES_OFF = { HPAScaleToZero: false };
const GATES_ON = { HPAScaleToZero: true };

function specOf(o: HpaOptions): HorizontalPodAutoscalerSpec {
  return hpa(o).spec;
}

function paths(spec: HorizontalPodAutoscalerSpec, gates = GATES_OFF): string[] {
  return validateHorizontalPodAutoscalerSpec(spec, gates).map((e) => e.path);
}

const containerCpu: MetricSpec = {
  type: 'ContainerResource',
  containerResource: {
    name: 'cpu',
    container: 'app',
    target: { type: 'Utilization', averageUtilization: 60 },
  },
};

describe('TestValidateHorizontalPodAutoscaler: valid specs', () => {
  const valid: { name: string; spec: HorizontalPodAutoscalerSpec; gates?: typeof GATES_ON }[] = [
    { name: 'defaulted CPU 80% metric', spec: setDefaultsHorizontalPodAutoscaler(rawHpa()).spec },
    { name: 'CPU utilization', spec: specOf({ metrics: [cpuUtilization(1)] }) },
    { name: 'CPU average value', spec: specOf({ metrics: [resourceAverageValue('cpu', '500m')] }) },
    { name: 'container resource', spec: specOf({ metrics: [containerCpu] }) },
    { name: 'pods metric', spec: specOf({ metrics: [podsMetric('qps', '10')] }) },
    { name: 'object value', spec: specOf({ metrics: [objectValue('requests', '15')] }) },
    { name: 'object average', spec: specOf({ metrics: [objectAverageValue('requests', '2')] }) },
    { name: 'external value', spec: specOf({ metrics: [externalValue('queue', '30')] }) },
    { name: 'external average', spec: specOf({ metrics: [externalAverageValue('queue', '1')] }) },
    { name: 'min equals max', spec: specOf({ minReplicas: 4, maxReplicas: 4 }) },
    {
      name: 'every metric type at once',
      spec: specOf({
        metrics: [
          cpuUtilization(50),
          containerCpu,
          podsMetric('qps', '1'),
          objectValue('r', '1'),
          externalAverageValue('q', '1'),
        ],
      }),
    },
    { name: 'empty behavior', spec: specOf({ behavior: {} }) },
    {
      name: 'behavior at every bound',
      spec: specOf({
        behavior: {
          scaleUp: {
            stabilizationWindowSeconds: MAX_STABILIZATION_WINDOW_SECONDS,
            selectPolicy: 'Disabled',
            policies: [policy('Pods', 1, MAX_PERIOD_SECONDS), policy('Percent', 1, 1)],
            tolerance: '0',
          },
          scaleDown: {
            stabilizationWindowSeconds: 0,
            selectPolicy: 'Min',
            // no upper bound on Percent, even for a scale-down
            policies: [policy('Percent', 1000, 15)],
            tolerance: '0.05',
          },
        },
      }),
    },
    {
      name: 'minReplicas 0 with an External metric (HPAScaleToZero on)',
      spec: specOf({ minReplicas: 0, metrics: [externalValue('queue', '30')] }),
      gates: GATES_ON,
    },
    {
      name: 'minReplicas 0 with an Object and a CPU metric (HPAScaleToZero on)',
      spec: specOf({ minReplicas: 0, metrics: [cpuUtilization(50), objectValue('r', '10')] }),
      gates: GATES_ON,
    },
  ];
  it.each(valid)('$name', ({ spec, gates }) => {
    expect(validateHorizontalPodAutoscalerSpec(spec, gates ?? GATES_OFF)).toEqual([]);
  });
});

describe('TestValidateHorizontalPodAutoscaler: replica bounds and target reference', () => {
  it('minReplicas must be ≥ 1 without HPAScaleToZero', () => {
    expect(paths(specOf({ minReplicas: 0, metrics: [externalValue('q', '1')] }))).toEqual([
      'spec.minReplicas',
    ]);
  });

  it('minReplicas must be ≥ 0 with HPAScaleToZero', () => {
    expect(
      paths(specOf({ minReplicas: -1, metrics: [externalValue('q', '1')] }), GATES_ON),
    ).toEqual(['spec.minReplicas']);
  });

  it('minReplicas 0 needs an Object or External metric', () => {
    expect(paths(specOf({ minReplicas: 0, metrics: [cpuUtilization(50)] }), GATES_ON)).toEqual([
      'spec.metrics',
    ]);
  });

  it('maxReplicas must be ≥ 1', () => {
    expect(paths(specOf({ minReplicas: 1, maxReplicas: 0 }))).toEqual([
      'spec.maxReplicas',
      'spec.maxReplicas',
    ]);
    const noMin = specOf({ maxReplicas: 0 });
    noMin.minReplicas = null;
    expect(paths(noMin)).toEqual(['spec.maxReplicas']);
  });

  it('maxReplicas must be ≥ minReplicas', () => {
    const errs = validateHorizontalPodAutoscalerSpec(
      specOf({ minReplicas: 5, maxReplicas: 4 }),
      GATES_OFF,
    );
    expect(errs.map(formatValidationError)).toEqual([
      'spec.maxReplicas: must be greater than or equal to `minReplicas`',
    ]);
  });

  it.each([
    ['kind', { kind: '', name: 'web' }],
    ['name', { kind: 'Deployment', name: '' }],
    ['kind', { kind: '..', name: 'web' }],
    ['name', { kind: 'Deployment', name: 'a/b' }],
  ])('scaleTargetRef.%s must be a non-empty path segment', (field, ref) => {
    const spec = specOf({});
    spec.scaleTargetRef = ref;
    expect(paths(spec)).toEqual([`spec.scaleTargetRef.${field}`]);
  });
});

describe('TestValidateHorizontalPodAutoscaler: metric specs', () => {
  const cases: { name: string; metric: MetricSpec; path: string }[] = [
    { name: 'unknown type', metric: { type: 'CheddarCheese' }, path: 'spec.metrics[0].type' },
    { name: 'empty type', metric: { type: '' }, path: 'spec.metrics[0].type' },
    {
      name: 'type without its source block',
      metric: { type: 'Pods', object: objectValue('r', '1').object },
      path: 'spec.metrics[0].pods',
    },
    {
      name: 'a second source block',
      metric: { ...cpuUtilization(50), pods: podsMetric('qps', '1').pods },
      path: 'spec.metrics[0].pods',
    },
    {
      name: 'empty Pods metric name',
      metric: podsMetric('', '1'),
      path: 'spec.metrics[0].pods.metric.name',
    },
    {
      name: 'empty Object metric name',
      metric: objectValue('', '1'),
      path: 'spec.metrics[0].object.metric.name',
    },
    {
      name: 'empty External metric name',
      metric: externalValue('', '1'),
      path: 'spec.metrics[0].external.metric.name',
    },
    {
      name: 'empty resource name',
      metric: {
        type: 'Resource',
        resource: { name: '', target: cpuUtilization(50).resource!.target },
      },
      path: 'spec.metrics[0].resource.name',
    },
    {
      name: 'unknown target type',
      metric: {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Percentage', averageUtilization: 50 } },
      },
      path: 'spec.metrics[0].resource.target.type',
    },
    {
      name: 'averageUtilization 0',
      metric: cpuUtilization(0),
      path: 'spec.metrics[0].resource.target.averageUtilization',
    },
    {
      name: 'zero value',
      metric: externalValue('q', '0'),
      path: 'spec.metrics[0].external.target.value',
    },
    {
      name: 'negative averageValue',
      metric: podsMetric('qps', '-1'),
      path: 'spec.metrics[0].pods.target.averageValue',
    },
    {
      name: 'zero averageValue in milli-units',
      metric: objectAverageValue('r', '0m'),
      path: 'spec.metrics[0].object.target.averageValue',
    },
    {
      name: 'Resource without any target amount',
      metric: { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization' } } },
      path: 'spec.metrics[0].resource.target.averageUtilization',
    },
    {
      name: 'Resource with both averageUtilization and averageValue',
      metric: {
        type: 'Resource',
        resource: {
          name: 'cpu',
          target: { type: 'Utilization', averageUtilization: 50, averageValue: '1' },
        },
      },
      path: 'spec.metrics[0].resource.target.averageValue',
    },
    {
      name: 'Pods without averageValue',
      metric: {
        type: 'Pods',
        pods: { metric: { name: 'qps' }, target: { type: 'Value', value: '1' } },
      },
      path: 'spec.metrics[0].pods.target.averageValue',
    },
    {
      name: 'Object without value or averageValue',
      metric: {
        type: 'Object',
        object: {
          describedObject: { kind: 'Ingress', name: 'i' },
          metric: { name: 'r' },
          target: { type: 'Value' },
        },
      },
      path: 'spec.metrics[0].object.target.averageValue',
    },
    {
      name: 'Object without a described object name',
      metric: {
        type: 'Object',
        object: {
          describedObject: { kind: 'Ingress', name: '' },
          metric: { name: 'r' },
          target: { type: 'Value', value: '1' },
        },
      },
      path: 'spec.metrics[0].object.describedObject.name',
    },
    {
      name: 'External with both value and averageValue',
      metric: {
        type: 'External',
        external: {
          metric: { name: 'q' },
          target: { type: 'Value', value: '1', averageValue: '1' },
        },
      },
      path: 'spec.metrics[0].external.target.value',
    },
    {
      name: 'External without value or averageValue',
      metric: { type: 'External', external: { metric: { name: 'q' }, target: { type: 'Value' } } },
      path: 'spec.metrics[0].external.target.averageValue',
    },
    {
      name: 'ContainerResource without a container',
      metric: {
        type: 'ContainerResource',
        containerResource: { ...containerCpu.containerResource!, container: '' },
      },
      path: 'spec.metrics[0].containerResource.container',
    },
    {
      name: 'ContainerResource with an invalid container name',
      metric: {
        type: 'ContainerResource',
        containerResource: { ...containerCpu.containerResource!, container: 'App_1' },
      },
      path: 'spec.metrics[0].containerResource.container',
    },
  ];
  it.each(cases)('$name → $path', ({ metric, path }) => {
    expect(paths(specOf({ metrics: [metric] }))).toContain(path);
  });

  it('reports the index of the offending metric', () => {
    expect(paths(specOf({ metrics: [cpuUtilization(50), cpuUtilization(0)] }))).toEqual([
      'spec.metrics[1].resource.target.averageUtilization',
    ]);
  });

  it('accepts an Object spec whose target type does not match the amount set (the controller fails it later)', () => {
    const m = objectValue('r', '1');
    m.object!.target = { type: 'Value', averageValue: '1' };
    expect(paths(specOf({ metrics: [m] }))).toEqual([]);
  });
});

describe('TestValidateHorizontalPodAutoscaler: behavior', () => {
  const cases: { name: string; behavior: HpaOptions['behavior']; path: string }[] = [
    {
      name: 'negative window',
      behavior: { scaleUp: { stabilizationWindowSeconds: -1 } },
      path: 'spec.behavior.scaleUp.stabilizationWindowSeconds',
    },
    {
      name: 'window above 3600',
      behavior: { scaleDown: { stabilizationWindowSeconds: MAX_STABILIZATION_WINDOW_SECONDS + 1 } },
      path: 'spec.behavior.scaleDown.stabilizationWindowSeconds',
    },
    {
      name: 'unknown selectPolicy',
      behavior: { scaleUp: { selectPolicy: 'Average' } },
      path: 'spec.behavior.scaleUp.selectPolicy',
    },
    {
      name: 'explicit empty policy list',
      behavior: { scaleDown: { policies: [] } },
      path: 'spec.behavior.scaleDown.policies',
    },
    {
      name: 'unknown policy type',
      behavior: {
        scaleUp: {
          policies: [policy('Pods', 1, 15), { type: 'Replicas', value: 1, periodSeconds: 15 }],
        },
      },
      path: 'spec.behavior.scaleUp.policies[1].type',
    },
    {
      name: 'policy value 0',
      behavior: { scaleUp: { policies: [policy('Pods', 0, 15)] } },
      path: 'spec.behavior.scaleUp.policies[0].value',
    },
    {
      name: 'negative policy value',
      behavior: { scaleDown: { policies: [policy('Percent', -10, 15)] } },
      path: 'spec.behavior.scaleDown.policies[0].value',
    },
    {
      name: 'period 0',
      behavior: { scaleDown: { policies: [policy('Percent', 10, 0)] } },
      path: 'spec.behavior.scaleDown.policies[0].periodSeconds',
    },
    {
      name: 'period above 1800',
      behavior: { scaleUp: { policies: [policy('Percent', 10, MAX_PERIOD_SECONDS + 1)] } },
      path: 'spec.behavior.scaleUp.policies[0].periodSeconds',
    },
    {
      name: 'negative tolerance',
      behavior: { scaleUp: { tolerance: '-0.1' } },
      path: 'spec.behavior.scaleUp.tolerance',
    },
    {
      name: 'unparsable tolerance',
      behavior: { scaleDown: { tolerance: 'ten percent' } },
      path: 'spec.behavior.scaleDown.tolerance',
    },
  ];
  it.each(cases)('$name → $path', ({ behavior, path }) => {
    expect(paths(specOf({ behavior }))).toEqual([path]);
  });

  it('collects the errors of both directions', () => {
    expect(
      paths(
        specOf({
          behavior: {
            scaleUp: { selectPolicy: 'x' },
            scaleDown: { stabilizationWindowSeconds: -5 },
          },
        }),
      ),
    ).toEqual([
      'spec.behavior.scaleUp.selectPolicy',
      'spec.behavior.scaleDown.stabilizationWindowSeconds',
    ]);
  });

  it('formats errors as "path: message"', () => {
    expect(formatValidationError({ path: 'spec.x', message: 'bad' })).toBe('spec.x: bad');
    const [err] = validateHorizontalPodAutoscalerSpec(
      specOf({ behavior: { scaleUp: { policies: [] } } }),
      GATES_OFF,
    );
    expect(formatValidationError(err!)).toBe(
      'spec.behavior.scaleUp.policies: must specify at least one Policy',
    );
  });
});
