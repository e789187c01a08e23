/** A dump's status: decoded strictly as the API server does, then discarded. */
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../index.ts';
import { BASIC_SPEC, at, errors } from '../__fixtures__/helpers.ts';

const hpa = (version: string, spec: string, status: string) =>
  `apiVersion: ${version}\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: web\nspec:\n${spec}status:\n${status}`;
const V2 = (status: string) => hpa('autoscaling/v2', BASIC_SPEC, status);
const located = (text: string) =>
  errors(parseScenario(text).diagnostics).map((d) => [d.path, d.line, d.column, d.message]);

describe('status: strict decoding (unknown fields are errors anywhere)', () => {
  it('an unknown field at any level of a v2 status is an error at its key, with a suggestion', () => {
    const text = V2(
      '  currentReplicas: 1\n  desiredReplica: 2\n  currentMetrics:\n  - type: Resource\n    resource: { name: cpu, current: { averageUtilization: 5, averageValu: 3 } }\n  conditions:\n  - { type: AbleToScale, status: "True", reason: ReadyForNewScale, mesage: ok }\n',
    );
    const d = located(text);
    expect(d.map((e) => e[0])).toEqual([
      'hpa:status.desiredReplica',
      'hpa:status.currentMetrics[0].resource.current.averageValu',
      'hpa:status.conditions[0].mesage',
    ]);
    expect(d[0]!.slice(1)).toEqual([
      at(text, 'desiredReplica:').line,
      3,
      "unknown field 'desiredReplica' in status. Did you mean 'desiredReplicas'?",
    ]);
    expect(d[1]![3]).toContain("Did you mean 'averageValue'?");
    expect(d[2]![1]).toBe(at(text, 'mesage').line);
    expect(d[2]![2]).toBe(at(text, 'mesage').column);
  });

  it('a field in the wrong place (the docs walkthrough puts current beside resource) is unknown', () => {
    const text = V2(
      '  currentMetrics:\n  - type: Resource\n    resource:\n      name: cpu\n    current:\n      averageUtilization: 0\n',
    );
    expect(located(text).map((e) => e[0])).toEqual(['hpa:status.currentMetrics[0].current']);
  });

  it("each API version has its own status shape: another version's field is unknown", () => {
    const v1 = (status: string) =>
      hpa(
        'autoscaling/v1',
        '  scaleTargetRef: { kind: Deployment, name: web }\n  maxReplicas: 5\n',
        status,
      );
    expect(located(v1('  currentReplicas: 1\n  currentCPUUtilizationPercentage: 7\n'))).toEqual([]);
    expect(located(v1('  conditions: []\n')).map((e) => e[0])).toEqual(['hpa:status.conditions']);
    const beta1 = (status: string) =>
      hpa(
        'autoscaling/v2beta1',
        '  scaleTargetRef: { kind: Deployment, name: web }\n  maxReplicas: 5\n',
        status,
      );
    expect(
      located(
        beta1(
          '  currentMetrics:\n  - type: External\n    external: { metricName: q, currentValue: "3", currentAverageValue: 1500m }\n',
        ),
      ),
    ).toEqual([]);
    expect(
      located(
        beta1('  currentMetrics:\n  - type: Resource\n    resource: { name: cpu, current: {} }\n'),
      )[0]![0],
    ).toBe('hpa:status.currentMetrics[0].resource.current');
    // v2beta2 has v2's status.
    expect(
      located(
        hpa(
          'autoscaling/v2beta2',
          BASIC_SPEC,
          '  currentMetrics:\n  - type: Resource\n    resource: { name: cpu, current: { averageUtilization: 5 } }\n',
        ),
      ),
    ).toEqual([]);
  });

  it('a wrong JSON type in status is a decoding error', () => {
    expect(located(V2('  currentMetrics: 3\n'))[0]!.slice(0, 1)).toEqual([
      'hpa:status.currentMetrics',
    ]);
    expect(located(V2('  conditions: [{ type: 5 }]\n'))[0]![3]).toContain('expected a string');
  });

  it('metadata lists are strict too (ownerReferences, managedFields)', () => {
    const text = `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: web\n  ownerReferences: [{ apiVersion: v1, kind: X, name: x, uid: u, controler: true }]\n  managedFields: [{ manager: kubectl, operation: Update, fieldsV1: { "f:spec": {} }, tme: x }]\nspec:\n${BASIC_SPEC}`;
    expect(located(text).map((e) => [e[0], e[3]])).toEqual([
      [
        'hpa:metadata.ownerReferences[0].controler',
        "unknown field 'controler' in ownerReferences. Did you mean 'controller'?",
      ],
      [
        'hpa:metadata.managedFields[0].tme',
        "unknown field 'tme' in managedFields. Did you mean 'time'?",
      ],
    ]);
  });

  it('a valid status runs, and a note at status says it is discarded as the API server does', () => {
    const r = parseScenario(
      V2(
        '  observedGeneration: 3\n  lastScaleTime: "2024-01-01T00:00:00Z"\n  currentReplicas: 2\n  desiredReplicas: 2\n  currentMetrics: []\n',
      ),
    );
    expect(r.ok).toBe(true);
    const note = r.diagnostics.find((d) => d.path === 'hpa:status');
    expect(note?.severity).toBe('info');
    expect(note?.message).toContain('discarded, as the API server discards the status');
  });
});
