import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { federationSyncDetail, simulateFederation } from '../../engine/multicluster/index.ts';
import { parseScenario } from '../index.ts';
import { RUN_EPOCH_MS } from './cron.ts';

const corpus = (f: string) =>
  readFileSync(resolve(import.meta.dirname, '../../../tests/manifests', f), 'utf8');
const errors = (r: ReturnType<typeof parseScenario>) =>
  r.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}: ${d.message}`);

const FHPA = `apiVersion: autoscaling.karmada.io/v1alpha1
kind: FederatedHPA
metadata:
  name: web
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: 2
  maxReplicas: 20
  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } }
`;

const policy = (placement: string) => `---
apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: { name: web }
spec:
  resourceSelectors:
    - { apiVersion: apps/v1, kind: Deployment, name: web }
  placement:
${placement}`;

describe('a Karmada FederatedHPA pasted as it is', () => {
  it('alone: three equal clusters in the shipped model, said in a notice with the spec.federation to edit', () => {
    const r = parseScenario(FHPA);
    expect(errors(r)).toEqual([]);
    const fed = r.input!.federation!;
    expect(fed.models).toEqual(['shipped']);
    expect(fed.strategy).toBe('StaticWeight');
    expect(fed.clusters.map((c) => [c.name, c.weight, c.capacityPods])).toEqual([
      ['member1', 1, null],
      ['member2', 1, null],
      ['member3', 1, null],
    ]);
    const notice = r.notices.find((n) => n.startsWith('a multi-cluster world'))!;
    expect(notice).toContain('three equal clusters');
    expect(notice).toContain('  federation:\n    model: shipped\n');
    // The default Simulation document holds that federation: pasted back it gives the same run.
    const again = parseScenario(`${FHPA}---\n${r.defaultSimulation!}`);
    expect(errors(again)).toEqual([]);
    expect(again.input!.federation).toEqual(fed);
    expect(again.notices.some((n) => n.startsWith('a multi-cluster world'))).toBe(false);
  });

  it('runs: the central FederatedHPA rescales and the scheduler divides the template', () => {
    const r = parseScenario(FHPA);
    const run = simulateFederation(r.input!, 'shipped');
    if (!run.ok) throw new Error(run.error);
    expect(run.run.members).toHaveLength(3);
    expect(run.run.total.kpis.peakReplicas).toBeGreaterThan(2);
    expect(run.run.events.some((e) => e.kind === 'division')).toBe(true);
  });

  it('with a PropagationPolicy: its clusters, weights and strategy (§B.2)', () => {
    const weighted = parseScenario(
      FHPA +
        policy(`    clusterAffinity: { clusterNames: [east, west] }
    replicaScheduling:
      replicaSchedulingType: Divided
      replicaDivisionPreference: Weighted
      weightPreference:
        staticWeightList:
          - { targetCluster: { clusterNames: [east] }, weight: 2 }
          - { targetCluster: { clusterNames: [west] }, weight: 1 }
