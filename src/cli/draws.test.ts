import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './testing/runCli.ts';

const preset = (name: string) => resolve(import.meta.dirname, '../presets', name);

describe('cli --draws (issue 25)', () => {
  it('run --draws N prints JSON with a summary and one entry per draw', () => {
    const r = cli('run', preset('story-1-scale-up-fast.yaml'), '--format', 'json', '--draws', '4');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.draws).toHaveLength(4);
    expect(j.draws[0]).toMatchObject({ index: 0, syncPhaseSeconds: 0 });
    // what each later draw's per-node and per-pod delays are drawn from; none in draw 0
    expect(j.draws[0].drawSeed).toBeUndefined();
    expect(j.draws[3].drawSeed).toEqual({ seed: 1, draw: 3 });
    // draw 0 is the run itself
    expect(j.draws[0].kpis).toEqual(j.kpis);
    expect(j.drawSummary).toMatchObject({ count: 4, seed: 1 });
    const unmet = j.draws.map((d: { kpis: { unmetDemand: number } }) => d.kpis.unmetDemand);
    expect(j.drawSummary.worst.unmetDemand).toBe(Math.max(...unmet));
    // the same seed, the same draws
    expect(
      cli('run', preset('story-1-scale-up-fast.yaml'), '--format', 'json', '--draws', '4').out,
    ).toBe(r.out);
  });

  it('run --draws N names the seeds each draw runs with (nodes, start-up ranges)', () => {
    const r = cli('run', preset('nodes-wait.yaml'), '--format', 'json', '--draws', '3');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    // draw 0 runs with the scenario's own node seed (provisioningDelay.seed: 7)
    expect(j.draws[0]).toMatchObject({ index: 0, nodeSeed: 7 });
    expect(j.draws[0].drawSeed).toBeUndefined();
    expect(j.draws[1]).toMatchObject({ drawSeed: { seed: 1, draw: 1 } });
    expect(j.draws[1].nodeSeed).not.toBe(7);
    expect(j.draws[2].nodeSeed).not.toBe(j.draws[1].nodeSeed);
  });

  it('run of a multi-cluster file with spec.draws draws it as --draws would', () => {
    const file = preset('multicluster/nodes-per-cluster.yaml');
    const dir = mkdtempSync(join(tmpdir(), 'hpa-sim-fed-draws-'));
    const text = readFileSync(file, 'utf8');
    // under the Simulation document's spec (the last one)
    const at = text.lastIndexOf('\nspec:\n') + '\nspec:\n'.length;
    const withDraws = `${text.slice(0, at)}  draws: { count: 3, seed: 1 }\n${text.slice(at)}`;
    expect(withDraws).not.toBe(text);
    const written = join(dir, 'fed.yaml');
    writeFileSync(written, withDraws);
    const r = cli('run', written, '--format', 'json');
    expect(r.code, r.err).toBe(0);
    const flagged = cli('run', file, '--format', 'json', '--draws', '3');
    expect(JSON.parse(r.out).draws).toEqual(JSON.parse(flagged.out).draws);
    expect(JSON.parse(r.out).draws).toHaveLength(3);
  });

  it('run --draws N of a multi-cluster scenario draws the group of member runs', () => {
    const file = preset('multicluster/nodes-per-cluster.yaml');
    const r = cli('run', file, '--format', 'json', '--draws', '3');
    expect(r.code, r.err).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.draws).toHaveLength(3);
    expect(j.drawSummary).toMatchObject({ count: 3, seed: 1 });
    // draw 0 is the first model's total as written
    expect(j.draws[0].kpis).toEqual(j.models[0].total.kpis);
    const text = cli('run', file, '--draws', '3');
    expect(text.code).toBe(0);
    expect(text.out).toMatch(/timing draws: 3 draws/);
    expect(text.out).toMatch(/every member cluster under it/);
    // check judges each model's total at the worst draw (it said so and judged the run as written)
    const worst = j.drawSummary.worst.unmetDemandPercent as number;
    const asWritten = j.models[0].total.kpis.unmetDemandPercent as number;
    expect(worst).toBeGreaterThan(asWritten);
    const gate = cli(
      'check',
      file,
      '--draws',
      '3',
      '--max-unmet-demand-percent',
      String(asWritten),
    );
    expect(gate.code).toBe(1);
    expect(gate.out).toContain(`FAIL unmet demand (%) at the worst of 3 draws: ${worst}`);
  });

  it('check gates on a percentile of the draws, the worst by default', () => {
    const args = [preset('default.yaml'), '--draws', '8'];
    const j = JSON.parse(
      cli('run', preset('default.yaml'), '--format', 'json', '--draws', '8').out,
    );
    const worst = j.drawSummary.worst.recovery.maxSeconds as number;
    const median = j.drawSummary.median.recovery.maxSeconds as number;
    expect(worst).toBeGreaterThan(median);
    const between = String((worst + median) / 2);
    const atWorst = cli('check', ...args, '--max-recovery-seconds', between);
    expect(atWorst.code).toBe(1);
    expect(atWorst.out).toContain(
      `FAIL longest time to recover (s) at the worst of 8 draws: ${worst}`,
    );
    const atMedian = cli('check', ...args, '--percentile', '50', '--max-recovery-seconds', between);
    expect(atMedian.code).toBe(0);
    expect(atMedian.out).toContain('at p50 of 8 draws');
  });

  it('bad --draws and --percentile are usage errors naming the flag', () => {
    const f = preset('default.yaml');
    const zero = cli('check', f, '--max-reversals', '3', '--draws', '0');
    expect(zero.code).toBe(2);
    expect(zero.err).toContain('--draws takes a whole number from 1 to 256, got 0');
    const p = cli('check', f, '--max-reversals', '3', '--draws', '4', '--percentile', '101');
    expect(p.code).toBe(2);
    expect(p.err).toContain('--percentile takes a number above 0 and at most 100, got 101');
    const alone = cli('check', f, '--max-reversals', '3', '--percentile', '95');
    expect(alone.err).toContain('--percentile reads the draws: add --draws N');
  });
});
