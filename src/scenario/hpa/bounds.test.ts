import { describe, expect, it } from 'vitest';
import { parseScenario } from '../index.ts';
import { errors } from '../__fixtures__/helpers.ts';

const errs = (text: string) =>
  errors(parseScenario(text).diagnostics).map((d) => [d.path, d.message]);

const v2 = (spec: string, meta = 'name: web') => `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { ${meta} }
spec:
  scaleTargetRef: { kind: Deployment, name: web }
  maxReplicas: 3
${spec}`;
const podsMetric = (name: string, selector = '') =>
  `    - { type: Pods, pods: { metric: { name: ${name}${selector} }, target: { type: AverageValue, averageValue: '1' } } }\n`;
const x = (n: number) => 'a'.repeat(n);

describe('names and lists are bounded, with the API server limits where they exist', () => {
  it('spec.metrics: 50 pass, 51 are one error at the list', () => {
    const metrics = (n: number) =>
      `  metrics:\n${Array.from({ length: n }, (_, i) => podsMetric(`m${i}`)).join('')}`;
    const fifty = parseScenario(v2(metrics(50)));
    expect(errors(fifty.diagnostics).filter((d) => d.message.includes('metrics;'))).toEqual([]);
    expect(errs(v2(metrics(51)))).toContainEqual([
      'hpa:spec.metrics',
      "51 metrics; at most 50 (the simulator's limit)",
    ]);
    // A long list stays one error.
    expect(errs(v2(metrics(120))).filter(([p]) => p === 'hpa:spec.metrics')).toHaveLength(1);
  });

  it('metadata.name and scaleTargetRef.name: a DNS subdomain, 253 characters', () => {
    expect(errs(v2('', `name: ${x(253)}`))).toEqual([]);
    const long = errs(v2('', `name: ${x(254)}`));
    expect(long).toHaveLength(1);
    expect(long[0]![0]).toBe('hpa:metadata.name');
    expect(long[0]![1]).toMatch(/must be no more than 253 characters/);
    const target = v2('').replace('Deployment, name: web }', `Deployment, name: ${x(100_000)} }`);
    expect(errs(target)).toEqual([
      [
        'hpa:spec.scaleTargetRef.name',
        'the target name is 100,000 characters; at most 253 (object names are DNS subdomains)',
      ],
    ]);
  });

  it('metric names and selectors, including a converted v2beta1 manifest at the field as written', () => {
    expect(errs(v2(`  metrics:\n${podsMetric(x(254))}`))).toEqual([
      [
        'hpa:spec.metrics[0].pods.metric.name',
        "the metric name is 254 characters; at most 253 (the simulator's limit)",
      ],
    ]);
    const legacy = `apiVersion: autoscaling/v2beta1
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { kind: Deployment, name: web }
  maxReplicas: 3
  metrics:
    - { type: Pods, pods: { metricName: ${x(300)}, targetAverageValue: '1' } }
`;
    expect(errs(legacy).map(([p]) => p)).toEqual(['hpa:spec.metrics[0].pods.metricName']);
    const label = errs(
      v2(`  metrics:\n${podsMetric('rps', `, selector: { matchLabels: { app: ${x(64)} } }`)}`),
    );
    expect(label).toEqual([
      [
        'hpa:spec.metrics[0].pods.metric.selector.matchLabels.app',
        'the label value is 64 characters; at most 63 (as the API server checks label values)',
      ],
    ]);
    const values = `[${Array.from({ length: 101 }, (_, i) => `v${i}`).join(', ')}]`;
    const many = errs(
      v2(
        `  metrics:\n${podsMetric('rps', `, selector: { matchExpressions: [{ key: k, operator: In, values: ${values} }] }`)}`,
      ),
    );
    expect(many).toEqual([
      [
        'hpa:spec.metrics[0].pods.metric.selector.matchExpressions[0].values',
        "101 values; at most 100 (the simulator's limit)",
      ],
    ]);
  });

  it('metrics from the autoscaling/v1 annotation are bounded too', () => {
    const metrics = JSON.stringify(
      Array.from({ length: 60 }, (_, i) => ({
        type: 'Pods',
        pods: { metricName: `m${i}`, targetAverageValue: '1' },
      })),
    );
    const v1 = `apiVersion: autoscaling/v1
kind: HorizontalPodAutoscaler
metadata:
  name: web
  annotations:
    autoscaling.alpha.kubernetes.io/metrics: '${metrics}'
spec:
  scaleTargetRef: { kind: Deployment, name: web }
  maxReplicas: 3
`;
    const e = errs(v1).filter(([, m]) => m!.includes('metrics; at most'));
    expect(e).toHaveLength(1);
  });

  it('annotations: 256 KiB in all', () => {
    const big = (n: number) => `name: web, annotations: { a: ${x(n / 2)}, b: ${x(n / 2)} }`;
    expect(errs(v2('', big(256 * 1024 - 2)))).toEqual([]);
    const over = errs(v2('', big(256 * 1024)));
    expect(over).toHaveLength(1);
    expect(over[0]![0]).toMatch(/^hpa:metadata\.annotations/);
  });
});
