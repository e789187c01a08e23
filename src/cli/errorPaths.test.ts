// Every command's error path: bad input is an error line on stderr (`file:line:column: error: …`,
// `file: error: …` or `hpa-sim: error: …`) and a non-zero exit status; stdout carries reports
// only, never an error (a fleet with several autoscalers and a bad --gate once printed its errors
// there: the fuzz campaign of issue 28).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main, mainAsync } from './main.ts';

const preset = (name: string) => resolve(import.meta.dirname, '../presets', name);
const dir = mkdtempSync(join(tmpdir(), 'hpa-sim-errors-'));
const file = (name: string, text: string) => {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
};

const HPA = (name: string) => `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: ${name} }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  maxReplicas: 10
  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 50 } }
`;
const two = file('two.yaml', `${HPA('web')}---\n${HPA('api')}`);
const broken = file('broken.yaml', `${HPA('web').replace('maxReplicas: 10', 'maxReplicas: 0')}`);
const empty = join(dir, 'empty');
mkdirSync(empty);
file('empty/note.yaml', 'apiVersion: v1\nkind: ConfigMap\nmetadata: { name: x }\n');
const missing = join(dir, 'missing.yaml');
const badCsv = file('bad.csv', 'time,value\nx,y\n');
const badJsonl = file('bad.jsonl', '{"kind":\n');

/** Each: the command line, and why it is bad input. */
const CASES: [string, string[]][] = [
  [
    'check: several autoscalers, a bad --gate',
    ['check', two, '--max-peak-replicas', '5', '--gate', 'bogus'],
  ],
  [
    'check: several autoscalers, one invalid',
    ['check', `${two}`, broken, '--max-peak-replicas', '5'],
  ],
  [
    'check: a fleet with a JSON report on stdout',
    ['check', two, broken, '--max-peak-replicas', '5', '--report', 'json'],
  ],
  ['check: no autoscaler under a directory', ['check', empty, '--max-peak-replicas', '5']],
  [
    'check: one autoscaler, a bad --gate',
    ['check', preset('cpu-70-vs-60.yaml'), '--max-peak-replicas', '5', '--gate', 'x'],
  ],
  ['check: no file', ['check', missing, '--max-peak-replicas', '5']],
  ['check: no threshold', ['check', two]],
  ['run: an invalid scenario', ['run', broken]],
  ['run: several files, one invalid', ['run', two, broken]],
  ['run: no autoscaler under a directory', ['run', empty]],
  ['run: no file', ['run', missing]],
  ['run: a bad flag', ['run', two, '--format', 'xml']],
  ['run: an unknown --hpa', ['run', two, '--hpa', 'nope']],
  ['import: no file', ['import', missing]],
  ['import: a CSV with no number', ['import', badCsv]],
  ['import: a bad --scale', ['import', badCsv, '--scale', 'x']],
  ['conform: no file', ['conform', missing]],
  ['conform: a malformed line', ['conform', badJsonl]],
  ['an unknown command', ['frobnicate']],
  ['--max-work on import', ['import', badCsv, '--max-work', '5']],
];

const diagnostic = /^(?:hpa-sim|\S+?)(?::\d+:\d+)?: (?:error|warning|info): \S/;

function judge(argv: string[], code: number, out: string[], err: string[]) {
  expect(code).not.toBe(0);
  // stdout: reports only (an ERROR verdict line of a fleet is the report's, its errors are not).
  const outLines = out.join('\n').split('\n');
  expect(outLines.filter((l) => /(?:^|:\s*)error:/.test(l))).toEqual([]);
  // stderr: diagnostics, at least one error (a usage error is followed by the usage text).
  const errLines = err.map((s) => s.split('\n')[0]!);
  // (A report on stdout sends the fleet's text to stderr, by design: fleetCheck.ts.)
  if (!argv.includes('--report')) expect(errLines.filter((l) => !diagnostic.test(l))).toEqual([]);
  expect(errLines.some((l) => /: error: /.test(l))).toBe(true);
}

describe('every command: errors on stderr, a non-zero exit status', () => {
  it.each(CASES)('%s (main)', (_why, argv) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = main(
      argv,
      (s) => out.push(s),
      (s) => err.push(s),
    );
    judge(argv, code, out, err);
  });

  it.each([
    ...CASES,
    ['tune: a bad flag', ['tune', two, '--budget', 'x']],
    ['tune: no threshold', ['tune', preset('cpu-70-vs-60.yaml')]],
    ['tune: an invalid scenario', ['tune', broken, '--max-peak-replicas', '5']],
  ] as [string, string[]][])('%s (mainAsync)', async (_why, argv) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await mainAsync(
      argv,
      (s) => out.push(s),
      (s) => err.push(s),
    );
    judge(argv, code, out, err);
  });
});
