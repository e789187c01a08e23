/** Small builders for schema fragments shared by both documents. */
import type { JsonSchema } from './jsonSchema.ts';

export function object(
  description: string,
  properties: Record<string, JsonSchema>,
  extra: Partial<JsonSchema> = {},
): JsonSchema {
  return { type: 'object', description, properties, additionalProperties: false, ...extra };
}

export function mapOf(description: string, values: JsonSchema): JsonSchema {
  return { type: 'object', description, additionalProperties: values };
}

export function listOf(
  description: string,
  items: JsonSchema,
  extra: Partial<JsonSchema> = {},
): JsonSchema {
  return { type: 'array', description, items, ...extra };
}

export function string(description: string, extra: Partial<JsonSchema> = {}): JsonSchema {
  return { type: 'string', description, ...extra };
}

export function int32(description: string, extra: Partial<JsonSchema> = {}): JsonSchema {
  return { type: 'integer', format: 'int32', description, ...extra };
}

export function number(description: string, extra: Partial<JsonSchema> = {}): JsonSchema {
  return { type: 'number', description, ...extra };
}

export function boolean(description: string, extra: Partial<JsonSchema> = {}): JsonSchema {
  return { type: 'boolean', description, ...extra };
}

/** A Kubernetes quantity: a string such as `500m`, `1.5`, `256Mi`, or a plain number. */
export function quantity(description: string, extra: Partial<JsonSchema> = {}): JsonSchema {
  return { type: ['string', 'number'], format: 'quantity', description, ...extra };
}

/** A Go duration string (`90s`, `5m`, `1h30m`) or a number of seconds. */
export function duration(description: string, extra: Partial<JsonSchema> = {}): JsonSchema {
  return { type: ['string', 'number'], format: 'duration', description, ...extra };
}

export function ref(name: string, description?: string): JsonSchema {
  return description === undefined
    ? { $ref: `#/$defs/${name}` }
    : { $ref: `#/$defs/${name}`, description };
}

export function enumOf(
  description: string,
  values: string[],
  extra: Partial<JsonSchema> = {},
): JsonSchema {
  return { type: 'string', enum: values, description, ...extra };
}
