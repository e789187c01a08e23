// Every field of the Simulation document given a value of the wrong shape (a scalar where a list
// or map belongs, a list of nulls, a map where a scalar belongs): parseScenario never reports an
// internal error (a reader that used a value the schema had refused), and every error is located.
// The fields come from the schema itself, so a new field is covered the day it is added.
import { describe, expect, it } from 'vitest';
import { parseScenario } from './index.ts';
import { CPU_ONLY } from './__fixtures__/scenarios.ts';
import { simulationSchema } from './schema/simulationSchema.ts';
import { resolveRef } from './schema/validate.ts';
import type { JsonSchema } from './schema/jsonSchema.ts';
import type { PathSegment } from './types.ts';

/** Every field path under `spec` (a list's item as index 0), to a few levels deep. */
function fieldPaths(schema: JsonSchema, path: PathSegment[], out: PathSegment[][]): void {
  const s = resolveRef(simulationSchema, schema);
  if (path.length > 7 || s['x-validate'] === 'curve') return;
  const properties: Record<string, JsonSchema> = { ...s.properties };
  for (const sub of s.allOf ?? []) Object.assign(properties, (sub.then ?? sub).properties);
  for (const [key, child] of Object.entries(properties)) {
    out.push([...path, key]);
    fieldPaths(child, [...path, key], out);
  }
  if (s.items) {
    out.push([...path, 0]);
    fieldPaths(s.items, [...path, 0], out);
  }
  if (typeof s.additionalProperties === 'object') {
    out.push([...path, 'x']);
    fieldPaths(s.additionalProperties, [...path, 'x'], out);
  }
}

function withValue(path: PathSegment[], value: unknown): unknown {
  const root: Record<string, unknown> = {};
  let node: Record<string | number, unknown> = root;
  path.forEach((seg, i) => {
    const next = path[i + 1];
    if (next === undefined) node[seg] = value;
    else node = (node[seg] = typeof next === 'number' ? [] : {}) as typeof node;
  });
  return root;
}

const SHAPES: unknown[] = [3, [null], { zz: [1] }];

describe('wrong shapes in the Simulation document', () => {
  const paths: PathSegment[][] = [];
  fieldPaths(simulationSchema.properties!.spec!, [], paths);

  it('walks the schema (the test covers the fields it should)', () => {
    const shown = paths.map((p) => p.join('.'));
    expect(shown).toContain('federation.clusters');
    expect(shown).toContain('federation.clusters.0.name');
    expect(shown).toContain('workload.containers.0.resources');
    expect(shown).toContain('variants.0.patch');
    expect(paths.length).toBeGreaterThan(100);
  });

  it('each field, each wrong shape: located errors, never an internal one', () => {
    const failures: string[] = [];
    for (const path of paths) {
      for (const shape of SHAPES) {
        const spec = JSON.stringify(withValue(path, shape));
        const text = `${CPU_ONLY}---\napiVersion: hpa-sim.dev/v1alpha1\nkind: Simulation\nspec: ${spec}\n`;
        const r = parseScenario(text);
        const where = `spec.${path.join('.')} = ${JSON.stringify(shape)}`;
        for (const d of r.diagnostics) {
          if (d.message.startsWith('internal error')) failures.push(`${where}: ${d.message}`);
          if (d.severity === 'error' && d.path === '')
            failures.push(`${where}: not at a field: ${d.message}`);
        }
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
  });
});
