import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../worker/testing/runScenario.ts';
import { SEED_NOTE_TEXT } from '../engine/simulation/seedNotes.ts';
import { decisionChain } from '../explain/decisionChain.ts';
import { cli } from './testing/runCli.ts';

const presets = resolve(import.meta.dirname, '../presets');
const preset = (name: string) => join(presets, name);

function tempFile(name: string, content: string | Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'hpa-sim-cli-'));
  const f = join(dir, name);
  writeFileSync(f, content);
  return f;
}

describe('cli run', () => {
  it('prints JSON with syncs, series and kpis', () => {
    const r = cli('run', preset('cpu-70-vs-60.yaml'), '--format', 'json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(j.syncs[0]).toMatchObject({
      time: 0,
      replicas: 10,
      desiredReplicas: 10,
      rescaled: true,
    });
    expect(j.syncs[0].conditions.map((c: { reason: string }) => c.reason)).toEqual([
      'SucceededRescale',
      'ValidMetricFound',
      'DesiredWithinRange',
    ]);
    expect(j.syncs[0].explanation).toContain('ratio 1.167');
    expect(j.series.time).toHaveLength(j.syncs.length);
    expect(j.series.metrics[0]).toMatchObject({ label: 'cpu utilization', target: 60 });
    expect(j.series.metrics[0].overflowSyncs).toEqual([]);
    expect(j.kpis).toMatchObject({ peakReplicas: 10, scaleUps: 1 });
    expect(j.syncs[0].trace).toBeUndefined();
  });

  it('adds the full trace and events with --explain', () => {
    const j = JSON.parse(cli('run', preset('cpu-70-vs-60.yaml'), '--format=json', '--explain').out);
    expect(j.syncs[0].trace.metrics[0]).toMatchObject({ currentUtilization: 70, proposal: 10 });
    expect(j.syncs[0].events[0]).toMatchObject({ reason: 'SuccessfulRescale' });
  });

  it('--explain carries the notes on the popular explanations the app shows, sync by sync', () => {
    for (const name of [
      'story-4-no-scale-down.yaml',
      'fourteen-pods.yaml',
      'queue-external.yaml',
    ]) {
      const text = readFileSync(preset(name), 'utf8');
      const j = JSON.parse(cli('run', preset(name), '--format=json', '--explain').out);
      const app = runScenario(text);
      expect(j.syncs).toHaveLength(app.result.syncs.length);
      let notes = 0;
      j.syncs.forEach((s: { notes: { text: string }[] }, i: number) => {
        const shown = decisionChain(app.detail(i)!).flatMap((step) => step.notes);
        expect(s.notes.map((n) => n.text)).toEqual(shown);
        notes += shown.length;
      });
      expect(notes).toBeGreaterThan(0);
    }
  });

  it('--explain prints each note once in full, then by number, and lists them at the end', () => {
    const out = cli('run', preset('story-4-no-scale-down.yaml'), '--explain').out;
    const full = out.split(SEED_NOTE_TEXT.disabledDirection).length - 1;
    // Once under the first sync it applies to, once in the list at the end.
    expect(full).toBe(2);
    const n = out.match(/note (\d+): selectPolicy: Disabled/)![1];
    expect(out).toMatch(new RegExp(`^ {10}notes? (\\d+, )*${n}(, \\d+)*$`, 'm'));
    expect(out).toContain('notes on the popular explanations');
    // Without --explain the table has no notes.
    expect(cli('run', preset('story-4-no-scale-down.yaml')).out).not.toContain('note 1:');
  });

  it('prints one CSV row per sync with a header', () => {
    const r = cli('run', preset('cpu-70-vs-60.yaml'), '--format', 'csv');
    const lines = r.out.split('\n');
    expect(lines[0]).toMatch(/^time,desiredReplicas,specReplicas,readyReplicas/);
    expect(lines).toHaveLength(1 + 41);
    expect(lines[1]).toMatch(/^0,10,10,8,/);
  });

  it('prints a table of rescales and KPIs, every sync with --explain', () => {
    const brief = cli('run', preset('story-3-slow-up.yaml')).out;
    expect(brief).toContain('00:05:00  2→3');
    expect(brief).toContain('pod-hours');
    // issue 11: a 600 s run above target throughout is 600 s above, and not "recovered"
    const story1 = cli('run', preset('story-1-scale-up-fast.yaml')).out;
    expect(story1).toContain('time above target 600s,');
    expect(story1).toContain(
      'episodes 1, not recovered: still above target at the end (600s so far)',
    );
    const full = cli('run', preset('story-3-slow-up.yaml'), '--explain').out;
    expect(full.split('\n').length).toBeGreaterThan(brief.split('\n').length + 50);
  });

  it('prints the effective HPA with the defaults really applied', () => {
    const r = cli('run', preset('story-1-scale-up-fast.yaml'), '--effective');
    expect(r.code).toBe(0);
    expect(r.out).toContain('stabilizationWindowSeconds: 300');
    expect(r.out).toMatch(/selectPolicy: Max/);
  });

  it("prints the effective HPA with the scenario's own downscale-stabilization flag", () => {
    const text = readFileSync(preset('cpu-70-vs-60.yaml'), 'utf8').replace(
      '  duration: 10m\n',
      '  duration: 10m\n  controller:\n    downscaleStabilization: 1m\n',
    );
    expect(text).toContain('downscaleStabilization: 1m');
    const r = cli('run', tempFile('window.yaml', text), '--effective');
    expect(r.code).toBe(0);
    expect(r.out).toContain('the highest recommendation of the last 60 s');
    expect(r.out).not.toContain('last 300 s');
  });

  it('names an int32-overflowed utilization in JSON and CSV instead of a number', () => {
    const text = readFileSync(preset('cpu-70-vs-60.yaml'), 'utf8');
    const huge = text.replace('cpu: 500m', 'cpu: 1m').replace('perUnit: 1m', 'perUnit: 100');
    expect(huge).not.toBe(text);
    const f = tempFile('overflow.yaml', huge);
    const j = JSON.parse(cli('run', f, '--format', 'json').out);
    const m = j.series.metrics[0];
    expect(m.overflowSyncs.length).toBeGreaterThan(0);
    expect(m.values[m.overflowSyncs[0]]).toBeNull();
    expect(j.syncs[m.overflowSyncs[0]].explanation).toContain('int32 overflow');
    expect(cli('run', f, '--format', 'csv').out).toContain(',overflow,');
  });

  it('a manifest alone: one readable info line, and the assumed Simulation document in JSON', () => {
    const f = tempFile(
      'alone.yaml',
      'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata: { name: web }\nspec:\n  scaleTargetRef: { kind: Deployment, name: web }\n  maxReplicas: 4\n',
    );
    const table = cli('run', f);
    expect(table.code).toBe(0);
    const info = table.err.split('\n').filter((l) => l.includes('default world is assumed'));
    expect(info).toHaveLength(1);
    expect(info[0]).not.toContain('\\u000a');
    expect(info[0]).toContain('--format json prints it as defaultSimulation');
    const json = JSON.parse(cli('run', f, '--format', 'json').out);
    expect(json.defaultSimulation).toContain('kind: Simulation');
    // Pasted after ---, it gives the same run.
    const again = tempFile(
      'again.yaml',
      `${readFileSync(f, 'utf8')}---\n${json.defaultSimulation}`,
    );
    const second = JSON.parse(cli('run', again, '--format', 'json').out);
    expect(second.defaultSimulation).toBeUndefined();
    expect(second.kpis).toEqual(json.kpis);
  });

  it('--hpa picks one HPA of a many-document file; an unknown name is a located error', () => {
    const hpa = (name: string, max: number) =>
      `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata: { name: ${name} }\nspec:\n  scaleTargetRef: { kind: Deployment, name: ${name} }\n  maxReplicas: ${max}\n`;
    const f = tempFile(
      'two.yaml',
      `${hpa('web', 4)}---\nkind: Service\napiVersion: v1\n---\n${hpa('api', 7)}`,
    );
    const first = cli('run', f, '--format', 'json');
    expect(first.code).toBe(0);
    expect(JSON.parse(first.out).scenario).toBe('web');
    const api = cli('run', f, '--hpa', 'api', '--effective');
    expect(api.code).toBe(0);
    expect(api.out).toContain('maxReplicas: 7');
    const bad = cli('run', f, '--hpa', 'apj');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(
      /two\.yaml:1:1: error: no HorizontalPodAutoscaler named 'apj'.*web, api.*Did you mean 'api'/,
    );
  });

  it('--effective needs only the HPA: a broken Simulation document does not stop it', () => {
    // The preset ends inside the Simulation's spec: an unknown field there breaks only it.
    const text = readFileSync(preset('story-1-scale-up-fast.yaml'), 'utf8');
    const f = tempFile('broken-sim.yaml', `${text.trimEnd()}\n  bogusField: 1\n`);
    expect(cli('run', f).code).toBe(2);
    const r = cli('run', f, '--effective');
    expect(r.code).toBe(0);
    expect(r.out).toContain('kind: HorizontalPodAutoscaler');
    expect(r.err).toContain('error(s) outside the HPA ignored');
  });

  it('reports a YAML error as file:line:column and exits 2', () => {
    const f = tempFile(
      'bad.yaml',
      'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nspec: [unclosed\n',
    );
    const r = cli('run', f);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      new RegExp(`^${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: error: `, 'm'),
    );
  });

  it('rejects non-UTF-8 input with a located error', () => {
    const f = tempFile('latin1.yaml', new Uint8Array([0x61, 0x3a, 0x20, 0xe9, 0x0a]));
    const r = cli('run', f);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/latin1\.yaml:1:\d+: error: .*UTF-8/);
  });

  it('reports a missing file and bad options as usage errors', () => {
    expect(cli('run', '/nonexistent/x.yaml').err).toContain('cannot read the file (ENOENT)');
    expect(cli('run', preset('cpu-70-vs-60.yaml'), '--format', 'xml')).toMatchObject({ code: 2 });
    expect(cli('run', preset('cpu-70-vs-60.yaml'), '--bogus').err).toContain(
      'unknown option --bogus',
    );
    expect(cli('nope').code).toBe(2);
  });
});

