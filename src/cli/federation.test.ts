import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './testing/runCli.ts';

const preset = (name: string) =>
  join(resolve(import.meta.dirname, '../presets/multicluster'), name);

describe('cli on multi-cluster scenarios', () => {
  it("prints and exports each member's nodes and the total's (nodes under every cluster)", () => {
    const table = cli('run', preset('nodes-per-cluster.yaml'), '--explain');
    expect(table.code).toBe(0);
    expect(table.out).toMatch(/east +nodes /);
    expect(table.out).toMatch(/ {2}east: nodes \(cluster-autoscaler, 3 pods each\): node-hours /);
    expect(table.out).toMatch(/ {2}west: nodes \(karpenter, 3 pods each\): node-hours /);
    expect(table.out).toMatch(
      / {2}total: nodes \(east: cluster-autoscaler, 3 pods each; west: karpenter, 3 pods each\)/,
    );
    expect(table.out).toMatch(/ {4}00:1\d:\d\d {2}west: /);
    const j = JSON.parse(cli('run', preset('nodes-per-cluster.yaml'), '--format', 'json').out);
    const [east, west] = j.models[0].clusters;
    expect(east.nodes.provisioner).toBe('cluster-autoscaler');
    expect(west.nodes.provisioner).toBe('karpenter');
    expect(j.models[0].total.nodes.kpis.nodeHours).toBeCloseTo(
      east.nodes.kpis.nodeHours + west.nodes.kpis.nodeHours,
      9,
    );
    expect(east.nodes.series.waiting.length).toBe(east.series.time.length);
  });

  it('run --format json gives each model, per-cluster series and the cluster events', () => {
    const r = cli('run', preset('failover.yaml'), '--format', 'json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.models.map((m: { model: string }) => m.model)).toEqual(['proposal', 'shipped']);
    const proposal = j.models[0];
    expect(proposal.clusters.map((c: { name: string }) => c.name)).toEqual([
      'east',
      'west',
      'south',
    ]);
    const east = proposal.clusters[0].series;
    const k = east.time.indexOf(600);
    expect(east.failed[k]).toBe(1);
    expect(east.maxReplicas[k]).toBeNull();
    expect(east.specReplicas[k]).toBe(0);
    expect(proposal.events.map((e: { kind: string }) => e.kind)).toContain('failover');
    expect(
      j.models[1].events.find(
        (e: { time: number; kind: string }) => e.time === 600 && e.kind === 'division',
      ).steps.length,
    ).toBeGreaterThan(3);
  });

  it('run table lists clusters, the total and the events; --explain adds the division steps', () => {
    const plain = cli('run', preset('aggregated-errata.yaml'));
    expect(plain.code).toBe(0);
    expect(plain.out).toMatch(/member1 +20 +8\/20/);
    expect(plain.out).not.toContain('CapacityFill');
    const explained = cli('run', preset('aggregated-errata.yaml'), '--explain');
    expect(explained.out).toContain(
      'CapacityFill of 24 in availability order (member1, member2, member3)',
    );
    expect(explained.out).toContain('member1: min(20 available, 24 left) = 20');
  });

  it('run --format csv is the app export: a row per model and sync, columns per cluster', () => {
    const r = cli('run', preset('failover.yaml'), '--format', 'csv');
    expect(r.code).toBe(0);
    const rows = r.out.split('\n');
    // 30 min at 15 s: 121 syncs, 2 models.
    expect(rows.length).toBe(1 + 121 * 2);
    const head = rows[0]!.split(',');
    expect(head.slice(0, 9)).toEqual([
      'model',
      'time',
      'east.replicas',
      'east.min',
      'east.max',
      'east.pending',
      'east.noNode',
      'east.ready',
      'east.failed',
    ]);
    expect(head.slice(-6)).toEqual([
      'total.replicas',
      'total.pending',
      'total.ready',
      'total.demand',
      'total.served',
      'total.capacity',
    ]);
    const at = (model: string, t: number) => {
      const row = rows.find((x) => x.startsWith(`${model},${t},`))!.split(',');
      return (col: string) => row[head.indexOf(col)];
    };
    // East failed at 10m: no replicas, no HPA bounds, flagged; the survivors carry the total.
    const p = at('proposal', 600);
    expect([p('east.replicas'), p('east.min'), p('east.max'), p('east.failed')]).toEqual([
      '0',
      '',
      '',
      '1',
    ]);
    expect(Number(p('west.replicas')) + Number(p('south.replicas'))).toBe(
      Number(p('total.replicas')),
    );
    expect(p('west.min')).not.toBe('');
    // The shipped model's members have no HPA of their own: min/max stay empty.
    expect(at('shipped', 0)('west.max')).toBe('');
  });

  it('run --explain prints each member HPA decision with the seed notes and its cluster events', () => {
    const r = cli('run', preset('failover.yaml'), '--explain');
    expect(r.code).toBe(0);
    const proposal = r.out.slice(0, r.out.indexOf('shipped model'));
    expect(proposal).toContain('member HPAs, every sync');
    // East's HPA at t = 0 with the bounds the assignment gave it, then the note the app shows.
    expect(proposal).toMatch(/ {2}east:\n.*\n {4}00:00:00 +9 +9 +9 +2\/16 +cpu utilization 64%/);
    expect(proposal).toContain(
      'note 1: the band is inclusive: a ratio of exactly 1 + tolerance does not scale (v1.33+)',
    );
    expect(proposal).toMatch(
      /00:10:00 {2}failed: no member HPA runs\n +control plane: failover \[§A\.10/,
    );
    const shipped = r.out.slice(r.out.indexOf('shipped model'));
    expect(shipped).toContain(
      "central FederatedHPA, every sync (over the union of the Ready members' pods",
    );
    expect(shipped).toMatch(/00:00:00 +17 +17 +17 +cpu utilization 64%/);
    expect(shipped).toMatch(/ {2}west:\n(.*\n)*? {4}00:10:00 {2}division \[§B\.4 DynamicWeight/);
    // Without --explain: no decisions.
    expect(cli('run', preset('failover.yaml')).out).not.toContain('member HPAs, every sync');
  });

  it('run --format json --explain adds every member decision and the central one, with notes', () => {
    const r = cli('run', preset('failover.yaml'), '--format', 'json', '--explain');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    const [proposal, shipped] = j.models;
    const east = proposal.clusters[0].syncs;
    // East runs its HPA until it fails at 10m (40 syncs) and again from 20m (41 syncs).
    expect(east.length).toBe(40 + 41);
    expect(east[0]).toMatchObject({ time: 0, replicas: 9, minReplicas: 2, maxReplicas: 16 });
    expect(east[0].notes.map((n: { id: string }) => n.id)).toContain('inclusiveTolerance');
    expect(proposal.central).toBeUndefined();
    expect(shipped.central.length).toBe(121);
    expect(shipped.central[0]).toMatchObject({ time: 0, replicas: 17, minReplicas: 3 });
    expect(shipped.clusters[0].syncs).toBeUndefined();
    // Without --explain the JSON stays as it was.
    const plain = JSON.parse(cli('run', preset('failover.yaml'), '--format', 'json').out);
    expect(plain.models[1].central).toBeUndefined();
  });

  it('check gates each model total', () => {
    const ok = cli('check', preset('failover.yaml'), '--max-overload-seconds', '60');
    expect(ok.code).toBe(0);
    expect(ok.out).toContain('proposal model (total over 3 clusters):');
    expect(ok.out).toContain('shipped model (total over 3 clusters):');
    const fail = cli('check', preset('failover.yaml'), '--max-overload-seconds', '10');
    expect(fail.code).toBe(1);
    expect(fail.out).toContain('2 of 2 thresholds not met');
  });

  it('runs the shipped model with Duplicated: each member holds the template, the factor follows', () => {
    const r = cli('run', preset('duplicated-calibration.yaml'), '--format', 'json');
    expect(r.code).toBe(0);
    const shipped = JSON.parse(r.out).models[1];
    expect(shipped.model).toBe('shipped');
    expect(shipped.clusters.map((c: { name: string }) => c.name)).toEqual([
      'east',
      'west',
      'south',
    ]);
    const [east, west, south] = shipped.clusters.map(
      (c: { series: { specReplicas: number[]; failed: number[] } }) => c.series,
    );
    const template = shipped.total.series.specReplicas as number[];
    template.forEach((n, k) => {
      expect(west.specReplicas[k]).toBe(n);
      expect(south.specReplicas[k]).toBe(n);
      expect(east.specReplicas[k]).toBe(east.failed[k] ? 0 : n);
    });
    const factors = shipped.events
      .filter((e: { kind: string }) => e.kind === 'calibration')
      .map((e: { time: number; message: string }) => [
        e.time,
        /calibration (\S+) \(/.exec(e.message)?.[1],
      ]);
    expect(factors).toEqual([
      [0, '3'],
      [600, '2'],
      [1200, '3'],
    ]);
    // The survivors' pods carry more while east is out: the template rises, then comes back down.
    const at = (t: number) => template[t / 15]!;
    expect(at(900)).toBeGreaterThan(at(585));
    expect(at(2385)).toBeLessThan(at(900));
  });

  it('run table: the shipped Duplicated run lists its calibration events', () => {
    const r = cli('run', preset('duplicated-calibration.yaml'));
    expect(r.code).toBe(0);
    expect(r.out).toContain(
      'shipped model (Karmada FederatedHPA + karmada-scheduler), strategy Duplicated',
    );
    expect(r.out).toMatch(/600s calibration \[§B\.1 calibration\] .*calibration 2 \(was 3\)/);
  });

  it('a divided strategy after an unschedulable scale-up: the factor below 1 scales proposals up', () => {
    // Aggregated: the template went to 24 but only 19 fit; Karmada divides by 19/24 ≈ 0.792, so
    // the falling load's proposal (15 at factor 1) comes out as 19; then 8 at factor 1.
    const r = cli('run', preset('prioritized-spill-over.yaml'));
    expect(r.code).toBe(0);
    const shipped = r.out.slice(r.out.indexOf('shipped model'));
    expect(shipped).toMatch(/405s calibration .*hold 19 replicas for a template of 24: .*0\.792/);
    expect(shipped).toMatch(/1515s division .*template to 19 \(was 24\)/);
    expect(shipped).toMatch(/1530s division .*template to 8 \(was 19\)/);
  });
});
