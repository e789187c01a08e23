import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCaseLine } from './caseLine.ts';
import { checkFederationCase } from './runFederationCase.ts';

const sample = readFileSync(
  resolve(import.meta.dirname, '../../tests/federation/cases.jsonl'),
  'utf8',
)
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as Record<string, unknown>);

const firstOf = (kind: string) => structuredClone(sample.find((c) => c.kind === kind)!);

function error(raw: unknown): string {
  const r = parseCaseLine(JSON.stringify(raw));
  if (r.ok) throw new Error('expected a malformed case');
  return r.error;
}

describe('federation case parsing', () => {
  it('tells federation cases from HPA vectors by their kind', () => {
    const r = parseCaseLine(JSON.stringify(firstOf('divide')));
    expect(r.ok && r.value.family).toBe('federation');
    expect(error({ name: 'x' })).toMatch(/^missing field "now"/);
  });

  it('names an unknown kind, policy or strategy with the allowed values', () => {
    expect(error({ ...firstOf('assign'), kind: 'asign' })).toContain(
      'field "kind" must be one of assign, optimize',
    );
    expect(error({ ...firstOf('assign'), policy: 'Weighted' })).toContain(
      'field "policy" must be one of Duplicated, StaticWeighted',
    );
    expect(error({ ...firstOf('divide'), strategy: 7 })).toBe('field "strategy" must be a string');
    expect(error({ ...firstOf('divide'), tieBreak: 'random' })).toContain('field "tieBreak"');
  });

  it('names the path of a missing or ill-typed nested field', () => {
    const c = firstOf('optimize');
    delete (c.clusters as Record<string, unknown>[])[1]!.currentReplicas;
    expect(error(c)).toBe('missing field "clusters[1].currentReplicas"');
    const d = firstOf('divide');
    (d.clusters as Record<string, unknown>[])[0]!.availableReplicas = -1;
    expect(error(d)).toBe(
      'field "clusters[0].availableReplicas" must be a whole number from 0 to 1000000',
    );
    const e = firstOf('assign');
    (e.expected as Record<string, unknown>).resourceBinding = {};
    expect(error(e)).toBe('field "expected.resourceBinding" must be an array');
  });

  it('rejects duplicate names, an unknown failed cluster and impossible bounds', () => {
    const a = firstOf('assign');
    const cl = a.clusters as { name: string }[];
    cl[1]!.name = cl[0]!.name;
    expect(error(a)).toBe(`field "clusters[1].name": duplicate name "${cl[0]!.name}"`);
    expect(error({ ...firstOf('failover'), failedCluster: 'nowhere' })).toBe(
      'field "failedCluster": "nowhere" is not one of the clusters',
    );
    expect(error({ ...firstOf('assign'), federatedMinReplicas: 5, federatedMaxReplicas: 4 })).toBe(
      'field "federatedMaxReplicas" must be at least federatedMinReplicas (5)',
    );
    expect(error({ ...firstOf('divide'), replicas: 2.5 })).toContain('field "replicas"');
    expect(error({ ...firstOf('assign'), expected: undefined })).toBe('missing field "expected"');
    expect(error({ ...firstOf('divide'), expected: { unschedulable: 'yes' } })).toBe(
      'field "expected.unschedulable" must be a boolean',
    );
    expect(error({ ...firstOf('divide'), expected: { unschedulable: false } })).toBe(
      'missing field "expected.clusters"',
    );
  });

  it('fills absent optional values with the spec defaults', () => {
    const r = parseCaseLine(
      JSON.stringify({
        kind: 'divide',
        name: 'defaults',
        strategy: 'DynamicWeight',
        replicas: 0,
        clusters: [{ name: 'a' }],
        expected: { clusters: [] },
      }),
    );
    if (!r.ok || r.value.family !== 'federation' || r.value.case.kind !== 'divide') {
      throw new Error('expected a divide case');
    }
    expect(r.value.case.input).toEqual({
      strategy: 'DynamicWeight',
      replicas: 0,
      tieBreak: 'ascending',
      clusters: [{ name: 'a', weight: 0, availableReplicas: 0, previousReplicas: 0 }],
    });
  });
});

describe('federation case checking', () => {
  function check(raw: unknown) {
    const r = parseCaseLine(JSON.stringify(raw));
    if (!r.ok || r.value.family !== 'federation') throw new Error('not a federation case');
    return checkFederationCase(r.value.case);
  }

  it('compares cluster lists by name, whatever their order', () => {
    const c = firstOf('assign');
    const exp = c.expected as { clusters: unknown[] };
    exp.clusters.reverse();
    expect(check(c)).toBeNull();
  });

  it('reports the first differing field of a named cluster', () => {
    const c = firstOf('optimize');
    const first = (c.expected as { clusters: { name: string; maxReplicas: number }[] })
      .clusters[0]!;
    first.maxReplicas += 1;
    expect(check(c)).toEqual({
      path: `clusters.${first.name}.maxReplicas`,
      expected: first.maxReplicas,
      actual: first.maxReplicas - 1,
    });
  });

  it('compares clusters named like Object properties as any other name', () => {
    const c = {
      kind: 'divide',
      name: 'proto',
      strategy: 'StaticWeight',
      replicas: 3,
      clusters: [
        { name: '__proto__', weight: 2 },
        { name: 'constructor', weight: 1 },
      ],
      expected: {
        clusters: [
          { name: '__proto__', replicas: 2 },
          { name: 'constructor', replicas: 1 },
        ],
      },
    };
    expect(check(c)).toBeNull();
    c.expected.clusters[0]!.replicas = 3;
    expect(check(c)?.path).toBe('clusters.__proto__.replicas');
  });

  it('counts a missing or extra cluster as a difference', () => {
    const c = firstOf('assign');
    (c.expected as { clusters: unknown[] }).clusters.pop();
    expect(check(c)).not.toBeNull();
  });

  it('compares the zeroing sequence in order', () => {
    const c = sample.find(
      (x) => x.kind === 'scaleToZero' && (x.expected as { zeroed: string[] }).zeroed.length > 1,
    )!;
    const copy = structuredClone(c);
    (copy.expected as { zeroed: string[] }).zeroed.reverse();
    expect(check(c)).toBeNull();
    expect(check(copy)?.path).toBe('zeroed.0');
  });

  it('tells an unschedulable division from a placed one', () => {
    const c = sample.find((x) => x.kind === 'divide' && 'unschedulable' in (x.expected as object))!;
    const copy = structuredClone(c);
    copy.expected = { clusters: [] };
    expect(check(c)).toBeNull();
    expect(check(copy)).not.toBeNull();
  });
});