`),
    );
    expect(errors(weighted)).toEqual([]);
    expect(weighted.input!.federation!.strategy).toBe('StaticWeight');
    expect(weighted.input!.federation!.clusters.map((c) => [c.name, c.weight])).toEqual([
      ['east', 2],
      ['west', 1],
    ]);
    expect(weighted.documents.find((d) => d.kind === 'PropagationPolicy')!.role).toBe('karmada');
    const strategy = (placement: string) =>
      parseScenario(FHPA + policy(placement)).input!.federation!.strategy;
    expect(strategy('    clusterAffinity: { clusterNames: [a, b] }\n')).toBe('Duplicated');
    expect(
      strategy(
        '    clusterAffinity: { clusterNames: [a, b] }\n    replicaScheduling: { replicaSchedulingType: Divided, replicaDivisionPreference: Aggregated }\n',
      ),
    ).toBe('Aggregated');
    expect(
      strategy(
        '    clusterAffinity: { clusterNames: [a, b] }\n    replicaScheduling: { replicaSchedulingType: Divided, replicaDivisionPreference: Weighted, weightPreference: { dynamicWeight: AvailableReplicas } }\n',
      ),
    ).toBe('DynamicWeight');
  });

  it('a policy that selects another workload is not used', () => {
    const r = parseScenario(
      FHPA +
        policy('    clusterAffinity: { clusterNames: [a] }\n').replace(
          'name: web }\n  placement',
          'name: api }\n  placement',
        ),
    );
    expect(r.input!.federation!.clusters.map((c) => c.name)).toEqual([
      'member1',
      'member2',
      'member3',
    ]);
    expect(r.notices).toContain('the PropagationPolicy web does not select Deployment web');
  });

  it("Karmada's webhook refusals, in its words", () => {
    const zero = parseScenario(FHPA.replace('minReplicas: 2', 'minReplicas: 0'));
    expect(errors(zero)).toEqual([
      "7: Karmada's admission webhook denies this FederatedHPA: spec.minReplicas: Invalid value: 0: must be greater than or equal to 1",
    ]);
    const external = parseScenario(
      FHPA.replace(
        '    - type: Resource\n      resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } }',
        '    - type: External\n      external: { metric: { name: queue }, target: { type: Value, value: "10" } }',
      ),
    );
    expect(errors(external)).toEqual([
      `10: Karmada's admission webhook denies this FederatedHPA: spec.metrics[0].type: Unsupported value: "External": supported values: "ContainerResource", "Object", "Pods", "Resource"`,
    ]);
    // The rest of the validation is Kubernetes' own, lifted by Karmada.
    const inverted = parseScenario(FHPA.replace('maxReplicas: 20', 'maxReplicas: 1'));
    expect(errors(inverted).join('\n')).toContain('must be greater than or equal to `minReplicas`');
  });

  it('a maxReplicas beyond the simulator is a capped run, not a refusal', () => {
    const r = parseScenario(FHPA.replace('maxReplicas: 20', 'maxReplicas: 30000'));
    expect(errors(r)).toEqual([]);
    expect(r.input!.hpa.spec.maxReplicas).toBe(5000);
    expect(
      r.diagnostics.some((d) => d.severity === 'warning' && d.message.includes('capped at 5,000')),
    ).toBe(true);
  });

  it('the corpus: Karmada tutorials as published', () => {
    for (const f of ['karmada-fhpa-resource-metrics.yaml', 'karmada-fhpa-custom-metrics.yaml']) {
      const r = parseScenario(corpus(f));
      expect(errors(r), f).toEqual([]);
      expect(
        r.input!.federation!.clusters.map((c) => c.name),
        f,
      ).toEqual(['member1', 'member2']);
      expect(
        r.notices.some((n) => n.includes('from the PropagationPolicy')),
        f,
      ).toBe(true);
    }
  });
});

const CRON = (
  rules: string,
  target = 'apiVersion: autoscaling.karmada.io/v1alpha1, kind: FederatedHPA, name: web',
) => `---
apiVersion: autoscaling.karmada.io/v1alpha1
kind: CronFederatedHPA
metadata: { name: web-cron }
spec:
  scaleTargetRef: { ${target} }
  rules:
${rules}`;

