/**
 * A `rollout` in `spec.changes` (a new pod template rolled out during the run) and the pasted
 * Deployment's own strategy: what the deployment controller runs it with. Each field the change
 * leaves out is the Deployment's (spec.strategy.rollingUpdate, spec.minReadySeconds), else the
 * apps/v1 defaults (25 %, 25 %, 0: pkg/apis/apps/v1/defaults.go SetDefaults_Deployment). Values
 * are refused in the API server's words (pkg/apis/apps/validation ValidateRollingUpdateDeployment),
 * located at the field that was written.
 */
import { DEFAULT_STRATEGY } from '../../engine/deployment/controller.ts';
import { validateRollingUpdate } from '../../engine/deployment/rollout.ts';
import type { RolloutStrategy } from '../../engine/simulation/index.ts';
import type { Reporter } from '../diagnostics.ts';
import { isRecord } from '../plainData.ts';
import type { Path } from '../types.ts';

/** The fields a change (or a Deployment) wrote; the rest come from below it. */
export type RolloutFields = Partial<RolloutStrategy>;

/** The Deployment's strategy as pasted: a RollingUpdate's fields, or Recreate (not modelled). */
export type DeploymentStrategy =
  { type: 'RollingUpdate'; fields: RolloutFields } | { type: 'Recreate' };

const intOrPercent = (v: unknown): v is string | number =>
  typeof v === 'string' || typeof v === 'number';

/** The fields of a `rollout:` as written (the schema has checked their types). */
export function readRolloutFields(value: unknown): RolloutFields {
  if (!isRecord(value)) return {};
  const out: RolloutFields = {};
  if (intOrPercent(value.maxSurge)) out.maxSurge = value.maxSurge;
  if (intOrPercent(value.maxUnavailable)) out.maxUnavailable = value.maxUnavailable;
  if (typeof value.minReadySeconds === 'number') out.minReadySeconds = value.minReadySeconds;
  return out;
}

/**
 * The pasted Deployment's strategy (null: not a Deployment, or nothing written). Its own bad
 * values are reported at the Deployment (the API server would refuse the object).
 */
export function readDeploymentStrategy(
  kind: string,
  value: unknown,
  report: Reporter,
): DeploymentStrategy | null {
  if (kind !== 'Deployment' || !isRecord(value) || !isRecord(value.spec)) return null;
  const spec = value.spec;
  const strategy = isRecord(spec.strategy) ? spec.strategy : {};
  if (strategy.type === 'Recreate') return { type: 'Recreate' };
  const fields: RolloutFields = readRolloutFields(strategy.rollingUpdate);
  if (typeof spec.minReadySeconds === 'number' && spec.minReadySeconds >= 0)
    fields.minReadySeconds = spec.minReadySeconds;
  const full = { ...DEFAULT_STRATEGY, ...fields };
  const errors = validateRollingUpdate(full.maxSurge, full.maxUnavailable);
  for (const e of errors)
    report.warning(
      ['spec', 'strategy', 'rollingUpdate', e.field],
      `the API server would refuse this Deployment: spec.strategy.rollingUpdate.${e.field}: ${e.message}; a rollout in spec.changes uses the defaults instead`,
    );
  return { type: 'RollingUpdate', fields: errors.length > 0 ? {} : fields };
}

/**
 * A change's rollout over the Deployment's strategy: the strategy it runs with, or null when
 * refused (reported at the change's `rollout`).
 */
export function resolveRollout(
  written: RolloutFields,
  deployment: DeploymentStrategy | null,
  where: Path,
  report: Reporter,
): RolloutStrategy | null {
  if (deployment?.type === 'Recreate') {
    report.error(
      where,
      'the pasted Deployment has strategy Recreate (every old pod deleted before any new one is created), which the simulator does not run: set its strategy to RollingUpdate to simulate this rollout',
      'key',
    );
    return null;
  }
  const full: RolloutStrategy = { ...DEFAULT_STRATEGY, ...deployment?.fields, ...written };
  const errors = validateRollingUpdate(full.maxSurge, full.maxUnavailable);
  for (const e of errors) {
    const own = written[e.field] !== undefined;
    report.error(
      own ? [...where, e.field] : where,
      `spec.strategy.rollingUpdate.${e.field}: ${e.message}${own ? '' : ` (${e.field} ${String(full[e.field])} from the Deployment or the default)`}`,
      own ? 'value' : 'key',
    );
  }
  return errors.length > 0 ? null : full;
}

/** "maxSurge 25%, maxUnavailable 25%" (and minReadySeconds when set), for the change's line. */
export function describeRollout(s: RolloutStrategy): string {
  const parts = [`maxSurge ${s.maxSurge}`, `maxUnavailable ${s.maxUnavailable}`];
  if (s.minReadySeconds > 0) parts.push(`minReadySeconds ${s.minReadySeconds}`);
  return `a new pod template was rolled out (${parts.join(', ')})`;
}

/**
 * The changes with each rollout resolved over the pasted Deployment's strategy; a refused one
 * is dropped (its error reported at the change).
 */
export function withRollouts<E extends { index: number; rollout: RolloutFields | null }>(
  entries: readonly E[],
  deployment: DeploymentStrategy | null,
  report: Reporter,
): (E & { strategy?: RolloutStrategy })[] {
  const out: (E & { strategy?: RolloutStrategy })[] = [];
  for (const e of entries) {
    if (e.rollout === null) {
      out.push(e);
      continue;
    }
    const where = ['spec', 'changes', e.index, 'rollout'];
    const strategy = resolveRollout(e.rollout, deployment, where, report);
    if (strategy !== null) out.push({ ...e, strategy });
  }
  return out;
}
