// The short fuzz run in the test suite: a few hundred generated inputs per API, every invariant
// of checks.ts. `npm run fuzz` runs the same checks over 100,000+ inputs and counts findings.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  csvText,
  linkPayload,
  mutatedPreset,
  prometheusText,
  scenarioText,
  structuredScenario,
} from './arbitraries.ts';
import {
  checkCli,
  checkCsv,
  checkLink,
  checkPrometheus,
  checkScenario,
  diagnosticFindings,
  pollution,
} from './checks.ts';

function noFindings(findings: { kind: string; message: string }[]): void {
  expect(findings.map((f) => `${f.kind}: ${f.message}`)).toEqual([]);
}

describe('fuzz (short run)', () => {
  it('parseScenario and simulate: mutated presets, structured and raw text', () => {
    fc.assert(
      fc.property(scenarioText, (t) => noFindings(checkScenario(t))),
      { numRuns: 150 },
    );
  });

  it('the CSV and Prometheus importers', () => {
    fc.assert(
      fc.property(csvText, (t) => noFindings(checkCsv(t))),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(prometheusText, (t) => noFindings(checkPrometheus(t))),
      { numRuns: 200 },
    );
  });

  it('the share-link codec: hostile payloads, and scenarios round-tripped', async () => {
    await fc.assert(
      fc.asyncProperty(linkPayload, mutatedPreset, async (p, t) =>
        noFindings(await checkLink(p, t)),
      ),
      { numRuns: 60 },
    );
  });

  it('the CLI: run, check and import print only escaped, located lines', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          structuredScenario.map((t) => ['run', t, 'yaml'] as const),
          mutatedPreset.map((t) => ['check', t, 'yaml'] as const),
          csvText.map((t) => ['import', t, 'csv'] as const),
          prometheusText.map((t) => ['import', t, 'json'] as const),
        ),
        ([command, text, ext]) => noFindings(checkCli(command, text, ext)),
      ),
      { numRuns: 40 },
    );
  });

  it('the checks can fail: each broken invariant is reported', () => {
    const d = {
      severity: 'error' as const,
      message: 'x',
      path: '',
      document: 0 as const,
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 2,
    };
    const kinds = (ds: (typeof d)[]) => diagnosticFindings('ab\ncd', ds).map((f) => f.message);
    expect(kinds([d])).toEqual([]);
    expect(kinds([{ ...d, line: 0 }])[0]).toMatch(/^unlocated/);
    expect(kinds([{ ...d, line: 3 }])[0]).toMatch(/^diagnostic out of range/);
    expect(kinds([{ ...d, column: 4 }])[0]).toMatch(/^diagnostic out of range/);
    expect(kinds([{ ...d, endColumn: 1 }])[0]).toMatch(/^empty range/);
    expect(kinds([{ ...d, message: 'a\u001bb' }])[0]).toMatch(/^raw control/);
    expect(pollution()).toBeNull();
    const proto = Object.prototype as Record<string, unknown>;
    proto.polluted = 1;
    try {
      expect(pollution()).toMatch(/Object\.prototype changed/);
    } finally {
      delete proto.polluted;
    }
    expect(pollution()).toBeNull();
  });
});
