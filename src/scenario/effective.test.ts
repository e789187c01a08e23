import { describe, expect, it } from 'vitest';
import { effectiveHpaYaml, parseScenario } from './index.ts';
import { BASIC_SPEC, HPA_V2, SIMULATION, errors, find } from './__fixtures__/helpers.ts';

const withSim = (hpaSpec: string, simSpec: string) =>
  `${HPA_V2(hpaSpec)}---\n${SIMULATION(simSpec)}`;

describe('the effective HPA shows the defaults really applied', () => {
  it('fills a partial behavior with the API defaults and the flag window', () => {
    const r = parseScenario(
      HPA_V2(`${BASIC_SPEC}  behavior:\n    scaleDown:\n      selectPolicy: Min\n`),
    );
    expect(r.ok).toBe(true);
    expect(r.effectiveHpa!.spec.behavior).toEqual({
      scaleUp: {
        stabilizationWindowSeconds: 0,
        selectPolicy: 'Max',
        policies: [
          { type: 'Pods', value: 4, periodSeconds: 15 },
          { type: 'Percent', value: 100, periodSeconds: 15 },
        ],
      },
      scaleDown: {
        stabilizationWindowSeconds: 300,
        selectPolicy: 'Min',
        policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }],
      },
    });
    // The controller input keeps the API-stored form: the window is left for the controller to fill.
    expect(r.input!.hpa.spec.behavior!.scaleDown!.stabilizationWindowSeconds).toBeNull();
    const yaml = effectiveHpaYaml(r.effectiveHpa!);
    expect(yaml).toContain(
      'stabilizationWindowSeconds: 300 # the --horizontal-pod-autoscaler-downscale-stabilization flag',
    );
    expect(yaml).toContain('- type: Pods\n          value: 4\n          periodSeconds: 15');
  });

  it('a window the HPA writes is its own, even when it equals the flag: no comment on it', () => {
    const written = parseScenario(
      HPA_V2(`${BASIC_SPEC}  behavior:\n    scaleDown:\n      stabilizationWindowSeconds: 300\n`),
    );
    expect(written.windowFromFlag).toBe(false);
    const yaml = effectiveHpaYaml(written.effectiveHpa!, {
      windowFromFlag: written.windowFromFlag,
    });
    expect(yaml).toContain('stabilizationWindowSeconds: 300\n');
    expect(yaml).not.toContain('downscale-stabilization flag');
    const left = parseScenario(
      HPA_V2(`${BASIC_SPEC}  behavior:\n    scaleDown:\n      selectPolicy: Min\n`),
    );
    expect(left.windowFromFlag).toBe(true);
    expect(effectiveHpaYaml(left.effectiveHpa!, { windowFromFlag: true })).toContain(
      'stabilizationWindowSeconds: 300 # the --horizontal-pod-autoscaler-downscale-stabilization flag',
    );
  });

  it('defaults minReplicas to 1 and the metrics to cpu 80 %', () => {
    const r = parseScenario(
      HPA_V2(`  scaleTargetRef: { kind: Deployment, name: web }\n  maxReplicas: 3\n`),
    );
    expect(r.effectiveHpa!.spec.minReplicas).toBe(1);
    expect(r.effectiveHpa!.spec.metrics).toEqual([
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } },
      },
    ]);
  });

  it('keeps behavior absent, and explains the legacy rules, when the manifest has none', () => {
    const r = parseScenario(withSim(BASIC_SPEC, '  controller: { downscaleStabilization: 2m }\n'));
    expect(r.effectiveHpa!.spec.behavior).toBeNull();
    const yaml = effectiveHpaYaml(r.effectiveHpa!, { downscaleStabilizationSeconds: 120 });
    expect(yaml).toContain('# No behavior block: the controller uses its legacy rules');
    expect(yaml).toContain('max(2 × current replicas, 4) per sync');
    expect(yaml).toContain('the last 120 s');
    expect(yaml).not.toContain('behavior:');
  });
});

describe('feature gates by Kubernetes version', () => {
  const tolerant = `${BASIC_SPEC}  behavior:\n    scaleUp:\n      tolerance: 0.02\n`;

  it('1.34: the API server drops behavior tolerances (warning at the field)', () => {
    const r = parseScenario(withSim(tolerant, '  kubernetesVersion: "1.34"\n'));
    expect(r.ok).toBe(true);
    const d = find(r.diagnostics, 'hpa:spec.behavior.scaleUp.tolerance');
    expect(d?.severity).toBe('warning');
    expect(d?.message).toContain('off by default in Kubernetes 1.34');
    expect(r.input!.hpa.spec.behavior!.scaleUp).not.toHaveProperty('tolerance');
    expect(r.input!.controller.featureGates.HPAConfigurableTolerance).toBe(false);
  });

  it('an explicit gate wins over the version default', () => {
    const r = parseScenario(
      withSim(
        tolerant,
        '  kubernetesVersion: 1.34\n  controller:\n    featureGates: { HPAConfigurableTolerance: true }\n',
      ),
    );
    expect(r.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    expect(r.input!.hpa.spec.behavior!.scaleUp!.tolerance).toBe(0.02);
  });

  it('minReplicas 0 needs HPAScaleToZero (the error says how to enable it)', () => {
    const spec = `  scaleTargetRef: { kind: Deployment, name: web }\n  minReplicas: 0\n  maxReplicas: 5\n  metrics:\n    - type: External\n      external: { metric: { name: q }, target: { type: Value, value: "10" } }\n`;
    const off = parseScenario(
      withSim(spec, '  load: { external: { q: { value: { type: constant, value: 5 } } } }\n'),
    );
    const d = find(off.diagnostics, 'hpa:spec.minReplicas');
    expect(d?.message).toBe(
      'spec.minReplicas: must be greater than or equal to 1 (minReplicas: 0 needs the HPAScaleToZero feature gate: set spec.controller.featureGates.HPAScaleToZero: true in the Simulation document)',
    );
    const on = parseScenario(
      withSim(
        spec,
        '  controller: { featureGates: { HPAScaleToZero: true } }\n  load: { external: { q: { value: { type: constant, value: 5 } } } }\n',
      ),
    );
    expect(errors(on.diagnostics)).toEqual([]);
    expect(on.input!.workload.initialReplicas).toBe(0);
  });
});

describe('controller flag defaulting', () => {
  it('replaces a zero tolerance with 0.1 and says so', () => {
    const r = parseScenario(withSim(BASIC_SPEC, '  controller: { tolerance: 0 }\n'));
    expect(r.input!.controller.tolerance).toBe(0.1);
    expect(find(r.diagnostics, 'spec.controller.tolerance')?.severity).toBe('info');
    expect(r.notices.some((n) => n.startsWith('tolerance 0 was replaced by 0.1'))).toBe(true);
  });
});
