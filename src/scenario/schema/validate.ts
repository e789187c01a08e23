/**
 * A small JSON Schema walker that yields located issues: unknown fields (with "did you mean"
 * suggestions and a hint when the field belongs elsewhere), wrong types, enums, bounds, and the
 * `quantity` / `duration` / `int32` formats. `null` is treated as an absent field, as Kubernetes'
 * JSON decoding does. Bounded: it visits each value once and never recurses through `$ref` cycles
 * without consuming the value.
 */
import { describeValue, didYouMean } from '../suggest.ts';
import {
  checkScalar,
  expectedOf,
  jsonTypeOf,
  limitNote,
  typeHint,
  typeMatches,
} from './checkValue.ts';
import type { Path, PathSegment } from '../types.ts';
import type { JsonSchema } from './jsonSchema.ts';
import { fieldIndex } from './fieldIndex.ts';

/** type and format problems are decoding errors for Kubernetes; value problems (enums, bounds) are validation. */
export type IssueKind = 'unknown-field' | 'type' | 'format' | 'value' | 'missing';

export interface SchemaIssue {
  path: Path;
  message: string;
  at: 'key' | 'value';
  kind: IssueKind;
}

export interface ValidateOptions {
  /** Called for schemas marked `x-validate: curve`. */
  curve?: (value: unknown, path: Path) => void;
  /** Validate against this schema (e.g. a `$ref` into root's `$defs`) instead of the root. */
  start?: JsonSchema;
}

interface Ctx {
  root: JsonSchema;
  issues: SchemaIssue[];
  options: ValidateOptions;
}

export function validateAgainstSchema(
  value: unknown,
  root: JsonSchema,
  options: ValidateOptions = {},
  path: Path = [],
): SchemaIssue[] {
  const ctx: Ctx = { root, issues: [], options };
  // The root itself is required: a null document is not an absent field.
  walk(ctx, value, options.start ?? root, [...path], true);
  return ctx.issues;
}

export function resolveRef(root: JsonSchema, schema: JsonSchema): JsonSchema {
  let s = schema;
  for (let i = 0; i < 8 && s.$ref !== undefined; i++) {
    const name = s.$ref.replace('#/$defs/', '');
    const target = root.$defs && Object.hasOwn(root.$defs, name) ? root.$defs[name] : undefined;
    if (!target) return {};
    s = target;
  }
  return s;
}

function push(
  ctx: Ctx,
  path: Path,
  message: string,
  kind: IssueKind,
  at: 'key' | 'value' = 'value',
): void {
  ctx.issues.push({ path, message, kind, at });
}

function walk(
  ctx: Ctx,
  value: unknown,
  schemaIn: JsonSchema,
  path: PathSegment[],
  inList: boolean,
): void {
  const schema = resolveRef(ctx.root, schemaIn);
  if (value === undefined) return;
  if (value === null) {
    if (inList) push(ctx, path, `expected ${expectedOf(schema)}, got null`, 'type');
    return;
  }
  if (schema['x-validate'] === 'curve') {
    ctx.options.curve?.(value, path);
    return;
  }
  const actual = jsonTypeOf(value);
  if (schema.type !== undefined) {
    const allowed = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!typeMatches(actual, allowed)) {
      push(
        ctx,
        path,
        `expected ${expectedOf(schema)}, got ${describeValue(value)}${typeHint(value, allowed)}`,
        'type',
      );
      return;
    }
  }
  if (!checkScalar(value, schema, (message, kind) => push(ctx, path, message, kind))) return;
  if (actual === 'object') walkObject(ctx, value as Record<string, unknown>, schema, path);
  else if (actual === 'array') walkArray(ctx, value as unknown[], schema, path);
  for (const sub of schema.allOf ?? []) {
    if (sub.if !== undefined && !matchesIf(ctx, value, sub.if)) continue;
    walk(ctx, value, sub.if !== undefined ? (sub.then ?? {}) : sub, path, inList);
  }
}

