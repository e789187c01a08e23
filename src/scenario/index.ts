/** Public surface of the scenario layer. See README.md. */
export type {
  ChangeEntry,
  Diagnostic,
  DiagnosticFix,
  DocumentRole,
  HpaChoice,
  InputFieldLocation,
  ParseOptions,
  ParseResult,
  ScenarioDocument,
  ScenarioInfo,
  ScenarioRelease,
  DrawsSetting,
  Severity,
} from './types.ts';
export { parseScenario, scenarioDocuments } from './parseScenario.ts';
export { trimToAutoscalers } from './trimToAutoscalers.ts';
export { MAX_TEXT_CHARS } from './limits.ts';
export {
  DEFAULT_MAX_WORK,
  MICROSECONDS_PER_UNIT,
  estimateWork,
  type WorkEstimate,
  type WorkTerm,
} from './budget.ts';
export { decodeScenarioBytes, type DecodeResult } from './decode.ts';
export { effectiveHpaYaml, type EffectiveYamlOptions } from './docs.ts';
export { hpaSchema, simulationSchema, HPA_API_VERSIONS, type JsonSchema } from './schema/index.ts';
export { scaledObjectSchema } from './keda/schema.ts';
export {
  MIGRATIONS,
  SIMULATION_API_VERSIONS,
  migrateSimulation,
  type Migration,
} from './simulation/migrations.ts';
export { CURRENT_SIMULATION_API_VERSION, KUBERNETES_VERSIONS } from './simulation/defaults.ts';
export { parseDuration, formatSeconds } from './simulation/units.ts';
export { safeLine, safeLines, hasUnsafeCharacters } from './safeText.ts';
export { addVariant, duplicateAsVariant, type NewVariant } from './edit/addVariant.ts';
export { mergePatch } from './variants/mergePatch.ts';
export {
  patchHpaSpec,
  patchedChanges,
  type PatchedHpa,
  type PatchedChanges,
} from './hpa/patched.ts';
export {
  inputFieldKey,
  locateInputFields,
  LOCATED_INPUT_FIELDS,
  type InputPath,
} from './inputFields.ts';
