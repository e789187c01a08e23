import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from './main.ts';

const preset = (name: string) =>
  join(resolve(import.meta.dirname, '../presets/multicluster'), name);

function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(
    argv,
    (s) => out.push(s),
    (s) => err.push(s),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('cli on multi-cluster scenarios', () => {
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

  it('run --format csv has a row per model, cluster and sync', () => {
    const r = cli('run', preset('failover.yaml'), '--format', 'csv');
    expect(r.code).toBe(0);
    const rows = r.out.split('\n');
    // 30 min at 15 s: 121 syncs, 3 clusters + total, 2 models.
    expect(rows.length).toBe(1 + 121 * 4 * 2);
    expect(rows).toContain('proposal,east,600,0,0,0,,,1,0,0');
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
});
