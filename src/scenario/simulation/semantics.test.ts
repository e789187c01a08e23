import { describe, expect, it } from 'vitest';
import { parseScenario } from '../index.ts';
import { BASIC_SPEC, HPA_V2, SIMULATION, errors, find } from '../__fixtures__/helpers.ts';

const METRICS = `${BASIC_SPEC}  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 50 } }
    - type: External
      external: { metric: { name: queue }, target: { type: AverageValue, averageValue: "10" } }
    - type: Object
      object:
        describedObject: { kind: Ingress, name: main }
        metric: { name: hits }
        target: { type: Value, value: "100" }
`;
const scenario = (simSpec: string, hpaSpec = METRICS) =>
  parseScenario(`${HPA_V2(hpaSpec)}---\n${SIMULATION(simSpec)}`);
const LOADS = `  traffic: { type: constant, value: 100 }
  load:
    external: { queue: { perUnit: 1 } }
    object: { hits: { value: { type: constant, value: 50 } } }
`;

describe('load models', () => {
  it('a complete set parses', () => {
    const r = scenario(LOADS);
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.input!.loads.map((l) => l.kind)).toEqual(['resource', 'external', 'object']);
  });

  it('an External metric needs exactly one of value, perUnit, queue', () => {
    const r = scenario(
      LOADS.replace('{ perUnit: 1 }', '{ perUnit: 1, value: { type: constant, value: 1 } }'),
    );
    expect(find(r.diagnostics, 'spec.load.external.queue.perUnit')?.message).toBe(
      "give only one of 'value', 'perUnit', 'queue' (got value and perUnit)",
    );
    const none = scenario(LOADS.replace('{ perUnit: 1 }', '{}'));
    expect(find(none.diagnostics, 'spec.load.external.queue')?.message).toBe(
      "give one of 'value', 'perUnit', 'queue'",
    );
  });

  it('an unused entry is a warning with a suggestion', () => {
    const r = scenario(`${LOADS}    pods: { rps: { perUnit: 1 } }\n`.replace('hits:', 'hit:'));
    expect(find(r.diagnostics, 'spec.load.pods.rps')?.severity).toBe('warning');
    expect(find(r.diagnostics, 'spec.load.object.hit')?.message).toBe(
      "no Object metric named 'hit' in the HPA: this entry is unused. Did you mean 'hits'?",
    );
    // and the Object metric itself now lacks a model: an error at the HPA metric
    expect(find(r.diagnostics, 'hpa:spec.metrics[2]')?.severity).toBe('error');
  });

  it('negative and absurd quantities are errors; perUnit keeps sub-milli precision', () => {
    const r = scenario(`${LOADS}    resources: { cpu: { perPod: -5m, perUnit: 0.0001 } }\n`);
    expect(find(r.diagnostics, 'spec.load.resources.cpu.perPod')?.message).toBe(
      'must not be negative, got -5m',
    );
    const ok = scenario(`${LOADS}    resources: { cpu: { perPod: 5m, perUnit: 0.0001 } }\n`);
    expect(ok.input!.loads[0]).toEqual({
      kind: 'resource',
      resource: 'cpu',
      perPodMilli: 5,
      perUnitMilli: expect.closeTo(0.1, 12),
      demand: null,
    });
    const big = scenario(`${LOADS}    resources: { cpu: { perUnit: 2E } }\n`);
    expect(find(big.diagnostics, 'spec.load.resources.cpu.perUnit')?.message).toContain(
      'too large',
    );
  });

  it('perUnit without traffic has no effect (warning)', () => {
    const r = scenario(LOADS.replace('  traffic: { type: constant, value: 100 }\n', ''));
    expect(find(r.diagnostics, 'spec.load.external.queue.perUnit')?.message).toBe(
      'has no effect: spec.traffic is not set',
    );
  });

  it('a Utilization metric on a resource a container does not request is flagged', () => {
    const r = scenario(
      `${LOADS}  workload:\n    containers:\n      - { name: app, resources: { requests: { memory: 1Gi } } }\n`,
    );
    const d = find(r.diagnostics, 'hpa:spec.metrics[0].resource.target.averageUtilization');
    expect(d?.severity).toBe('warning');
    expect(d?.message).toContain('missing request for cpu');
  });

  it('a ContainerResource metric naming no container is flagged with a suggestion', () => {
    const spec = `${BASIC_SPEC}  metrics:\n    - type: ContainerResource\n      containerResource: { name: cpu, container: ap, target: { type: Utilization, averageUtilization: 50 } }\n`;
    const r = scenario('  traffic: { type: constant, value: 1 }\n', spec);
    expect(
      find(r.diagnostics, 'hpa:spec.metrics[0].containerResource.container')?.message,
    ).toContain("Did you mean 'app'?");
  });
});

