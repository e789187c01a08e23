// The multi-cluster nodes preset's "what to notice", checked against its runs in both models.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulateFederation } from '../engine/multicluster/index.ts';
import { parseScenario } from '../scenario/index.ts';

const text = readFileSync(join(import.meta.dirname, 'multicluster/nodes-per-cluster.yaml'), 'utf8');

describe('multicluster/nodes-per-cluster stays true to its runs', () => {
  const parsed = parseScenario(text);
  it('parses clean: east runs the top-level pool, west its own Karpenter pool', () => {
    expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const [east, west] = parsed.input!.federation!.clusters;
    expect(east!.nodes!.provisioner.kind).toBe('cluster-autoscaler');
    expect(west!.nodes!.provisioner.kind).toBe('karpenter');
  });

  it.each(['proposal', 'shipped'] as const)(
    '%s: pods wait for nodes in both members, west (Karpenter) less long than east',
    (model) => {
      const o = simulateFederation(parsed.input!, model, { record: 'full' });
      if (!o.ok) throw new Error(o.error);
      const [east, west] = o.run.members.map((m) => m.result.nodes!);
      expect(east!.kpis.podsWaited).toBeGreaterThan(0);
      expect(west!.kpis.podsWaited).toBeGreaterThan(0);
      expect(west!.kpis.waitMaxSeconds).toBeLessThan(east!.kpis.waitMaxSeconds);
      expect(o.run.total.nodes!.kpis.podsWaited).toBe(
        east!.kpis.podsWaited + west!.kpis.podsWaited,
      );
      // the sale's pods were asked for within two syncs of 10m
      const up = o.run.total.series.specReplicas;
      const k = o.run.total.series.time.findIndex((t) => t >= 630);
      expect(up[k]!).toBeGreaterThan(4);
      if (model === 'shipped') {
        // the FederatedHPA counts the waiting pods as unready
        const unready = o.run.central!.map(
          (s) => s.trace.metrics?.[0]?.podGroups?.unready.length ?? 0,
        );
        expect(Math.max(...unready)).toBeGreaterThan(0);
      }
    },
  );
});
