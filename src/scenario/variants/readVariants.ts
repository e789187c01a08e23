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
    if (!isRecord(item.patch) && kubernetesVersion === null) {
      // An unknown release is the schema's error; nothing at all to vary is this one.
      if (item.patch === undefined && item.kubernetesVersion === undefined)
        report.error(
          variantPath(index),
          "a variant needs a patch (over the HPA's spec), a kubernetesVersion or both",
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
    entries.push({ index, name, description, patch, kubernetesVersion });
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
    if (entry.kubernetesVersion !== null) {
      // The variant's release: its gate defaults and rules, the document's explicit gates checked
      // against it (a gate it lacks is the variant's error, at the document's gate).
      const controller = readController(
        { ...baseSim.spec, kubernetesVersion: entry.kubernetesVersion },
        prefixed(entry.name, baseSim.report),
        baseSim.present,
      );
      sim = { ...baseSim, controller };
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

/** Simulation-document problems that only this variant has (a metric only its patch adds). */
function prefixed(name: string, report: Reporter): Reporter {
  return {
    error: (p, m, at) => report.error(p, `variant '${name}': ${m}`, at),
    warning: () => {},
    info: () => {},
  };
}
