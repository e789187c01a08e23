import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './testing/runCli.ts';

const preset = (name: string) => resolve(import.meta.dirname, '../presets', name);

function onRelease(file: string, version: string): string {
  const text = readFileSync(preset(file), 'utf8');
  const at = text.indexOf('kind: Simulation');
  const named =
    text.slice(0, at) +
    text.slice(at).replace(/^spec:\n/m, `spec:\n  kubernetesVersion: '${version}'\n`);
  const dir = mkdtempSync(join(tmpdir(), 'hpa-sim-release-'));
  const f = join(dir, file);
  writeFileSync(f, named);
  return f;
}

describe('cli run names the release', () => {
  it('in the table header, saying when it is the default', () => {
    expect(cli('run', preset('default.yaml')).out.split('\n')[0]).toMatch(
      /, the HPA controller of Kubernetes 1\.35 \(default: no spec\.kubernetesVersion\)$/,
    );
    expect(cli('run', onRelease('default.yaml', '1.38')).out.split('\n')[0]).toMatch(
      /, the HPA controller of Kubernetes 1\.38 \(master, unreleased\)$/,
    );
  });

  it('in the JSON', () => {
    const j = JSON.parse(
      cli('run', onRelease('cpu-70-vs-60.yaml', '1.37'), '--format', 'json').out,
    );
    expect(j).toMatchObject({ kubernetesVersion: '1.37', kubernetesVersionNamed: true });
    expect(
      JSON.parse(cli('run', preset('cpu-70-vs-60.yaml'), '--format', 'json').out),
    ).toMatchObject({ kubernetesVersion: '1.35', kubernetesVersionNamed: false });
  });

  it('and the KEDA release when a ScaledObject is in play, in the header and the JSON', () => {
    const file = preset('keda-cooldown-to-zero.yaml');
    expect(cli('run', file).out.split('\n')[0]).toMatch(/, under KEDA \d+\.\d+\.\d+$/);
    const j = JSON.parse(cli('run', file, '--format', 'json').out);
    expect(j.kedaVersion).toMatch(/^\d+\.\d+\.\d+$/);
    expect(j.kedaVersion).toBe(j.keda.version);
    // no ScaledObject, no KEDA named
    expect(
      JSON.parse(cli('run', preset('default.yaml'), '--format', 'json').out),
    ).not.toHaveProperty('kedaVersion');
  });

  it('--effective leaves out, with a comment, the fields the release drops', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hpa-sim-release-'));
    const f = join(dir, 'tol.yaml');
    writeFileSync(
      f,
      `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { kind: Deployment, name: web }
  maxReplicas: 10
  behavior:
    scaleUp: { tolerance: 0.05 }
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
  kubernetesVersion: "1.34"
`,
    );
    const r = cli('run', f, '--effective');
    expect(r.code).toBe(0);
    expect(r.out).toContain('as Kubernetes 1.34 stores it');
    expect(r.out).toContain(
      '# Dropped by the API server: spec.behavior.scaleUp.tolerance: the HPAConfigurableTolerance feature gate is off by default in Kubernetes 1.34',
    );
    expect(r.out).not.toMatch(/^\s+tolerance:/m);
  });
});
