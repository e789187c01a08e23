/**
 * monaco-yaml set up once for the whole page with the combined scenario schema: completion and
 * hover docs from the schemas, no validation of its own (our diagnostics are the authority and
 * would otherwise be shown twice), no schema downloads.
 */
import type * as Monaco from 'monaco-editor';
import { configureMonacoYaml, type MonacoYaml, type MonacoYamlOptions } from 'monaco-yaml';
import { scaledObjectSchema } from '../../scenario/keda/schema.ts';
import { hpaSchema } from '../../scenario/schema/hpaSchema.ts';
import { simulationSchema } from '../../scenario/schema/simulationSchema.ts';
import {
  SCENARIO_FILE_SUFFIX,
  SCENARIO_SCHEMA_URI,
  buildScenarioSchema,
} from './scenarioSchema.ts';

export const yamlOptions: MonacoYamlOptions = {
  enableSchemaRequest: false,
  validate: false,
  completion: true,
  hover: true,
  hoverSchemaSource: false,
  format: { enable: true, singleQuote: false, proseWrap: 'preserve' },
  yamlVersion: '1.2',
  schemas: [
    {
      uri: SCENARIO_SCHEMA_URI,
      fileMatch: [`*${SCENARIO_FILE_SUFFIX}`],
      schema: buildScenarioSchema({
        hpa: hpaSchema,
        simulation: simulationSchema,
        scaledObject: scaledObjectSchema,
      }) as NonNullable<MonacoYamlOptions['schemas']>[number]['schema'],
    },
  ],
};

/** monaco-yaml allows one configured instance per page; keep it across hot reloads too. */
const KEY = Symbol.for('hpa-sim.monacoYaml');
const OPTIONS_KEY = Symbol.for('hpa-sim.monacoYamlOptions');
type Holder = { [KEY]?: MonacoYaml; [OPTIONS_KEY]?: MonacoYamlOptions };

export function ensureYamlLanguage(monaco: typeof Monaco): MonacoYaml {
  const holder = globalThis as Holder;
  const existing = holder[KEY];
  if (existing) {
    // Only after a hot reload of this module: the options object is then a new one.
    if (holder[OPTIONS_KEY] !== yamlOptions) void existing.update(yamlOptions);
    holder[OPTIONS_KEY] = yamlOptions;
    return existing;
  }
  const created = configureMonacoYaml(monaco, yamlOptions);
  holder[KEY] = created;
  holder[OPTIONS_KEY] = yamlOptions;
  return created;
}
