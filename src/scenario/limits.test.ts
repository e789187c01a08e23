import { describe, expect, it } from 'vitest';
import { simulate } from '../engine/simulation/index.ts';
import { parseScenario } from './index.ts';
import { MAX_DEPTH, MAX_DOCUMENTS } from './limits.ts';
import { BASIC_SPEC, HPA_V2, SIMULATION, errors, find } from './__fixtures__/helpers.ts';

const withSim = (simSpec: string, hpaSpec = BASIC_SPEC) =>
  `${HPA_V2(hpaSpec)}---\n${SIMULATION(simSpec)}`;
const only = (text: string) => errors(parseScenario(text).diagnostics);

describe('hostile text is stopped with a clear limit error', () => {
  it('more than 2 MB, before parsing', () => {
    const e = only(`a: "${'x'.repeat(2 * 1024 * 1024)}"`);
    expect(e.map((d) => [d.message, d.line, d.column])).toEqual([
      ['the scenario is 2.0 MB; the limit is 2 MB', 1, 1],
    ]);
  });

  it('100k nested [ does not overflow the stack', () => {
    const e = only('['.repeat(100_000));
    expect(e).toHaveLength(1);
    expect(e[0]!.message).toBe(`maps and lists nest deeper than ${MAX_DEPTH} levels (the limit)`);
  });

  it('100k nested { and 1M compact "- " entries', () => {
    expect(only(`a: ${'{'.repeat(100_000)}`)[0]!.message).toContain('nest deeper than');
    expect(only('- '.repeat(1_000_000))[0]!.message).toContain('nest deeper than');
  });

  it('nesting just past the limit, located at the node', () => {
    const text = `spec: ${'['.repeat(MAX_DEPTH)}${']'.repeat(MAX_DEPTH)}`;
    const e = only(text);
    expect(e[0]!.message).toBe(`maps and lists nest deeper than ${MAX_DEPTH} levels (the limit)`);
    expect(e[0]!.line).toBe(1);
    expect(e[0]!.column).toBeGreaterThan(6 + MAX_DEPTH - 3);
  });

  it('a billion-laughs alias bomb', () => {
    const rows = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      rows.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(', ')}]`);
    }
    const e = only(rows.join('\n'));
    expect(e).toHaveLength(1);
    expect(e[0]!.message).toMatch(/YAML alias references \(the limit\)|values \(the limit/);
  });

  it('an alias cycle', () => {
    expect(only('a: &y [*y]')[0]!.message).toContain('a cycle');
  });

  it('too many documents', () => {
    const base = withSim('  duration: 1h\n');
    const text = `${base}${'---\nfoo: bar\n'.repeat(MAX_DOCUMENTS - 1)}`;
    const e = only(text);
    // Located at the `---` that starts the first document past the limit.
    const markerLine = base.split('\n').length - 1 + 2 * (MAX_DOCUMENTS - 1) - 1;
    expect(e.map((d) => [d.document, d.line])).toEqual([[MAX_DOCUMENTS, markerLine]]);
    expect(e[0]!.message).toContain(`at most ${MAX_DOCUMENTS} YAML documents`);
  });

  it('too many lines and list items', () => {
    expect(only(`[${'0,'.repeat(500_000)}0]`)[0]!.message).toContain(
      'lines and list items (the limit)',
    );
  });
});

describe('simulator limits, distinct from API validation', () => {
  const cases: [string, string, string, string][] = [
    [
      'a 10-year duration',
      '  duration: 87600h\n',
      'spec.duration',
      "must be at most 744h (31 days), the simulator's limit; got 87600h (3650 days)",
    ],
    [
      'a number-of-seconds duration beyond 31 days',
      '  duration: 2678401\n',
      'spec.duration',
      "must be at most 744h (31 days), the simulator's limit; got 744h1s",
    ],
    ['a zero duration', '  duration: 0s\n', 'spec.duration', 'must be longer than 0s, got 0s'],
    [
      '1e9 replicas',
      '  workload: { replicas: 1000000000 }\n',
      'spec.workload.replicas',
      'must be at most 5,000 (the simulator runs at most 5,000 pods), got 1,000,000,000',
    ],
    [
      'maxPods above the limit',
      '  workload: { maxPods: 5001 }\n',
      'spec.workload.maxPods',
      'must be at most 5,000 (the simulator runs at most 5,000 pods), got 5,001',
    ],
    [
      'a 1 ms sync period',
      '  controller: { syncPeriod: 1ms }\n',
      'spec.controller.syncPeriod',
      "must be at least 1s, the simulator's limit; got 1ms",
    ],
    [
      'a sub-second resolution',
      '  metricsPipeline: { resolution: 500ms }\n',
      'spec.metricsPipeline.resolution',
      "must be at least 1s, the simulator's limit; got 500ms",
    ],
    [
      'too many syncs',
      '  duration: 720h\n  controller: { syncPeriod: 1s }\n',
      'spec.duration',
      "720h (30 days) at a 1s sync period is 2,592,001 controller syncs; the simulator's limit is 1,000,000 (shorten the duration or lengthen syncPeriod)",
    ],
  ];
  it.each(cases)('%s', (_name, simSpec, path, message) => {
    const d = find(parseScenario(withSim(simSpec)).diagnostics, path);
    expect(d?.severity).toBe('error');
    expect(d?.message).toBe(message);
  });

  it('HPA maxReplicas beyond 5,000 is valid for the API: the run is capped at 5,000, with a warning', () => {
    // Issue 26: a simulator limit is a notice that the run is capped, not a refusal.
    const r = parseScenario(
      HPA_V2('  scaleTargetRef: { kind: Deployment, name: web }\n  maxReplicas: 10000\n'),
    );
    expect(errors(r.diagnostics)).toEqual([]);
    expect(
      r.diagnostics.filter((d) => d.severity === 'warning').map((d) => [d.path, d.message]),
    ).toContainEqual([
      'hpa:spec.maxReplicas',
      'spec.maxReplicas is 10,000: the API server accepts it, but the simulator runs at most 5,000 pods, so this run is capped at 5,000 replicas (the controller clamps there, not at 10,000)',
    ]);
    expect(r.notices.some((n) => n.includes('this run is capped'))).toBe(true);
    expect(r.effectiveHpa?.spec.maxReplicas).toBe(10000);
    expect(r.input?.hpa.spec.maxReplicas).toBe(5000);
    const run = simulate(r.input!);
    expect(run.ok && Math.max(...run.result.series.specReplicas)).toBeLessThanOrEqual(5000);
  });

  it("minReplicas beyond 5,000 is refused: no run could reach the HPA's range", () => {
    const r = parseScenario(
      HPA_V2(
        '  scaleTargetRef: { kind: Deployment, name: web }\n  minReplicas: 6000\n  maxReplicas: 10000\n',
      ),
    );
    expect(errors(r.diagnostics).map((d) => d.path)).toEqual(['hpa:spec.minReplicas']);
  });

  it("a Deployment's replicas beyond 5,000 start the run at 5,000, with a warning there", () => {
    const text = `${HPA_V2('  scaleTargetRef: { kind: Deployment, name: web }\n  maxReplicas: 30\n')}---
kind: Deployment
apiVersion: apps/v1
metadata: { name: web }
spec:
  replicas: 5001
`;
    const r = parseScenario(text);
    expect(errors(r.diagnostics)).toEqual([]);
    const warning = r.diagnostics.find((d) => d.severity === 'warning');
    expect([warning?.line, warning?.message]).toEqual([
      text.split('\n').indexOf('  replicas: 5001') + 1,
      '5,001 replicas: the simulator runs at most 5,000 pods, so the run starts with 5,000',
    ]);
    expect(r.input!.workload.initialReplicas).toBe(5000);
    expect(simulate(r.input!).ok).toBe(true);
  });

  it('an int32 overflow is a decoding error', () => {
    const r = parseScenario(
      HPA_V2('  scaleTargetRef: { kind: Deployment, name: web }\n  maxReplicas: 1e10\n'),
    );
    expect(find(r.diagnostics, 'hpa:spec.maxReplicas')?.message).toBe(
      'must fit in a 32-bit integer, got 10000000000',
    );
  });
});
