import { describe, expect, it } from 'vitest';
import { estimateWork, parseScenario } from '../index.ts';

const HPA = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: 2
  maxReplicas: 20
  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } }
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
  traffic: { type: constant, value: 100 }
`;

const errors = (federation: string, extra = '') =>
  parseScenario(`${HPA}${extra}  federation:\n${federation}`)
    .diagnostics.filter((d) => d.severity === 'error')
    .map((d) => `${d.line}:${d.column} ${d.path}: ${d.message}`);

describe('spec.federation', () => {
  it('reads a valid declaration with its defaults', () => {
    const p = parseScenario(
      `${HPA}  federation:\n    policy: StaticWeighted\n    clusters: [{ name: a, weight: 1, capacity: 5 }, { name: b, failAt: 5m, recoverAt: 10m }]\n`,
    );
    expect(p.ok).toBe(true);
    expect(p.input!.federation).toEqual({
      models: ['proposal', 'shipped'],
      policy: 'StaticWeighted',
      strategy: 'StaticWeight',
      clusters: [
        {
          name: 'a',
          capacityPods: 5,
          weight: 1,
          priority: 0,
          failAtSeconds: null,
          recoverAtSeconds: null,
        },
        {
          name: 'b',
          capacityPods: null,
          weight: 0,
          priority: 0,
          failAtSeconds: 300,
          recoverAtSeconds: 600,
        },
      ],
      scalingToZero: false,
      scaleAssist: true,
      autoscaleMultiClusterDelaySeconds: 0,
      optimizePeriodSeconds: null,
      tieBreak: 'ascending',
    });
  });

  it('single-cluster inputs carry no federation key', () => {
    expect('federation' in parseScenario(HPA).input!).toBe(false);
  });

  it('locates duplicate names and a recovery before the failure', () => {
    expect(
      errors(
        '    policy: Aggregated\n    clusters:\n      - { name: a, failAt: 10m, recoverAt: 5m }\n      - { name: a }\n',
      ),
    ).toEqual([
      '19:44 spec.federation.clusters[0].recoverAt: must be after failAt (10m)',
      "20:17 spec.federation.clusters[1].name: duplicate cluster name 'a' (also clusters[0])",
    ]);
  });

  it('asks for a shipped strategy when the policy has none; shipped Duplicated is accepted', () => {
    expect(errors('    policy: Prioritized\n    clusters: [{ name: a }]\n')[0]).toMatch(
      /^17:13 spec.federation.policy: Karmada's scheduler has no Prioritized division/,
    );
    expect(
      errors('    model: proposal\n    policy: Prioritized\n    clusters: [{ name: a }]\n'),
    ).toEqual([]);
    // Duplicated runs in both models now (the controller's calibration option).
    expect(errors('    policy: Duplicated\n    clusters: [{ name: a }]\n')).toEqual([]);
    expect(
      errors(
        '    model: shipped\n    policy: StaticWeighted\n    strategy: Duplicated\n    clusters: [{ name: a }]\n',
      ),
    ).toEqual([]);
  });

  it('rejects single-cluster settings that the clusters now own', () => {
    expect(
      errors(
        '    model: proposal\n    policy: Aggregated\n    clusters: [{ name: a }]\n',
        '  workload: { maxPods: 4 }\n',
      ),
    ).toEqual([
      '16:24 spec.workload.maxPods: with spec.federation each cluster has its own size: set spec.federation.clusters[].capacity instead',
    ]);
  });

  it('validates the shape with the schema (unknown policy, bad name, too many clusters)', () => {
    const e = errors(`    policy: Weighted\n    clusters: [{ name: East_1 }]\n`);
    expect(e.some((x) => x.includes('spec.federation.policy'))).toBe(true);
    expect(e.some((x) => x.includes('spec.federation.clusters[0].name'))).toBe(true);
  });

  it('budgets every member cluster in every model', () => {
    const one = parseScenario(HPA).input!;
    const fed = (model: string, policy: string) =>
      estimateWork(
        parseScenario(
          `${HPA}  federation:\n    model: ${model}\n    policy: ${policy}\n    clusters: [{ name: a }, { name: b }, { name: c }]\n`,
        ).input!,
      );
    const proposal = fed('proposal', 'StaticWeighted');
    expect(proposal.units).toBeGreaterThan(2 * estimateWork(one).units);
    expect(fed('both', 'StaticWeighted').units).toBeGreaterThan(proposal.units);
    // Duplicated: every member may reach maxReplicas (more pods, more time; memory is the same).
    expect(fed('proposal', 'Duplicated').timeUnits).toBeGreaterThan(proposal.timeUnits);
    // The meter's counts: three member controllers sync, three clusters scrape.
    const single = estimateWork(one).counts;
    expect(proposal.counts.syncs).toBe(3 * single.syncs);
    expect(proposal.counts.scrapes).toBe(3 * single.scrapes);
  });
});