describe('workload and outages', () => {
  it('duplicate container names and too many failed pods', () => {
    const r = scenario(
      `${LOADS}  workload:\n    replicas: 2\n    failedPods: 2\n    podsWithoutMetrics: 1\n    containers:\n      - { name: app }\n      - { name: app }\n`,
    );
    expect(find(r.diagnostics, 'spec.workload.containers[1].name')?.message).toBe(
      "duplicate container name 'app'",
    );
    expect(find(r.diagnostics, 'spec.workload.podsWithoutMetrics')?.message).toBe(
      'failedPods + podsWithoutMetrics (3) must not exceed the initial replicas (2)',
    );
  });

  it('initial replicas outside the HPA range: the first sync clamps (info)', () => {
    const r = scenario(`${LOADS}  workload: { replicas: 50 }\n`);
    expect(find(r.diagnostics, 'spec.workload.replicas')?.message).toBe(
      "50 replicas is outside the HPA's range: the first sync scales to maxReplicas (10)",
    );
    expect(r.ok).toBe(true);
    // At 0 the HPA does not clamp: it is disabled (horizontal.go ScalingDisabled).
    const zero = scenario(`${LOADS}  workload: { replicas: 0 }\n`);
    expect(find(zero.diagnostics, 'spec.workload.replicas')?.message).toContain(
      'the HPA leaves a target at 0 alone (ScalingActive=False ScalingDisabled)',
    );
  });

  it('an outage must name an HPA metric and a non-empty range', () => {
    const r = scenario(
      `${LOADS}  outages:\n    - { metric: external/queu, from: 10m, to: 5m }\n    - { metric: resource/cpu, from: 2h, to: 3h }\n`,
    );
    expect(find(r.diagnostics, 'spec.outages[0].metric')?.message).toBe(
      "no HPA metric 'external/queu' (the HPA has resource/cpu, external/queue, object/hits). Did you mean 'external/queue'?",
    );
    expect(find(r.diagnostics, 'spec.outages[0].to')?.message).toBe(
      'must be after from (10m), got 5m',
    );
    expect(find(r.diagnostics, 'spec.outages[1].from')?.severity).toBe('warning');
  });

  it('checks the Simulation document even when the HPA is unusable', () => {
    const text = `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nspec: 3\n---\n${SIMULATION('  workload:\n    containers: [{ name: a }, { name: a }]\n')}`;
    expect(
      find(parseScenario(text).diagnostics, 'spec.workload.containers[1].name')?.severity,
    ).toBe('error');
  });

  it('documents may come in either order, and a second Simulation is an error', () => {
    const swapped = parseScenario(`${SIMULATION(LOADS)}---\n${HPA_V2(METRICS)}`);
    expect(errors(swapped.diagnostics)).toEqual([]);
    const twice = parseScenario(
      `${SIMULATION(LOADS)}---\n${HPA_V2(METRICS)}---\n${SIMULATION(LOADS)}`,
    );
    expect(errors(twice.diagnostics).map((d) => [d.document, d.message.slice(0, 27)])).toEqual([
      [2, 'a second Simulation documen'],
    ]);
  });
});
