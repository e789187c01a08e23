import { describe, expect, it } from 'vitest';
import { conformText, type ConformReport } from './conformFiles.ts';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const sample = readFileSync(
  resolve(import.meta.dirname, '../../tests/conformance/vectors/worked-examples.jsonl'),
  'utf8',
)
  .split('\n')
  .filter((l) => l.trim() !== '');

function run(text: string): ConformReport {
  const report: ConformReport = { passed: 0, failed: 0, lines: [], errors: [] };
  conformText('f.jsonl', text, report);
  return report;
}

describe('conformText', () => {
  it('passes a real case and counts it', () => {
    const r = run(sample[0]!);
    expect(r).toEqual({ passed: 1, failed: 0, lines: [], errors: [] });
  });

  it('names the line of invalid JSON without a stack trace', () => {
    const r = run(`${sample[0]}\n{"name": "x", \n`);
    expect(r.failed).toBe(1);
    expect(r.errors[0]).toMatch(/^f\.jsonl:2:1: error: malformed case: invalid JSON/);
    expect(r.errors[0]).not.toMatch(/\bat .*\(/);
  });

  it('names a missing field and its line', () => {
    const c = JSON.parse(sample[0]!);
    delete c.currentReplicas;
    const r = run(`\n${JSON.stringify(c)}`);
    expect(r.errors).toEqual([
      'f.jsonl:2:1: error: malformed case: missing field "currentReplicas"',
    ]);
  });

  it('names a field of the wrong type with its path', () => {
    const c = JSON.parse(sample[0]!);
    c.pods = [{ name: 7, phase: 'Running', containers: [] }];
    const r = run(JSON.stringify(c));
    expect(r.errors[0]).toContain('field "pods[0].name" must be a string');
  });

  it('reports the first differing normative field, expected vs actual', () => {
    const c = JSON.parse(sample[0]!);
    c.expected.replicas += 1;
    const r = run(JSON.stringify(c));
    expect(r.failed).toBe(1);
    expect(r.lines[0]).toMatch(/FAIL .*: replicas: expected \d+, got \d+/);
  });

  it('compares the trace only when asked to', () => {
    const c = JSON.parse(sample[0]!);
    c.expected.trace.path = 'metricsError';
    const line = JSON.stringify(c);
    expect(run(line).failed).toBe(0);
    const report: ConformReport = { passed: 0, failed: 0, lines: [], errors: [] };
    conformText('f.jsonl', line, report, true);
    expect(report.lines[0]).toContain('trace.path: expected "metricsError", got "metrics"');
  });

  it('treats a non-object line as malformed', () => {
    expect(run('[1,2]').errors[0]).toContain('a case must be a JSON object');
  });
});
