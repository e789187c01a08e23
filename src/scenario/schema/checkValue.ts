/** Checks of one value against one schema: enum, const, bounds, string rules and formats. */
import { describeValue, didYouMean } from '../suggest.ts';
import { checkQuantity, formatSeconds, parseDuration } from '../simulation/units.ts';
import type { JsonSchema, JsonType } from './jsonSchema.ts';

/** Receives a problem with the value; `format` problems are decoding errors for Kubernetes. */
export type Sink = (message: string, kind: 'type' | 'format' | 'value') => void;

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

export function jsonTypeOf(value: unknown): JsonType | 'null' | 'other' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'object':
      return 'object';
    case 'string':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    default:
      return 'other';
  }
}

const TYPE_NAMES: Record<JsonType, string> = {
  object: 'a map',
  array: 'a list',
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
};

export function typeMatches(actual: string, allowed: readonly JsonType[]): boolean {
  if (allowed.includes(actual as JsonType)) return true;
  return actual === 'integer' && allowed.includes('number');
}

export function typeHint(value: unknown, allowed: readonly JsonType[]): string {
  if (typeof value === 'string') {
    const t = value.trim();
    if (
      (allowed.includes('number') || allowed.includes('integer')) &&
      t !== '' &&
      Number.isFinite(Number(t))
    )
      return ' (remove the quotes)';
    if (allowed.includes('boolean') && /^(yes|no|on|off|y|n|True|False|TRUE|FALSE)$/.test(t))
      return ' (YAML 1.2 reads only true and false as booleans)';
  }
  if (typeof value === 'number' && allowed.includes('string') && allowed.length === 1)
    return ' (quote it)';
  if (typeof value === 'boolean' && allowed.includes('string') && allowed.length === 1)
    return " (quote it: unquoted true and false are booleans, and in a Kubernetes object also yes, no, on, off, y and n, as kubectl's YAML 1.1 reads them)";
  return '';
}

export function expectedOf(schema: JsonSchema): string {
  if (schema.format === 'duration')
    return 'a duration such as 90s, 5m or 1h30m, or a number of seconds';
  if (schema.format === 'quantity') return 'a quantity such as 500m, 1.5 or 256Mi';
  const types =
    schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.length === 0) return 'a value';
  return types.map((t) => TYPE_NAMES[t]).join(' or ');
}

/** Enum, const, number bounds, string rules and formats. False when the value is unusable. */
export function checkScalar(value: unknown, schema: JsonSchema, sink: Sink): boolean {
  if (schema.enum !== undefined && !schema.enum.includes(value as string)) {
    const choices = schema.enum
      .map((e) => (typeof e === 'string' ? `'${e}'` : String(e)))
      .join(', ');
    const strings = schema.enum.filter((e): e is string => typeof e === 'string');
    const hint = typeof value === 'string' ? didYouMean(value, strings) : '';
    sink(
      `expected one of ${choices}, got ${describeValue(value)}${hint ? `.${hint}` : ''}`,
      'value',
    );
    return false;
  }
  if (schema.const !== undefined && value !== schema.const) {
    sink(`must be ${JSON.stringify(schema.const)}, got ${describeValue(value)}`, 'value');
    return false;
  }
  if (typeof value === 'number') return checkNumber(value, schema, sink);
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength) {
      sink(
        schema.minLength === 1
          ? 'must not be empty'
          : `must have at least ${schema.minLength} characters`,
        'value',
      );
      return false;
    }
    if (schema.maxLength !== undefined && value.length > schema.maxLength) {
      sink(`must have at most ${schema.maxLength} characters, got ${value.length}`, 'value');
      return false;
    }
    if (schema.pattern !== undefined && !safeTest(schema.pattern, value)) {
      sink(
        `${describeValue(value)} does not have the expected form${schema.examples ? ` (e.g. ${String(schema.examples[0])})` : ''}`,
        'value',
      );
      return false;
    }
  }
  return checkFormat(value, schema, sink);
}

function safeTest(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return true;
  }
}

export function limitNote(schema: JsonSchema): string {
  return schema['x-limit'] ? ` (${schema['x-limit']})` : '';
}

/** ", the simulator's limit;" for durations, whose formatted value may already hold parentheses. */
function limitClause(reason: string | undefined): string {
  return reason ? `, ${reason};` : ',';
}

function checkNumber(value: number, schema: JsonSchema, sink: Sink): boolean {
  if (!Number.isFinite(value)) {
    sink(`must be a finite number, got ${describeValue(value)}`, 'format');
    return false;
  }
  if (schema.format === 'int32' && (value < INT32_MIN || value > INT32_MAX)) {
    sink(`must fit in a 32-bit integer, got ${value}`, 'format');
    return false;
  }
  if (schema.minimum !== undefined && value < schema.minimum) {
    sink(`must be ≥ ${schema.minimum}, got ${value}`, 'value');
    return false;
  }
  if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) {
    sink(`must be > ${schema.exclusiveMinimum}, got ${value}`, 'value');
    return false;
  }
  if (schema.maximum !== undefined && value > schema.maximum) {
    sink(
      `must be at most ${schema.maximum.toLocaleString('en-US')}${limitNote(schema)}, got ${value.toLocaleString('en-US')}`,
      'value',
    );
    return false;
  }
  return checkFormat(value, schema, sink);
}

function checkFormat(value: unknown, schema: JsonSchema, sink: Sink): boolean {
  // A format reads a scalar; a field that also takes an object (a start-up range) walks it.
  if (typeof value === 'object') return true;
  if (schema.format === 'quantity') {
    const q = checkQuantity(value);
    if (!q.ok) sink(q.message, 'format');
    return q.ok;
  }
  if (schema.format !== 'duration') return true;
  const d = parseDuration(value);
  if (!d.ok) {
    sink(d.message, 'format');
    return false;
  }
  const min = schema['x-minSeconds'];
  const max = schema['x-maxSeconds'];
  if (min !== undefined && (schema['x-exclusiveMinSeconds'] ? d.value <= min : d.value < min)) {
    const rel = schema['x-exclusiveMinSeconds'] ? 'longer than' : 'at least';
    sink(
      `must be ${rel} ${formatSeconds(min)}${limitClause(schema['x-minLimit'])} got ${formatSeconds(d.value)}`,
      'value',
    );
    return false;
  }
  if (max !== undefined && d.value > max) {
    sink(
      `must be at most ${formatSeconds(max)}${limitClause(schema['x-limit'])} got ${formatSeconds(d.value)}`,
      'value',
    );
    return false;
  }
  return true;
}
