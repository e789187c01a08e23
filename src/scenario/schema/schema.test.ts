import { describe, expect, it } from 'vitest';
import { validateCurve } from '../../engine/simulation/curves/index.ts';
import { hpaSchema, simulationSchema } from '../index.ts';
import { CURVE_FIELDS, CURVE_TYPES } from './curveSchema.ts';
import { SUPPORTED_KEYWORDS, type JsonSchema } from './jsonSchema.ts';
import { resolveRef } from './validate.ts';

const SCHEMAS: [string, JsonSchema][] = [
  ['hpaSchema', hpaSchema],
  ['simulationSchema', simulationSchema],
];

/** Every sub-schema with the path that leads to it. */
function subSchemas(root: JsonSchema): [string, JsonSchema][] {
  const out: [string, JsonSchema][] = [];
  const visit = (s: JsonSchema, where: string) => {
    out.push([where, s]);
    for (const [k, v] of Object.entries(s.properties ?? {})) visit(v, `${where}.properties.${k}`);
    for (const [k, v] of Object.entries(s.$defs ?? {})) visit(v, `${where}.$defs.${k}`);
    if (s.items) visit(s.items, `${where}.items`);
    if (typeof s.additionalProperties === 'object')
      visit(s.additionalProperties, `${where}.additionalProperties`);
    (s.allOf ?? []).forEach((b, i) => {
      if (b.if) visit(b.if, `${where}.allOf[${i}].if`);
      if (b.then) visit(b.then, `${where}.allOf[${i}].then`);
    });
  };
  visit(root, '#');
  return out;
}

describe.each(SCHEMAS)('%s', (_name, schema) => {
  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
  });

  it('uses only keywords the validator understands', () => {
    const unknown = subSchemas(schema).flatMap(([where, s]) =>
      Object.keys(s)
        .filter((k) => !SUPPORTED_KEYWORDS.includes(k))
        .map((k) => `${where}: ${k}`),
    );
    expect(unknown).toEqual([]);
  });

  it('describes every field (for hover docs)', () => {
    const missing = subSchemas(schema)
      .filter(([where]) => /\.properties\.[^.]+$/.test(where) && !where.includes('.if.'))
      .filter(([, s]) => !s.description && !resolveRef(schema, s).description)
      .map(([where]) => where);
    expect(missing).toEqual([]);
  });

  it('closes every object with fields (additionalProperties: false)', () => {
    const open = subSchemas(schema)
      .filter(([where, s]) => s.type === 'object' && s.properties && !where.includes('.if'))
      .filter(
        ([, s]) =>
          s.additionalProperties !== false &&
          !(s.allOf ?? []).every((b) => b.then?.additionalProperties === false),
      )
      .map(([where]) => where);
    expect(open).toEqual([]);
  });

  it('resolves every $ref', () => {
    const broken = subSchemas(schema).filter(
      ([, s]) => s.$ref !== undefined && Object.keys(resolveRef(schema, s)).length === 0,
    );
    expect(broken.map(([w]) => w)).toEqual([]);
  });
});

describe('hover docs carry the real defaults and API limits', () => {
  const rules = (dir: 'scaleUp' | 'scaleDown') =>
    hpaSchema.$defs!.specV2!.properties!.behavior!.properties![dir]!;
  it('scaleUp and scaleDown', () => {
    expect(rules('scaleUp').properties!.policies!.description).toContain(
      '4 pods or 100 % per 15 s',
    );
    expect(rules('scaleDown').properties!.policies!.description).toContain('100 % per 15 s');
    expect(rules('scaleDown').properties!.stabilizationWindowSeconds!.description).toContain(
      '300 s',
    );
    expect(rules('scaleUp').properties!.stabilizationWindowSeconds!.description).toContain(
      '≤ 3600',
    );
    expect(
      rules('scaleUp').properties!.policies!.items!.properties!.periodSeconds!.description,
    ).toContain('≤ 1800');
  });

  it('v2beta2 has no tolerance field; v2 has one per direction', () => {
    expect(
      hpaSchema.$defs!.specV2beta2!.properties!.behavior!.properties!.scaleUp!.properties,
    ).not.toHaveProperty('tolerance');
    expect(rules('scaleUp').properties).toHaveProperty('tolerance');
  });
});

describe('the curve schema agrees with the curves module', () => {
  const sample: Record<string, unknown> = {
    value: 1,
    at: 0,
    base: 1,
    amplitude: 0.1,
    periodSeconds: 60,
    peakAtSeconds: 0,
    seed: 1,
    mode: 'relative',
    intervalSeconds: 15,
    interpolation: 'step',
    factor: 2,
    min: 0,
    max: 5,
    bySeconds: 10,
    of: { type: 'constant', value: 1 },
    steps: [{ at: 0, value: 1 }],
    points: [{ at: 0, value: 1 }],
    spikes: [{ at: 0, durationSeconds: 1, height: 2 }],
  };
  it.each(CURVE_TYPES)('%s: the schema fields are exactly the accepted fields', (type) => {
    const fields = Object.keys(CURVE_FIELDS[type]);
    const curve: Record<string, unknown> = { type };
    for (const f of fields)
      if (f !== 'type') curve[f] = type === 'sum' && f === 'of' ? [sample.of] : sample[f];
    expect(validateCurve(curve)).toEqual([]);
    const [unknown] = validateCurve({ ...curve, bogus: 1 });
    const accepted = /expected (.*)$/
      .exec(unknown!.message)![1]!
      .split(', ')
      .map((s) => s.replace(/'/g, ''));
    expect(accepted.sort()).toEqual([...fields].sort());
  });
});
