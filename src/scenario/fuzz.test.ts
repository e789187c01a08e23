import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeScenarioBytes, parseScenario } from './index.ts';
import { FULL } from './__fixtures__/scenarios.ts';
import { wellFormed } from './__fixtures__/wellFormed.ts';

// Random YAML-ish documents built from the scenario's own vocabulary, so the fuzzer reaches deep
// into the validators rather than stopping at the first syntax error.
const words = [
  'apiVersion',
  'kind',
  'spec',
  'metadata',
  'metrics',
  'behavior',
  'scaleUp',
  'policies',
  'type',
  'value',
  'load',
  'resources',
  'cpu',
  'traffic',
  'duration',
  'workload',
  'replicas',
  'outages',
  'queue',
  'steps',
  'at',
  'of',
  '<<',
  '__proto__',
  'constructor',
];
const scalars = fc.oneof(
  fc.constantFrom(
    'autoscaling/v2',
    'autoscaling/v1',
    'autoscaling/v2beta1',
    'hpa-sim.dev/v1alpha1',
    'HorizontalPodAutoscaler',
    'Simulation',
    'Resource',
    'External',
    '90s',
    '1h',
    '500m',
    '1e400',
    '-1',
    'null',
    '~',
    '*a',
    '&a x',
    '!!binary x',
    '.nan',
  ),
  fc.integer({ min: -3, max: 1e10 }),
  fc.double(),
  fc.boolean(),
  fc.string({ maxLength: 8 }),
);
const node: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalars, tie('list'), tie('map')),
  list: fc.array(tie('value'), { maxLength: 4 }),
  map: fc.dictionary(fc.constantFrom(...words), tie('value'), { maxKeys: 5 }),
})).value;

function toYaml(v: unknown, indent: string): string {
  if (Array.isArray(v))
    return v.length === 0
      ? '[]'
      : v.map((x) => `\n${indent}- ${toYaml(x, `${indent}  `)}`).join('');
  if (v && typeof v === 'object') {
    const entries = Object.entries(v);
    return entries.length === 0
      ? '{}'
      : entries.map(([k, x]) => `\n${indent}${k}: ${toYaml(x, `${indent}  `)}`).join('');
  }
  return String(v);
}

describe('parseScenario never throws', () => {
  it('for arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => wellFormed(parseScenario(s))),
      { numRuns: 400 },
    );
  });

  it('for arbitrary full-Unicode strings (lone surrogates included)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) =>
        wellFormed(parseScenario(s)),
      ),
      { numRuns: 400 },
    );
  });

  it('for structured random YAML documents', () => {
    fc.assert(
      fc.property(node, node, fc.boolean(), (a, b, two) => {
        const text = `${toYaml(a, '').trimStart()}${two ? `\n---\n${toYaml(b, '').trimStart()}` : ''}`;
        wellFormed(parseScenario(text));
      }),
      { numRuns: 400 },
    );
  });

  it.each([
    '~',
    '3',
    '[]',
    '{}',
    '---\n~\n---\n~',
    'kind: Simulation\n---\nkind: HorizontalPodAutoscaler\napiVersion: autoscaling/v1\nspec: null\nmetadata: null',
    'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nspec:\n  metrics: [{type: ContainerResource, containerResource: {}}]\n  maxReplicas: 3',
  ])('for the degenerate document %j', (text) => wellFormed(parseScenario(text)));

  it('for mutations of a valid scenario (deleted, duplicated or swapped characters)', () => {
    fc.assert(
      fc.property(
        fc.nat(FULL.length - 1),
        fc.nat(20),
        fc.constantFrom('delete', 'duplicate', 'insert'),
        fc.constantFrom(' ', ':', '-', '[', '{', '"', '\n', '#', '&', '*', '0'),
        (pos, len, op, ch) => {
          const text =
            op === 'delete'
              ? FULL.slice(0, pos) + FULL.slice(pos + len)
              : op === 'duplicate'
                ? FULL.slice(0, pos + len) + FULL.slice(pos)
                : FULL.slice(0, pos) + ch + FULL.slice(pos);
          wellFormed(parseScenario(text));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('for non-string input', () => {
    for (const bad of [undefined, null, 42, {}, []])
      wellFormed(parseScenario(bad as unknown as string));
  });

  it('decodeScenarioBytes never throws for arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const r = decodeScenarioBytes(bytes);
        if (r.ok) expect(typeof r.text).toBe('string');
        else expect(r.diagnostic.line).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 400 },
    );
  });
});
