/** JSON Schemas of both scenario documents (plain JSON objects) and the validator. */
export { hpaSchema, HPA_API_VERSIONS, type HpaApiVersion } from './hpaSchema.ts';
export { simulationSchema } from './simulationSchema.ts';
export { validateAgainstSchema, type SchemaIssue } from './validate.ts';
export type { JsonSchema } from './jsonSchema.ts';
