import { describe, expect, it } from 'vitest';
import { parseScenario } from '../index.ts';
import { BASIC_SPEC, HPA_V2, SIMULATION, at, errors, find } from '../__fixtures__/helpers.ts';

const text = (simSpec: string) => `${HPA_V2(BASIC_SPEC)}---\n${SIMULATION(simSpec)}`;

describe('spec.kubernetesVersion', () => {
  it('runs 1.35 when a Simulation document names no release (old files keep their figures)', () => {
    const r = parseScenario(text('  duration: 10m\n'));
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.input!.controller.kubernetesVersion).toBe('1.35');
    expect(r.input!.controller.scaledToZeroCondition).toBe(false);
  });

  it('runs the newest release, named, when there is no Simulation document', () => {
    const r = parseScenario(HPA_V2(BASIC_SPEC));
    expect(r.input!.controller.kubernetesVersion).toBe('1.37');
    expect(r.defaultSimulation).toContain('kubernetesVersion: "1.37"');
    expect(r.defaultWorld).toContain('the HPA controller of Kubernetes 1.37');
  });

  it('accepts every release of the table, as a string or a YAML number', () => {
    for (const v of ['1.33', '1.34', '1.35', '1.36', '1.37', '1.38']) {
      const r = parseScenario(text(`  kubernetesVersion: ${v}\n`));
      expect(errors(r.diagnostics), v).toEqual([]);
      expect(r.input!.controller.kubernetesVersion).toBe(v);
    }
    expect(parseScenario(text('  kubernetesVersion: "1.38"\n')).input!.controller).toMatchObject({
      int32Caps: 'all',
      ignoreSucceededPods: true,
    });
  });

  it('refuses an unknown release at its value', () => {
    const t = text('  kubernetesVersion: "1.39"\n');
    const d = find(parseScenario(t).diagnostics, 'spec.kubernetesVersion');
    expect(d?.severity).toBe('error');
    expect(d?.message).toContain('got the string "1.39"');
    expect([d?.line, d?.column]).toEqual([at(t, '"1.39"').line, at(t, '"1.39"').column]);
  });
});

describe('spec.controller.featureGates against the release', () => {
  it('overrides a gate the release has', () => {
    const r = parseScenario(
      text(
        '  kubernetesVersion: "1.37"\n  controller:\n    featureGates: { HPAScaleToZero: false }\n',
      ),
    );
    expect(errors(r.diagnostics)).toEqual([]);
    expect(r.input!.controller.featureGates.HPAScaleToZero).toBe(false);
    expect(r.input!.controller.featureGates.HPAGeneration).toBe(true);
  });

  it('refuses a gate the release does not have, at the gate', () => {
    const t = text(
      '  kubernetesVersion: "1.35"\n  controller:\n    featureGates: { HPAGeneration: true }\n',
    );
    const r = parseScenario(t);
    const d = find(r.diagnostics, 'spec.controller.featureGates.HPAGeneration');
    expect(d?.severity).toBe('error');
    expect(d?.message).toBe(
      'Kubernetes 1.35 has no HPAGeneration feature gate (it is new in 1.37)',
    );
    expect([d?.line, d?.column]).toEqual([
      at(t, 'HPAGeneration').line,
      at(t, 'HPAGeneration').column,
    ]);
    expect(r.ok).toBe(false);
  });

  it('refuses a GA-locked gate turned off', () => {
    const r = parseScenario(
      text(
        '  kubernetesVersion: "1.37"\n  controller:\n    featureGates: { HPAConfigurableTolerance: false }\n',
      ),
    );
    expect(
      find(r.diagnostics, 'spec.controller.featureGates.HPAConfigurableTolerance')?.message,
    ).toBe(
      'HPAConfigurableTolerance is GA and locked to true in Kubernetes 1.37: it cannot be set to false',
    );
  });

  it('still refuses a name that is no gate at all (the schema)', () => {
    const r = parseScenario(text('  controller:\n    featureGates: { HPAScaleToZeroo: true }\n'));
    expect(find(r.diagnostics, 'spec.controller.featureGates.HPAScaleToZeroo')?.severity).toBe(
      'error',
    );
  });
});
