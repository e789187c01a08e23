/**
 * An HPA with a merge patch over its `spec` (a tuning candidate or a variant), put through the
 * same schema check → conversion → defaulting → API validation → simulator limits as the HPA as
 * written, so a patch is accepted exactly when the API server would accept the patched object.
 */
import type { ControllerConfig, HorizontalPodAutoscaler } from '../../engine/controller/index.ts';
import type { RunChange } from '../../engine/simulation/index.ts';
import type { Reporter } from '../diagnostics.ts';
import { mergePatch } from '../variants/mergePatch.ts';
import { buildChanges } from '../variants/readChanges.ts';
import type { ChangeEntry, Path } from '../types.ts';
import { checkHpaShape, processHpa } from './process.ts';

export type PatchedHpa =
  { ok: true; hpa: HorizontalPodAutoscaler } | { ok: false; errors: string[] };

/**
 * `manifest` is the plain HPA document as written (ParseResult.hpaManifest); `controller` the
 * scenario's controller settings (its feature gates decide what validation allows).
 */
export function patchHpaSpec(
  manifest: unknown,
  specPatch: unknown,
  controller: ControllerConfig,
  kubernetesVersion = '',
): PatchedHpa {
  const errors: string[] = [];
  // API messages already start with the field path; schema messages do not.
  const where = (p: Path, m: string) =>
    p.length && !m.startsWith('spec') ? `${p.join('.')}: ` : '';
  const report: Reporter = {
    error: (p, m) => errors.push(`${where(p, m)}${m}`),
    // A dropped or defaulted field is how the API server stores the object: not a rejection.
    warning: () => {},
    info: () => {},
  };
  const doc = manifest as { spec?: unknown } | null;
  const patched = { ...(doc ?? {}), spec: mergePatch(doc?.spec, specPatch) };
  const shape = checkHpaShape(patched, report);
  const outcome = shape
    ? processHpa(
        shape,
        {
          gates: controller.featureGates,
          config: controller,
          kubernetesVersion,
          explicitGates: {},
        },
        report,
      )
    : null;
  if (!outcome || !outcome.valid || errors.length > 0)
    return { ok: false, errors: errors.length ? errors : ['the patched HPA is not valid'] };
  return { ok: true, hpa: outcome.defaulted };
}

export type PatchedChanges = { ok: true; changes: RunChange[] } | { ok: false; errors: string[] };

/**
 * The run's `spec.changes` over a patched HPA (a tuning candidate), each change's patch merged
 * over the candidate's spec as it then stands — as parseScenario does over the HPA as written and
 * readVariants over a variant's. `start` is patchHpaSpec's HPA for the same `specPatch`.
 */
export function patchedChanges(
  manifest: unknown,
  specPatch: unknown,
  start: HorizontalPodAutoscaler,
  controller: ControllerConfig,
  entries: readonly ChangeEntry[],
): PatchedChanges {
  const errors: string[] = [];
  const report: Reporter = {
    error: (_p, m) => errors.push(m),
    warning: () => {},
    info: () => {},
  };
  const doc = manifest as { spec?: unknown } | null;
  const patched = { ...(doc ?? {}), spec: mergePatch(doc?.spec, specPatch) };
  const shape = checkHpaShape(patched, report);
  if (!shape) return { ok: false, errors };
  const context = {
    gates: controller.featureGates,
    config: controller,
    kubernetesVersion: '',
    explicitGates: {},
  };
  const changes = buildChanges(entries, shape, start, context, report);
  return changes && errors.length === 0
    ? { ok: true, changes }
    : {
        ok: false,
        errors: errors.length ? errors : ['a change does not apply to the patched HPA'],
      };
}
