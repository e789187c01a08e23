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
import { checkCli, checkCliArgs } from './checkCli.ts';
import {
  checkCsv,
  checkLink,
  checkPrometheus,
  checkScenario,
  checkTrafficImport,
  diagnosticFindings,
  pastedTrafficProblems,
  pollution,
} from './checks.ts';
import { checkArgs, runArgs } from './families/cliFlags.ts';
import { federationScenario } from './families/federation.ts';
import { importArgs, importText, trafficRequest } from './families/imports.ts';
import { kedaScenario } from './families/keda.ts';
import { HOSTILE_VALUES, withHostileValue, withShapes } from './families/shapes.ts';
import { smallStreams } from './families/streams.ts';
import { variantsScenario } from './families/variants.ts';
import { changesScenario, nodesScenario, releaseScenario } from './families/world.ts';

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

  it('the families that grew: federation, KEDA, streams and List dumps, variants, wrong shapes', () => {
    for (const [target, arb, runs] of [
      ['federation', withShapes(federationScenario), 15],
      ['federation', federationScenario, 15],
      ['keda', fc.oneof(kedaScenario, withShapes(kedaScenario)), 30],
      ['stream', smallStreams, 15],
      ['variants', fc.oneof(variantsScenario, withShapes(variantsScenario)), 15],
    ] as const) {
      fc.assert(
        fc.property(arb, (t) => noFindings(checkScenario(t, undefined, target))),
        { numRuns: runs },
      );
    }
  });

  it('what grew since: releases and feature gates, spec.changes, nodes (both provisioners)', () => {
    for (const [target, arb, runs] of [
      ['releases', fc.oneof(releaseScenario, withShapes(releaseScenario)), 12],
      ['changes', fc.oneof(changesScenario, withShapes(changesScenario)), 12],
      ['nodes', fc.oneof(nodesScenario, withShapes(nodesScenario)), 12],
    ] as const) {
      fc.assert(
        fc.property(arb, (t) => noFindings(checkScenario(t, undefined, target))),
        { numRuns: runs },
      );
    }
  });

  it('import with every option: a curve that validates when pasted, or a located refusal', () => {
    fc.assert(
      fc.property(importText, importArgs, (input, args) =>
        noFindings(checkCliArgs(['import', ...args], input.text, input.ext, 'import')),
      ),
      { numRuns: 60 },
    );
    fc.assert(
      fc.property(trafficRequest, (r) => noFindings(checkTrafficImport(r))),
      { numRuns: 60 },
    );
  });

  it('run and check with every flag and a small budget, on every family', () => {
    const scenario = fc.oneof(
      structuredScenario,
      federationScenario,
      kedaScenario,
      variantsScenario,
      releaseScenario,
      changesScenario,
      nodesScenario,
    );
    fc.assert(
      fc.property(fc.oneof(runArgs, checkArgs), scenario, (args, text) =>
        noFindings(checkCliArgs(args, text, 'yaml')),
      ),
      { numRuns: 30 },
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
    // A value JavaScript printed (a KEDA threshold of 1e308 once read '"Infinitym" is not a
    // Kubernetes quantity'); the input's own "NaN" echoed back is no finding.
    expect(kinds([{ ...d, message: '"Infinitym" is not a quantity' }])[0]).toMatch(
      /^a JavaScript value \(Infinity\)/,
    );
    expect(kinds([{ ...d, message: 'got undefined' }])[0]).toMatch(/^a JavaScript value/);
    expect(diagnosticFindings('threshold: NaN', [{ ...d, message: 'got "NaN"' }])).toEqual([]);
    expect(pollution()).toBeNull();
    const proto = Object.prototype as Record<string, unknown>;
    proto.polluted = 1;
    try {
      expect(pollution()).toMatch(/Object\.prototype changed/);
    } finally {
      delete proto.polluted;
    }
    expect(pollution()).toBeNull();
    // A curve the scenario refuses is seen as such (what `import` once printed).
    expect(pastedTrafficProblems('traffic: { type: constant, value: 1 }')).toEqual([]);
    const infinite = 'traffic:\n  type: series\n  stepSeconds: 60\n  values: >-\n    Infinity';
    expect(pastedTrafficProblems(infinite)[0]).toMatch(/^spec\.traffic\.values: value 1/);
    // A hostile value lands where it is asked to, its nested block gone.
    expect(withHostileValue('a:\n  b: 1\nc: 2\n', 0, HOSTILE_VALUES[0])).toBe('a: 3\nc: 2\n');
  });
});
