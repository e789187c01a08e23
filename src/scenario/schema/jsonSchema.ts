/**
 * The subset of JSON Schema (draft 2020-12 keywords) the scenario schemas use, plus a few
 * `x-` keywords read by our validator. Monaco (monaco-yaml) ignores the `x-` keywords and uses
 * descriptions, enums, defaults and types for completion and hover.
 */

export type JsonType = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';

export interface JsonSchema {
  $schema?: string;
  $id?: string;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  title?: string;
  description?: string;
  type?: JsonType | JsonType[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  required?: string[];
  items?: JsonSchema;
  enum?: (string | number | boolean)[];
  const?: string | number | boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  /** `quantity` (Kubernetes quantity), `duration` (Go duration or seconds), `int32`. */
  format?: 'quantity' | 'duration' | 'int32';
  default?: string | number | boolean | null | Record<string, unknown> | unknown[];
  examples?: unknown[];
  allOf?: JsonSchema[];
  if?: JsonSchema;
  then?: JsonSchema;
  /** Validated by another module instead of by walking this schema. */
  'x-validate'?: 'curve';
  /** Bounds of a `duration`, in seconds. */
  'x-minSeconds'?: number;
  'x-maxSeconds'?: number;
  /** `x-minSeconds` is exclusive (the duration must be longer). */
  'x-exclusiveMinSeconds'?: boolean;
  /** Why `maximum`/`x-maxSeconds` exists, for the message (e.g. "the simulator's limit"). */
  'x-limit'?: string;
  /** Why `x-minSeconds` exists, when it is a limit rather than plain sense. */
  'x-minLimit'?: string;
  /** A merge patch over a field defined elsewhere: not where its fields "belong" (fieldIndex). */
  'x-patch'?: boolean;
}

/** A schema for every key of `T` (and no other): keeps schema and TypeScript types in step. */
export type PropertiesOf<T> = { [K in keyof Required<T>]: JsonSchema };

/** The keywords the validator understands; a test checks the exported schemas use no others. */
export const SUPPORTED_KEYWORDS: readonly string[] = [
  '$schema',
  '$id',
  '$ref',
  '$defs',
  'title',
  'description',
  'type',
  'properties',
  'additionalProperties',
  'required',
  'items',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'default',
  'examples',
  'allOf',
  'if',
  'then',
  'x-validate',
  'x-minSeconds',
  'x-maxSeconds',
  'x-exclusiveMinSeconds',
  'x-limit',
  'x-minLimit',
  'x-patch',
];
