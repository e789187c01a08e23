import { describe, expect, it } from 'vitest';
import { locateInputFields, parseScenario } from './index.ts';
import { CPU_ONLY } from './__fixtures__/scenarios.ts';

const WITH_SIM = `${CPU_ONLY}---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
  duration: 2h
  controller: { syncPeriod: 30s }
  traffic: { type: constant, value: 300 }
  load: { resources: { cpu: { perUnit: 1m } } }
`;
const lineOf = (text: string, s: string) => text.split('\n').findIndex((l) => l.includes(s)) + 1;

describe('inputFields: where each input field was written', () => {
  it('locates Simulation and HPA fields, and says which the user wrote', () => {
    const r = parseScenario(WITH_SIM);
    expect(r.ok).toBe(true);
    const f = r.inputFields;
    expect(f.durationSeconds).toMatchObject({ written: true, path: 'spec.duration' });
    expect(f.durationSeconds!.line).toBe(lineOf(WITH_SIM, 'duration: 2h'));
    expect(f['controller.syncPeriodSeconds']).toMatchObject({
      written: true,
      line: lineOf(WITH_SIM, 'syncPeriod'),
    });
    expect(f['hpa.spec.maxReplicas']).toMatchObject({
      written: true,
      path: 'hpa:spec.maxReplicas',
      line: lineOf(WITH_SIM, 'maxReplicas'),
    });
    // Not written: the nearest parent that is.
    expect(f['metricsPipeline.resolutionSeconds']).toMatchObject({ written: false });
    expect(f['metricsPipeline.resolutionSeconds']!.line).toBe(
      lineOf(WITH_SIM, 'kind: Simulation') + 1,
    );
  });

  it('a stop is located at the first field behind it that the user wrote', () => {
    const r = parseScenario(WITH_SIM);
    const at = locateInputFields(
      [['metricsPipeline', 'resolutionSeconds'], ['durationSeconds']],
      r.inputFields,
    );
    expect(at).toMatchObject({ path: 'spec.duration', line: lineOf(WITH_SIM, 'duration: 2h') });
    // None written: the first field's nearest place.
    const none = locateInputFields([['metricsPipeline', 'resolutionSeconds']], r.inputFields);
    expect(none?.written).toBe(false);
  });

  it('without a Simulation document, Simulation fields are said at the HPA kind', () => {
    const r = parseScenario(CPU_ONLY);
    expect(r.inputFields.durationSeconds).toMatchObject({
      written: false,
      line: lineOf(CPU_ONLY, 'kind: HorizontalPodAutoscaler'),
    });
    expect(r.inputFields['hpa.spec.maxReplicas']!.written).toBe(true);
  });
});
