/**
 * The Simulation document up to (not including) the parts that need the HPA: migration to the
 * current version, schema check (curves via the curves module), controller settings.
 */
import { validateCurve } from '../../engine/simulation/curves/index.ts';
import type { Reporter } from '../diagnostics.ts';
import { parsePath } from '../paths.ts';
import {
  deletePaths,
  getPath,
  isRecord,
  pruneInvalid,
  startsWith,
  withoutNulls,
} from '../plainData.ts';
import { simulationSchema } from '../schema/simulationSchema.ts';
import { validateAgainstSchema, type SchemaIssue } from '../schema/validate.ts';
import { didYouMean } from '../suggest.ts';
import type { Path } from '../types.ts';
import { readController, type ControllerSettings } from './controller.ts';
import { CURRENT_SIMULATION_API_VERSION } from './defaults.ts';
import type { SimulationDocument, SimulationSpecDocument } from './document.ts';
import { SIMULATION_API_VERSIONS, migrateSimulation } from './migrations.ts';
import { stockWorldNotice } from './worldNotice.ts';

export interface SimulationRead {
  present: boolean;
  spec: SimulationSpecDocument;
  name: string;
  description: string;
  controller: ControllerSettings;
  /** Reports at paths of the current version (mapped back through migrations). */
  report: Reporter;
  notices: string[];
}

export function readSimulation(plain: unknown, present: boolean, raw: Reporter): SimulationRead {
  const notices: string[] = [];
  let toSource = (p: Path): Path => p;
  // Values that failed the schema are removed before the readers run; what a reader would say
  // about the hole (a "needed" field, a default) follows from the schema error already reported.
  let pruned: Path[] = [];
  const shown = (p: Path) => !pruned.some((q) => startsWith(p, q));
  const report: Reporter = {
    error: (p, m, at) => shown(p) && raw.error(toSource(p), m, at),
    warning: (p, m, at) => shown(p) && raw.warning(toSource(p), m, at),
    info: (p, m, at) => shown(p) && raw.info(toSource(p), m, at),
  };
  let doc: Record<string, unknown> = {};
  // undefined: the document could not be read as data (its YAML errors are reported already).
  if (present && !isRecord(plain) && plain !== undefined) {
    raw.error(
      [],
      'expected the Simulation document to be a map (apiVersion, kind, metadata, spec)',
    );
  } else if (present && isRecord(plain)) {
    const migrated = migrateSimulation(plain);
    if (migrated.ok) {
      doc = migrated.doc;
      toSource = migrated.toSource;
      for (const m of migrated.applied) {
        const notice = `migrated from ${m.from} to ${m.to}: ${m.summary}`;
        notices.push(notice);
        raw.info(['apiVersion'], notice);
      }
    } else {
      const version = plain.apiVersion;
      const supported = SIMULATION_API_VERSIONS.join(', ');
      if (typeof version === 'string') {
        const hint = didYouMean(version, SIMULATION_API_VERSIONS);
        raw.error(
          ['apiVersion'],
          `unsupported Simulation apiVersion '${version}'; supported: ${supported}.${hint}`,
        );
      } else {
        raw.error(
          ['apiVersion'],
          `the Simulation document needs apiVersion: ${CURRENT_SIMULATION_API_VERSION} (supported: ${supported})`,
          'key',
        );
      }
      doc = { ...plain, apiVersion: CURRENT_SIMULATION_API_VERSION };
    }
    const issues = validateAgainstSchema(doc, simulationSchema, {
      curve: (value, path) => {
        for (const d of validateCurve(value, ''))
          report.error([...path, ...parsePath(d.path)], d.message);
      },
    });
    for (const i of issues) report.error(i.path, i.message, i.at);
    doc = withoutNulls(doc);
    deletePaths(
      doc,
      issues.filter((i) => i.kind === 'unknown-field').map((i) => i.path),
    );
    pruned = pruneInvalid(
      doc,
      issues.filter((i) => misshapen(i, doc)).map((i) => i.path),
    );
  }
  const typed = doc as Partial<SimulationDocument>;
  const spec: SimulationSpecDocument = isRecord(typed.spec) ? typed.spec : {};
  const metadata = isRecord(typed.metadata) ? typed.metadata : {};
  if (present) stockWorldNotice(spec as Record<string, unknown>, notices);
  const controller = readController(spec, report, present);
  notices.push(...controller.notices);
  return {
    present,
    spec,
    name: typeof metadata.name === 'string' ? metadata.name : '',
    description: typeof metadata.description === 'string' ? metadata.description : '',
    controller,
    report,
    notices,
  };
}

/**
 * A value no reader may see: of the wrong type or format, or a list or map whose contents the
 * schema did not walk (past its item limit).
 */
function misshapen(issue: SchemaIssue, doc: unknown): boolean {
  if (issue.kind === 'type' || issue.kind === 'format') return true;
  if (issue.kind !== 'value') return false;
  const value = getPath(doc, issue.path);
  return typeof value === 'object' && value !== null;
}