describe('cli check', () => {
  it('passes when every threshold holds', () => {
    const r = cli(
      'check',
      preset('cpu-70-vs-60.yaml'),
      '--max-peak-replicas',
      '10',
      '--max-scale-events=1',
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain('PASS peak replicas: 10 (max 10)');
    expect(r.out).toContain('all 2 thresholds met');
  });

  it('fails with exit 1 and says which threshold broke', () => {
    const r = cli(
      'check',
      preset('flapping.yaml'),
      '--max-reversals',
      '0',
      '--max-pod-hours',
      '1000',
    );
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/FAIL direction reversals: \d+ \(max 0\)/);
    expect(r.out).toContain('PASS pod-hours');
  });

  it('needs at least one threshold and numeric values', () => {
    expect(cli('check', preset('flapping.yaml')).code).toBe(2);
    expect(cli('check', preset('flapping.yaml'), '--max-reversals', 'many').err).toContain(
      'needs a number',
    );
  });
});

describe('cli import', () => {
  it('turns a CSV into a series curve that a scenario accepts', () => {
    const f = tempFile('traffic.csv', 'time,value\n0,100\n60,250\n120,80\n');
    const r = cli('import', f);
    expect(r.code).toBe(0);
    expect(r.out).toContain('type: series');
    expect(r.out).toContain('stepSeconds: 60');
    expect(r.out).toContain('values: >-\n    100 250 80');
    const scenario = readFileSync(preset('cpu-70-vs-60.yaml'), 'utf8').replace(
      / {2}traffic: .*\n/,
      r.out
        .split('\n')
        .slice(1)
        .map((l) => `  ${l}`)
        .join('\n') + '\n',
    );
    const run = cli('run', tempFile('s.yaml', scenario), '--format', 'json');
    expect(run.code).toBe(0);
  });

  it('reads a Prometheus range-query result', () => {
    const json = JSON.stringify({
      status: 'success',
      data: {
        resultType: 'matrix',
        result: [
          {
            metric: {},
            values: [
              [1700000000, '5'],
              [1700000030, '7'],
            ],
          },
        ],
      },
    });
    const r = cli('import', tempFile('q.json', json), '--points');
    expect(r.out).toContain('- { at: 30, value: 7 }');
    const compact = cli('import', tempFile('q.json', json), '--scale', '10');
    expect(compact.out).toContain('stepSeconds: 30\n  values: >-\n    50 70');
  });

  it('takes the sum or one series of a many-series Prometheus answer, and says how', () => {
    const json = JSON.stringify({
      status: 'success',
      data: {
        resultType: 'matrix',
        result: ['a', 'b'].map((zone, i) => ({
          metric: { zone },
          values: [
            [1700000000, String(1 + i)],
            [1700000030, String(10 * (1 + i))],
          ],
        })),
      },
    });
    const f = tempFile('zones.json', json);
    const bare = cli('import', f);
    expect(bare.code).toBe(2);
    expect(bare.err).toContain('2 series found ({zone="a"}, {zone="b"})');
    expect(bare.err).toContain('add --series sum, or --series N for the N-th (from 0)');
    expect(cli('import', f, '--series', 'sum').out).toContain('values: >-\n    3 30');
    expect(cli('import', f, '--series', '1').out).toContain('values: >-\n    2 20');
    expect(cli('import', f, '--series', '2').err).toContain('index 2 is out of range');
    const bad = cli('import', f, '--series', 'first');
    expect(bad).toMatchObject({ code: 2 });
    expect(bad.err).toContain('--series takes "sum" or a series number from 0');
    const csv = cli('import', tempFile('t.csv', 'time,value\n0,1\n60,2\n'), '--series', '0');
    expect(csv).toMatchObject({ code: 2 });
    expect(csv.err).toContain('a CSV has one');
  });

  it('reports a bad CSV line with its location', () => {
    const r = cli('import', tempFile('bad.csv', 'time,value\n0,1\nzero,x\n'));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/bad\.csv:3:\d+: error: /);
  });
});

