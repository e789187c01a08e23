/**
 * One JSON Schema for the whole scenario text, for monaco-yaml.
 *
 * monaco-yaml (yaml-language-server) applies one schema per file and checks each YAML document
 * of the file against it. A scenario has two documents, the HPA manifest and the `kind:
 * Simulation` document, so the combined schema dispatches on `kind`: `Simulation` → the
 * Simulation schema, `ScaledObject` (KEDA, which the scenario runs as the HPA KEDA creates) → its
 * CRD's schema, `HorizontalPodAutoscaler` or no kind yet (a document still being typed) → the
 * HPA schema, and any other kind (an install file's Deployment, Service …) → none: the scenario's
 * own reading says what it does with them.
 *
 * Each source schema keeps its own `$defs`, nested under the combined schema's `$defs`, and its
 * `$ref`s are rewritten to point there, so the two can never clash over a definition name.
 * `x-` keywords (our validator's) are dropped: Monaco does not know them.
 */
import type { JsonSchema } from '../../run/index.ts';

/** The schema's identity in monaco-yaml; never fetched (`enableSchemaRequest: false`). */
export const SCENARIO_SCHEMA_URI = 'https://hpa-sim.dev/schema/scenario.json';
/** Model URIs end with this; the schema's `fileMatch` selects them. */
export const SCENARIO_FILE_SUFFIX = '.hpa-sim.yaml';
export const SIMULATION_KIND = 'Simulation';
export const SCALED_OBJECT_KIND = 'ScaledObject';
export const HPA_KIND = 'HorizontalPodAutoscaler';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface ScenarioSchemaParts {
  hpa: JsonSchema;
  simulation: JsonSchema;
  /** KEDA's ScaledObject (optional: without it a ScaledObject gets the HPA's schema) */
  scaledObject?: JsonSchema;
}

const kindIs = (kind: string) => ({
  type: 'object',
  properties: { kind: { const: kind } },
  required: ['kind'],
});

/** The combined schema (plain JSON, safe to post to a worker). */
export function buildScenarioSchema({
  hpa,
  simulation,
  scaledObject,
}: ScenarioSchemaParts): JsonSchema {
  const hpaPart = embed(hpa, '#/$defs/hpa');
  const simulationPart = embed(simulation, '#/$defs/simulation');
  // Any other kind (a Deployment, a Service of an install file) is the scenario's to read, not
  // an HPA with a wrong kind: no schema, so no squiggles on it. No kind at all: the HPA's.
  const hpaOrOther = {
    if: kindIs(HPA_KIND),
    then: { $ref: '#/$defs/hpa' },
    else: { if: { type: 'object', required: ['kind'] }, then: {}, else: { $ref: '#/$defs/hpa' } },
  };
  const notSimulation = scaledObject
    ? { if: kindIs(SCALED_OBJECT_KIND), then: { $ref: '#/$defs/scaledObject' }, else: hpaOrOther }
    : hpaOrOther;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: SCENARIO_SCHEMA_URI,
    title: 'hpa-sim scenario document',
    description:
      'A HorizontalPodAutoscaler manifest, or (kind: Simulation) the hpa-sim settings for it.',
    if: kindIs(SIMULATION_KIND),
    then: { $ref: '#/$defs/simulation' },
    else: notSimulation,
    $defs: {
      hpa: hpaPart,
      simulation: simulationPart,
      ...(scaledObject ? { scaledObject: embed(scaledObject, '#/$defs/scaledObject') } : {}),
    },
  } as JsonSchema;
}

/** A copy of `schema` to live at `base`: no `$schema`/`$id`, local `$ref`s re-rooted. */
function embed(schema: JsonSchema, base: string): JsonSchema {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rewriteSchema(rest as Json, base) as JsonSchema;
}

/** Keywords whose value is a map of subschemas. */
const SCHEMA_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);
/** Keywords whose value is a subschema or a list of them. */
const SUBSCHEMAS = new Set([
  'items',
  'prefixItems',
  'additionalProperties',
  'additionalItems',
  'unevaluatedProperties',
  'unevaluatedItems',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'allOf',
  'anyOf',
  'oneOf',
]);

/**
 * Walks schema positions only: data (`default`, `enum`, `const`, `examples`) is copied as is,
 * and a property *named* `x-…` or `$ref` is kept.
 */
function rewriteSchema(node: Json, base: string): Json {
  if (Array.isArray(node)) return node.map((item) => rewriteSchema(item, base));
  if (node === null || typeof node !== 'object') return node;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) {
    if (key.startsWith('x-')) continue;
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#')) {
      out[key] = base + value.slice(1);
    } else if (SCHEMA_MAPS.has(key) && isObject(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, rewriteSchema(sub, base)]),
      );
    } else if (SUBSCHEMAS.has(key)) {
      out[key] = rewriteSchema(value, base);
    } else {
      // Data: a primitive as is (a structured clone per string cost more than the walk did).
      out[key] = value !== null && typeof value === 'object' ? structuredClone(value) : value;
    }
  }
  return out;
}

function isObject(value: Json): value is { [key: string]: Json } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
