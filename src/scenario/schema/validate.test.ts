import { describe, expect, it } from 'vitest';
import { hpaSchema } from './hpaSchema.ts';
import { simulationSchema } from './simulationSchema.ts';
import { validateAgainstSchema } from './validate.ts';

const hpa = (apiVersion: string, spec: object) => ({
  apiVersion,
  kind: 'HorizontalPodAutoscaler',
  metadata: { name: 'x' },
  spec,
});
const brief = (value: unknown, schema = hpaSchema) =>
  validateAgainstSchema(value, schema).map((i) => `${i.kind} ${i.path.join('.')}: ${i.message}`);

describe('validateAgainstSchema', () => {
  it('picks the spec schema by apiVersion', () => {
    expect(
      brief(hpa('autoscaling/v1', { maxReplicas: 3, targetCPUUtilizationPercentage: 50 })),
    ).toEqual([]);
    expect(
      brief(hpa('autoscaling/v2', { maxReplicas: 3, targetCPUUtilizationPercentage: 50 })),
    ).toEqual([
      "unknown-field spec.targetCPUUtilizationPercentage: unknown field 'targetCPUUtilizationPercentage' in spec. 'targetCPUUtilizationPercentage' is a field here only in another apiVersion.",
    ]);
    expect(brief(hpa('autoscaling/v1', { metrics: [] }))).toEqual([
      "unknown-field spec.metrics: unknown field 'metrics' in spec. 'metrics' is a field here only in another apiVersion.",
    ]);
  });

  it("an older apiVersion's field says so before any spelling suggestion", () => {
    // A real manifest: autoscaling/v2 with v2beta1's targetAverageUtilization (it once read
    // "Did you mean 'target'?", which hides why the field is unknown).
    const metrics = [{ type: 'Resource', resource: { name: 'cpu', targetAverageUtilization: 50 } }];
    expect(brief(hpa('autoscaling/v2', { maxReplicas: 3, metrics }))).toContain(
      "unknown-field spec.metrics.0.resource.targetAverageUtilization: unknown field 'targetAverageUtilization' in resource. 'targetAverageUtilization' is a field here only in another apiVersion.",
    );
  });

  it('v2beta2 rules have no tolerance', () => {
    const spec = { maxReplicas: 3, behavior: { scaleUp: { tolerance: '0.1' } } };
    expect(brief(hpa('autoscaling/v2', spec))).toEqual([]);
    expect(brief(hpa('autoscaling/v2beta2', spec))).toEqual([
      "unknown-field spec.behavior.scaleUp.tolerance: unknown field 'tolerance' in scaleUp. 'tolerance' is a field here only in another apiVersion.",
    ]);
  });

  it('says where a misplaced field belongs', () => {
    expect(brief(hpa('autoscaling/v2', { maxReplicas: 3, scaleUp: {} }))).toEqual([
      "unknown-field spec.scaleUp: unknown field 'scaleUp' in spec. 'scaleUp' belongs under 'spec.behavior'.",
    ]);
  });

  it('treats null as an absent field but not as a list item', () => {
    expect(brief(hpa('autoscaling/v2', { maxReplicas: null, minReplicas: null }))).toEqual([]);
    expect(brief(hpa('autoscaling/v2', { maxReplicas: 3, metrics: [null] }))).toEqual([
      'type spec.metrics.0: expected a map, got null',
    ]);
  });

  it('checks types, enums, int32, quantities and required fields', () => {
    const spec = {
      minReplicas: 1.5,
      maxReplicas: 2 ** 31,
      metrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilisation', averageValue: '1 core' } },
        },
      ],
    };
    expect(brief({ ...hpa('autoscaling/v2', spec), kind: undefined })).toEqual([
      "missing kind: missing required field 'kind'",
      'type spec.minReplicas: expected an integer, got 1.5',
      'format spec.maxReplicas: must fit in a 32-bit integer, got 2147483648',
      "value spec.metrics.0.resource.target.type: expected one of 'Utilization', 'Value', 'AverageValue', got the string \"Utilisation\". Did you mean 'Utilization'?",
      'format spec.metrics.0.resource.target.averageValue: "1 core" is not a Kubernetes quantity (e.g. 500m, 1.5, 2, 256Mi, 1Gi, 1e3)',
    ]);
  });

  it('explains booleans YAML 1.2 does not read', () => {
    const doc = {
      apiVersion: 'hpa-sim.dev/v1alpha1',
      kind: 'Simulation',
      spec: { controller: { featureGates: { HPAScaleToZero: 'yes' } } },
    };
    expect(brief(doc, simulationSchema)).toEqual([
      'type spec.controller.featureGates.HPAScaleToZero: expected true or false, got the string "yes" (YAML 1.2 reads only true and false as booleans)',
    ]);
  });

  it('does not follow __proto__ or constructor as schema properties', () => {
    const doc = JSON.parse(
      '{"apiVersion":"hpa-sim.dev/v1alpha1","kind":"Simulation","__proto__":{"x":1},"spec":{"constructor":1}}',
    );
    expect(brief(doc, simulationSchema).map((s) => s.split(':')[0])).toEqual([
      'unknown-field __proto__',
      'unknown-field spec.constructor',
    ]);
  });

  it('hands curves to the curve hook', () => {
    const seen: string[] = [];
    validateAgainstSchema(
      {
        apiVersion: 'hpa-sim.dev/v1alpha1',
        kind: 'Simulation',
        spec: { traffic: { type: 'nope' } },
      },
      simulationSchema,
      { curve: (_v, p) => seen.push(p.join('.')) },
    );
    expect(seen).toEqual(['spec.traffic']);
  });
});