describe('cli process', () => {
  it('exits 2 with one located line and no stack trace for a broken file', () => {
    const f = tempFile('broken.yaml', 'kind: Simulation\n  bad: indentation: here\n');
    const p = spawnSync(
      process.execPath,
      ['--import', 'tsx', resolve(import.meta.dirname, 'bin.ts'), 'run', f],
      {
        encoding: 'utf8',
      },
    );
    expect(p.status).toBe(2);
    expect(p.stderr).toMatch(/broken\.yaml:\d+:\d+: error: /);
    expect(p.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('cli with variants', () => {
  const scenario = `${readFileSync(preset('default.yaml'), 'utf8')}  cost: { podHour: 0.02, vcpuHour: 0.03 }
  variants:
    - name: fast-down
      patch:
        behavior:
          scaleDown: { stabilizationWindowSeconds: 0 }
`;
  const file = () => tempFile('variants.yaml', scenario);

  it('run --format json has a variants array: the HPA first, then each variant with its KPIs', () => {
    const r = cli('run', file(), '--format', 'json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out);
    expect(
      j.variants.map((v: { key: string; role: string; name: string }) => [v.key, v.role, v.name]),
    ).toEqual([
      ['main', 'hpa', 'web'],
      ['fast-down', 'variant', 'fast-down'],
    ]);
    expect(j.variants[0].kpis).toEqual(j.kpis);
    // The stark numbers of issue 10: a 0 s scale-down window flaps.
    expect([j.variants[0].kpis.scaleEvents, j.variants[1].kpis.scaleEvents]).toEqual([27, 96]);
    expect([j.variants[0].kpis.directionReversals, j.variants[1].kpis.directionReversals]).toEqual([
      3, 71,
    ]);
    expect(j.variants[1].kpis.cost.perMonth).toBeLessThan(j.variants[0].kpis.cost.perMonth);
  });

  it('run --format json of a scenario without variants has the HPA alone', () => {
    const j = JSON.parse(cli('run', preset('cpu-70-vs-60.yaml'), '--format', 'json').out);
    expect(j.variants).toHaveLength(1);
    expect(j.variants[0]).toMatchObject({ key: 'main', role: 'hpa', kpis: j.kpis });
  });

  it('run (table) ends with the variants side by side, the better value marked', () => {
    const r = cli('run', file());
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    const at = lines.indexOf('variants side by side:');
    expect(at).toBeGreaterThan(0);
    expect(lines[at + 1]).toMatch(/^KPI\s+web\s+fast-down$/);
    expect(lines.find((l) => l.startsWith('reversals'))).toMatch(
      /^reversals\s+3\*\s+71 \(\+68, \+2,267%\)$/,
    );
    expect(lines.find((l) => l.startsWith('cost per month'))).toMatch(/\d\* \(−[\d.]+, −\d+%\)$/);
  });

  it('check judges every run and gates on the HPA by default, on all or one variant with --gate', () => {
    const f = file();
    const byDefault = cli('check', f, '--max-reversals', '4');
    expect(byDefault.code).toBe(0);
    expect(byDefault.out).toContain('web (the HPA):\nPASS direction reversals: 3 (max 4)');
    expect(byDefault.out).toContain(
      'variant fast-down (reported, not gated):\nFAIL direction reversals: 71 (max 4)',
    );
    expect(byDefault.out).toMatch(/thresholds met by web \(1 of 2 runs\); gate \(hpa\) passed$/);
    const all = cli('check', f, '--max-reversals', '4', '--gate', 'all');
    expect(all.code).toBe(1);
    expect(all.out).toMatch(/gate \(all\) failed: fast-down$/);
    expect(cli('check', f, '--max-reversals', '4', '--gate', 'fast-down').code).toBe(1);
    expect(cli('check', f, '--max-reversals', '200', '--gate', 'fast-down').code).toBe(0);
    const unknown = cli('check', f, '--max-reversals', '4', '--gate', 'nope');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('--gate takes hpa, all, or a variant (fast-down); got "nope"');
  });

  it('check --max-cost-per-month needs prices, and gates on the monthly cost', () => {
    const f = file();
    const j = JSON.parse(cli('run', f, '--format', 'json').out);
    const month = j.kpis.cost.perMonth as number;
    expect(cli('check', f, '--max-cost-per-month', String(month)).code).toBe(0);
    expect(cli('check', f, '--max-cost-per-month', String(month - 1)).code).toBe(1);
    const none = cli('check', preset('default.yaml'), '--max-cost-per-month', '100');
    expect(none.code).toBe(2);
    expect(none.err).toContain('needs prices: add spec.cost');
  });

  it('a variant with an error is bad input, located in the patch', () => {
    const broken = tempFile(
      'broken.yaml',
      scenario.replace('stabilizationWindowSeconds: 0', 'stabilizationWindowSeconds: -5'),
    );
    const r = cli('run', broken);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/broken\.yaml:\d+:\d+: error: variant 'fast-down': /);
  });
});
