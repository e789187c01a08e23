/**
 * `spec.variants` of the Simulation document: each variant is the HPA with a JSON merge patch
 * applied to its spec, run through the same pipeline as the HPA itself (schema, conversion,
 * defaulting, API validation, simulator limits) over the same world. A problem is reported at
 * the variant's patch, at the deepest field the patch itself wrote, prefixed with its name.
 */
import { releaseNamed, type KubernetesRelease } from '../../engine/controller/index.ts';
import type { Reporter } from '../diagnostics.ts';
import { checkHpaShape, processHpa, type HpaContext } from '../hpa/process.ts';
import { getPath, isRecord } from '../plainData.ts';
import { buildSimulationInput } from '../simulation/buildInput.ts';
import { readController } from '../simulation/controller.ts';
import type { ControllerDocument } from '../simulation/document.ts';
import type { SimulationRead } from '../simulation/readDocument.ts';
import type { Path, VariantRun } from '../types.ts';
import { mergePatch } from './mergePatch.ts';
import { buildChanges, type ChangeEntry } from './readChanges.ts';
import { patchReporter } from './patchReporter.ts';

/** The run key of the HPA itself; a variant may not take it. */
export const BASE_RUN_KEY = 'main';

interface VariantEntry {
  index: number;
  name: string;
  description: string;
  /** as written, nulls kept (a null deletes a field); {} when the variant only changes release */
  patch: Record<string, unknown>;
  /** another release for this variant's controller, or null: the document's */
  kubernetesVersion: KubernetesRelease | null;
  /** a merge patch over spec.controller, or null: the document's flags */
  controller: Record<string, unknown> | null;
}

const variantPath = (i: number): Path => ['spec', 'variants', i];

/**
 * The variants as written, with their names checked: unique, not the HPA's own name nor the
 * reserved run key. Reads the raw document because the validated one has its nulls removed.
 */
export function readVariantEntries(
  rawSimulation: unknown,
  baseName: string,
  report: Reporter,
): VariantEntry[] {
  const list = getPath(rawSimulation, ['spec', 'variants']);
  if (!Array.isArray(list)) return [];
  const seen = new Set<string>();
  const entries: VariantEntry[] = [];
  list.forEach((item: unknown, index) => {
    if (!isRecord(item) || typeof item.name !== 'string') return;
    const kubernetesVersion = releaseNamed(item.kubernetesVersion);
    const controller = isRecord(item.controller) ? item.controller : null;
    if (!isRecord(item.patch) && kubernetesVersion === null && controller === null) {
      // An unknown release is the schema's error; nothing at all to vary is this one.
      if (
        item.patch === undefined &&
        item.kubernetesVersion === undefined &&
        item.controller === undefined
      )
        report.error(
          variantPath(index),
          "a variant needs a patch (over the HPA's spec), a kubernetesVersion, a controller (over spec.controller) or some of them",
          'key',
        );
      return;
    }
    const name = item.name;
    const at = [...variantPath(index), 'name'];
    if (seen.has(name)) return report.error(at, `a variant named '${name}' is already defined`);
    seen.add(name);
    if (name === BASE_RUN_KEY)
      return report.error(at, `'${BASE_RUN_KEY}' names the HPA itself; choose another name`);
    if (baseName !== '' && name === baseName)
      return report.error(at, `'${name}' is the HPA's own name; a variant needs its own`);
    const description = typeof item.description === 'string' ? item.description : '';
    const patch = isRecord(item.patch) ? item.patch : {};
    entries.push({ index, name, description, patch, kubernetesVersion, controller });
  });
  return entries;
}

/**
 * Each variant's input, built like the HPA's. Only errors are reported (the HPA's own warnings
 * and notices were reported once already); a variant with an error yields no run.
 */
export function buildVariants(
  entries: readonly VariantEntry[],
  hpaDocument: Record<string, unknown>,
  baseContext: HpaContext,
  baseSim: SimulationRead,
  changes: readonly ChangeEntry[] = [],
): VariantRun[] {
  const runs: VariantRun[] = [];
  for (const entry of entries) {
    const report = variantReporter(entry, baseSim.report);
    let sim = baseSim;
    let context = baseContext;
    if (entry.kubernetesVersion !== null || entry.controller !== null) {
      // The variant's release and flags: its gate defaults and rules, the document's explicit
      // gates (patched by the variant's) checked against it: a gate it lacks is the variant's
      // error, at the variant's gate if it wrote it, else at the document's.
      const spec = {
        ...baseSim.spec,
        ...(entry.kubernetesVersion !== null ? { kubernetesVersion: entry.kubernetesVersion } : {}),
        ...(entry.controller !== null
          ? {
              controller: mergePatch(
                baseSim.spec.controller ?? {},
                entry.controller,
              ) as ControllerDocument,
            }
          : {}),
      };
      const controller = readController(
        spec,
        controllerReporter(entry, prefixed(entry.name, baseSim.report)),
        baseSim.present,
      );
      sim = { ...baseSim, spec, controller };
      context = { ...controller, gates: controller.config.featureGates };
    }
    const patched = { ...hpaDocument, spec: mergePatch(hpaDocument.spec, entry.patch) };
    const manifest = checkHpaShape(patched, report);
    const hpa = manifest ? processHpa(manifest, context, report) : null;
    if (!hpa?.valid || !manifest) continue;
    const variantSim: SimulationRead = { ...sim, report: prefixed(entry.name, sim.report) };
    let input = buildSimulationInput(hpa, variantSim, report, []);
    if (input && changes.length > 0) {
      const built = buildChanges(
        changes,
        manifest,
        input.hpa,
        context,
        baseSim.report,
        `variant '${entry.name}': `,
      );
      input = built ? { ...input, changes: built } : null;
    }
    if (input) {
      runs.push({
        name: entry.name,
        description: entry.description,
        input,
        effectiveHpa: hpa.effective,
      });
    }
  }
  return runs;
}

/**
 * HPA paths → the variant's patch: the deepest part of the path the patch wrote (a field it did
 * not write, such as a maxReplicas below a patched minReplicas, lands on the patch itself).
 */
function variantReporter(entry: VariantEntry, simReport: Reporter): Reporter {
  return patchReporter(
    [...variantPath(entry.index), 'patch'],
    entry.patch,
    (m) => `variant '${entry.name}': ${m}`,
    simReport,
  );
}

/**
 * spec.controller paths → the variant's own `controller` patch where it wrote the field (its
 * deepest written part), the document's field otherwise.
 */
function controllerReporter(entry: VariantEntry, report: Reporter): Reporter {
  const patch = entry.controller;
  const locate = (path: Path): Path => {
    if (patch === null || path[0] !== 'spec' || path[1] !== 'controller') return path;
    const rest = path.slice(2);
    let depth = 0;
    while (depth < rest.length && getPath(patch, rest.slice(0, depth + 1)) !== undefined) depth++;
    return depth === 0
      ? path
      : [...variantPath(entry.index), 'controller', ...rest.slice(0, depth)];
  };
  return {
    error: (p, m, at) => report.error(locate(p), m, at),
    warning: (p, m, at) => report.warning(locate(p), m, at),
    info: (p, m, at) => report.info(locate(p), m, at),
  };
}

/** Simulation-document problems that only this variant has (a metric only its patch adds). */
function prefixed(name: string, report: Reporter): Reporter {
  return {
    error: (p, m, at) => report.error(p, `variant '${name}': ${m}`, at),
    warning: () => {},
    info: () => {},
  };
}
