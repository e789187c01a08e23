// Rate limits and the min/max clamp of one sync, kept apart: policies bound how far the
// stabilized recommendation may move from current; min/max are applied after, and only in the
// direction of movement (behavior path). Without behavior the legacy cap max(2×current, 4) applies.

import type { PolicyTrace, SyncDetail } from './types.ts';

export type Direction = 'up' | 'down' | 'none';

export interface PolicyRow extends PolicyTrace {
  /** "+9 / −0 in the last 60 s" */
  eventsText: string;
  /** "ceil(1 × (1 + 900/100)) = 10" */
  formula: string;
  /** selectPolicy chose this policy's limit */
  picked: boolean;
}

export interface PolicyModel {
  legacy: boolean;
  direction: Direction;
  selectPolicy: string;
  disabled: boolean;
  rows: PolicyRow[];
  /** the limit after selectPolicy and the "never against the direction" rule (trace value) */
  limit: number | null;
  lines: string[];
}

export interface ClampModel {
  direction: Direction;
  minReplicas: number;
  maxReplicas: number;
  /** ceiling (up) or floor (down) after combining the rate limit with max/min */
  bound: number | null;
  input: number;
  output: number;
  /** the ScalingLimited reason of this sync */
  reason: string;
  lines: string[];
}

function directionOf(stabilized: number, current: number): Direction {
  return stabilized > current ? 'up' : stabilized < current ? 'down' : 'none';
}

function policyFormula(p: PolicyTrace, direction: Direction): string {
  const s = p.periodStartReplicas;
  if (p.type === 'Pods') {
    return direction === 'up'
      ? `${s} + ${p.value} = ${p.proposed}`
      : `${s} − ${p.value} = ${p.proposed}`;
  }
  if (p.type === 'Percent') {
    return direction === 'up'
      ? `ceil(${s} × (1 + ${p.value}/100)) = ${p.proposed}`
      : `trunc(${s} × (1 − ${p.value}/100)) = ${p.proposed}`;
  }
  return `unknown policy type "${p.type}": ${p.proposed}`;
}

/** Null when the sync did not reach normalization. */
export function policyModel(detail: SyncDetail): PolicyModel | null {
  const { sync, hpa } = detail;
  const t = sync.trace;
  if (t.stabilizedReplicas === undefined) return null;
  const current = sync.currentReplicas;
  const direction = directionOf(t.stabilizedReplicas, current);
  const behavior = hpa.spec.behavior;
  if (!behavior) {
    const lines = [
      'no behavior: no period-based rate limit; one sync may grow to max(2 × current, 4)',
      `scale-up cap this sync: max(2 × ${current}, 4) = ${t.scaleUpLimit ?? '?'}`,
      'scale-down is not rate-limited (only stabilized)',
    ];
    return {
      legacy: true,
      direction,
      selectPolicy: '',
      disabled: false,
      rows: [],
      limit: t.scaleUpLimit ?? null,
      lines,
    };
  }
  if (direction === 'none') {
    return {
      legacy: false,
      direction,
      selectPolicy: '',
      disabled: false,
      rows: [],
      limit: null,
      lines: [`the stabilized recommendation equals current (${current}): no policy is evaluated`],
    };
  }
  const rules = direction === 'up' ? behavior.scaleUp : behavior.scaleDown;
  const selectPolicy = rules?.selectPolicy ?? 'Max';
  const disabled = selectPolicy === 'Disabled';
  const limit = (direction === 'up' ? t.scaleUpLimit : t.scaleDownLimit) ?? null;
  const policies = t.policies ?? [];
  // Max = the most permissive (largest up, smallest down); Min the least; unknown behaves as Max.
  const least = selectPolicy === 'Min';
  const takeMax = direction === 'up' ? !least : least;
  const chosen = policies.length
    ? policies.reduce(
        (acc, p) => (takeMax ? Math.max(acc, p.proposed) : Math.min(acc, p.proposed)),
        takeMax ? -Infinity : Infinity,
      )
    : null;
  const rows = policies.map((p) => ({
    ...p,
    eventsText: `+${p.added} / −${p.removed} in the last ${p.periodSeconds} s`,
    formula: policyFormula(p, direction),
    picked: p.proposed === chosen,
  }));
  const word = direction === 'up' ? 'scale-up' : 'scale-down';
  const lines: string[] = [];
  if (disabled) {
    lines.push(`selectPolicy: Disabled — no ${word}: the limit is current (${current})`);
  } else if (chosen !== null) {
    lines.push(
      `selectPolicy ${selectPolicy}: the ${takeMax === (direction === 'up') ? 'most' : 'least'} permissive policy allows ${chosen}`,
    );
    if (limit !== null && limit !== chosen) {
      lines.push(
        `a limit ${direction === 'up' ? 'below' : 'above'} current becomes current (${limit}): the counted events must age out first`,
      );
    }
  }
  return { legacy: false, direction, selectPolicy, disabled, rows, limit, lines };
}

function limitedReason(detail: SyncDetail): string {
  return detail.sync.conditions.find((c) => c.type === 'ScalingLimited')?.reason ?? '';
}

/** Null when the sync did not reach normalization. */
export function clampModel(detail: SyncDetail): ClampModel | null {
  const { sync, hpa } = detail;
  const t = sync.trace;
  if (t.stabilizedReplicas === undefined || t.normalizedReplicas === undefined) return null;
  const min = hpa.spec.minReplicas ?? 1;
  const max = hpa.spec.maxReplicas;
  const current = sync.currentReplicas;
  const input = t.stabilizedReplicas;
  const output = t.normalizedReplicas;
  const direction = directionOf(input, current);
  const reason = limitedReason(detail);
  const lines: string[] = [];
  let bound: number | null = null;
  if (!hpa.spec.behavior) {
    const cap = t.scaleUpLimit ?? max;
    bound = max > cap ? cap : max;
    lines.push(
      max > cap
        ? `ceiling = the scale-up cap ${cap} (below maxReplicas ${max})`
        : `ceiling = maxReplicas ${max} (the scale-up cap ${cap} is not below it)`,
    );
    lines.push(`floor = minReplicas ${min} (applied in either direction)`);
  } else if (direction === 'up') {
    const limit = t.scaleUpLimit ?? max;
    bound = Math.min(max, limit);
    lines.push(`ceiling = min(maxReplicas ${max}, policy limit ${limit}) = ${bound}`);
  } else if (direction === 'down') {
    const limit = t.scaleDownLimit ?? min;
    bound = Math.max(min, limit);
    lines.push(`floor = max(minReplicas ${min}, policy limit ${limit}) = ${bound}`);
  } else {
    lines.push('no movement: min and max are only applied in the direction of a change');
  }
  lines.push(
    output === input
      ? `${input} is within range → ${output} (${reason || 'DesiredWithinRange'})`
      : `${input} → ${output} (${reason})`,
  );
  return { direction, minReplicas: min, maxReplicas: max, bound, input, output, reason, lines };
}
