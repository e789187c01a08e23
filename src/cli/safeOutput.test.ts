// Every text the CLI prints from its input has control characters escaped, and every diagnostic
// line has the `file:line:column: severity: message` (or `file: severity: message`) form.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasUnsafeCharacters, safeLine, safeLines } from '../scenario/index.ts';
import { main } from './main.ts';

/** Every C0 and C1 control, DEL, and every bidi mark, override and isolate. */
const UNSAFE: number[] = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
  0x061c,
  0x200e,
  0x200f,
  0x2028,
  0x2029,
  ...Array.from({ length: 5 }, (_, i) => 0x202a + i),
  ...Array.from({ length: 4 }, (_, i) => 0x2066 + i),
];
/** Chunks of at most 40 characters so each fits a name length bound. */
const CHUNKS: string[] = [];
for (let i = 0; i < UNSAFE.length; i += 40)
  CHUNKS.push(String.fromCharCode(...UNSAFE.slice(i, i + 40)));
/** YAML double-quoted escapes for a chunk. */
const yamlQuoted = (s: string) =>
  `"${[...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`;

const DIAGNOSTIC = /^(?:[^:\n]+(?::\d+:\d+)?|hpa-sim): (error|warning|info): \S/;

function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = main(
    argv,
    (s) => out.push(s),
    (s) => err.push(s),
  );
  return { code, out, err };
}

function expectSafe(r: { out: string[]; err: string[] }, label: string): void {
  for (const s of r.out) {
    // stdout keeps its own line feeds and tabs, nothing else
    expect(hasUnsafeCharacters(s.replace(/[\n\t]/g, '')), `${label} stdout`).toBe(false);
  }
  for (const s of r.err) {
    if (s.startsWith('hpa-sim: error:')) continue; // a usage message: ours, multi-line
    expect(hasUnsafeCharacters(s), `${label} stderr: ${s}`).toBe(false);
    expect(s, label).toMatch(DIAGNOSTIC);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'hpa-sim-safe-'));
function file(name: string, content: string): string {
  const f = join(dir, name);
  writeFileSync(f, content);
  return f;
}

const hpa = (name: string, target: string, extra = '') => `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: ${name} }
spec:
  scaleTargetRef: { kind: Deployment, name: ${target} }
  maxReplicas: 3
${extra}`;

describe('safeLine / safeLines', () => {
  it('escape every control and bidi character visibly, and nothing else', () => {
    for (const c of UNSAFE) {
      const ch = String.fromCharCode(c);
      expect(safeLine(`a${ch}b`)).toBe(`a\\u${c.toString(16).padStart(4, '0')}b`);
    }
    expect(safeLines('a\nb\tc\rd\u001be')).toBe('a\nb\tc\\u000dd\\u001be');
    expect(safeLine('plain ✓ text → ok é 日本')).toBe('plain ✓ text → ok é 日本');
  });
});

describe('every command escapes what it echoes from its input', () => {
  it('run and check on a valid scenario whose names hold every unsafe character', () => {
    for (const chunk of CHUNKS) {
      // metadata.name must be a DNS subdomain (the API server refuses controls there); the target
      // name and the Simulation's display name may hold them, and both are echoed.
      const sim = `---\napiVersion: hpa-sim.dev/v1alpha1\nkind: Simulation\nmetadata: { name: ${yamlQuoted(chunk)} }\nspec: { duration: 5m }\n`;
      const f = file('names.yaml', hpa('web', yamlQuoted(chunk)) + sim);
      for (const args of [
        ['run', f],
        ['run', f, '--explain'],
        ['run', f, '--format', 'csv'],
        ['run', f, '--effective'],
        ['check', f, '--max-reversals', '0'],
      ]) {
        const r = cli(...args);
        expect(r.code, args.join(' ')).not.toBe(2);
        expectSafe(r, args.join(' '));
      }
      // JSON stays valid; the scenario name is display text, escaped where it is read.
      const r = cli('run', f, '--format', 'json');
      expectSafe(r, 'run --format json');
      expect(JSON.parse(r.out.join('\n')).scenario).toBe(safeLine(chunk));
    }
  });

  it('run on invalid scenarios that echo unsafe text in errors', () => {
    let echoed = 0;
    for (const chunk of CHUNKS) {
      const texts = [
        hpa('web', 'web', `  ${yamlQuoted(chunk)}: 1\n`), // unknown field
        hpa('web', 'web', `  minReplicas: ${yamlQuoted(chunk)}\n`), // wrong type
        hpa('web', 'web', `  metrics: [{ type: ${yamlQuoted(chunk)} }]\n`), // bad enum
        `${hpa('web', 'web')}---\napiVersion: hpa-sim.dev/v1alpha1\nkind: Simulation\nspec: { duration: ${yamlQuoted(chunk)} }\n`,
        `a: ${chunk.replace(/[\n\r]/g, '')}\n`, // raw bytes in the text
      ];
      for (const t of texts) {
        const r = cli('run', file('bad.yaml', t));
        expect(r.code).toBe(2);
        expect(r.err.length).toBeGreaterThan(0);
        expectSafe(r, 'run (invalid)');
        echoed += r.err.filter((l) => l.includes('\\u00')).length;
      }
    }
    // The errors did echo the text (escaped), so the check above had something to check.
    expect(echoed).toBeGreaterThan(5);
  });

  it('a file name holding controls is escaped too', () => {
    const f = file('esc\u001b[31mape\u202e.yaml', hpa('web', 'web'));
    const r = cli('run', f, '--format', 'nope');
    expectSafe(r, 'usage');
    expect(r.err.join('')).not.toContain('\u001b');
    const missing = cli('run', join(dir, 'no\u001bfile.yaml'));
    expect(missing.err).toEqual([
      `${join(dir, 'no\\u001bfile.yaml')}: error: cannot read the file (ENOENT)`,
    ]);
  });

  it('import: CSV and Prometheus files with unsafe text in cells, labels and errors', () => {
    for (const chunk of CHUNKS) {
      const cell = chunk.replace(/[\n\r,]/g, '');
      for (const csv of [`time,value\n0,1\n${cell},2\n`, `time,value\n0,${cell}\n`, `${cell}\n`]) {
        const r = cli('import', file('t.csv', csv));
        expectSafe(r, 'import csv');
      }
      const label = JSON.stringify(chunk);
      const prom = `{"status":"success","data":{"resultType":"matrix","result":[{"metric":{"a":${label}},"values":[[1,"1"],[2,${label}]]}]}}`;
      expectSafe(cli('import', file('p.json', prom)), 'import prometheus');
      expectSafe(cli('import', file('q.json', `{${label}: 1}`)), 'import prometheus (bad)');
    }
  });

  it('conform: a vector file with unsafe names and malformed lines', () => {
    for (const chunk of CHUNKS) {
      const label = JSON.stringify(chunk);
      const text = `{"name":${label},"bogus":1}\n${chunk.replace(/[\n\r]/g, '')}\n`;
      const r = cli('conform', file('v.jsonl', text));
      expectSafe(r, 'conform');
    }
  });

  it('a usage error keeps the diagnostic form', () => {
    const r = cli('frobnicate\u001b');
    expect(r.code).toBe(2);
    expect(r.err[0]!.split('\n')[0]).toBe('hpa-sim: error: unknown command "frobnicate\\u001b"');
  });
});

