/** Where each field name is known in a schema: for "'scaleUp' belongs under 'spec.behavior'". */
import type { JsonSchema } from './jsonSchema.ts';

const cache = new WeakMap<JsonSchema, Map<string, string[]>>();
const MAX_ENTRIES = 5_000;

export function fieldIndex(root: JsonSchema): Map<string, string[]> {
  const hit = cache.get(root);
  if (hit) return hit;
  const index = new Map<string, string[]>();
  let entries = 0;
  const visit = (schema: JsonSchema, where: string, seen: Set<string>): void => {
    if (entries > MAX_ENTRIES) return;
    let s = schema;
    if (s.$ref !== undefined) {
      const name = s.$ref.replace('#/$defs/', '');
      if (seen.has(name) || !root.$defs || !Object.hasOwn(root.$defs, name)) return;
      seen = new Set(seen).add(name);
      s = root.$defs[name]!;
    }
    if (s['x-validate'] !== undefined || s['x-patch']) return;
    for (const [key, child] of Object.entries(s.properties ?? {})) {
      entries++;
      const list = index.get(key) ?? [];
      if (!list.includes(where) && where !== '') list.push(where);
      index.set(key, list);
      visit(child, where === '' ? key : `${where}.${key}`, seen);
    }
    if (s.items) visit(s.items, `${where}[]`, seen);
    if (typeof s.additionalProperties === 'object')
      visit(s.additionalProperties, `${where}.*`, seen);
    for (const sub of s.allOf ?? []) if (sub.then) visit(sub.then, where, seen);
  };
  visit(root, '', new Set());
  cache.set(root, index);
  return index;
}
