import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import {
  hpaSchema,
  scaledObjectSchema,
  simulationSchema,
  type JsonSchema,
} from '../../scenario/index.ts';
import { SCENARIO_SCHEMA_URI, buildScenarioSchema } from './scenarioSchema.ts';

const schema = buildScenarioSchema({
  hpa: hpaSchema,
  simulation: simulationSchema,
  scaledObject: scaledObjectSchema,
});
type Node = JsonSchema & { else?: JsonSchema };

/** Resolves a local `$ref` (a JSON pointer into the combined schema). */
function resolve(ref: string): Node {
  expect(ref.startsWith('#/')).toBe(true);
  let node: unknown = schema;
  for (const part of ref.slice(2).split('/')) {
    node = (node as Record<string, unknown>)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (!node || typeof node !== 'object') throw new Error(`unresolved $ref ${ref}`);
  return node as Node;
}

const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;

/**
 * A small validator for the keywords the schemas use (what monaco-yaml reads to choose the
 * schema for completion and hover): type, properties, additionalProperties, required, enum,
 * const, items, $ref, allOf, if/then/else. Returns the paths of problems.
 */
function validate(value: unknown, s: Node, path = ''): string[] {
  if (s.$ref) return validate(value, resolve(s.$ref), path);
  const problems: string[] = [];
  if (s.type) {
    const types = Array.isArray(s.type) ? s.type : [s.type];
    const t = typeOf(value);
    const ok = types.some((want) => want === t || (want === 'number' && t === 'integer'));
    // Kubernetes reads null as absent; only the root must be an object.
    if (!ok && !(value === null && path !== '')) return [`${path}: ${t} is not ${types.join('|')}`];
  }
  if (s.enum && !s.enum.includes(value as never)) problems.push(`${path}: not in enum`);
  if (s.const !== undefined && value !== s.const) problems.push(`${path}: not ${s.const}`);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    for (const key of s.required ?? []) if (!(key in obj)) problems.push(`${path}.${key}: missing`);
    for (const [key, v] of Object.entries(obj)) {
      const sub = s.properties?.[key];
      if (sub) problems.push(...validate(v, sub, `${path}.${key}`));
      else if (s.additionalProperties === false) problems.push(`${path}.${key}: unknown`);
      else if (typeof s.additionalProperties === 'object')
        problems.push(...validate(v, s.additionalProperties, `${path}.${key}`));
    }
  }
  if (Array.isArray(value) && s.items) {
    value.forEach((v, i) => problems.push(...validate(v, s.items!, `${path}[${i}]`)));
  }
  for (const sub of s.allOf ?? []) problems.push(...validate(value, sub, path));
  if (s.if) {
    const branch = validate(value, s.if, path).length === 0 ? s.then : s.else;
    if (branch) problems.push(...validate(value, branch, path));
  }
  return problems;
}

const presetDir = join(import.meta.dirname, '../../presets');
const presets = readdirSync(presetDir).filter((f) => f.endsWith('.yaml'));
const documentsOf = (text: string): unknown[] => parseAllDocuments(text).map((d) => d.toJS());

describe('the combined scenario schema for monaco-yaml', () => {
  it('is plain JSON with its own id, and no x- keyword left', () => {
    expect(JSON.parse(JSON.stringify(schema))).toEqual(schema);
    expect(schema.$id).toBe(SCENARIO_SCHEMA_URI);
    expect(JSON.stringify(schema)).not.toMatch(
      /"x-(validate|minSeconds|maxSeconds|limit|minLimit|exclusiveMinSeconds)"/,
    );
  });

  it('resolves every $ref inside itself', () => {
    const refs = [...JSON.stringify(schema).matchAll(/"\$ref":"([^"]*)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of new Set(refs)) expect(() => resolve(ref), ref).not.toThrow();
  });

  it('keeps the descriptions of both documents', () => {
    const hpaSpec = resolve('#/$defs/hpa/$defs/specV2');
    expect(hpaSpec.properties?.maxReplicas?.description).toMatch(/Highest replica count/);
    const sim = resolve('#/$defs/simulation');
    expect(sim.properties?.spec?.properties?.duration?.description).toMatch(/Simulated time/);
  });

  it('does not modify the source schemas', () => {
    expect(hpaSchema.$defs?.specV2).toBeDefined();
    expect(JSON.stringify(hpaSchema)).toContain('"$ref":"#/$defs/specV2"');
    expect(JSON.stringify(simulationSchema)).toContain('"x-validate":"curve"');
  });

  it('keeps data and properties that look like keywords', () => {
    const built = buildScenarioSchema({
      hpa: {
        type: 'object',
        properties: { 'x-custom': { type: 'string' }, $ref: { type: 'string' } },
        default: { $ref: '#/kept', 'x-kept': 1 },
      },
      simulation: { type: 'object' },
    });
    const hpa = built.$defs!.hpa!;
    expect(Object.keys(hpa.properties!)).toEqual(['x-custom', '$ref']);
    expect(hpa.default).toEqual({ $ref: '#/kept', 'x-kept': 1 });
  });

  it.each(presets)('accepts both documents of preset %s', (file) => {
    const docs = documentsOf(readFileSync(join(presetDir, file), 'utf8'));
    expect(docs.length).toBeGreaterThanOrEqual(1);
    for (const doc of docs) expect(validate(doc, schema)).toEqual([]);
  });

  it("leaves an install file's other kinds alone, and checks an HPA or a kindless document", () => {
    const deployment = { apiVersion: 'apps/v1', kind: 'Deployment', spec: { replicas: 2 } };
    expect(validate(deployment, schema)).toEqual([]);
    const hpa = { apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', spek: {} };
    expect(validate(hpa, schema)).toContain('.spek: unknown');
    expect(validate({ apiVersion: 'apps/v1', spek: {} }, schema).length).toBeGreaterThan(0);
  });

  it('dispatches on kind: each document gets its own schema', () => {
    const [hpa, sim] = documentsOf(readFileSync(join(presetDir, 'default.yaml'), 'utf8')) as [
      Record<string, Record<string, unknown>>,
      Record<string, Record<string, unknown>>,
    ];
    expect(validate({ ...hpa, spec: { ...hpa.spec, maxReplica: 3 } }, schema)).toEqual([
      '.spec.maxReplica: unknown',
    ]);
    expect(validate({ ...sim, spec: { ...sim.spec, durashun: '1h' } }, schema)).toEqual([
      '.spec.durashun: unknown',
    ]);
    // An HPA field in the Simulation document is unknown there: it is not checked as an HPA.
    expect(validate({ ...sim, spec: { ...sim.spec, maxReplicas: 3 } }, schema)).toEqual([
      '.spec.maxReplicas: unknown',
    ]);
    // A KEDA ScaledObject gets its CRD's fields, not the HPA's.
    const scaledObject = {
      apiVersion: 'keda.sh/v1alpha1',
      kind: 'ScaledObject',
      metadata: { name: 'web' },
      spec: {
        scaleTargetRef: { name: 'web' },
        maxReplicaCount: 5,
        triggers: [{ type: 'cpu', metricType: 'Utilization', metadata: { value: '60' } }],
      },
    };
    expect(validate(scaledObject, schema)).toEqual([]);
    expect(
      validate({ ...scaledObject, spec: { ...scaledObject.spec, maxReplicas: 5 } }, schema),
    ).toEqual(['.spec.maxReplicas: unknown']);
    // A document still without kind is offered the HPA's fields.
    expect(validate({ spec: { maxReplicas: 3 } }, schema)).toEqual([
      '.apiVersion: missing',
      '.kind: missing',
    ]);
  });
});
