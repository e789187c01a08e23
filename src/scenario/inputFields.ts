/**
 * Where each field of the SimulationInput was written: a run that stops on its work budget names
 * the input fields behind its dominant cost (engine/simulation/meter.ts, as paths into
 * SimulationInput), and the scenario says where the user wrote them, so the stop is a located
 * diagnostic like any other. Computed once per parse as plain data (it crosses the worker
 * boundary with the summary).
 */
import type { BudgetLocation } from './budget.ts';
import type { DocRef, Issue } from './diagnostics.ts';
import type { PathMap } from './hpa/pathMap.ts';
import { toDiagnostics } from './locateIssues.ts';
import { getPath } from './plainData.ts';
import type { InputFieldLocation, Path } from './types.ts';

export type { InputFieldLocation };
import type { SourceDocument } from './yaml/documents.ts';

/** A path into SimulationInput, as the engine's meter names it. */
export type InputPath = readonly (string | number)[];

/** Simulation-document fields of the input, by the input's own path. */
const SIMULATION_FIELDS: Record<string, Path> = {
  durationSeconds: ['spec', 'duration'],
  'controller.syncPeriodSeconds': ['spec', 'controller', 'syncPeriod'],
  'controller.downscaleStabilizationSeconds': ['spec', 'controller', 'downscaleStabilization'],
  'controller.tolerance': ['spec', 'controller', 'tolerance'],
  'metricsPipeline.resolutionSeconds': ['spec', 'metricsPipeline', 'resolution'],
  'metricsPipeline.offsetSeconds': ['spec', 'metricsPipeline', 'offset'],
  'workload.initialReplicas': ['spec', 'workload', 'replicas'],
  'workload.maxPods': ['spec', 'workload', 'maxPods'],
  'workload.containers': ['spec', 'workload', 'containers'],
  traffic: ['spec', 'traffic'],
  loads: ['spec', 'load'],
  outages: ['spec', 'outages'],
  federation: ['spec', 'federation'],
  'federation.clusters': ['spec', 'federation', 'clusters'],
  cost: ['spec', 'cost'],
};

/** The input fields located ahead of any run: every one the meter may name, and more. */
export const LOCATED_INPUT_FIELDS: readonly InputPath[] = [
  ...Object.keys(SIMULATION_FIELDS).map((k) => k.split('.')),
  ['hpa', 'spec', 'maxReplicas'],
  ['hpa', 'spec', 'minReplicas'],
  ['hpa', 'spec', 'metrics'],
  ['hpa', 'spec', 'behavior'],
  ['hpa', 'spec', 'behavior', 'scaleUp', 'stabilizationWindowSeconds'],
  ['hpa', 'spec', 'behavior', 'scaleDown', 'stabilizationWindowSeconds'],
  ['hpa', 'spec', 'behavior', 'scaleUp', 'policies'],
  ['hpa', 'spec', 'behavior', 'scaleDown', 'policies'],
];

export const inputFieldKey = (path: InputPath): string => path.join('.');

/** The document field an input path comes from (an HPA path in autoscaling/v2), or null. */
export function inputFieldSource(path: InputPath): BudgetLocation | null {
  if (path[0] === 'hpa') return { role: 'hpa', path: path.slice(1) };
  const key = inputFieldKey(path);
  for (const [field, at] of Object.entries(SIMULATION_FIELDS)) {
    if (key === field) return { role: 'simulation', path: at };
    // A deeper input path (federation.clusters.2.name) under a known field.
    if (key.startsWith(`${field}.`))
      return { role: 'simulation', path: [...at, ...path.slice(field.split('.').length)] };
  }
  return null;
}

export interface FieldContext {
  hpaDocument: unknown;
  simulationDocument: unknown;
  pathMap: PathMap;
}

/** The source path of a location (an HPA path mapped to the field as written). */
export function sourcePathOf(at: BudgetLocation, ctx: FieldContext): Path {
  return at.role === 'hpa' ? ctx.pathMap.toSource(at.path) : at.path;
}

/** Whether the user wrote the field at `at`. */
export function isWritten(at: BudgetLocation, ctx: FieldContext): boolean {
  const doc = at.role === 'hpa' ? ctx.hpaDocument : ctx.simulationDocument;
  return getPath(doc, sourcePathOf(at, ctx)) !== undefined;
}

/**
 * The diagnostic place for a stop naming `fields` (most responsible first): the first field the
 * user wrote; else the first one's place (its nearest written parent, or the text's start).
 */
export function locateInputFields(
  fields: readonly InputPath[],
  located: Readonly<Record<string, InputFieldLocation>>,
): InputFieldLocation | null {
  const known = fields.map((f) => located[inputFieldKey(f)]).filter((l) => l !== undefined);
  return known.find((l) => l.written) ?? known[0] ?? null;
}

export interface LocateContext extends FieldContext {
  hpaRef: DocRef;
  /** null: no Simulation document (the default world, said at the HPA's kind) */
  simulationRef: DocRef | null;
  /** the HPA is a KEDA ScaledObject's: its fields are KEDA's, located at the object */
  keda: boolean;
}

/** Every field of LOCATED_INPUT_FIELDS located in the text, by its key (`a.b.c`). */
export function inputFieldLocations(
  ctx: LocateContext,
  documents: readonly SourceDocument[],
  text: string,
): Record<string, InputFieldLocation> {
  const issues: Issue[] = [];
  const keys: string[] = [];
  const written: boolean[] = [];
  for (const field of LOCATED_INPUT_FIELDS) {
    const source = inputFieldSource(field);
    if (!source) continue;
    const own = source.role === 'hpa' ? !ctx.keda : ctx.simulationRef !== null;
    const doc = source.role === 'simulation' && own ? ctx.simulationRef! : ctx.hpaRef;
    issues.push({
      severity: 'info',
      message: '',
      doc,
      path: own ? sourcePathOf(source, ctx) : ['kind'],
      at: 'key',
    });
    keys.push(inputFieldKey(field));
    written.push(own && isWritten(source, ctx));
  }
  const out: Record<string, InputFieldLocation> = {};
  toDiagnostics(issues, documents, text, false).forEach((d, i) => {
    const { path, document, line, column, endLine, endColumn } = d;
    out[keys[i]!] = { written: written[i]!, path, document, line, column, endLine, endColumn };
  });
  return out;
}