describe('a CronFederatedHPA beside it', () => {
  it('fires at its times in the run (t = 0 is Monday 00:00 UTC) and moves the bounds', () => {
    expect(new Date(RUN_EPOCH_MS).toISOString()).toBe('2024-01-01T00:00:00.000Z');
    expect(new Date(RUN_EPOCH_MS).getUTCDay()).toBe(1);
    const r = parseScenario(
      FHPA +
        CRON(`    - { name: up, schedule: "*/20 * * * *", targetMinReplicas: 8 }
    - { name: down, schedule: "10 * * * *", targetMinReplicas: 2, targetMaxReplicas: 20 }
`),
    );
    expect(errors(r)).toEqual([]);
    const cron = r.input!.federation!.cron!;
    expect(cron.map((a) => [a.atSeconds, a.rule])).toEqual(
      [
        [600, 'web-cron/down'],
        [1200, 'web-cron/up'],
        [2400, 'web-cron/up'],
        [3600, 'web-cron/up'],
        [4200, 'web-cron/down'],
      ].filter(([at]) => (at as number) <= r.input!.durationSeconds),
    );
    const run = simulateFederation(r.input!, 'shipped');
    if (!run.ok) throw new Error(run.error);
    const fired = run.run.events.filter((e) => e.kind === 'cron');
    expect(fired[0]!.message).toBe(
      "CronFederatedHPA web-cron/up: the FederatedHPA's minReplicas 2 → 8, maxReplicas 20 → 20",
    );
    expect(fired[0]!.time).toBe(1200);
    // The template is at least the new minimum from the next reconcile on.
    const t = run.run.total.series;
    const i = t.time.findIndex((x) => x > 1200);
    expect(t.specReplicas[i]).toBeGreaterThanOrEqual(8);
  });

  it("a compact run explains every central decision as the full recording, the cron's bounds included", () => {
    const r = parseScenario(
      FHPA + CRON('    - { name: up, schedule: "*/20 * * * *", targetMinReplicas: 8 }\n'),
    );
    const full = simulateFederation(r.input!, 'shipped', { record: 'full' });
    const compact = simulateFederation(r.input!, 'shipped', { record: 'compact' });
    if (!full.ok || !compact.ok) throw new Error('run refused');
    const n = full.run.total.series.time.length;
    let moved = 0;
    for (let k = 0; k < n; k++) {
      const want = federationSyncDetail(r.input!, full.run, null, k);
      const got = federationSyncDetail(r.input!, compact.run, null, k);
      expect(got?.sync, `sync ${k}`).toEqual(want?.sync);
      expect(got?.hpa, `sync ${k}`).toEqual(want?.hpa);
      if (want?.hpa.spec.minReplicas === 8) moved++;
    }
    // the replayed decisions after the first firing read the moved minimum, as the full run did
    expect(moved).toBeGreaterThan(0);
  });

  it('a timeZone moves the schedule; a workload target sets the template', () => {
    const r = parseScenario(
      FHPA +
        CRON(
          '    - { name: morning, schedule: "30 8 * * *", timeZone: Asia/Tokyo, targetReplicas: 12 }\n',
          'apiVersion: apps/v1, kind: Deployment, name: web',
        ) +
        '---\napiVersion: hpa-sim.dev/v1alpha1\nkind: Simulation\nspec:\n  duration: 24h\n',
    );
    expect(errors(r)).toEqual([]);
    // 08:30 in Tokyo is 23:30 UTC.
    expect(r.input!.federation!.cron).toEqual([
      { atSeconds: 23.5 * 3600, rule: 'web-cron/morning', replicas: 12 },
    ]);
  });

  it("Karmada's webhook refusals, in its words", () => {
    const bad = parseScenario(
      FHPA +
        CRON(`    - { name: a, schedule: "61 * * * *", targetMinReplicas: 3 }
    - { name: a, schedule: "0 * * * *", timeZone: Mars/Olympus, targetMinReplicas: 3 }
    - { name: c, schedule: "0 * * * *" }
`),
    );
    expect(
      errors(bad).map((e) =>
        e.replace(/^\d+: Karmada's admission webhook denies this CronFederatedHPA: /, ''),
      ),
    ).toEqual([
      'spec.rules[0].schedule: Invalid value: "61 * * * *": invalid cron format',
      'spec.rules[1].name: Duplicate value: "a"',
      'spec.rules[1].timeZone: Invalid value: "Mars/Olympus": unknown time zone Mars/Olympus',
      'spec.rules[2]: Invalid value: "": targetMinReplicas and targetMaxReplicas cannot be nil at the same time if you want to scale FederatedHPA',
    ]);
    const kind = parseScenario(
      FHPA +
        CRON(
          '    - { name: a, schedule: "0 * * * *", targetMinReplicas: 3 }\n',
          'apiVersion: autoscaling.karmada.io/v1alpha1, kind: Test, name: web',
        ),
    );
    expect(errors(kind).join()).toContain(
      'spec.scaleTargetRef.kind: Invalid value: "Test": invalid scaleTargetRef kind: Test, only support FederatedHPA',
    );
    const workload = parseScenario(
      FHPA +
        CRON(
          '    - { name: a, schedule: "0 * * * *" }\n',
          'apiVersion: apps/v1, kind: Deployment, name: web',
        ),
    );
    expect(errors(workload).join()).toContain(
      'spec.rules[0]: Invalid value: "": targetReplicas cannot be nil if you want to scale Deployment',
    );
  });

  it('alone it is explained, not simulated', () => {
    const r = parseScenario(
      CRON('    - { name: a, schedule: "0 * * * *", targetMinReplicas: 3 }\n').slice(4),
    );
    expect(errors(r).join()).toContain('this is a Karmada CronFederatedHPA');
  });
});