describe('import', () => {
  it('warns when the curve would not fit in a scenario', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => `${i * 15},${i}.123456789`);
    const big = file('big.csv', `time,value\n${rows.join('\n')}\n`);
    const r = cli('import', big, '--points');
    expect(r.code).toBe(0);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/big\.csv: warning: the curve is \d\.\d MB of YAML, over the 2 MB/);
    // The compact form of the same 100,000 rows fits.
    expect(cli('import', big).err).toEqual([]);
    const small = cli('import', file('small.csv', 'time,value\n0,1\n15,2\n'));
    expect(small.err).toEqual([]);
  });
});

describe('--max-work', () => {
  const big = resolve(dir, 'big.yaml');
  // 200 pods that never settle (a start-up burst longer than the run) for a week: certain to
  // fit the budget where it is read, stopped by the engine's work meter on the way.
  const text = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: web }
spec:
  scaleTargetRef: { kind: Deployment, name: web }
  minReplicas: 200
  maxReplicas: 200
---
apiVersion: hpa-sim.dev/v1alpha1
kind: Simulation
spec:
  duration: 168h
  workload: { replicas: 200, startupCpuBurst: { extra: 300m, duration: 720h } }
  traffic: { type: constant, value: 60000 }
`;
  writeFileSync(big, text);

  it('a run the meter stops is one error at the field behind its cost, naming the flag', () => {
    const r = cli('run', big, '--max-work', '2000000');
    expect(r.code).toBe(2);
    expect(r.err.filter((l) => l.includes('error'))).toHaveLength(1);
    const e = r.err.find((l) => l.includes('error'))!;
    expect(e).toMatch(
      /^.*big\.yaml:7:3: error: stopped at .* of 7 d: the work budget of 2 M units/,
    );
    expect(e).toContain('set by hpa:spec.maxReplicas (line 7)');
    expect(e).toContain('--max-work');
    // check judges the same runs, stopped the same way.
    const c = cli('check', big, '--max-work', '2000000', '--max-peak-replicas', '5000');
    expect(c.code).toBe(2);
    expect(c.err.join('\n')).toContain('set by hpa:spec.maxReplicas (line 7)');
  });

  it('a run certain to pass it is refused where it is read, at its field', () => {
    const r = cli('run', big, '--max-work', '100000');
    expect(r.code).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(/big\.yaml:12:\d+: error: every run of this scenario needs at least/);
    expect(r.err[0]).toContain('--max-work');
  });

  it('raises the budget for run and check, and is refused elsewhere or when not a number', () => {
    const ok = cli('check', big, '--max-work', '1e9', '--max-peak-replicas', '5000');
    expect(ok.err.filter((l) => l.includes('error'))).toEqual([]);
    expect(ok.code).toBe(0);
    expect(cli('run', big, '--max-work=abc').err[0]).toContain(
      '--max-work needs a positive number of work units, got "abc"',
    );
    expect(cli('run', big, '--max-work', '-5').code).toBe(2);
    expect(cli('import', big, '--max-work', '5').err[0]).toContain(
      '--max-work applies to run, check and tune',
    );
  });
});
