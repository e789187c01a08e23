// check and run over many files, in-process: discovery, per-autoscaler verdicts, reports, shards,
// and the same verdicts with one worker thread or two.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mainAsync } from './main.ts';
import { cli } from './testing/runCli.ts';
import { parseReports } from './reporters/index.ts';
import { parseShard, shardOf } from './targets.ts';

const presets = resolve(import.meta.dirname, '../presets');
const preset = (f: string) => readFileSync(join(presets, f), 'utf8');

async function cliAsync(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await mainAsync(
    argv,
    (s) => out.push(s),
    (s) => err.push(s),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

function fleetDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hpa-sim-fleet-'));
  mkdirSync(join(dir, 'a'));
  mkdirSync(join(dir, '.git'));
  const short = preset('story-1-scale-up-fast.yaml');
  for (let i = 0; i < 9; i++)
    writeFileSync(
      join(dir, 'a', `web-${i}.yaml`),
      short.replace(/name: (\S+)\n/, `name: web-${i}\n`),
    );
  writeFileSync(
    join(dir, 'two.yaml'),
    readFileSync(
      resolve(
        import.meta.dirname,
        '../../tests/manifests/v2beta2-two-hpas-memory-averagevalue.yaml',
      ),
    ),
  );
  writeFileSync(join(dir, 'note.yaml'), 'kind: ConfigMap\napiVersion: v1\nmetadata: { name: x }\n');
  writeFileSync(join(dir, '.git', 'hpa.yaml'), short);
  writeFileSync(
    join(dir, 'broken.yaml'),
    'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata: { name: bad }\nspec: { maxReplicas: 0, scaleTargetRef: { kind: Deployment, name: x } }\n',
  );
  return dir;
}

describe('check over a fleet', () => {
  const dir = fleetDir();

  it('every autoscaler judged on its own; invalid ones located; hidden folders left out', () => {
    const r = cli('check', dir, '--max-reversals', '1000');
    expect(r.code).toBe(2);
    expect(r.out).toContain(
      '12 autoscaler(s) in 12 file(s); 1 with no autoscaler skipped: 11 met every threshold, 0 did not, 1 invalid',
    );
    expect(r.out).toMatch(/^ERROR .*broken\.yaml:1 HorizontalPodAutoscaler bad$/m);
    // The verdict line is the report's; the error behind it is a diagnostic on stderr.
    expect(r.err).toMatch(/^\S*broken\.yaml:4:\d+: error: spec\.maxReplicas/m);
    expect(r.out).not.toContain('error:');
    expect(r.out).toMatch(/^PASS .*two\.yaml:28 HorizontalPodAutoscaler ingress$/m);
    expect(r.out).not.toContain('.git');
    // A glob over files the directory already named: each read once, and no false warning.
    const both = cli('check', dir, `${dir}/a/*.yaml`, '--max-reversals', '1000');
    expect(both.out).toContain('12 autoscaler(s) in 12 file(s)');
    expect(both.err).not.toContain('no file matches');
  });

  it('the same verdicts with one worker thread or two', async () => {
    const one = await cliAsync(
      'check',
      join(dir, 'a'),
      '--max-peak-replicas',
      '500',
      '--report',
      'json',
      '--workers',
      '1',
    );
    const two = await cliAsync(
      'check',
      join(dir, 'a'),
      '--max-peak-replicas',
      '500',
      '--report',
      'json',
      '--workers',
      '2',
    );
    expect(one.code).toBe(1);
    expect(two.code).toBe(1);
    expect(JSON.parse(two.out).autoscalers).toEqual(JSON.parse(one.out).autoscalers);
    expect(JSON.parse(one.out).summary).toMatchObject({ autoscalers: 9, failed: 9 });
  }, 120_000);

  it('shards split deterministically, each autoscaler in exactly one', () => {
    const ids = Array.from({ length: 200 }, (_, i) => `k8s/app-${i}.yaml#default/app-${i}`);
    const counts = [0, 1, 2, 3].map((s) => ids.filter((id) => shardOf(id, 4) === s).length);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(200);
    expect(Math.min(...counts)).toBeGreaterThan(30);
    expect(shardOf('x#y', 7)).toBe(shardOf('x#y', 7));
    expect(parseShard('2/4')).toEqual({ ok: true, index: 1, count: 4 });
    expect(parseShard('5/4').ok).toBe(false);
    expect(cli('check', dir, '--max-reversals', '1', '--shard', '0/3').err).toContain(
      '--shard takes i/n',
    );
  });

  it('--report takes formats and files; one on stdout at most', () => {
    expect(parseReports('github,sarif=a.sarif,junit=j.xml')).toEqual({
      ok: true,
      reports: [
        { format: 'github', file: null },
        { format: 'sarif', file: 'a.sarif' },
        { format: 'junit', file: 'j.xml' },
      ],
    });
    expect(parseReports('xml').ok).toBe(false);
    expect(parseReports('json,sarif').ok).toBe(false);
    const out = join(mkdtempSync(join(tmpdir(), 'hpa-sim-fleet-report-')), 'report.json');
    const r = cli(
      'check',
      join(dir, 'two.yaml'),
      '--max-reversals',
      '1000',
      '--report',
      `json=${out}`,
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8')).summary.autoscalers).toBe(2);
  });

  it('GitHub annotations escape what the workflow-command format reserves', () => {
    // A folder of its own: the fleet's folder keeps the files the other tests count, in any order.
    const f = join(mkdtempSync(join(tmpdir(), 'hpa-sim-fleet-odd-')), 'odd, name: x.yaml');
    writeFileSync(f, preset('story-1-scale-up-fast.yaml'));
    const r = cli('check', f, '--max-peak-replicas', '1', '--report', 'github');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^::error file=.*odd%2C name%3A x\.yaml,line=1,title=hpa-sim%3A /m);
  });

  it('run over a directory: a heading per autoscaler, or a JSON object a line', () => {
    const table = cli('run', join(dir, 'a'));
    expect(
      table.out.match(/^== .*web-\d\.yaml:\d+ HorizontalPodAutoscaler web-\d ==$/gm),
    ).toHaveLength(9);
    const json = cli('run', join(dir, 'a'), '--format', 'json');
    expect(json.out.split('\n').map((l) => JSON.parse(l).scenario)).toHaveLength(9);
    expect(cli('run', join(dir, 'a'), '--format', 'csv').code).toBe(2);
  });
});
