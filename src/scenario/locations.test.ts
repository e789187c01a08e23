import { describe, expect, it } from 'vitest';
import { parseScenario } from './index.ts';
import { BASIC_SPEC, HPA_V2, SIMULATION, at, find, where } from './__fixtures__/helpers.ts';

const TWO = (hpaSpec: string, simSpec: string) => `${HPA_V2(hpaSpec)}---\n${SIMULATION(simSpec)}`;

describe('diagnostics are located at the offending text', () => {
  it('an unknown HPA field: the key, with a suggestion', () => {
    const text = HPA_V2(`  scaleTargetRef: { kind: Deployment, name: web }\n  maxReplica: 5\n`);
    const r = parseScenario(text);
    const d = find(r.diagnostics, 'hpa:spec.maxReplica');
    // line 7 is "  maxReplica: 5": the key spans columns 3..12 (end column exclusive: 13)
    expect(where(d)).toEqual(['error', 'hpa:spec.maxReplica', 0, 7, 3, 7, 13]);
    expect(d!.message).toBe("unknown field 'maxReplica' in spec. Did you mean 'maxReplicas'?");
    // The missing maxReplicas is then an API validation error located at the spec key.
    expect(where(find(r.diagnostics, 'hpa:spec.maxReplicas'))).toEqual([
      'error',
      'hpa:spec.maxReplicas',
      0,
      5,
      1,
      5,
      5,
    ]);
    expect(r.ok).toBe(false);
  });

  it('a wrong type: the value', () => {
    const text = HPA_V2(`  scaleTargetRef: { kind: Deployment, name: web }\n  maxReplicas: "10"\n`);
    const d = find(parseScenario(text).diagnostics, 'hpa:spec.maxReplicas');
    expect(where(d)).toEqual(['error', 'hpa:spec.maxReplicas', 0, 7, 16, 7, 20]);
    expect(d!.message).toBe('expected an integer, got the string "10" (remove the quotes)');
  });

  it('an API validation error: the field the controller names', () => {
    const text = HPA_V2(
      `${BASIC_SPEC}  behavior:\n    scaleUp:\n      policies:\n        - type: Pods\n          value: 4\n          periodSeconds: 2400\n`,
    );
    const d = find(
      parseScenario(text).diagnostics,
      'hpa:spec.behavior.scaleUp.policies[0].periodSeconds',
    );
    const p = at(text, '2400');
    expect(where(d)).toEqual([
      'error',
      'hpa:spec.behavior.scaleUp.policies[0].periodSeconds',
      0,
      p.line,
      p.column,
      p.line,
      p.column + 4,
    ]);
    expect(d!.message).toBe(
      'spec.behavior.scaleUp.policies[0].periodSeconds: must be less than or equal to 1800',
    );
  });

  it('an enum value, with a suggestion', () => {
    const text = HPA_V2(
      `${BASIC_SPEC}  metrics:\n    - type: Resorce\n      resource: { name: cpu, target: { type: Utilization, averageUtilization: 50 } }\n`,
    );
    const d = find(parseScenario(text).diagnostics, 'hpa:spec.metrics[0].type');
    const p = at(text, 'Resorce');
    expect([d?.line, d?.column, d?.endColumn]).toEqual([p.line, p.column, p.column + 7]);
    expect(d!.message).toContain("Did you mean 'Resource'?");
  });

  it('a converted field: at the name the user wrote (v2beta1)', () => {
    const text = `apiVersion: autoscaling/v2beta1
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { kind: Deployment, name: web }
  maxReplicas: 4
  metrics:
    - type: Resource
      resource:
        name: cpu
        targetAverageUtilization: 0
`;
    const r = parseScenario(text);
    const d = find(r.diagnostics, 'hpa:spec.metrics[0].resource.targetAverageUtilization');
    expect(where(d)).toEqual([
      'error',
      'hpa:spec.metrics[0].resource.targetAverageUtilization',
      0,
      11,
      35,
      11,
      36,
    ]);
    expect(d!.message).toBe(
      'spec.metrics[0].resource.target.averageUtilization: must be greater than 0',
    );
    expect(where(find(r.diagnostics, 'hpa:apiVersion'))).toEqual([
      'info',
      'hpa:apiVersion',
      0,
      1,
      13,
      1,
      32,
    ]);
  });

  it('a converted field: at the name the user wrote (v1)', () => {
    const text = `apiVersion: autoscaling/v1
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { kind: Deployment, name: web }
  maxReplicas: 4
  targetCPUUtilizationPercentage: -5
`;
    const d = find(parseScenario(text).diagnostics, 'hpa:spec.targetCPUUtilizationPercentage');
    expect(where(d)).toEqual(['error', 'hpa:spec.targetCPUUtilizationPercentage', 0, 7, 35, 7, 37]);
  });

  it('a YAML syntax error: its own range', () => {
    const text = HPA_V2(`${BASIC_SPEC}  metrics: [\n`);
    const r = parseScenario(text);
    expect(r.ok).toBe(false);
    const d = r.diagnostics.find((x) => x.message.startsWith('YAML:'));
    expect(d).toBeDefined();
    expect(d!.line).toBeGreaterThanOrEqual(8);
  });

  it('a duplicate key: the second occurrence (in the HPA a warning: kubectl keeps the last)', () => {
    const text = HPA_V2(`${BASIC_SPEC}  maxReplicas: 12\n`);
    const parsed = parseScenario(text);
    const d = parsed.diagnostics.find((x) => x.message.startsWith('duplicate key'));
    expect(parsed.ok).toBe(true);
    expect(parsed.effectiveHpa!.spec.maxReplicas).toBe(12);
    const p = at(text, 'maxReplicas', 1);
    expect(where(d)).toEqual([
      'warning',
      'hpa:spec.maxReplicas',
      0,
      p.line,
      p.column,
      p.line,
      p.column + 11,
    ]);
  });

  it('a duplicate key in the Simulation document (our format) stays an error', () => {
    const text = TWO(BASIC_SPEC, '  duration: 1h\n  duration: 2h\n');
    const parsed = parseScenario(text);
    expect(parsed.ok).toBe(false);
    const d = parsed.diagnostics.find((x) => x.message.startsWith('duplicate key'));
    expect(d?.severity).toBe('error');
    expect(d?.message).toBe("duplicate key 'duration': keys in a map must be unique");
  });

  it('a Simulation field: the value, in document 1', () => {
    const text = TWO(BASIC_SPEC, '  duration: 90d\n');
    const d = find(parseScenario(text).diagnostics, 'spec.duration');
    const p = at(text, '90d');
    expect(where(d)).toEqual(['error', 'spec.duration', 1, p.line, p.column, p.line, p.column + 3]);
    expect(d!.message).toBe(
      'unknown unit "d" in duration "90d" (Go durations have no days: write 24h per day)',
    );
  });

  it('a curve problem: inside the curve', () => {
    const text = TWO(
      BASIC_SPEC,
      '  traffic:\n    type: steps\n    steps:\n      - { at: 60, value: 1 }\n      - { at: 30, value: 2 }\n',
    );
    const d = find(parseScenario(text).diagnostics, 'spec.traffic.steps[1].at');
    const p = at(text, '30');
    expect(where(d)).toEqual([
      'error',
      'spec.traffic.steps[1].at',
      1,
      p.line,
      p.column,
      p.line,
      p.column + 2,
    ]);
    expect(d!.message).toContain('keep points in time order');
  });

  it('a metric without a load model: at the HPA metric', () => {
    const text = TWO(
      `${BASIC_SPEC}  metrics:\n    - type: Pods\n      pods:\n        metric: { name: rps }\n        target: { type: AverageValue, averageValue: "10" }\n`,
      '  duration: 1h\n',
    );
    const d = find(parseScenario(text).diagnostics, 'hpa:spec.metrics[0]');
    const p = at(text, '- type: Pods');
    expect(where(d)).toEqual([
      'error',
      'hpa:spec.metrics[0]',
      0,
      p.line,
      p.column + 2,
      p.line,
      p.column + 12,
    ]);
    expect(d!.message).toContain(
      'add spec.load.pods.rps: { perPod: 0, perUnit: 100m } to the Simulation document',
    );
  });

  it('an unknown Simulation field that belongs elsewhere', () => {
    const text = TWO(BASIC_SPEC, '  syncPeriod: 30s\n');
    const d = find(parseScenario(text).diagnostics, 'spec.syncPeriod');
    const p = at(text, 'syncPeriod');
    expect(where(d)).toEqual([
      'error',
      'spec.syncPeriod',
      1,
      p.line,
      p.column,
      p.line,
      p.column + 10,
    ]);
    expect(d!.message).toBe(
      "unknown field 'syncPeriod' in spec. 'syncPeriod' belongs under 'spec.controller'.",
    );
  });

  it('a missing required field: at its parent key', () => {
    const text = TWO(BASIC_SPEC, '  outages:\n    - { metric: resource/cpu, from: 1m }\n');
    const d = find(parseScenario(text).diagnostics, 'spec.outages[0].to');
    const p = at(text, '{ metric');
    expect([d?.severity, d?.line, d?.column]).toEqual(['error', p.line, p.column]);
    expect(d!.message).toBe("missing required field 'to'");
  });

  it('a text-level problem: line 1, column 1, no path', () => {
    const r = parseScenario('');
    expect(r.diagnostics.map(where)).toEqual([['error', '', 0, 1, 1, 1, 2]]);
  });

  it('columns ignore a leading byte-order mark', () => {
    const text = `\uFEFF${HPA_V2(`  scaleTargetRef: { kind: Deployment, name: web }\n  maxReplica: 5\n`)}`;
    expect(where(find(parseScenario(text).diagnostics, 'hpa:spec.maxReplica'))).toEqual([
      'error',
      'hpa:spec.maxReplica',
      0,
      7,
      3,
      7,
      13,
    ]);
  });
});