function walkObject(
  ctx: Ctx,
  obj: Record<string, unknown>,
  schema: JsonSchema,
  path: PathSegment[],
): void {
  const props = schema.properties ?? {};
  for (const key of schema.required ?? []) {
    if (!Object.hasOwn(obj, key) || obj[key] === null || obj[key] === undefined) {
      push(ctx, [...path, key], `missing required field '${key}'`, 'missing', 'key');
    }
  }
  for (const key of Object.keys(obj)) {
    const child = [...path, key];
    if (Object.hasOwn(props, key)) {
      walk(ctx, obj[key], props[key]!, child, false);
    } else if (typeof schema.additionalProperties === 'object') {
      walk(ctx, obj[key], schema.additionalProperties, child, false);
    } else if (schema.additionalProperties === false && !allowedByBranch(ctx, obj, schema, key)) {
      push(
        ctx,
        child,
        unknownFieldMessage(ctx.root, key, Object.keys(props), path),
        'unknown-field',
        'key',
      );
    }
  }
}

/** A key named in a matching if/then branch is not unknown at this level. */
function allowedByBranch(ctx: Ctx, obj: unknown, schema: JsonSchema, key: string): boolean {
  for (const sub of schema.allOf ?? []) {
    const s = sub.if !== undefined ? (matchesIf(ctx, obj, sub.if) ? sub.then : undefined) : sub;
    if (s?.properties && Object.hasOwn(s.properties, key)) return true;
  }
  return false;
}

function unknownFieldMessage(root: JsonSchema, key: string, known: string[], parent: Path): string {
  const where =
    parent.length === 0
      ? 'here'
      : `in ${parent.filter((p) => typeof p === 'string').slice(-1)[0] ?? 'this map'}`;
  const here = parent
    .map((p) => (typeof p === 'number' ? '[]' : p))
    .join('.')
    .replace(/\.\[\]/g, '[]');
  const all = fieldIndex(root).get(key) ?? [];
  // An older apiVersion's field (targetAverageUtilization under autoscaling/v2) says so first:
  // a spelling suggestion ("Did you mean 'target'?") would hide why it is unknown.
  if (all.includes(here)) {
    return `unknown field '${key}' ${where}. '${key}' is a field here only in another apiVersion.`;
  }
  const spelling = didYouMean(key, known);
  let message = `unknown field '${key}' ${where}.${spelling}`;
  if (spelling === '') {
    const elsewhere = all.filter((w) => w !== here);
    if (elsewhere.length > 0 && elsewhere.length <= 3) {
      message += ` '${key}' belongs under ${elsewhere.map((p) => `'${p}'`).join(' or ')}.`;
    } else if (known.length > 0 && known.length <= 12) {
      message += ` Known fields: ${known.join(', ')}.`;
    }
  }
  return message;
}

function walkArray(ctx: Ctx, list: unknown[], schema: JsonSchema, path: PathSegment[]): void {
  if (schema.minItems !== undefined && list.length < schema.minItems) {
    push(
      ctx,
      path,
      schema.minItems === 1 ? 'must not be empty' : `needs at least ${schema.minItems} items`,
      'value',
    );
  }
  if (schema.maxItems !== undefined && list.length > schema.maxItems) {
    push(
      ctx,
      path,
      `has ${list.length} items; the limit is ${schema.maxItems}${limitNote(schema)}`,
      'value',
    );
    return;
  }
  if (!schema.items) return;
  for (let i = 0; i < list.length; i++) walk(ctx, list[i], schema.items, [...path, i], true);
}

/** The `if` side of a branch: only `properties` with `const`/`enum` and `required` are used. */
function matchesIf(ctx: Ctx, value: unknown, cond: JsonSchema): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const obj = value as Record<string, unknown>;
  for (const key of cond.required ?? []) if (!Object.hasOwn(obj, key)) return false;
  for (const [key, sub] of Object.entries(cond.properties ?? {})) {
    if (!Object.hasOwn(obj, key)) continue;
    const s = resolveRef(ctx.root, sub);
    if (s.const !== undefined && obj[key] !== s.const) return false;
    if (s.enum !== undefined && !s.enum.includes(obj[key] as string)) return false;
  }
  return true;
}
