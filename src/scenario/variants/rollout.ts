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

/** The Deployment's strategy as pasted: its type and the fields it wrote (minReadySeconds too). */
export interface DeploymentStrategy {
  type: 'RollingUpdate' | 'Recreate';
  fields: RolloutFields;
}

/** pkg/apis/apps/validation ValidateDeploymentStrategy's words for a Recreate's rollingUpdate. */
const RECREATE_FORBIDS = "may not be specified when strategy `type` is 'Recreate'";

const intOrPercent = (v: unknown): v is string | number =>
  typeof v === 'string' || typeof v === 'number';

/** The fields of a `rollout:` as written (the schema has checked their types). */
export function readRolloutFields(value: unknown): RolloutFields {
  if (!isRecord(value)) return {};
  const out: RolloutFields = {};
  if (value.strategy === 'RollingUpdate' || value.strategy === 'Recreate')
    out.type = value.strategy;
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
  const minReady =
    typeof spec.minReadySeconds === 'number' && spec.minReadySeconds >= 0
      ? { minReadySeconds: spec.minReadySeconds }
      : {};
  if (strategy.type === 'Recreate') {
    if (strategy.rollingUpdate !== undefined && strategy.rollingUpdate !== null)
      report.warning(
        ['spec', 'strategy', 'rollingUpdate'],
        `the API server would refuse this Deployment: spec.strategy.rollingUpdate: Forbidden: ${RECREATE_FORBIDS}; a rollout runs it as Recreate`,
      );
    return { type: 'Recreate', fields: minReady };
  }
  const fields: RolloutFields = { ...readRolloutFields(strategy.rollingUpdate), ...minReady };
  delete fields.type;
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
  const type = written.type ?? deployment?.type ?? 'RollingUpdate';
  // The Deployment's own fields apply only under its own strategy type.
  const below = deployment?.type === type ? deployment.fields : {};
  const own: RolloutFields = { ...written };
  delete own.type;
  if (type === 'Recreate') {
    let refused = false;
    for (const field of ['maxSurge', 'maxUnavailable'] as const) {
      if (own[field] === undefined) continue;
      refused = true;
      report.error(
        [...where, field],
        `spec.strategy.rollingUpdate: Forbidden: ${RECREATE_FORBIDS}${written.type ? '' : ' (the pasted Deployment)'}: leave ${field} out, or write strategy: RollingUpdate`,
        'key',
      );
    }
    if (refused) return null;
    return {
      type: 'Recreate',
      maxSurge: 0,
      maxUnavailable: 0,
      minReadySeconds: own.minReadySeconds ?? below.minReadySeconds ?? 0,
    };
  }
  const full: RolloutStrategy = { ...DEFAULT_STRATEGY, ...below, ...own };
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
  if (s.type === 'Recreate')
    return `a new pod template was rolled out (Recreate: every old pod deleted, the new ones created when the last is gone${s.minReadySeconds > 0 ? `; minReadySeconds ${s.minReadySeconds}` : ''})`;
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
