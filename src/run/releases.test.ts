// What naming a release does to whole runs: nothing, for every preset (their rules do not differ
// between 1.35 and 1.38); nothing for an HPA pasted alone, which now assumes the newest release;
// and the one difference the 1.36 rework makes visible, a manual zero.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SimulationResult } from '../engine/simulation/index.ts';
import { runScenario } from './runScenario.ts';

const presetDir = resolve(import.meta.dirname, '../presets');
const presets = readdirSync(presetDir)
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => ({ file: f, text: readFileSync(join(presetDir, f), 'utf8') }));

function run(text: string) {
  const { summary, runs } = runScenario(text);
  const errors = summary.diagnostics.filter((d) => d.severity === 'error');
  expect(errors.map((d) => d.message)).toEqual([]);
  const first = runs[0]!;
  if (!first.ok) throw new Error(first.error);
  return first.result;
}

/** The figures a run shows: replicas at every sync and the KPIs. */
function figures(r: SimulationResult) {
  return {
    replicas: Array.from(r.series.specReplicas),
    desired: Array.from(r.series.desiredReplicas),
    kpis: r.kpis,
  };
}

/** The text with `kubernetesVersion` set in its Simulation document's spec. */
function onRelease(text: string, version: string): string {
  const at = text.indexOf('kind: Simulation');
  const rest = text.slice(at).replace(/^spec:\n/m, `spec:\n  kubernetesVersion: '${version}'\n`);
  if (at < 0 || rest === text.slice(at)) throw new Error('no Simulation spec: line');
  return text.slice(0, at) + rest;
}

/** A preset that names its release compares releases (its variants name others): pinned to it. */
const namesRelease = (text: string) => /^\s+kubernetesVersion:/m.test(text);

describe('a preset on every release from 1.35', () => {
  it('leaves out only presets that name their release, whose runs differ by it', () => {
    const named = presets.filter((p) => namesRelease(p.text));
    expect(named.map((p) => p.file)).toEqual(['manual-zero-1-35-vs-1-37.yaml']);
    for (const { text } of named) {
      const { runs } = runScenario(text);
      const [first, ...variants] = runs.map((r) => (r.ok ? figures(r.result) : null));
      expect(variants.some((v) => JSON.stringify(v) !== JSON.stringify(first))).toBe(true);
    }
  });

  for (const { file, text } of presets.filter((p) => !namesRelease(p.text))) {
    it(`${file} gives the same figures on 1.35 to 1.38`, () => {
      const base = figures(run(text));
      for (const version of ['1.36', '1.37', '1.38']) {
        expect(figures(run(onRelease(text, version))), `${file} on ${version}`).toEqual(base);
      }
    });
  }
});

describe('an HPA pasted alone', () => {
  const hpaOnly = presets
    .map(({ file, text }) => ({ file, hpa: text.split(/^---$/m)[0]! }))
    // minReplicas 0 is refused without HPAScaleToZero (off by default before 1.37).
    .filter(({ hpa }) => !/minReplicas: 0\b/.test(hpa));

  it('has cases to check', () => expect(hpaOnly.length).toBeGreaterThanOrEqual(12));

  for (const { file, hpa } of hpaOnly) {
    it(`${file}'s HPA runs the newest release, with the figures 1.35 gives`, () => {
      const assumed = runScenario(hpa);
      const world = assumed.summary.defaultSimulation!;
      expect(world).toContain('kubernetesVersion: "1.37"');
      const on135 = `${hpa}---\n${world.replace('kubernetesVersion: "1.37"', 'kubernetesVersion: "1.35"')}`;
      expect(figures(run(hpa))).toEqual(figures(run(on135)));
    });
  }
});

describe('a workload scaled to zero by hand, minReplicas 0', () => {
  const text = (version: string) => `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: worker }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: worker }
  minReplicas: 0
  maxReplicas: 10
  metrics:
    - type: External
      external:
        metric: { name: jobs_pending }
        target: { type: Value, value: '10' }
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
metadata: { name: manual-zero }
spec:
  kubernetesVersion: '${version}'
  duration: 10m
  controller: { featureGates: { HPAScaleToZero: true } }
  workload: { replicas: 0, containers: [{ name: worker, resources: { requests: { cpu: 250m } } }] }
  traffic: { type: constant, value: 5 }
  load: { external: { jobs_pending: { queue: { perPodThroughput: 4 } } } }
`;
  it('is brought back by 1.35 and left at zero by 1.37 (ScalingDisabled)', () => {
    expect(Math.max(...run(text('1.35')).series.specReplicas)).toBeGreaterThan(0);
    const r137 = runScenario(text('1.37'), { record: 'full' }).runs[0]!;
    if (!r137.ok) throw new Error(r137.error);
    expect(Math.max(...r137.result.series.specReplicas)).toBe(0);
    const last = r137.result.syncs!.at(-1)!;
    expect(last.conditions.find((c) => c.type === 'ScalingActive')?.reason).toBe('ScalingDisabled');
    // minReplicas is 0: the explanation gives the 1.36+ reason, not "minReplicas is not 0".
    expect(last.explanation).toContain('the HPA did not scale it to');
  });
});
