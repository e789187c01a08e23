// `cli run` and `cli check` on a multi-cluster scenario with variants: every model of the HPA's
// federation as before, plus each variant's totals side by side (JSON `variants`, the table) and
// judged by `check` under --gate.
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './testing/runCli.ts';

const file = join(resolve(import.meta.dirname, '../run/__fixtures__'), 'failover-variants.yaml');

describe('cli on variants × federation', () => {
  it('run --format json: the models as before, and one compared total per HPA', () => {
    const r = cli('run', file, '--format', 'json');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.models.map((m: { model: string }) => m.model)).toEqual(['proposal', 'shipped']);
    expect(j.variants.map((v: { key: string; role: string }) => [v.key, v.role])).toEqual([
      ['proposal/total', 'hpa'],
      ['tight:proposal/total', 'variant'],
      ['tolerant:proposal/total', 'variant'],
    ]);
    // minReplicas 6 holds at least six replicas over the whole run.
    expect(j.variants[1].kpis.peakReplicas).toBeGreaterThanOrEqual(6);
    expect(j.variants[2].kpis.scaleEvents).toBeLessThan(j.variants[0].kpis.scaleEvents);
  });

  it('run (table): the variants side by side after the models', () => {
    const r = cli('run', file);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(
      /variants side by side:\nKPI +multi-cluster failover: total \(proposal\) +tight: total \(proposal\) +tolerant: total \(proposal\)/,
    );
  });

  it('check: each model of each HPA is judged; --gate picks whose verdict decides', () => {
    const all = cli('check', file, '--max-scale-events', '4', '--gate', 'all');
    const heads = all.out.split('\n').filter((l) => / model \(total over 3 clusters\):$/.test(l));
    expect(heads).toEqual([
      'proposal model (total over 3 clusters):',
      'shipped model (total over 3 clusters):',
      'tight: proposal model (total over 3 clusters):',
      'tight: shipped model (total over 3 clusters):',
      'tolerant: proposal model (total over 3 clusters):',
      'tolerant: shipped model (total over 3 clusters):',
    ]);
    // The HPA's proposal model scales 5 times (4 in each variant): every run gated, the check fails.
    expect(all.code).toBe(1);
    const one = cli('check', file, '--max-scale-events', '4', '--gate', 'tolerant');
    expect(one.code).toBe(0);
    const bad = cli('check', file, '--max-scale-events', '4', '--gate', 'nope');
    expect(bad.err).toMatch(/--gate takes hpa, all, or a variant \(tight, tolerant\); got "nope"/);
  });
});
